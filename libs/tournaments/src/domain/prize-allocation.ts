import type { PrizeConfig } from '@arena/contracts/tournaments.contract';
import { MAX_STORED_INTEGER } from '@arena/contracts/tournaments.contract';
import { invalidTournament } from './tournament.errors';
import type { PrizeModel } from './tournament.events';

/**
 * Prize models (issue 9): how a tournament's pool is split between its final standings. Pure: the
 * decider calls it on completion and the detail calls it for the live preview.
 *
 * Every allocation is integer cents summing to the pool exactly whenever at least one player ranked.
 * Each model gives every ranked player a weight; each gets floor(pool × weight / total weight) and the
 * cents left over (fewer than the players with a weight) go one each from rank 1 down. With nobody
 * ranked nothing is allocated: the pool stays platform-held (no PrizeAllocated event is appended).
 *
 * - WINNER_TAKES_ALL: rank 1 directs the whole pool.
 * - TOP_3_SPLIT / FLEXIBLE_TOP_N: the places' shares (non-increasing, summing to 10 000 basis points;
 *   FLEXIBLE_TOP_N without shares: equal). Fewer ranked players than places: the unreached places'
 *   shares are spread over the reached places in proportion to their shares (so 50/30/20 with two
 *   players becomes 62.5/37.5).
 * - FLAT_PAYOUTS: from rank 1 down, each player directs `flatAmountCents` until the pool runs out (the
 *   last paid player directs what is left, possibly less). If every ranked player was paid and some
 *   pool remains, the remainder is split equally among them (remainder cents by rank).
 * - MILESTONE_REWARDS: each milestone's share goes to the players who reached it (score ≥ its score;
 *   lower-is-better formats: time ≤ it), split equally; a player collects every milestone reached.
 *   Unreached milestones' shares are spread over the reached ones in proportion to their shares; if
 *   nobody reached any milestone, the pool is split equally among all ranked players. This model is
 *   score-based, not rank-based: it follows each player's score, whatever the rank.
 *
 * Ties in rank never reach here: the standings' tie-break chain already ordered them.
 */

export interface RankedPlayer {
  rank: number;
  userId: string;
  score: number;
}

export interface PrizeAmount {
  rank: number;
  userId: string;
  amountCents: number;
}

/** The settings a prize configuration is resolved and checked against. */
export interface PrizeSettings {
  prizeModel: PrizeModel;
  prizeConfig?: unknown;
  prizePoolCents: number;
  game: { maxScore: number };
}

const WHOLE = 10_000;
export const DEFAULT_TOP_3_SHARES: readonly [number, number, number] = [5000, 3000, 2000];
/** FLEXIBLE_TOP_N without settings: the top five, equal shares. */
export const DEFAULT_FLEXIBLE_PLACES = 5;
/** FLAT_PAYOUTS without settings: a tenth of the pool each, so ten players are paid. */
export const DEFAULT_FLAT_PAYOUT_PLACES = 10;

/**
 * The model's settings with its defaults filled in, checked: what TournamentCreated records.
 * Throws a 400 (`invalidTournament`) naming the first broken rule. The values may come from anywhere
 * (the seed, the CLI, an old client), so nothing is trusted to have passed the HTTP schema.
 */
export function resolvePrizeConfig(settings: PrizeSettings): PrizeConfig {
  const { prizeModel, prizePoolCents } = settings;
  const given = settings.prizeConfig;
  if (given !== undefined && given !== null) {
    if (typeof given !== 'object' || Array.isArray(given))
      throw invalidTournament('prizeConfig must be an object');
    if ((given as { model?: unknown }).model !== prizeModel) {
      throw invalidTournament('prizeConfig.model must equal prizeModel');
    }
  }
  const config = (given ?? {}) as Record<string, unknown>;
  switch (prizeModel) {
    case 'WINNER_TAKES_ALL':
      return { model: prizeModel };
    case 'TOP_3_SPLIT': {
      const shares = config.sharesBasisPoints ?? DEFAULT_TOP_3_SHARES;
      checkShares(shares, 'prizeConfig.sharesBasisPoints', 3);
      return { model: prizeModel, sharesBasisPoints: [...(shares as [number, number, number])] };
    }
    case 'FLEXIBLE_TOP_N': {
      const places = config.places ?? DEFAULT_FLEXIBLE_PLACES;
      if (!isWhole(places, 1, 100))
        throw invalidTournament('prizeConfig.places must be a whole number from 1 to 100');
      if (config.sharesBasisPoints === undefined) return { model: prizeModel, places };
      checkShares(config.sharesBasisPoints, 'prizeConfig.sharesBasisPoints', places);
      return { model: prizeModel, places, sharesBasisPoints: [...(config.sharesBasisPoints as number[])] };
    }
    case 'FLAT_PAYOUTS': {
      const flat =
        config.flatAmountCents ?? Math.max(1, Math.floor(prizePoolCents / DEFAULT_FLAT_PAYOUT_PLACES));
      if (!isWhole(flat, 1, 100_000_000)) {
        throw invalidTournament(
          'prizeConfig.flatAmountCents must be a whole number of cents from 1 to 100000000',
        );
      }
      // A pool of 0 pays nothing whatever the amount; otherwise one payout must fit in the pool.
      if (prizePoolCents > 0 && flat > prizePoolCents) {
        throw invalidTournament('prizeConfig.flatAmountCents must not exceed the prize pool');
      }
      return { model: prizeModel, flatAmountCents: flat };
    }
    case 'MILESTONE_REWARDS': {
      const milestones = config.milestones ?? [
        { score: Math.ceil(settings.game.maxScore / 2), sharesBasisPoints: WHOLE },
      ];
      return { model: prizeModel, milestones: checkMilestones(milestones, settings.game.maxScore) };
    }
    default:
      throw invalidTournament(`Unknown prize model: ${String(prizeModel).slice(0, 40)}`);
  }
}

/**
 * The configuration a stored tournament pays by: the recorded one, or the model's defaults for a
 * tournament recorded before prize configurations existed (an upcast at read, never an edit). Models
 * were not checked then either: an unknown one (shown as 'Custom') pays as WINNER_TAKES_ALL, so a
 * completion can never be stuck on it.
 */
export function prizeConfigOf(settings: PrizeSettings): PrizeConfig {
  if (settings.prizeConfig) return settings.prizeConfig as PrizeConfig;
  try {
    return resolvePrizeConfig({ ...settings, prizeConfig: undefined });
  } catch {
    return { model: 'WINNER_TAKES_ALL' };
  }
}

const isWhole = (value: unknown, least: number, most: number): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= least && value <= most;

function checkShares(shares: unknown, field: string, places: number): asserts shares is number[] {
  if (!Array.isArray(shares) || shares.length !== places) {
    throw invalidTournament(`${field} must name one share per place (${places})`);
  }
  if (!shares.every((share) => isWhole(share, 1, WHOLE))) {
    throw invalidTournament(`${field} must be whole numbers of basis points from 1 to 10000`);
  }
  if (sum(shares) !== WHOLE)
    throw invalidTournament(`${field} must add up to 10000 basis points (the whole pool)`);
  // A better place never directs less than a worse one.
  if (shares.some((share, index) => index > 0 && share > shares[index - 1]!)) {
    throw invalidTournament(`${field} must not increase from one place to the next`);
  }
}

function checkMilestones(
  milestones: unknown,
  maxScore: number,
): Array<{ score: number; sharesBasisPoints: number }> {
  const field = 'prizeConfig.milestones';
  if (!Array.isArray(milestones) || milestones.length < 1 || milestones.length > 20) {
    throw invalidTournament(`${field} must hold 1 to 20 milestones`);
  }
  const checked = milestones.map((milestone: unknown) => {
    const { score, sharesBasisPoints } = (milestone ?? {}) as Record<string, unknown>;
    if (!isWhole(score, 0, Math.min(maxScore, MAX_STORED_INTEGER))) {
      throw invalidTournament(
        `Each milestone score must be a whole number from 0 to the game's maxScore (${maxScore})`,
      );
    }
    if (!isWhole(sharesBasisPoints, 1, WHOLE)) {
      throw invalidTournament('Each milestone share must be a whole number of basis points from 1 to 10000');
    }
    return { score, sharesBasisPoints };
  });
  if (new Set(checked.map((milestone) => milestone.score)).size !== checked.length) {
    throw invalidTournament('Milestone scores must be distinct');
  }
  if (sum(checked.map((milestone) => milestone.sharesBasisPoints)) !== WHOLE) {
    throw invalidTournament(`${field} shares must add up to 10000 basis points (the whole pool)`);
  }
  return checked;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/**
 * The pool split over the standings by the model. Only players directing more than 0 cents are
 * returned, best rank first; amounts sum to the pool whenever `standings` is not empty.
 */
export function allocatePrizes(
  config: PrizeConfig,
  poolCents: number,
  standings: readonly RankedPlayer[],
  lowerScoreWins: boolean,
): PrizeAmount[] {
  const ranked = [...standings].sort((a, b) => a.rank - b.rank);
  if (ranked.length === 0 || poolCents <= 0) return [];
  const amounts = amountsInRankOrder(config, poolCents, ranked, lowerScoreWins);
  return ranked.flatMap((player, index) =>
    amounts[index]! > 0 ? [{ rank: player.rank, userId: player.userId, amountCents: amounts[index]! }] : [],
  );
}

function amountsInRankOrder(
  config: PrizeConfig,
  pool: number,
  ranked: readonly RankedPlayer[],
  lowerScoreWins: boolean,
): number[] {
  const byPlace = (weightOf: (index: number) => number) =>
    splitByWeights(
      pool,
      ranked.map((_, index) => BigInt(weightOf(index))),
    );
  switch (config.model) {
    case 'WINNER_TAKES_ALL':
      return byPlace((index) => (index === 0 ? 1 : 0));
    case 'TOP_3_SPLIT':
      return byPlace((index) => config.sharesBasisPoints[index] ?? 0);
    case 'FLEXIBLE_TOP_N':
      return byPlace((index) =>
        index >= config.places ? 0 : config.sharesBasisPoints ? config.sharesBasisPoints[index]! : 1,
      );
    case 'FLAT_PAYOUTS':
      return flatPayouts(pool, config.flatAmountCents, ranked.length);
    case 'MILESTONE_REWARDS':
      return milestoneRewards(pool, config.milestones, ranked, lowerScoreWins);
  }
}

function flatPayouts(pool: number, flat: number, players: number): number[] {
  let left = pool;
  const amounts = Array.from({ length: players }, () => {
    const amount = Math.min(flat, left);
    left -= amount;
    return amount;
  });
  if (left === 0) return amounts;
  const extra = splitByWeights(
    left,
    amounts.map(() => 1n),
  );
  return amounts.map((amount, index) => amount + extra[index]!);
}

function milestoneRewards(
  pool: number,
  milestones: ReadonlyArray<{ score: number; sharesBasisPoints: number }>,
  ranked: readonly RankedPlayer[],
  lowerScoreWins: boolean,
): number[] {
  const reaches = (player: RankedPlayer, threshold: number) =>
    lowerScoreWins ? player.score <= threshold : player.score >= threshold;
  const reached = milestones
    .map((milestone) => ({
      share: BigInt(milestone.sharesBasisPoints),
      reachedBy: ranked.map((player) => reaches(player, milestone.score)),
    }))
    .map((milestone) => ({ ...milestone, count: BigInt(milestone.reachedBy.filter(Boolean).length) }))
    .filter((milestone) => milestone.count > 0n);
  if (reached.length === 0)
    return splitByWeights(
      pool,
      ranked.map(() => 1n),
    );
  // Exact shares over a common denominator: a milestone's share split equally among its count.
  const denominator = reached.reduce((lcm, milestone) => leastCommonMultiple(lcm, milestone.count), 1n);
  const weights = ranked.map((_, index) =>
    reached.reduce(
      (weight, milestone) =>
        milestone.reachedBy[index] ? weight + (milestone.share * denominator) / milestone.count : weight,
      0n,
    ),
  );
  return splitByWeights(pool, weights);
}

/**
 * floor(pool × weight / total) each, then the cents left over one each from the first weighted
 * player down (there are fewer of them than weighted players, since each floor loses under a cent).
 */
function splitByWeights(pool: number, weights: readonly bigint[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0n);
  if (total === 0n) return weights.map(() => 0);
  const amounts = weights.map((weight) => Number((BigInt(pool) * weight) / total));
  let left = pool - sum(amounts);
  for (let index = 0; left > 0; index = (index + 1) % weights.length) {
    if (weights[index]! > 0n) {
      amounts[index]! += 1;
      left -= 1;
    }
  }
  return amounts;
}

function greatestCommonDivisor(a: bigint, b: bigint): bigint {
  return b === 0n ? a : greatestCommonDivisor(b, a % b);
}

const leastCommonMultiple = (a: bigint, b: bigint) => (a / greatestCommonDivisor(a, b)) * b;
