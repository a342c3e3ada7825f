import { REFERRAL_CODE } from '@arena/contracts/identity.rules';
import { generateReferralCode } from './referral-code';

describe('generateReferralCode', () => {
  it('issues codes of the shape a sign-up keeps (the contract rule)', () => {
    for (let i = 0; i < 200; i++) expect(generateReferralCode()).toMatch(REFERRAL_CODE);
  });
});
