import { compareStandings, tieBreakKey, type RankedEntry } from './tournament.standings';

const entry = (overrides: Partial<RankedEntry>): RankedEntry => ({
  bestScore: 100,
  bestScoreAt: '2026-11-22T12:00:00.000Z',
  attempts: 1,
  tieBreakKey: '5'.repeat(64),
  ...overrides,
});

/** Both orders, so a rule that answers the same whatever the order cannot pass. */
const ranksFirst = (winner: RankedEntry, loser: RankedEntry) => {
  expect(compareStandings(winner, loser)).toBeLessThan(0);
  expect(compareStandings(loser, winner)).toBeGreaterThan(0);
};

describe('standings', () => {
  it('ranks the best score first, whatever the later rules say', () => {
    ranksFirst(
      entry({
        bestScore: 101,
        bestScoreAt: '2026-11-22T13:00:00.000Z',
        attempts: 9,
        tieBreakKey: 'f'.repeat(64),
      }),
      entry({ bestScore: 100 }),
    );
  });

  it('between equal best scores, ranks the one reached earlier first', () => {
    ranksFirst(
      entry({ bestScoreAt: '2026-11-22T11:59:59.999Z', attempts: 9, tieBreakKey: 'f'.repeat(64) }),
      entry({}),
    );
  });

  it('between equal scores reached at the same instant, ranks fewer attempts first', () => {
    ranksFirst(entry({ attempts: 1, tieBreakKey: 'f'.repeat(64) }), entry({ attempts: 3 }));
  });

  it('then ranks the lower tie-break key first', () => {
    ranksFirst(entry({ tieBreakKey: '0'.repeat(64) }), entry({ tieBreakKey: '1'.repeat(64) }));
  });

  it('finds two entries equal in every rule equal', () => {
    expect(compareStandings(entry({}), entry({}))).toBe(0);
  });

  it('derives the tie-break key from the seed as bytes, so the case of its hex does not matter', () => {
    const userId = '6f1c1a52-3b0e-4a53-9b55-3a3c0d2c1e11';
    expect(tieBreakKey('ABCDEF0123', userId)).toBe(tieBreakKey('abcdef0123', userId));
    expect(tieBreakKey('abcdef0123', userId)).not.toBe(tieBreakKey('abcdef0124', userId));
    expect(tieBreakKey('abcdef0123', userId)).toMatch(/^[0-9a-f]{64}$/);
  });
});
