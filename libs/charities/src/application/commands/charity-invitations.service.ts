import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { CharityMessages, type InviteCharityBody } from '@arena/contracts';
import type { Member } from '@arena/identity';
import { NotificationsService } from '@arena/notifications';
import { invitationEmail } from '../../domain/charity-invitation.email';
import { notInDirectory } from '../../domain/charity.errors';
import { NonprofitDirectory } from '../../domain/nonprofit-directory';
import { CharityData } from '../ports/charity-data';
import { CharityInvitationsRepository } from '../../infrastructure/charity-invitations.repository';

/** An organization invited again inside this window gets no second email. */
export const INVITATION_QUIET_HOURS = 24;

/**
 * Invites an organization of the directory into onboarding by email (spec §3, §5), from a signed-in
 * member (issue 21: guests may not). The organization is named by its EIN and its name is the
 * directory's, so the email carries no organization text a stranger chose. The callers' limits are the
 * HTTP layer's (`InvitationRateLimiter`); the demo seed invites without them.
 */
@Injectable()
export class CharityInvitationsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly invitations: CharityInvitationsRepository,
    private readonly notifications: NotificationsService,
    private readonly directory: NonprofitDirectory,
    private readonly charityData: CharityData,
  ) {}

  /** 400 when the directory does not hold the EIN (the search's source first, then the bundled data set). */
  async organizationName(ein: string): Promise<string> {
    const name = (await this.charityData.findByEin(ein))?.name?.trim() || this.directory.findByEin(ein)?.name;
    if (!name) throw notInDirectory();
    return name;
  }

  async invite(body: InviteCharityBody, member: Pick<Member, 'id' | 'username'>, at = new Date()) {
    const organizationName = await this.organizationName(body.ein);
    const quietSince = new Date(at.getTime() - INVITATION_QUIET_HOURS * 3600_000);
    const claim = await this.invitations.recordAndClaimEmail(
      {
        email: body.email,
        organizationName,
        ein: body.ein,
        invitedBy: member.id,
      },
      at,
      quietSince,
    );
    if (claim) {
      const email = invitationEmail({
        inviter: member.username,
        recipientName: body.name,
        organizationName,
        ein: body.ein,
        publicUrl: this.config.PUBLIC_URL,
      });
      try {
        await this.notifications.sendEmail({ to: body.email, ...email });
      } catch (error) {
        // Unclaimed, so the inviter's retry sends it instead of being taken for a repeat.
        await this.invitations.releaseEmailClaim(claim);
        throw error;
      }
    }
    return { success: true as const, message: CharityMessages.invitationSent };
  }
}
