import { Inject, Injectable } from '@nestjs/common';
import { AuthMessages as M } from '../../domain/auth.messages';
import { redrawAvatar, type AvatarContentType } from '../../domain/avatar-image';
import { CLOCK, type Clock } from '../../domain/clock';
import { invalid, notFound } from '../../domain/identity.errors';
import { isUuid } from '@arena/text';
import { AccountAvatarsRepository } from '../../infrastructure/account-avatars.repository';
import { AuthRateLimiter } from '../../infrastructure/auth-rate-limiter';
import type { AvatarUpload } from '../auth.requests';
import { MemberProfileQuery, type MemberProfile } from '../queries/member-profile.query';

/** A member's avatar: replaced by its member, shown to anyone who has the profile's link. */
@Injectable()
export class AvatarService {
  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly avatars: AccountAvatarsRepository,
    private readonly limits: AuthRateLimiter,
    private readonly profiles: MemberProfileQuery,
  ) {}

  async replace(memberId: string, { image }: AvatarUpload): Promise<MemberProfile> {
    await this.limits.avatarUploadFor(memberId);
    // Only the redrawn pixels are kept: the upload itself is never stored or served.
    const avatar = await redrawAvatar(image.bytes);
    if (!avatar) throw invalid(M.avatarUnreadable);
    await this.avatars.save(memberId, avatar.contentType, avatar.bytes, this.clock.now());
    return this.profiles.profile(memberId);
  }

  async image(accountId: string): Promise<{ contentType: AvatarContentType; bytes: Buffer }> {
    const avatar = isUuid(accountId) ? await this.avatars.find(accountId) : undefined;
    if (!avatar) throw notFound(M.avatarNotFound);
    return { contentType: avatar.content_type, bytes: avatar.image };
  }
}
