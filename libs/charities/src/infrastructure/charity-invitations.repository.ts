import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { CharityCommunityTables } from './charity-community.tables';

export interface InvitationRecord {
  email: string;
  organizationName: string;
  ein: string | null;
  invitedBy: string | null;
}

/** "The same organization": its name without case or extra spaces. */
export const organizationKey = (name: string) => name.toLowerCase().replace(/\s+/g, ' ').trim();

/** Invitations to organizations: one row per email address and organization. */
@Injectable()
export class CharityInvitationsRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CharityCommunityTables>) {}

  /**
   * Records the invitation and claims its email in one statement: the claim when this call must send
   * it (new, or the last email is older than `quietSince`), undefined when one went out inside the
   * quiet period. Two concurrent calls for the same row cannot both claim it.
   */
  async recordAndClaimEmail(
    invitation: InvitationRecord,
    at: Date,
    quietSince: Date,
  ): Promise<string | undefined> {
    const claim = randomUUID();
    const claimable = sql<boolean>`charity_invitations.last_emailed_at IS NULL OR charity_invitations.last_emailed_at < ${quietSince}`;
    const row = await this.db
      .insertInto('charity_invitations')
      .values({
        id: randomUUID(),
        email: invitation.email.toLowerCase(),
        organization_key: organizationKey(invitation.organizationName),
        organization_name: invitation.organizationName,
        ein: invitation.ein,
        invited_by: invitation.invitedBy,
        times_invited: 1,
        first_invited_at: at,
        last_invited_at: at,
        last_emailed_at: at,
        email_claim: claim,
      })
      .onConflict((conflict) =>
        conflict.columns(['email', 'organization_key']).doUpdateSet((eb) => ({
          times_invited: eb('charity_invitations.times_invited', '+', 1),
          last_invited_at: at,
          ein: sql<string | null>`coalesce(excluded.ein, charity_invitations.ein)`,
          invited_by: sql<string | null>`coalesce(excluded.invited_by, charity_invitations.invited_by)`,
          last_emailed_at: sql<Date | null>`CASE WHEN ${claimable} THEN excluded.last_emailed_at
            ELSE charity_invitations.last_emailed_at END`,
          email_claim: sql<string | null>`CASE WHEN ${claimable} THEN excluded.email_claim
            ELSE charity_invitations.email_claim END`,
        })),
      )
      .returning('email_claim')
      .executeTakeFirstOrThrow();
    return row.email_claim === claim ? claim : undefined;
  }

  async exists(email: string, organizationName: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('charity_invitations')
      .select('id')
      .where('email', '=', email.toLowerCase())
      .where('organization_key', '=', organizationKey(organizationName))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Gives back a claim whose email could not be queued, so the next invitation sends it. */
  async releaseEmailClaim(claim: string): Promise<void> {
    await this.db
      .updateTable('charity_invitations')
      .set({ last_emailed_at: null, email_claim: null })
      .where('email_claim', '=', claim)
      .execute();
  }
}
