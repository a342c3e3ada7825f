import { Injectable, UnauthorizedException } from '@nestjs/common';
import { IdentityQueries } from '../infrastructure/identity.queries';

export interface MemberProfile {
  id: string;
  username: string;
  email: string;
  phoneNumber: string;
  referralCode: string;
}

@Injectable()
export class MemberProfileQuery {
  constructor(private readonly queries: IdentityQueries) {}

  async profile(accountId: string): Promise<MemberProfile> {
    const account = await this.queries.findAccountById(accountId);
    if (!account) throw new UnauthorizedException('Unauthorized');
    return {
      id: account.id,
      username: account.username,
      email: account.email,
      phoneNumber: account.phone_number,
      referralCode: account.referral_code,
    };
  }
}
