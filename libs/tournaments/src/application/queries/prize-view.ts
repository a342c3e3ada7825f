import type { Kysely } from 'kysely';
import type { PrizeConfig, PrizeLine } from '@arena/contracts';
import { charityProfileUrl, dollarsFromCents } from '@arena/contracts/tournaments.rules';
import { topEntries } from '@arena/projections/leaderboards/leaderboards.queries';
import type { TournamentCatalogRow } from '@arena/projections/tournament-catalog/tournament-catalog.queries';
import {
  chosenCharities,
  findPrizeConfig,
  prizeLines,
  type TournamentPrizesTables,
} from '@arena/projections/tournament-prizes/tournament-prizes.queries';
import { publishedLogoUrls, type CharitiesTables } from '@arena/projections/charities/charities.queries';
import { allocatePrizes, prizeConfigOf } from '../../domain/prize-allocation';
import { isHeadToHead } from '../../domain/bracket/bracket.state';
import { lowerScoreWins } from '../../domain/tournament.standings';

/** The detail's prize fields: the configuration and 'Donation leaders and winners'. */
export interface PrizeView {
  prizeConfig: PrizeConfig;
  prizeBreakdown: PrizeLine[];
  prizeBreakdownIsFinal: boolean;
}

/**
 * Leaders the live preview allocates over. Every rank-based model pays at most 100 places, so the
 * preview of WINNER_TAKES_ALL, TOP_3_SPLIT and FLEXIBLE_TOP_N is exact; FLAT_PAYOUTS and
 * MILESTONE_REWARDS are exact while at most this many players have a score, and otherwise show what
 * these leaders would direct if they were the whole field.
 */
export const PREVIEW_LEADERS = 200;

/**
 * After completion, the PrizeAllocated lines (final). While live, what each current leader would
 * direct if the tournament ended now, by the same allocation the decider runs on completion.
 * Head-to-head formats rank by their bracket, not the leaderboard, so they show lines only once
 * final; upcoming and cancelled tournaments have none.
 */
export async function prizeView(db: Kysely<any>, row: TournamentCatalogRow): Promise<PrizeView> {
  const prizes = db as Kysely<TournamentPrizesTables>;
  // None given (or this read model a moment behind the catalog): the model's defaults for this pool.
  const prizeConfig = prizeConfigOf({
    prizeModel: row.prize_model,
    prizePoolCents: row.prize_pool_cents,
    game: { maxScore: row.game_max_score },
    prizeConfig: await findPrizeConfig(prizes, row.id),
  });
  if (row.status === 'COMPLETED') {
    const lines = await prizeLines(prizes, row.id);
    return {
      prizeConfig,
      prizeBreakdownIsFinal: true,
      prizeBreakdown: await withLogos(
        db,
        lines.map((line) =>
          toPrizeLine(
            line.rank,
            line.user_id,
            line.username,
            line.score,
            line.amount_cents,
            line.charity_id,
            line.charity_name,
          ),
        ),
      ),
    };
  }
  if (row.status !== 'ACTIVE' || isHeadToHead(row.format)) {
    return { prizeConfig, prizeBreakdown: [], prizeBreakdownIsFinal: false };
  }
  const leaders = await topEntries(db, row.id, PREVIEW_LEADERS);
  const amounts = allocatePrizes(prizeConfig, row.prize_pool_cents, leaders, lowerScoreWins(row.format));
  const charities = await chosenCharities(
    prizes,
    row.id,
    amounts.map((amount) => amount.userId),
  );
  const byUser = new Map(leaders.map((leader) => [leader.userId, leader]));
  return {
    prizeConfig,
    prizeBreakdownIsFinal: false,
    prizeBreakdown: await withLogos(
      db,
      amounts.map(({ rank, userId, amountCents }) => {
        const leader = byUser.get(userId)!;
        const charity = charities.get(userId);
        return toPrizeLine(
          rank,
          userId,
          leader.username,
          leader.score,
          amountCents,
          charity?.charityId ?? null,
          charity?.charityName ?? null,
        );
      }),
    ),
  };
}

/** Each line's charity logo, where its charity is published on Charity Arena with one (issue 23). */
async function withLogos(db: Kysely<any>, lines: PrizeLine[]): Promise<PrizeLine[]> {
  const eins = lines.flatMap((line) => (line.charityId === null ? [] : [line.charityId]));
  const logos = await publishedLogoUrls(db as Kysely<CharitiesTables>, eins);
  return lines.map((line) => ({
    ...line,
    charityLogoUrl: line.charityId === null ? null : (logos.get(line.charityId.replace(/\D/g, '')) ?? null),
  }));
}

function toPrizeLine(
  rank: number,
  userId: string,
  username: string,
  score: number,
  amountCents: number,
  charityId: string | null,
  charityName: string | null,
): PrizeLine {
  return {
    rank,
    userId,
    username,
    score,
    amount: amountCents / 100,
    amountCents,
    amountDisplay: dollarsFromCents(amountCents),
    charityId,
    charityName,
    charityUrl: charityId === null ? null : charityProfileUrl(charityId),
    charityLogoUrl: null,
  };
}
