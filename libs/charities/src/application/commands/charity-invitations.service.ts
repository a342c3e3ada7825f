import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { CharityMessages, type InviteCharityBody } from '@arena/contracts';
import type { Member } from '@arena/identity';
import { NotificationsService } from '@arena/notifications';
import { invitationEmail } from '../../domain/charity-invitation.email';
import { CharityInvitationsRepository } from '../../infrastructure/charity-invitations.repository';

/** An organization invited again inside this window gets no second email. */
export const INVITATION_QUIET_HOURS = 24;

/**
 * Invites an organization into onboarding by email (spec §3, §5), from a member or a guest. The
 * callers' limits are the HTTP layer's (`InvitationRateLimiter`); the demo seed invites without them.
 */
@Injectable()
export class CharityInvitationsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly invitations: CharityInvitationsRepository,
    private readonly notifications: NotificationsService,
  ) {}

  async invite(
    body: InviteCharityBody,
    member: Pick<Member, 'id' | 'username'> | undefined,
    at = new Date(),
  ) {
    const quietSince = new Date(at.getTime() - INVITATION_QUIET_HOURS * 3600_000);
    const claim = await this.invitations.recordAndClaimEmail(
      {
        email: body.email,
        organizationName: body.organizationName,
        ein: body.ein ?? null,
        invitedBy: member?.id ?? null,
      },
      at,
      quietSince,
    );
    if (claim) {
      const email = invitationEmail({
        inviter: member?.username,
        recipientName: body.name,
        organizationName: body.organizationName,
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
