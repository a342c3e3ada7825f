import fc from 'fast-check';
import { VERIFIED_GAME_SLUGS, type VerifiedGameSlug } from '@arena/contracts';
import { honestLog, seededUniform } from './bots';
import { GAME_CORES } from './game-cores';

function replayed(slug: VerifiedGameSlug, seed: string, log: ReturnType<typeof honestLog>) {
  const verdict = GAME_CORES[slug].replay(seed, log);
  if (!verdict.valid) throw new Error(`${slug} ${JSON.stringify(seed)}: ${verdict.reason}`);
  return verdict.result;
}

/** The mean result of sessions at one skill, over the same twenty play seeds. */
function meanResult(slug: VerifiedGameSlug, skill: number): number {
  let total = 0;
  for (let play = 0; play < 20; play++) {
    const seed = `mean ${play}`;
    total += replayed(slug, seed, honestLog(slug, seed, seededUniform(`bot ${play}`), { skill })).score;
  }
  return total / 20;
}

describe.each(VERIFIED_GAME_SLUGS)('the honest bot of %s', (slug) => {
  it('plays 100 sessions of any seed and skill that all replay valid, within the session and human pace', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (seed, botSeed, skill) => {
          const log = honestLog(slug, seed, seededUniform(botSeed), { skill });
          replayed(slug, seed, log);
          // A snake may run into a wall before its first turn: an honest log may be empty.
          expect(log.every((entry) => entry.atMs <= 5 * 60 * 1000)).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('plays the same log for the same seed and the same random sequence', () => {
    const one = honestLog(slug, 'same', seededUniform('same bot'), { skill: 0.4 });
    expect(honestLog(slug, 'same', seededUniform('same bot'), { skill: 0.4 })).toEqual(one);
    expect(honestLog(slug, 'same', seededUniform('other bot'), { skill: 0.4 })).not.toEqual(one);
  });

  it('stops playing by the session bound it is given', () => {
    for (let play = 0; play < 10; play++) {
      const log = honestLog(slug, `short ${play}`, seededUniform(`short bot ${play}`), {
        maxDurationMs: 6_000,
      });
      replayed(slug, `short ${play}`, log);
      expect(log.every((entry) => entry.atMs <= 6_000)).toBe(true);
    }
  });

  it('plays better with more skill', () => {
    const [weak, strong] = [meanResult(slug, 0), meanResult(slug, 1)];
    // Pairs is a time game: the stronger player finishes sooner.
    if (GAME_CORES[slug].resultKind === 'TIME') expect(strong).toBeLessThan(weak);
    else expect(strong).toBeGreaterThan(weak);
  });
});

describe('seededUniform', () => {
  it('gives numbers from 0 up to 1, the same sequence for the same seed', () => {
    const [one, same, other] = ['a', 'a', 'b'].map((seed) => {
      const random = seededUniform(seed);
      return Array.from({ length: 1000 }, () => random());
    });
    expect(one!.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(same).toEqual(one);
    expect(other).not.toEqual(one);
  });
});
