import { DonationMessages } from '@arena/contracts';
import { deciderSpec } from '@arena/testing';
import type { PrizeBalanceCommand } from './prize-balance.commands';
import { balanceCents, decide, evolve, initialState, prizeBalanceDecider } from './prize-balance.decider';
import { DonationError } from './donation.errors';
import type { PrizeBalanceEvent, PrizeShareCredited } from './donation.events';

/**
 * The money rules of a winner's directable balance, one test per rule: whole positive cents only, never
 * more than the balance, oldest shares first, and a donation id directs once whoever asks.
 */
const spec = deciderSpec<PrizeBalanceCommand, PrizeBalanceEvent, ReturnType<typeof evolve>>(
  prizeBalanceDecider,
);

const memberId = '33333333-3333-4333-8333-333333333333';
const ein = '530196605';
const directBy = '2026-12-01T00:00:00.000Z';

const share = (shareId: string, amountCents: number): PrizeShareCredited['data'] => ({
  memberId,
  username: 'grace',
  shareId,
  tournamentId: 't9',
  tournamentTitle: 'Winter Cup',
  rank: 2,
  amountCents,
  creditedAt: '2026-11-01T00:00:00.000Z',
  directBy,
});
const credit = (shareId: string, amountCents: number): PrizeBalanceCommand => ({
  type: 'CreditShare',
  data: share(shareId, amountCents),
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
    charityEin: ein,
    charityName: 'Red Cross',
    directedAt: '2026-11-10T00:00:00.000Z',
  },
});
const directedByMember = (
  donationId: string,
  amountCents: number,
  shares: { shareId: string; amountCents: number }[],
): PrizeBalanceEvent => ({
  type: 'PrizeBalanceDirected',
  data: {
    memberId,
    donationId,
    amountCents,
    charityEin: ein,
    charityName: 'Red Cross',
    shares,
    by: 'member',
    directedAt: '2026-11-10T00:00:00.000Z',
  },
});
const remainder = (shareId: string, donationId: string, directedAt = directBy): PrizeBalanceCommand => ({
  type: 'DirectShareRemainder',
  data: { memberId, shareId, donationId, charityEin: ein, charityName: 'Red Cross', directedAt },
});
const directedByPlatform = (
  donationId: string,
  shareId: string,
  amountCents: number,
  directedAt = directBy,
): PrizeBalanceEvent => ({
  type: 'PrizeBalanceDirected',
  data: {
    memberId,
    donationId,
    amountCents,
    charityEin: ein,
    charityName: 'Red Cross',
    shares: [{ shareId, amountCents }],
    by: 'platform',
    directedAt,
  },
});

const stateOf = (events: readonly PrizeBalanceEvent[]) => events.reduce(evolve, initialState);

function refusalOf(events: readonly PrizeBalanceEvent[], command: PrizeBalanceCommand): unknown {
  try {
    decide(command, stateOf(events));
  } catch (error) {
    return error;
  }
  throw new Error(`${command.type} was not refused`);
}
const expectRefusal = (error: unknown, kind: DonationError['kind'], message: string) => {
  expect(error).toBeInstanceOf(DonationError);
  expect(error).toMatchObject({ kind, message });
};

describe('prize balance decider: money', () => {
  describe('crediting a share', () => {
    it('credits a share of one cent', () => {
      spec
        .given([])
        .when(credit('s1', 1))
        .then([credited('s1', 1)]);
    });

    it('refuses a share of zero, negative or fractional cents as invalid', () => {
      for (const cents of [0, -500, 10.5, Number.NaN]) {
        expectRefusal(
          refusalOf([], credit('s1', cents)),
          'invalid',
          DonationMessages.invalidCharityAndAmount,
        );
      }
    });

    it('stays quiet when a share is credited again with another amount, keeping the first', () => {
      spec
        .given([credited('s1', 300)])
        .when(credit('s1', 900))
        .then([]);
      expect(balanceCents(stateOf([credited('s1', 300)]))).toBe(300);
    });

    it('adds large shares up to the exact cent', () => {
      const history = [credited('s1', 4_000_000_000_001), credited('s2', 4_000_000_000_002)];
      expect(balanceCents(stateOf(history))).toBe(8_000_000_000_003);
      spec
        .given(history)
        .when(direct('d1', 8_000_000_000_003))
        .then([
          directedByMember('d1', 8_000_000_000_003, [
            { shareId: 's1', amountCents: 4_000_000_000_001 },
            { shareId: 's2', amountCents: 4_000_000_000_002 },
          ]),
        ]);
    });
  });

  describe('the member directing the balance', () => {
    it('refuses zero, negative or fractional cents as invalid', () => {
      for (const cents of [0, -1, 99.99, Number.NaN]) {
        expectRefusal(
          refusalOf([credited('s1', 300)], direct('d1', cents)),
          'invalid',
          DonationMessages.invalidCharityAndAmount,
        );
      }
    });

    it('refuses one cent more than the balance', () => {
      expectRefusal(
        refusalOf([credited('s1', 300), credited('s2', 200)], direct('d1', 501)),
        'invalid',
        DonationMessages.payoutOverBalance,
      );
    });

    it('takes the whole balance to the cent, after which nothing is left to direct', () => {
      const first = directedByMember('d1', 500, [
        { shareId: 's1', amountCents: 300 },
        { shareId: 's2', amountCents: 200 },
      ]);
      spec
        .given([credited('s1', 300), credited('s2', 200)])
        .when(direct('d1', 500))
        .then([first]);
      expect(balanceCents(stateOf([credited('s1', 300), credited('s2', 200), first]))).toBe(0);
      expectRefusal(
        refusalOf([credited('s1', 300), credited('s2', 200), first], direct('d2', 1)),
        'invalid',
        DonationMessages.payoutOverBalance,
      );
    });

    it('stays quiet on a replayed request though the balance is now too small for it', () => {
      const history = [
        credited('s1', 300),
        directedByMember('d1', 300, [{ shareId: 's1', amountCents: 300 }]),
      ];
      spec.given(history).when(direct('d1', 300)).then([]);
      spec.given(history).when(direct('d1', 100)).then([]);
    });

    it('skips a share the platform took in full and takes the next one', () => {
      const history = [credited('s1', 300), credited('s2', 500), directedByPlatform('d1', 's1', 300)];
      spec
        .given(history)
        .when(direct('d2', 400))
        .then([directedByMember('d2', 400, [{ shareId: 's2', amountCents: 400 }])]);
    });
  });

  describe('the platform directing a share after its days', () => {
    it('directs what is left of the share at the very instant of its direct-by date', () => {
      spec
        .given([credited('s1', 300)])
        .when(remainder('s1', 'd1', directBy))
        .then([directedByPlatform('d1', 's1', 300)]);
    });

    it('refuses one millisecond before the direct-by date, as a conflict', () => {
      expectRefusal(
        refusalOf([credited('s1', 300)], remainder('s1', 'd1', '2026-11-30T23:59:59.999Z')),
        'conflict',
        'Prize share s1 is not past its direct-by date yet',
      );
    });

    it('refuses a share that is not in the balance, as not found', () => {
      expectRefusal(
        refusalOf([credited('s1', 300)], remainder('s9', 'd1')),
        'not_found',
        'Prize share s9 is not in this balance',
      );
    });

    it('directs only the share named, leaving older shares to the member', () => {
      spec
        .given([credited('s1', 300), credited('s2', 500)])
        .when(remainder('s2', 'd1'))
        .then([directedByPlatform('d1', 's2', 500)]);
    });

    it('stays quiet for a share the member directed in full', () => {
      spec
        .given([credited('s1', 300), directedByMember('d1', 300, [{ shareId: 's1', amountCents: 300 }])])
        .when(remainder('s1', 'd2'))
        .then([]);
    });

    it('stays quiet when its donation id was used already, by the member or by the platform', () => {
      const history = [
        credited('s1', 300),
        credited('s2', 500),
        directedByMember('d1', 100, [{ shareId: 's1', amountCents: 100 }]),
      ];
      spec.given(history).when(remainder('s1', 'd1')).then([]);
      const afterPlatform = [credited('s1', 300), credited('s2', 500), directedByPlatform('d2', 's1', 300)];
      spec.given(afterPlatform).when(direct('d2', 100)).then([]);
    });
  });
});
