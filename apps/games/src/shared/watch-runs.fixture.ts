import type { VerifiedGameSlug } from '@arena/contracts/games.catalog';
import {
  encodePackedLog,
  GAME_CORES,
  honestLog,
  SeededRandom,
  seededUniform,
  watchRun,
  type RunMaterial,
  type TimedInput,
} from '@arena/games';

/** A block (32 hex digits) whose first 32 bits are `seed`: what a step seed was read from. */
const blockOf = (seed: number) => `${(seed >>> 0).toString(16).padStart(8, '0')}${'0'.repeat(24)}`;

/**
 * An honest, verified run of `slug` as `GET /api/tournaments/{id}/runs/best` answers it (for the watch
 * specs): a bot's session of up to `maxDurationMs` on step seeds drawn from `name` (a keystream game:
 * only the steps it used, as the server keeps them) or on the seed `name` (Memory Pairs), its log packed,
 * and the score its replay verified.
 */
export function verifiedRun(
  slug: VerifiedGameSlug,
  name: string,
  maxDurationMs = 60_000,
): { material: RunMaterial; log: TimedInput<unknown>[]; score: number } {
  const { keystream } = GAME_CORES[slug];
  const random = new SeededRandom(name);
  const seeds = Array.from({ length: 4000 }, () => random.int(-0x8000_0000, 0x7fff_ffff));
  const log = keystream
    ? honestLog(slug, (step) => blockOf(seeds[step]!), seededUniform(name), { maxDurationMs })
    : honestLog(slug, name, seededUniform(name), { maxDurationMs });
  const used = keystream ? keystream.releasesOf((step) => blockOf(seeds[step]!), log).length : 0;
  const material: RunMaterial = {
    game: slug,
    seed: keystream ? null : name,
    stepSeeds: keystream ? seeds.slice(0, used) : null,
    packedLog: encodePackedLog(slug, log),
  };
  const watched = watchRun(material);
  if (!watched.ok) throw new Error(`The fixture's run does not replay: ${watched.reason}`);
  return { material, log, score: watched.run.at(log.length).score };
}
