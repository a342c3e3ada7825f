import { Injectable, UnauthorizedException } from '@nestjs/common';
import { IdentityQueries } from '../infrastructure/identity.queries';

export interface MemberProfile {
  id: string;
  username: string;
  email: string;
  phoneNumber: string;
  referralCode: string;
  /** Changes with every new avatar, so the image can be cached for good; null without one. */
  avatarUrl: string | null;
}

export const avatarPath = (accountId: string) => `/api/auth/avatars/${accountId}`;

@Injectable()
export class MemberProfileQuery {
  constructor(private readonly queries: IdentityQueries) {}

  async profile(accountId: string): Promise<MemberProfile> {
    const [account, avatarUpdatedAt] = await Promise.all([
      this.queries.findAccountById(accountId),
      this.queries.avatarUpdatedAt(accountId),
    ]);
    if (!account) throw new UnauthorizedException('Unauthorized');
    return {
      id: account.id,
      username: account.username,
      email: account.email,
      phoneNumber: account.phone_number,
      referralCode: account.referral_code,
      avatarUrl: avatarUpdatedAt ? `${avatarPath(account.id)}?v=${avatarUpdatedAt.getTime()}` : null,
    };
  }
}
