import fc from 'fast-check';
import type { PrizeConfig } from '@arena/contracts/tournaments.contract';
import { TournamentError } from './tournament.errors';
import {
  allocatePrizes,
  prizeConfigOf,
  resolvePrizeConfig,
  type PrizeSettings,
  type RankedPlayer,
} from './prize-allocation';

const id = (rank: number) => `00000000-0000-4000-8000-${String(rank).padStart(12, '0')}`;

/** Players ranked 1..n, scores consistent with the ranks (higher is better unless lowerScoreWins). */
const field = (...scores: number[]): RankedPlayer[] =>
  scores.map((score, index) => ({ rank: index + 1, userId: id(index + 1), score }));

const amounts = (lines: ReturnType<typeof allocatePrizes>) => lines.map((line) => line.amountCents);

// --- Arbitraries ---------------------------------------------------------------------------------

/** n positive shares, non-increasing, summing to 10 000. */
const sharesOf = (places: number) =>
  fc
    .array(fc.integer({ min: 1, max: 1000 }), { minLength: places, maxLength: places })
    .map((raw) => {
      const sorted = [...raw].sort((a, b) => b - a);
      const total = sorted.reduce((sum, value) => sum + value, 0);
      const shares = sorted.map((value) => Math.max(1, Math.floor((value * 10_000) / total)));
      // Put the rounding difference on the first place, which keeps the order non-increasing.
      shares[0]! += 10_000 - shares.reduce((sum, value) => sum + value, 0);
      return shares;
    })
    .filter((shares) => shares.every((share) => share >= 1) && shares[0]! <= 10_000);

const milestonesArb = fc
  .integer({ min: 1, max: 20 })
  .chain((count) =>
    fc.tuple(
      fc.uniqueArray(fc.integer({ min: 0, max: 1_000_000 }), { minLength: count, maxLength: count }),
      sharesOf(count),
    ),
  )
  .map(([scores, shares]) => scores.map((score, index) => ({ score, sharesBasisPoints: shares[index]! })));

const configArb = (pool: number): fc.Arbitrary<PrizeConfig> =>
  fc.oneof(
    fc.constant<PrizeConfig>({ model: 'WINNER_TAKES_ALL' }),
    sharesOf(3).map((shares): PrizeConfig => ({
      model: 'TOP_3_SPLIT',
      sharesBasisPoints: shares as [number, number, number],
    })),
    fc.integer({ min: 1, max: 100 }).chain((places) =>
      fc.oneof(
        fc.constant<PrizeConfig>({ model: 'FLEXIBLE_TOP_N', places }),
        sharesOf(places).map((shares): PrizeConfig => ({
          model: 'FLEXIBLE_TOP_N',
          places,
          sharesBasisPoints: shares,
        })),
      ),
    ),
    fc
      .integer({ min: 1, max: Math.max(1, pool) })
      .map((flatAmountCents): PrizeConfig => ({ model: 'FLAT_PAYOUTS', flatAmountCents })),
    milestonesArb.map((milestones): PrizeConfig => ({ model: 'MILESTONE_REWARDS', milestones })),
  );

const standingsArb = (lowerScoreWins: boolean) =>
  fc
    .array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 200 })
    .map((scores) => field(...[...scores].sort((a, b) => (lowerScoreWins ? a - b : b - a))));

const caseArb = fc
  .record({ pool: fc.integer({ min: 0, max: 100_000_000 }), lowerScoreWins: fc.boolean() })
  .chain(({ pool, lowerScoreWins }) =>
    fc.record({
      pool: fc.constant(pool),
      lowerScoreWins: fc.constant(lowerScoreWins),
      config: configArb(pool),
      standings: standingsArb(lowerScoreWins),
    }),
  );

describe('allocatePrizes: properties', () => {
  it('always sums to the pool exactly when at least one player ranked', () => {
    fc.assert(
      fc.property(caseArb, ({ pool, config, standings, lowerScoreWins }) => {
        const total = amounts(allocatePrizes(config, pool, standings, lowerScoreWins)).reduce(
          (a, b) => a + b,
          0,
        );
        expect(total).toBe(pool);
      }),
      { numRuns: 400 },
    );
  });

  it('gives positive whole cents only, to ranked players, once each, best rank first', () => {
    fc.assert(
      fc.property(caseArb, ({ pool, config, standings, lowerScoreWins }) => {
        const lines = allocatePrizes(config, pool, standings, lowerScoreWins);
        const ranked = new Map(standings.map((player) => [player.userId, player.rank]));
        expect(lines.every((line) => Number.isSafeInteger(line.amountCents) && line.amountCents > 0)).toBe(
          true,
        );
        expect(lines.every((line) => ranked.get(line.userId) === line.rank)).toBe(true);
        expect(new Set(lines.map((line) => line.userId)).size).toBe(lines.length);
        expect(lines.map((line) => line.rank)).toEqual(
          [...lines.map((line) => line.rank)].sort((a, b) => a - b),
        );
      }),
      { numRuns: 200 },
    );
  });

  it('never gives a better rank less than a worse one (milestones too, as scores follow ranks here)', () => {
    fc.assert(
      fc.property(caseArb, ({ pool, config, standings, lowerScoreWins }) => {
        const byUser = new Map(
          allocatePrizes(config, pool, standings, lowerScoreWins).map((line) => [
            line.userId,
            line.amountCents,
          ]),
        );
        const inRankOrder = standings.map((player) => byUser.get(player.userId) ?? 0);
        inRankOrder.forEach((amount, index) => {
          if (index > 0) expect(amount).toBeLessThanOrEqual(inRankOrder[index - 1]!);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('is deterministic, whatever order the standings come in', () => {
    fc.assert(
      fc.property(caseArb, ({ pool, config, standings, lowerScoreWins }) => {
        const reversed = [...standings].reverse();
        expect(allocatePrizes(config, pool, reversed, lowerScoreWins)).toEqual(
          allocatePrizes(config, pool, standings, lowerScoreWins),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('allocates nothing when nobody ranked, whatever the pool (it stays platform-held)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.boolean(), (pool, lowerScoreWins) => {
        expect(allocatePrizes({ model: 'WINNER_TAKES_ALL' }, pool, [], lowerScoreWins)).toEqual([]);
      }),
    );
  });
});

describe('allocatePrizes: examples', () => {
  it('WINNER_TAKES_ALL: given three players, rank 1 directs the whole pool', () => {
    expect(allocatePrizes({ model: 'WINNER_TAKES_ALL' }, 2500, field(30, 20, 10), false)).toEqual([
      { rank: 1, userId: id(1), amountCents: 2500 },
    ]);
  });

  it('TOP_3_SPLIT: given four players and 50/30/20 of $150, ranks 1-3 direct $75, $45, $30', () => {
    const config: PrizeConfig = { model: 'TOP_3_SPLIT', sharesBasisPoints: [5000, 3000, 2000] };
    expect(amounts(allocatePrizes(config, 15_000, field(4, 3, 2, 1), false))).toEqual([7500, 4500, 3000]);
  });

  it('TOP_3_SPLIT: remainder cents go to rank 1 first', () => {
    const config: PrizeConfig = { model: 'TOP_3_SPLIT', sharesBasisPoints: [3334, 3333, 3333] };
    // 100 × 0.3334 = 33.34, 100 × 0.3333 = 33.33 twice: floors 33+33+33, one cent left for rank 1.
    expect(amounts(allocatePrizes(config, 100, field(3, 2, 1), false))).toEqual([34, 33, 33]);
  });

  it('TOP_3_SPLIT: given two players, the third place share is spread over them by their shares', () => {
    const config: PrizeConfig = { model: 'TOP_3_SPLIT', sharesBasisPoints: [5000, 3000, 2000] };
    expect(amounts(allocatePrizes(config, 8000, field(2, 1), false))).toEqual([5000, 3000]);
  });

  it('FLEXIBLE_TOP_N: without shares, the top N split equally, remainder cents by rank', () => {
    const config: PrizeConfig = { model: 'FLEXIBLE_TOP_N', places: 3 };
    expect(amounts(allocatePrizes(config, 1000, field(9, 8, 7, 6), false))).toEqual([334, 333, 333]);
  });

  it('FLEXIBLE_TOP_N: with shares, each place directs its share', () => {
    const config: PrizeConfig = {
      model: 'FLEXIBLE_TOP_N',
      places: 4,
      sharesBasisPoints: [4000, 3000, 2000, 1000],
    };
    expect(amounts(allocatePrizes(config, 10_000, field(9, 8, 7, 6, 5), false))).toEqual([
      4000, 3000, 2000, 1000,
    ]);
  });

  it('FLAT_PAYOUTS: each from rank 1 directs the flat amount until the pool runs out', () => {
    const config: PrizeConfig = { model: 'FLAT_PAYOUTS', flatAmountCents: 300 };
    expect(amounts(allocatePrizes(config, 1000, field(9, 8, 7, 6, 5), false))).toEqual([300, 300, 300, 100]);
  });

  it('FLAT_PAYOUTS: with too few players for the pool, what is left is split equally among them', () => {
    const config: PrizeConfig = { model: 'FLAT_PAYOUTS', flatAmountCents: 300 };
    expect(amounts(allocatePrizes(config, 1001, field(9, 8), false))).toEqual([501, 500]);
  });

  it('MILESTONE_REWARDS: each milestone share is split among those who reached it', () => {
    const config: PrizeConfig = {
      model: 'MILESTONE_REWARDS',
      milestones: [
        { score: 100, sharesBasisPoints: 4000 },
        { score: 500, sharesBasisPoints: 6000 },
      ],
    };
    // 100: three players share $40; 500: one player takes $60.
    expect(amounts(allocatePrizes(config, 10_000, field(600, 300, 100, 50), false))).toEqual([
      1334 + 6000,
      1333,
      1333,
    ]);
  });

  it('MILESTONE_REWARDS: an unreached milestone share goes to the reached ones', () => {
    const config: PrizeConfig = {
      model: 'MILESTONE_REWARDS',
      milestones: [
        { score: 100, sharesBasisPoints: 4000 },
        { score: 5000, sharesBasisPoints: 6000 },
      ],
    };
    expect(amounts(allocatePrizes(config, 10_000, field(600, 300, 50), false))).toEqual([5000, 5000]);
  });

  it('MILESTONE_REWARDS: if nobody reached any milestone, all ranked players split the pool', () => {
    const config: PrizeConfig = {
      model: 'MILESTONE_REWARDS',
      milestones: [{ score: 5000, sharesBasisPoints: 10_000 }],
    };
    expect(amounts(allocatePrizes(config, 100, field(30, 20, 10), false))).toEqual([34, 33, 33]);
  });

  it('MILESTONE_REWARDS: when lower is better, a milestone is reached by finishing within it', () => {
    const config: PrizeConfig = {
      model: 'MILESTONE_REWARDS',
      milestones: [{ score: 60_000, sharesBasisPoints: 10_000 }],
    };
    expect(amounts(allocatePrizes(config, 1000, field(50_000, 59_000, 61_000), true))).toEqual([500, 500]);
  });

  it('a pool of 0 allocates nothing', () => {
    expect(allocatePrizes({ model: 'WINNER_TAKES_ALL' }, 0, field(1), false)).toEqual([]);
  });
});

describe('resolvePrizeConfig', () => {
  const settings = (overrides: Partial<PrizeSettings>): PrizeSettings => ({
    prizeModel: 'WINNER_TAKES_ALL',
    prizePoolCents: 10_000,
    game: { maxScore: 1000 },
    ...overrides,
  });
  const refusal = (overrides: Partial<PrizeSettings>) => {
    try {
      resolvePrizeConfig(settings(overrides));
    } catch (error) {
      expect(error).toBeInstanceOf(TournamentError);
      expect((error as TournamentError).kind).toBe('invalid');
      return (error as TournamentError).message;
    }
    throw new Error('expected a refusal');
  };

  it('fills in each model default when no configuration is given', () => {
    const defaults = (prizeModel: PrizeSettings['prizeModel']) =>
      resolvePrizeConfig(settings({ prizeModel }));
    expect(defaults('WINNER_TAKES_ALL')).toEqual({ model: 'WINNER_TAKES_ALL' });
    expect(defaults('TOP_3_SPLIT')).toEqual({ model: 'TOP_3_SPLIT', sharesBasisPoints: [5000, 3000, 2000] });
    expect(defaults('FLEXIBLE_TOP_N')).toEqual({ model: 'FLEXIBLE_TOP_N', places: 5 });
    expect(defaults('FLAT_PAYOUTS')).toEqual({ model: 'FLAT_PAYOUTS', flatAmountCents: 1000 });
    expect(defaults('MILESTONE_REWARDS')).toEqual({
      model: 'MILESTONE_REWARDS',
      milestones: [{ score: 500, sharesBasisPoints: 10_000 }],
    });
  });

  it('reads an old tournament without a configuration as the model defaults', () => {
    expect(prizeConfigOf(settings({ prizeModel: 'TOP_3_SPLIT' }))).toEqual({
      model: 'TOP_3_SPLIT',
      sharesBasisPoints: [5000, 3000, 2000],
    });
  });

  it('reads an old tournament of an unknown model as WINNER_TAKES_ALL', () => {
    expect(prizeConfigOf(settings({ prizeModel: 'SOMETHING_ELSE' as PrizeSettings['prizeModel'] }))).toEqual({
      model: 'WINNER_TAKES_ALL',
    });
  });

  it('keeps only the known settings of a configuration', () => {
    expect(
      resolvePrizeConfig(
        settings({
          prizeModel: 'FLAT_PAYOUTS',
          prizeConfig: { model: 'FLAT_PAYOUTS', flatAmountCents: 5, x: 1 },
        }),
      ),
    ).toEqual({ model: 'FLAT_PAYOUTS', flatAmountCents: 5 });
  });

  it('refuses a configuration of another model', () => {
    expect(refusal({ prizeModel: 'TOP_3_SPLIT', prizeConfig: { model: 'WINNER_TAKES_ALL' } })).toBe(
      'prizeConfig.model must equal prizeModel',
    );
  });

  it('refuses shares that do not add up to the whole pool', () => {
    expect(
      refusal({
        prizeModel: 'TOP_3_SPLIT',
        prizeConfig: { model: 'TOP_3_SPLIT', sharesBasisPoints: [5000, 3000, 1000] },
      }),
    ).toBe('prizeConfig.sharesBasisPoints must add up to 10000 basis points (the whole pool)');
  });

  it('refuses shares that pay a worse place more', () => {
    expect(
      refusal({
        prizeModel: 'TOP_3_SPLIT',
        prizeConfig: { model: 'TOP_3_SPLIT', sharesBasisPoints: [2000, 3000, 5000] },
      }),
    ).toBe('prizeConfig.sharesBasisPoints must not increase from one place to the next');
  });

  it('refuses FLEXIBLE_TOP_N shares whose count is not the number of places', () => {
    expect(
      refusal({
        prizeModel: 'FLEXIBLE_TOP_N',
        prizeConfig: { model: 'FLEXIBLE_TOP_N', places: 3, sharesBasisPoints: [6000, 4000] },
      }),
    ).toBe('prizeConfig.sharesBasisPoints must name one share per place (3)');
  });

  it('refuses a flat amount larger than the pool', () => {
    expect(
      refusal({
        prizeModel: 'FLAT_PAYOUTS',
        prizePoolCents: 500,
        prizeConfig: { model: 'FLAT_PAYOUTS', flatAmountCents: 501 },
      }),
    ).toBe('prizeConfig.flatAmountCents must not exceed the prize pool');
  });

  it('refuses milestones with the same score twice', () => {
    expect(
      refusal({
        prizeModel: 'MILESTONE_REWARDS',
        prizeConfig: {
          model: 'MILESTONE_REWARDS',
          milestones: [
            { score: 10, sharesBasisPoints: 5000 },
            { score: 10, sharesBasisPoints: 5000 },
          ],
        },
      }),
    ).toBe('Milestone scores must be distinct');
  });

  it('refuses a milestone above the game maxScore, which nobody could reach', () => {
    expect(
      refusal({
        prizeModel: 'MILESTONE_REWARDS',
        prizeConfig: { model: 'MILESTONE_REWARDS', milestones: [{ score: 1001, sharesBasisPoints: 10_000 }] },
      }),
    ).toBe("Each milestone score must be a whole number from 0 to the game's maxScore (1000)");
  });

  it('refuses hostile values without throwing anything but a 400', () => {
    fc.assert(
      fc.property(fc.anything(), (prizeConfig) => {
        for (const prizeModel of [
          'TOP_3_SPLIT',
          'FLEXIBLE_TOP_N',
          'FLAT_PAYOUTS',
          'MILESTONE_REWARDS',
        ] as const) {
          try {
            resolvePrizeConfig(settings({ prizeModel, prizeConfig }));
          } catch (error) {
            expect(error).toBeInstanceOf(TournamentError);
          }
        }
      }),
    );
  });
});
