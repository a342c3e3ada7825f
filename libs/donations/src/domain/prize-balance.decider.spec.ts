import fc from 'fast-check';
import { deciderSpec } from '@arena/testing';
import type { PrizeBalanceCommand } from './prize-balance.commands';
import { balanceCents, decide, evolve, initialState, prizeBalanceDecider } from './prize-balance.decider';
import { DonationError } from './donation.errors';
import type { PrizeBalanceEvent, PrizeShareCredited } from './donation.events';
import { DonationMessages } from '@arena/contracts';

const spec = deciderSpec<PrizeBalanceCommand, PrizeBalanceEvent, ReturnType<typeof evolve>>(
  prizeBalanceDecider,
);

const memberId = '11111111-1111-4111-8111-111111111111';
const share = (shareId: string, amountCents: number): PrizeShareCredited['data'] => ({
  memberId,
  username: 'ada',
  shareId,
  tournamentId: 't1',
  tournamentTitle: 'Cup',
  rank: 1,
  amountCents,
  creditedAt: '2026-11-01T00:00:00.000Z',
  directBy: '2026-12-01T00:00:00.000Z',
});
const credited = (shareId: string, amountCents: number): PrizeBalanceEvent => ({
  type: 'PrizeShareCredited',
  data: share(shareId, amountCents),
});
const direct = (donationId: string, amountCents: number): PrizeBalanceCommand => ({
  type: 'DirectBalance',
  data: {
    memberId,
    donationId,
    amountCents,
    charityEin: '530196605',
    charityName: 'Red Cross',
    directedAt: '2026-11-10T00:00:00.000Z',
  },
});
const remainder = (
  shareId: string,
  donationId: string,
  directedAt = '2026-12-02T00:00:00.000Z',
): PrizeBalanceCommand => ({
  type: 'DirectShareRemainder',
  data: { memberId, shareId, donationId, charityEin: '530196605', charityName: 'Red Cross', directedAt },
});

describe('prize balance decider', () => {
  it('credits a share once', () => {
    spec
      .given([])
      .when({ type: 'CreditShare', data: share('s1', 500) })
      .then([credited('s1', 500)]);
    spec
      .given([credited('s1', 500)])
      .when({ type: 'CreditShare', data: share('s1', 500) })
      .then([]);
  });

  it('directs oldest shares first, taking part of a share', () => {
    spec
      .given([credited('s1', 300), credited('s2', 500)])
      .when(direct('d1', 400))
      .then([
        {
          type: 'PrizeBalanceDirected',
          data: {
            memberId,
            donationId: 'd1',
            amountCents: 400,
            charityEin: '530196605',
            charityName: 'Red Cross',
            shares: [
              { shareId: 's1', amountCents: 300 },
              { shareId: 's2', amountCents: 100 },
            ],
            by: 'member',
            directedAt: '2026-11-10T00:00:00.000Z',
          },
        },
      ]);
  });

  it('refuses more than the balance, and nothing above zero', () => {
    spec
      .given([credited('s1', 300)])
      .when(direct('d1', 301))
      .thenThrows(DonationError, DonationMessages.payoutOverBalance);
    spec
      .given([credited('s1', 300)])
      .when(direct('d1', 0))
      .thenThrows(DonationError, DonationMessages.invalidCharityAndAmount);
  });

  it('the same request directs once', () => {
    const first = decide(direct('d1', 300), [credited('s1', 300)].reduce(evolve, initialState));
    spec
      .given([credited('s1', 300), ...first])
      .when(direct('d1', 300))
      .then([]);
  });

  it('the platform directs what is left of a share after its date, once', () => {
    const first = decide(direct('d1', 200), [credited('s1', 300)].reduce(evolve, initialState));
    const history = [credited('s1', 300), ...first];
    const events = decide(remainder('s1', 'd2'), history.reduce(evolve, initialState));
    expect(events).toEqual([
      expect.objectContaining({
        type: 'PrizeBalanceDirected',
        data: expect.objectContaining({
          amountCents: 100,
          by: 'platform',
          shares: [{ shareId: 's1', amountCents: 100 }],
        }),
      }),
    ]);
    spec
      .given([...history, ...events])
      .when(remainder('s1', 'd2'))
      .then([]);
    spec
      .given([...history, ...events])
      .when(remainder('s1', 'd3'))
      .then([]);
  });

  it('the platform waits for the date and knows only credited shares', () => {
    spec
      .given([credited('s1', 300)])
      .when(remainder('s1', 'd2', '2026-11-30T23:59:59.000Z'))
      .thenThrows(DonationError, /not past/);
    spec
      .given([])
      .when(remainder('s1', 'd2'))
      .thenThrows(DonationError, /not in this balance/);
  });

  it('never directs more than was credited, and each share is taken oldest first', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 12_000 }), { maxLength: 12 }),
        (shares, requests) => {
          let state = shares.map((cents, i) => credited(`s${i}`, cents)).reduce(evolve, initialState);
          const credit = shares.reduce((a, b) => a + b, 0);
          let directedCents = 0;
          requests.forEach((cents, i) => {
            const before = balanceCents(state);
            if (cents > before) {
              expect(() => decide(direct(`d${i}`, cents), state)).toThrow(DonationError);
              return;
            }
            const events = decide(direct(`d${i}`, cents), state);
            const parts = events[0]!.type === 'PrizeBalanceDirected' ? events[0]!.data.shares : [];
            expect(parts.reduce((sum, part) => sum + part.amountCents, 0)).toBe(cents);
            state = events.reduce(evolve, state);
            directedCents += cents;
            // Oldest first: a share has something left only if every later one is untouched.
            const firstLeft = state.shares.findIndex((entry) => entry.remainingCents > 0);
            if (firstLeft >= 0)
              state.shares
                .slice(firstLeft + 1)
                .forEach((entry) => expect(entry.remainingCents).toBe(entry.share.amountCents));
          });
          expect(balanceCents(state)).toBe(credit - directedCents);
          expect(state.shares.every((entry) => entry.remainingCents >= 0)).toBe(true);
        },
      ),
    );
  });
});
