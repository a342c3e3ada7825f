import { Injectable } from '@nestjs/common';
import { avatarUrl, type MemberProfile } from '@arena/contracts';
import { unauthorized } from '../../domain/identity.errors';
import { AccountAvatarsRepository } from '../../infrastructure/account-avatars.repository';
import { AccountsRepository } from '../../infrastructure/accounts.repository';

export type { MemberProfile };

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
      avatarUrl: avatarUpdatedAt ? avatarUrl(account.id, avatarUpdatedAt) : null,
    };
  }
}
