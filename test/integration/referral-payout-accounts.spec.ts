import type { AppConfig } from '@arena/config';
import { MemberAccounts } from '@arena/identity';
import type { PaymentEvent, Payments } from '@arena/payments';
import { PayoutAccountUpdatedHandler } from '../../libs/referrals/src/application/reactions/payout-account-updated.handler';
import { PayoutAccountsService } from '../../libs/referrals/src/application/commands/payout-accounts.service';
import { ReferralError } from '@arena/referrals';
import { member, PayoutAccountsDouble, referralsHarness, type ReferralsHarness } from './referrals.harness';

const accountUpdated = (id: string, payoutsEnabled: boolean) =>
  ({
    type: 'account.updated',
    data: { object: { id, payouts_enabled: payoutsEnabled } },
  }) as unknown as PaymentEvent;

describe("a member's payout account for referral rewards", () => {
  let harness: ReferralsHarness;
  let provider: PayoutAccountsDouble;
  let service: PayoutAccountsService;

  beforeAll(async () => {
    harness = await referralsHarness(new Date('2026-01-10T00:00:00.000Z'));
    provider = new PayoutAccountsDouble();
    service = new PayoutAccountsService(
      { PUBLIC_URL: 'https://arena.example' } as AppConfig,
      provider as unknown as Payments,
      new MemberAccounts(harness.database.db),
      harness.repository,
    );
  });

  afterAll(async () => {
    await harness.close();
  });

  it('opens one account per member, onboarding back to the profile, ready once payouts are enabled', async () => {
    const referrer = await member(harness);
    expect(await service.status(referrer.id)).toBe('none');
    const first = await service.onboardingUrl(referrer.id);
    const again = await service.onboardingUrl(referrer.id);
    expect(first).toBe(again);
    expect(first).toContain(encodeURIComponent('https://arena.example/profile#referral'));
    expect(provider.created.size).toBe(1);
    expect(await service.status(referrer.id)).toBe('onboarding');

    const accountId = (await harness.repository.payoutAccount(referrer.id))!.account_id;
    const handler = new PayoutAccountUpdatedHandler(service);
    await handler.handle(accountUpdated(accountId, true));
    await handler.handle(accountUpdated(accountId, true));
    expect(await service.status(referrer.id)).toBe('ready');
    // A charity's account is not a member's: nothing changes.
    await handler.handle(accountUpdated('acct_charity_1', true));
    expect(await harness.repository.payoutAccount(referrer.id)).toMatchObject({ status: 'ready' });
  });

  it('asks the provider when the webhook is late', async () => {
    const referrer = await member(harness);
    await service.onboardingUrl(referrer.id);
    const accountId = (await harness.repository.payoutAccount(referrer.id))!.account_id;
    provider.enabled.add(accountId);
    expect(await service.status(referrer.id)).toBe('ready');
  });

  it('answers 50 concurrent first calls with the one account, round after round (issue 21: no unique account_id error)', async () => {
    // The race (two inserts past the member_id check at once) is rare per round: 30 rounds met it on the old code.
    for (let round = 0; round < 30; round += 1) {
      const referrer = await member(harness);
      const urls = await Promise.all(Array.from({ length: 50 }, () => service.onboardingUrl(referrer.id)));
      expect(new Set(urls).size).toBe(1);
      const row = (await harness.repository.payoutAccount(referrer.id))!;
      expect(urls[0]).toContain(row.account_id);
    }
  });

  it('refuses a member that does not exist', async () => {
    await expect(service.onboardingUrl('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(
      ReferralError,
    );
  });
});
