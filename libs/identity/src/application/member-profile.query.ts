import { Injectable } from '@nestjs/common';
import { unauthorized } from '../domain/identity.errors';
import { AccountAvatarsRepository } from '../infrastructure/account-avatars.repository';
import { AccountsRepository } from '../infrastructure/accounts.repository';

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
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly avatars: AccountAvatarsRepository,
  ) {}

  async profile(accountId: string): Promise<MemberProfile> {
    const [account, avatarUpdatedAt] = await Promise.all([
      this.accounts.findById(accountId),
      this.avatars.updatedAt(accountId),
    ]);
    if (!account) throw unauthorized();
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
