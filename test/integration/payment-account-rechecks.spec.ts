import { Payments, PaymentsError } from '@arena/payments';
import { RecheckPaymentAccountsProcessor } from '@arena/charities';
import { PayoutAccountsService, RecheckPayoutAccountsProcessor } from '@arena/referrals';
import { PayoutAccountUpdatedHandler } from '../../libs/referrals/src/application/reactions/payout-account-updated.handler';
import { CharityPaymentAccounts } from '../../libs/charities/src/application/commands/charity-payment-accounts.service';
import { AccountUpdatedHandler } from '../../libs/charities/src/application/reactions/account-updated.handler';
import { CharityOnboardingsRepository } from '../../libs/charities/src/infrastructure/charity-onboardings.repository';
import {
  fixtureEvent,
  fixtureObject,
  signFixtureEvent,
} from '../../libs/payments/src/testing/fixture-events';
import {
  startCharityOnboardingHarness,
  type CharityOnboardingHarness,
  type Member,
} from './charity-onboarding.harness';

/**
 * Payout accounts verified without depending on one webhook (issue 20): the return from the provider's
 * onboarding asks the provider about the account, and a job asks again about those still pending. The
 * account.updated webhook is lost in these tests (its charity handler does nothing), unless said otherwise.
 */
describe('charity payout accounts asked about on return and by the re-check job', () => {
  let h: CharityOnboardingHarness;
  let payments: Payments;
  let webhookLost: jest.SpyInstance;
  let nextEin = 970000000;

  beforeAll(async () => {
    h = await startCharityOnboardingHarness();
    payments = h.api.get(Payments);
  });
  afterAll(() => h?.close());
  beforeEach(() => {
    webhookLost = jest
      .spyOn(h.api.get(AccountUpdatedHandler, { strict: false }), 'handle')
      .mockResolvedValue(undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  /** A charity whose representative completed the provider's onboarding; we have not heard of it yet. */
  const onboarded = async (name: string) => {
    const member = await h.member(name);
    const ein = String(nextEin++);
    const linked = await h.call('POST', '/charities/stripe/link', member, {
      ein,
      organizationName: 'Harbor Light',
      description: 'Meals and beds for the night',
      category: 'nonprofit',
      email: `desk-${member.id.slice(0, 8)}@example.org`,
    });
    expect(linked.status).toBe(200);
    const { charityId, stripeAccountId, verificationUrl } = linked.body as Record<string, string>;
    const returnTo = await h.completeLocalOnboarding(verificationUrl!);
    return { member, ein, charityId: charityId!, stripeAccountId: stripeAccountId!, returnTo };
  };
  const status = async (member: Member, charityId: string) =>
    (await h.call('GET', `/charities/onboarding/${charityId}`, member)).body.data
      .paymentAccountStatus as string;
  const updates = async (ein: string) =>
    (await h.eventsOf(ein)).filter((type) => type === 'CharityPaymentAccountUpdated').length;
  const returnFrom = (returnTo: string) => h.api.inject({ method: 'GET', url: new URL(returnTo).pathname });
  const stepFour = () => `${h.config.PUBLIC_URL}/charity-onboarding?step=4&fromStripe=true`;
  const processor = () =>
    new RecheckPaymentAccountsProcessor(
      h.api.get(CharityOnboardingsRepository, { strict: false }),
      h.api.get(CharityPaymentAccounts, { strict: false }),
    );
  /** As if the last ask were long ago (a return claims the row for 10 seconds). */
  const forgetChecks = () =>
    h.database.db.updateTable('charity_onboardings').set({ account_checked_at: null }).execute();
  /** Only these charities' accounts pending: the job's batch is theirs. */
  const onlyPending = async (charityIds: string[]) => {
    await h.database.db
      .updateTable('charity_onboardings')
      .set({ payouts_enabled: true })
      .where('charity_id', 'not in', charityIds)
      .execute();
  };

  it('verifies the charity on return though the webhook is lost, and goes on to step 4', async () => {
    const { member, ein, charityId, returnTo } = await onboarded('ada');
    expect(returnTo).toBe(`${h.config.PUBLIC_URL}/api/charities/onboarding/${charityId}/stripe-return`);
    expect(await status(member, charityId)).toBe('PENDING');

    const back = await returnFrom(returnTo);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(stepFour());
    expect(await status(member, charityId)).toBe('VERIFIED');
    expect(await updates(ein)).toBe(1);
    // The provider's account.updated is delivered on its own time (a job); it was lost, and made no difference.
    for (let waited = 0; webhookLost.mock.calls.length === 0 && waited < 10_000; waited += 50)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(webhookLost).toHaveBeenCalled();

    // Coming back again asks nothing more and records nothing more.
    const retrieve = jest.spyOn(payments, 'retrieveConnectedAccount');
    await forgetChecks();
    expect((await returnFrom(returnTo)).statusCode).toBe(303);
    expect(retrieve).not.toHaveBeenCalled();
    expect(await updates(ein)).toBe(1);
  });

  it('asks the provider once and records once for 20 returns at once', async () => {
    const { member, ein, charityId, returnTo } = await onboarded('bo');
    const retrieve = jest.spyOn(payments, 'retrieveConnectedAccount');
    const answers = await Promise.all(Array.from({ length: 20 }, () => returnFrom(returnTo)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(303));
    expect(retrieve).toHaveBeenCalledTimes(1);
    expect(await status(member, charityId)).toBe('VERIFIED');
    expect(await updates(ein)).toBe(1);
  });

  it('records the same answer once when the return and the job ask at once (claimed in PostgreSQL)', async () => {
    const { member, ein, charityId, returnTo } = await onboarded('cy');
    await forgetChecks();
    const accounts = h.api.get(CharityPaymentAccounts, { strict: false });
    const outcomes = await Promise.all([
      ...Array.from({ length: 10 }, () => accounts.recheck(charityId)),
      returnFrom(returnTo).then((answer) => answer.statusCode),
    ]);
    expect(outcomes.filter((outcome) => outcome === 'recorded')).toHaveLength(1);
    expect(await status(member, charityId)).toBe('VERIFIED');
    expect(await updates(ein)).toBe(1);
  });

  it('never lets a late webhook older than the answer undo the verification', async () => {
    const { member, charityId, stripeAccountId, returnTo } = await onboarded('dee');
    await returnFrom(returnTo);
    expect(await status(member, charityId)).toBe('VERIFIED');
    webhookLost.mockRestore();
    const stale = fixtureEvent({
      type: 'account.updated',
      account: stripeAccountId,
      created: Math.floor(Date.now() / 1000) - 120,
      object: fixtureObject('account', {
        id: stripeAccountId,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        metadata: { charityId },
      }),
    });
    const signed = signFixtureEvent(stale, h.config);
    const answer = await h.api.inject({
      method: 'POST',
      url: signed.path,
      payload: signed.payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
    });
    expect(answer.statusCode).toBe(200);
    expect(await status(member, charityId)).toBe('VERIFIED');
  });

  it('still goes on to step 4 when the provider is down, leaving the charity pending for the job', async () => {
    const { member, ein, charityId, returnTo } = await onboarded('eve');
    const down = jest
      .spyOn(payments, 'retrieveConnectedAccount')
      .mockRejectedValue(new PaymentsError('provider_failed', 'The payment provider failed: down'));
    const back = await returnFrom(returnTo);
    expect([back.statusCode, back.headers.location]).toEqual([303, stepFour()]);
    expect(down).toHaveBeenCalledTimes(1);
    expect(await status(member, charityId)).toBe('PENDING');
    expect(await updates(ein)).toBe(0);
  });

  it('re-checks pending accounts in bounded batches, the longest unasked first, and stops while the provider is down', async () => {
    const first = await onboarded('fay');
    const second = await onboarded('gus');
    const third = await onboarded('hal');
    await onlyPending([first.charityId, second.charityId, third.charityId]);
    await forgetChecks();
    const job = processor();
    job.batchSize = 2;

    // The provider down: one failed call, nothing recorded, the run ends.
    const down = jest
      .spyOn(payments, 'retrieveConnectedAccount')
      .mockRejectedValue(new PaymentsError('provider_failed', 'The payment provider failed: down'));
    expect(await job.handle()).toBe('2 pending account(s) taken: 1 provider_failed');
    expect(down).toHaveBeenCalledTimes(1);
    down.mockRestore();
    for (const charity of [first, second, third])
      expect(await status(charity.member, charity.charityId)).toBe('PENDING');

    // Back up: the two asked about longest ago (second and third were never asked; the first was, just
    // now, so it comes last).
    expect(await job.handle()).toBe('2 pending account(s) taken: 2 recorded');
    expect(await status(second.member, second.charityId)).toBe('VERIFIED');
    expect(await status(third.member, third.charityId)).toBe('VERIFIED');
    expect(await status(first.member, first.charityId)).toBe('PENDING');

    // The first is still claimed (asked less than 10 seconds ago): the job leaves it for its next run.
    expect(await job.handle()).toBe('1 pending account(s) taken: 1 not_pending');
    await forgetChecks();
    expect(await job.handle()).toBe('1 pending account(s) taken: 1 recorded');
    expect(await status(first.member, first.charityId)).toBe('VERIFIED');
    expect(await job.handle()).toBe('0 pending account(s) taken');
    expect(await updates(first.ein)).toBe(1);
  });

  describe("members' referral payout accounts", () => {
    beforeEach(() => {
      // Their account.updated is lost too.
      jest
        .spyOn(h.api.get(PayoutAccountUpdatedHandler, { strict: false }), 'handle')
        .mockResolvedValue(undefined);
    });

    const onboardedMember = async (name: string) => {
      const member = await h.member(name);
      const service = h.api.get(PayoutAccountsService, { strict: false });
      const url = await service.onboardingUrl(member.id);
      await h.completeLocalOnboarding(url);
      const row = await h.database.db
        .selectFrom('member_payout_accounts')
        .select(['status'])
        .where('member_id', '=', member.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('onboarding');
      return member;
    };
    const statusOf = async (memberId: string) =>
      (
        await h.database.db
          .selectFrom('member_payout_accounts')
          .select(['status'])
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow()
      ).status;

    it('makes an onboarded account ready by asking the provider, in bounded batches, stopping while it is down', async () => {
      const ivy = await onboardedMember('ivy');
      const jo = await onboardedMember('jo');
      const job = h.api.get(RecheckPayoutAccountsProcessor, { strict: false });
      job.batchSize = 1;

      const down = jest
        .spyOn(payments, 'retrieveConnectedAccount')
        .mockRejectedValue(new PaymentsError('provider_failed', 'The payment provider failed: down'));
      expect(await job.handle()).toBe(
        '1 onboarding payout account(s) taken: 0 ready, provider failing: run ended',
      );
      expect(down).toHaveBeenCalledTimes(1);
      down.mockRestore();
      expect([await statusOf(ivy.id), await statusOf(jo.id)]).toEqual(['onboarding', 'onboarding']);

      // Ivy was asked (and failed) just now: Jo, never asked, comes first.
      expect(await job.handle()).toBe('1 onboarding payout account(s) taken: 1 ready');
      expect([await statusOf(ivy.id), await statusOf(jo.id)]).toEqual(['onboarding', 'ready']);
      expect(await job.handle()).toBe('1 onboarding payout account(s) taken: 1 ready');
      expect(await statusOf(ivy.id)).toBe('ready');
      expect(await job.handle()).toBe('0 onboarding payout account(s) taken: 0 ready');
    });
  });
});
