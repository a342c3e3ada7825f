import type { Kysely } from 'kysely';
import type { AppConfig } from '@arena/config';
import type { NotificationsService } from '@arena/notifications';
import { CharityFavoritesService } from '../application/commands/charity-favorites.service';
import { CharityInvitationsService } from '../application/commands/charity-invitations.service';
import { PublishedLogos } from '../application/queries/published-logos.reader';
import { NonprofitDirectory } from '../domain/nonprofit-directory';
import { CharityFavoritesRepository } from '../infrastructure/charity-favorites.repository';
import { CharityInvitationsRepository } from '../infrastructure/charity-invitations.repository';
import { LocalCharityData } from '../infrastructure/local/local-charity-data';

interface DemoMember {
  accountId: string;
  username: string;
}

/** Each demo member's hearts: the charities they play for in the demo tournaments, and a few more. */
const DEMO_FAVORITES: Record<string, readonly string[]> = {
  ada: ['530196605', '521693387', '363673599'],
  ben: ['363673599', '620646012'],
  chloe: ['620646012', '133433452'],
  emma: ['521693387'],
};

/** Food Bank of Alaska, from the directory: an invitation names the organization by its EIN. */
const DEMO_INVITATION = {
  name: 'Dana Rivers',
  email: 'partnerships@food-bank-alaska.demo.invalid',
  ein: '920073175',
};

/**
 * Demo favorites and one invitation, through the same services as the API. Safe to run again: a
 * favorite already kept is not added twice, and the invitation is sent once.
 */
export async function seedDemoCharityCommunity(deps: {
  db: Kysely<any>;
  config: AppConfig;
  notifications: NotificationsService;
  members: Record<string, DemoMember>;
}): Promise<{ favorites: number; invited: string }> {
  const directory = new NonprofitDirectory();
  const favorites = new CharityFavoritesService(
    new CharityFavoritesRepository(deps.db),
    new PublishedLogos(deps.db),
  );
  let count = 0;
  for (const [key, eins] of Object.entries(DEMO_FAVORITES)) {
    const member = deps.members[key];
    if (!member) continue;
    for (const ein of eins) {
      const nonprofit = directory.findByEin(ein);
      if (!nonprofit) continue;
      await favorites.add(member.accountId, {
        externalCharityData: { ein, name: nonprofit.name, cause: nonprofit.category },
      });
      count++;
    }
  }
  const repository = new CharityInvitationsRepository(deps.db);
  const invitations = new CharityInvitationsService(
    deps.config,
    repository,
    deps.notifications,
    directory,
    new LocalCharityData(deps.db),
  );
  const inviter = deps.members.ben;
  const organizationName = await invitations.organizationName(DEMO_INVITATION.ein);
  // Once ever, not once a day: a later seed must not email the demo organization again.
  if (inviter && !(await repository.exists(DEMO_INVITATION.email, organizationName))) {
    await invitations.invite({ ...DEMO_INVITATION }, { id: inviter.accountId, username: inviter.username });
  }
  return { favorites: count, invited: organizationName };
}
