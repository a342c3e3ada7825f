import { z } from 'zod';
import { leaderboardEntry } from './leaderboard-entry.contract';
import { ed25519PublicKey, SCORE_VERIFICATIONS, signedResult } from './signed-results.contract';

export const TOURNAMENT_MODES = ['INSTANT', 'SCHEDULED'] as const;
export const TOURNAMENT_FORMATS = [
  'ROUND_ROBIN',
  'ROUND_ROBIN_SINGLE_ELIM',
  'ROUND_ROBIN_DOUBLE_ELIM',
  'SINGLE_ELIMINATION',
  'DOUBLE_ELIMINATION',
  'TIME_ATTACK',
  'SCORE_ATTACK',
] as const;
export const PRIZE_MODELS = [
  'WINNER_TAKES_ALL',
  'TOP_3_SPLIT',
  'FLEXIBLE_TOP_N',
  'FLAT_PAYOUTS',
  'MILESTONE_REWARDS',
] as const;
export const PLANS = ['FREE', 'PREMIUM', 'PREMIUM_PLUS'] as const;
export const TOURNAMENT_STATUSES = ['ACTIVE', 'UPCOMING', 'COMPLETED', 'CANCELLED'] as const;

/** The largest value of a PostgreSQL integer column, where read models keep caps and counts. */
export const MAX_STORED_INTEGER = 2_147_483_647;

export const listTournamentsParams = z
  .object({ status: z.enum(TOURNAMENT_STATUSES).optional() })
  .meta({ id: 'ListTournamentsParams' });
export type ListTournamentsParams = z.infer<typeof listTournamentsParams>;

/** The spec's client also sends the tournament id in the body; the path's id is the one used. */
export const joinTournamentBody = z
  .object({ charityId: z.string().trim().min(1).max(100).optional() })
  .meta({ id: 'JoinTournamentBody' });
export type JoinTournamentBody = z.infer<typeof joinTournamentBody>;

/**
 * Only the type here: the decider owns the score rules (whole, non-negative, within the game's cap).
 * TIME_ATTACK: `score` is the completion time in ms and `completed` false for a run that did not finish.
 * `signedResult`: required for a game that signs its results (scoreVerification SIGNED), refused for
 * one that does not (signed-results.contract.ts).
 */
export const submitScoreBody = z
  .object({
    score: z.number({ error: 'score must be a number' }),
    completed: z.boolean().default(true),
    signedResult: signedResult.optional(),
  })
  .meta({ id: 'SubmitScoreBody' });
export type SubmitScoreBody = z.infer<typeof submitScoreBody>;

/** A share of a prize pool in basis points: 10 000 is the whole pool. */
const basisPoints = z.number().int().min(1).max(10_000);
const sumsToWhole = (shares: readonly number[]) => shares.reduce((sum, share) => sum + share, 0) === 10_000;
const WHOLE_POOL = 'The shares must add up to 10000 basis points (the whole pool)';

/**
 * How a prize model splits the pool (issue 9). Every allocation is integer cents that sum to the pool
 * exactly; remainder cents go by rank (libs/tournaments prize allocation; rules in docs/prizes.md).
 * The server also refuses shares that increase from one place to the next, a flat amount above the
 * pool and a milestone above the game's maxScore. Omitted on creation: the model's defaults.
 * - WINNER_TAKES_ALL: rank 1 directs the whole pool.
 * - TOP_3_SPLIT: ranks 1–3 by `sharesBasisPoints` (default 50/30/20).
 * - FLEXIBLE_TOP_N: ranks 1–`places` by `sharesBasisPoints` (one per place), or equal shares if omitted
 *   (default: 5 places, equal).
 * - FLAT_PAYOUTS: each ranked player from rank 1 directs `flatAmountCents` until the pool runs out
 *   (default: a tenth of the pool).
 * - MILESTONE_REWARDS: each milestone's share of the pool is split among the players who reached its
 *   `score` (for TIME_ATTACK: finished within it, in ms) (default: half the game's maxScore, whole pool).
 */
export const prizeConfig = z
  .discriminatedUnion('model', [
    z.object({ model: z.literal('WINNER_TAKES_ALL') }),
    z.object({
      model: z.literal('TOP_3_SPLIT'),
      sharesBasisPoints: z
        .tuple([basisPoints, basisPoints, basisPoints])
        .default([5000, 3000, 2000])
        .refine(sumsToWhole, WHOLE_POOL),
    }),
    z.object({
      model: z.literal('FLEXIBLE_TOP_N'),
      places: z.number().int().min(1).max(100),
      sharesBasisPoints: z.array(basisPoints).min(1).max(100).refine(sumsToWhole, WHOLE_POOL).optional(),
    }),
    z.object({
      model: z.literal('FLAT_PAYOUTS'),
      flatAmountCents: z.number().int().min(1).max(100_000_000),
    }),
    z.object({
      model: z.literal('MILESTONE_REWARDS'),
      milestones: z
        .array(
          z.object({
            score: z.number().int().min(0).max(MAX_STORED_INTEGER),
            sharesBasisPoints: basisPoints,
          }),
        )
        .min(1)
        .max(20)
        .refine(
          (milestones) => sumsToWhole(milestones.map((milestone) => milestone.sharesBasisPoints)),
          WHOLE_POOL,
        ),
    }),
  ])
  .meta({ id: 'PrizeConfig' });
export type PrizeConfig = z.infer<typeof prizeConfig>;

/** Any offset is accepted; the decider records the canonical UTC form. */
const instant = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

export const createTournamentBody = z
  .object({
    tournamentId: z.uuid().optional(),
    title: z.string().trim().min(1).max(120),
    description: z.string().trim().max(2000).default(''),
    thumbnail: z.string().trim().min(1).max(500).nullable().default(null),
    mode: z.enum(TOURNAMENT_MODES),
    format: z.enum(TOURNAMENT_FORMATS),
    prizeModel: z.enum(PRIZE_MODELS),
    prizePoolCents: z.number().int().min(0).max(100_000_000),
    maxParticipants: z.number().int().min(1).max(100_000),
    requiredPlan: z.enum(PLANS).default('FREE'),
    rules: z.string().max(10_000).default(''),
    /**
     * A catalog game (`games.catalog.ts`: its results are verified plays) may give only its slug: the
     * rest comes from the catalog. Any other game is an operator's external one (docs/fair-play.md): it
     * says `external: true` and gives its name, integrationUrl and maxScore, and its scores are signed
     * by its server (with `resultPublicKey`) or bare numbers shown as unverified.
     */
    game: z.object({
      slug: z.string().trim().min(1).max(60),
      name: z.string().trim().min(1).max(120).optional(),
      integrationUrl: z.string().trim().min(1).max(500).optional(),
      maxScore: z.number().int().min(1).max(MAX_STORED_INTEGER).optional(),
      external: z.boolean().optional(),
      /**
       * External games only: the key its server signs each result with (signed-results.contract.ts).
       * Without one the tournament's scores are UNVERIFIED, and every member sees it say so.
       */
      resultPublicKey: ed25519PublicKey.optional(),
    }),
    tournamentStart: instant.nullable().default(null),
    tournamentEnd: instant.nullable().default(null),
    /** The model's settings; omitted means the model's defaults. Its `model` must equal `prizeModel`. */
    prizeConfig: prizeConfig.optional(),
    /** Head-to-head formats: how long both players have to play a match once it is scheduled. */
    matchWindowMinutes: z.number().int().min(5).max(43_200).optional(),
  })
  .refine((body) => !body.prizeConfig || body.prizeConfig.model === body.prizeModel, {
    message: 'prizeConfig.model must equal prizeModel',
    path: ['prizeConfig', 'model'],
  })
  .meta({ id: 'CreateTournamentBody' });
export type CreateTournamentBody = z.infer<typeof createTournamentBody>;

/** Operators edit a SCHEDULED tournament until it starts: any subset of the creation settings. */
export const editTournamentBody = z
  .object({
    title: z.string().trim().min(1).max(120).optional(),
    description: z.string().trim().max(2000).optional(),
    thumbnail: z.string().trim().min(1).max(500).nullable().optional(),
    prizeModel: z.enum(PRIZE_MODELS).optional(),
    prizeConfig: prizeConfig.optional(),
    prizePoolCents: z.number().int().min(0).max(100_000_000).optional(),
    maxParticipants: z.number().int().min(1).max(100_000).optional(),
    requiredPlan: z.enum(PLANS).optional(),
    rules: z.string().max(10_000).optional(),
    tournamentStart: instant.optional(),
    tournamentEnd: instant.optional(),
    matchWindowMinutes: z.number().int().min(5).max(43_200).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Name at least one setting to change')
  .meta({ id: 'EditTournamentBody' });
export type EditTournamentBody = z.infer<typeof editTournamentBody>;

/** A nonprofit's EIN: nine digits, as the IRS and the bundled data set write it (no dash). */
export const charityEin = z
  .string()
  .trim()
  .transform((value) => value.replace('-', ''))
  .pipe(z.string().regex(/^\d{9}$/, 'charityId must be a nine-digit EIN'));

/** PUT /tournaments/{id}/charity: the member's own choice for this tournament; null clears it. */
export const selectCharityBody = z
  .object({ charityId: charityEin.nullable() })
  .meta({ id: 'SelectCharityBody' });
export type SelectCharityBody = z.infer<typeof selectCharityBody>;

/** The member's charity for a tournament after PUT /tournaments/{id}/charity (all null: cleared). */
export const selectedCharity = z
  .object({
    tournamentId: z.uuid(),
    charityId: z.string().nullable(),
    charityName: z.string().nullable(),
    charityUrl: z.string().nullable(),
  })
  .meta({ id: 'SelectedCharity' });
export type SelectedCharity = z.infer<typeof selectedCharity>;

/** A head-to-head match result of an external game (a catalog game's comes from a verified play). */
export const matchResultBody = z
  .object({
    score: z.number({ error: 'score must be a number' }),
    /** TIME_ATTACK-style games: false when the run did not finish (it then has no time). */
    completed: z.boolean().default(true),
    /** As for a score: required for a game that signs its results. */
    signedResult: signedResult.optional(),
  })
  .meta({ id: 'MatchResultBody' });
export type MatchResultBody = z.infer<typeof matchResultBody>;

/** What a match result did: `decided` once both played; the winner then (null until decided). */
export const recordedMatchResult = z
  .object({
    tournamentId: z.uuid(),
    matchId: z.string(),
    score: z.number(),
    completed: z.boolean(),
    decided: z.boolean(),
    winnerId: z.uuid().nullable(),
    /** COMPLETED when this result decided the final. */
    tournamentStatus: z.enum(TOURNAMENT_STATUSES),
  })
  .meta({ id: 'RecordedMatchResult' });
export type RecordedMatchResult = z.infer<typeof recordedMatchResult>;

export const cancelTournamentBody = z
  .object({ reason: z.string().trim().min(1).max(500) })
  .meta({ id: 'CancelTournamentBody' });
export type CancelTournamentBody = z.infer<typeof cancelTournamentBody>;

/** One row of a live leaderboard: its own module, which the realtime messages share (leaderboard-entry.contract.ts). */
export { leaderboardEntry, type LeaderboardEntry } from './leaderboard-entry.contract';

/** A list card: the spec's Tournament fields that exist so far, minus the per-member and leaderboard parts. */
export const tournamentSummary = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    thumbnail: z.string().nullable(),
    status: z.enum(TOURNAMENT_STATUSES),
    mode: z.enum(TOURNAMENT_MODES),
    format: z.enum(TOURNAMENT_FORMATS),
    prizeModel: z.enum(PRIZE_MODELS),
    /** US dollars with no decimals, e.g. "$1,000". */
    prizeDisplay: z.string(),
    /** Dollars, as the spec's plan rules read it (500 = $500). */
    prizePool: z.number(),
    prizePoolCents: z.number().int(),
    maxParticipants: z.number().int(),
    participantCount: z.number().int(),
    stats: z.object({
      totalParticipants: z.number().int(),
      playersWithScore: z.number().int(),
      totalScores: z.number().int(),
    }),
    tournamentStart: z.iso.datetime().nullable(),
    tournamentEnd: z.iso.datetime().nullable(),
    requiredPlan: z.enum(PLANS),
    game: z.object({ slug: z.string(), name: z.string(), integrationUrl: z.string() }),
    /**
     * How its scores are checked: REPLAY (a game we host, every play replayed), SIGNED (an operator's
     * game whose server signs each result) or UNVERIFIED (an operator's game: bare numbers, unchecked).
     */
    scoreVerification: z.enum(SCORE_VERIFICATIONS),
    /** Set when CANCELLED: the operator's reason, shown on the card and the page. */
    cancelReason: z.string().nullable(),
  })
  .meta({ id: 'TournamentSummary' });
export type TournamentSummary = z.infer<typeof tournamentSummary>;

export const finalStanding = z.object({
  rank: z.number().int(),
  userId: z.uuid(),
  username: z.string(),
  score: z.number(),
  attempts: z.number().int(),
});

/**
 * One line of 'Donation leaders and winners' (spec: prizeBreakdown rank, username, score, amount).
 * Before completion it is what each current leader would direct if the tournament ended now.
 */
export const prizeLine = z
  .object({
    rank: z.number().int(),
    userId: z.uuid(),
    username: z.string(),
    score: z.number(),
    /** US dollars (amountCents / 100), as the spec's client reads it. */
    amount: z.number(),
    amountCents: z.number().int(),
    /** US dollars with no decimals, e.g. "$13". */
    amountDisplay: z.string(),
    charityId: z.string().nullable(),
    charityName: z.string().nullable(),
    charityUrl: z.string().nullable(),
    /** The charity's logo once it is published on Charity Arena (issue 23); null: its monogram shows. */
    charityLogoUrl: z.string().nullable(),
  })
  .meta({ id: 'PrizeLine' });
export type PrizeLine = z.infer<typeof prizeLine>;

export const MATCH_STATUSES = ['LOCKED', 'WAITING', 'READY', 'COMPLETED'] as const;
export const BRACKET_GROUPS = ['ROUND_ROBIN', 'WINNERS', 'LOSERS', 'GRAND_FINAL'] as const;
export const STAGE_KINDS = ['ROUND_ROBIN', 'SINGLE_ELIMINATION', 'DOUBLE_ELIMINATION'] as const;

export const matchSide = z
  .object({
    userId: z.uuid(),
    username: z.string(),
    /** The result played in this match, null until played. */
    score: z.number().nullable(),
    result: z.enum(['WIN', 'LOSS']).nullable(),
    forfeited: z.boolean(),
  })
  .meta({ id: 'MatchSide' });
export type MatchSide = z.infer<typeof matchSide>;

export const bracketMatch = z
  .object({
    id: z.string(),
    number: z.number().int(),
    status: z.enum(MATCH_STATUSES),
    /** null: not known yet (waiting for an earlier match) or a bye. */
    player1: matchSide.nullable(),
    player2: matchSide.nullable(),
    isBye: z.boolean(),
    /**
     * Which side is the bye (issue 23): BOTH for a slot where no match is played. Absent from brackets
     * drawn before it was recorded.
     */
    bye: z.enum(['PLAYER1', 'PLAYER2', 'BOTH']).nullable().optional(),
    deadline: z.iso.datetime().nullable(),
    decidedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'BracketMatch' });
export type BracketMatch = z.infer<typeof bracketMatch>;

export const bracketStanding = z
  .object({
    rank: z.number().int(),
    userId: z.uuid(),
    username: z.string(),
    played: z.number().int(),
    wins: z.number().int(),
    losses: z.number().int(),
    /** Sum of this player's match results, the round robin's second tie-breaker. */
    totalScore: z.number(),
  })
  .meta({ id: 'BracketStanding' });
export type BracketStanding = z.infer<typeof bracketStanding>;

export const bracketStage = z
  .object({
    number: z.number().int(),
    kind: z.enum(STAGE_KINDS),
    rounds: z.array(
      z.object({
        group: z.enum(BRACKET_GROUPS),
        number: z.number().int(),
        matches: z.array(bracketMatch),
      }),
    ),
    /** Round robin stages only: the table so far. */
    standings: z.array(bracketStanding).nullable(),
    /**
     * Each player's seed in this stage (1 is the top), by user id, from the stage's recorded seeding
     * (join order for the first stage, the standings for the next). Absent from stages drawn before it
     * was recorded.
     */
    seeds: z.record(z.string(), z.number().int().min(1)).optional(),
  })
  .meta({ id: 'BracketStage' });
export type BracketStage = z.infer<typeof bracketStage>;

export const nextMatch = z
  .object({
    matchId: z.string(),
    stageKind: z.enum(STAGE_KINDS),
    group: z.enum(BRACKET_GROUPS),
    round: z.number().int(),
    opponentUsername: z.string(),
    deadline: z.iso.datetime(),
    /** True once this member has played it (waiting for the opponent). */
    played: z.boolean(),
  })
  .meta({ id: 'NextMatch' });
export type NextMatch = z.infer<typeof nextMatch>;

/**
 * Spec §3 Tournament `participations`, with the participation fields of §3 tournamentHistory: the signed-in
 * member's own (one when joined, none for a guest or a member who has not joined). finalRank and
 * finalScore are set once the tournament completed; isWinner is a final rank of 1.
 */
export const tournamentParticipation = z
  .object({
    userId: z.uuid(),
    status: z.enum(TOURNAMENT_STATUSES),
    charityId: z.string().nullable(),
    charityName: z.string().nullable(),
    finalRank: z.number().int().nullable(),
    finalScore: z.number().nullable(),
    isWinner: z.boolean(),
  })
  .meta({ id: 'TournamentParticipation' });
export type TournamentParticipation = z.infer<typeof tournamentParticipation>;

export const tournamentDetail = tournamentSummary
  .extend({
    participations: z.array(tournamentParticipation),
    rules: z.string(),
    isUserJoined: z.boolean(),
    canJoin: z.boolean(),
    leaderboard: z.array(leaderboardEntry),
    finalStandings: z.array(finalStanding).nullable(),
    prizeConfig,
    prizeBreakdown: z.array(prizeLine),
    /** True once the tournament completed and the lines are its PrizeAllocated events. */
    prizeBreakdownIsFinal: z.boolean(),
    /** Head-to-head formats; null for SCORE_ATTACK and TIME_ATTACK or before the bracket is drawn. */
    bracket: z.object({ stages: z.array(bracketStage) }).nullable(),
    matchWindowMinutes: z.number().int().nullable(),
    /** The signed-in member's own: their charity for this tournament and next match. */
    myCharity: z
      .object({ charityId: z.string(), charityName: z.string(), charityUrl: z.string() })
      .nullable(),
    myNextMatch: nextMatch.nullable(),
    /** TIME_ATTACK ranks the lowest time first; everything else the highest score. */
    lowerScoreWins: z.boolean(),
  })
  .meta({ id: 'TournamentDetail' });
export type TournamentDetail = z.infer<typeof tournamentDetail>;

export const tournamentList = z
  .object({ tournaments: z.array(tournamentSummary) })
  .meta({ id: 'TournamentList' });

export const joinedTournament = z
  .object({
    tournamentId: z.uuid(),
    userId: z.uuid(),
    charityId: z.string().nullable(),
    joinedAt: z.iso.datetime(),
  })
  .meta({ id: 'JoinedTournament' });
export type JoinedTournament = z.infer<typeof joinedTournament>;

export const submittedScore = z
  .object({
    tournamentId: z.uuid(),
    score: z.number(),
    attempt: z.number().int(),
    /** Null while a TIME_ATTACK player has no completed run. */
    bestScore: z.number().nullable(),
    /** COMPLETED when this score filled the last place of an instant tournament. */
    tournamentStatus: z.enum(TOURNAMENT_STATUSES),
  })
  .meta({ id: 'SubmittedScore' });
export type SubmittedScore = z.infer<typeof submittedScore>;

/** PATCH /admin/tournaments/{id}: `changed` lists the settings that moved (empty: nothing to change). */
export const editedTournament = z
  .object({ id: z.uuid(), status: z.enum(TOURNAMENT_STATUSES), changed: z.array(z.string()) })
  .meta({ id: 'EditedTournament' });
export type EditedTournament = z.infer<typeof editedTournament>;

export const createdTournament = z
  .object({ id: z.uuid(), status: z.enum(TOURNAMENT_STATUSES) })
  .meta({ id: 'CreatedTournament' });

/** What a start, end or cancel did: `changed` is false when its effect had already happened. */
export const tournamentTransition = z
  .object({ tournamentId: z.uuid(), changed: z.boolean(), status: z.enum(TOURNAMENT_STATUSES) })
  .meta({ id: 'TournamentTransition' });

export const IMPROVEMENT_TRENDS = ['IMPROVING', 'DECLINING', 'STABLE'] as const;

/** GET /tournaments/{id}/players/{playerId}/stats (spec: Player tournament stats). */
export const playerTournamentStats = z
  .object({
    userId: z.uuid(),
    username: z.string(),
    avatarUrl: z.string().nullable(),
    tournamentTitle: z.string(),
    currentRank: z.number().int().nullable(),
    totalPlays: z.number().int(),
    bestScore: z.number().nullable(),
    averageScore: z.number().nullable(),
    /** Seconds. */
    totalPlayTime: z.number().int(),
    improvementTrend: z.enum(IMPROVEMENT_TRENDS),
    scoreHistory: z.array(
      z.object({
        sessionId: z.string(),
        score: z.number(),
        level: z.number().int().nullable(),
        stage: z.string().nullable(),
        startedAt: z.iso.datetime(),
        /** Seconds. */
        duration: z.number().int(),
        status: z.enum(['COMPLETED', 'INCOMPLETE', 'FORFEITED']),
      }),
    ),
    firstPlayAt: z.iso.datetime().nullable(),
    lastPlayAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'PlayerTournamentStats' });
export type PlayerTournamentStats = z.infer<typeof playerTournamentStats>;

/** GET /users/game-stats (spec: Game stats). */
export const memberGameStats = z
  .object({
    overallStats: z.object({
      totalTournaments: z.number().int(),
      totalWins: z.number().int(),
      /** Percent, 0–100. */
      winRate: z.number(),
      totalGamesPlayed: z.number().int(),
      averageScore: z.number(),
      highestScore: z.number(),
      /** Seconds. */
      totalPlayTime: z.number().int(),
    }),
    tournamentHistory: z.array(
      z.object({
        tournament: z.object({
          id: z.uuid(),
          title: z.string(),
          prizePool: z.number(),
          game: z.object({ name: z.string() }),
          /** TIME_ATTACK: finalScore is a completion time in milliseconds, lower is better. */
          lowerScoreWins: z.boolean(),
        }),
        participation: z.object({
          finalRank: z.number().int().nullable(),
          finalScore: z.number().nullable(),
          isWinner: z.boolean(),
          status: z.enum(TOURNAMENT_STATUSES),
        }),
      }),
    ),
  })
  .meta({ id: 'MemberGameStats' });
export type MemberGameStats = z.infer<typeof memberGameStats>;

/** GET /nonprofits?term=: the bundled nonprofit data set, for the join modal until favorites exist. */
export const nonprofitSearchParams = z
  .object({
    term: z.string().trim().max(100).default(''),
    limit: z.coerce.number().int().min(1).max(50).default(10),
  })
  .meta({ id: 'NonprofitSearchParams' });
export type NonprofitSearchParams = z.infer<typeof nonprofitSearchParams>;

export const nonprofit = z
  .object({
    ein: z.string(),
    name: z.string(),
    city: z.string(),
    state: z.string(),
    category: z.string(),
    /** Our charity profile page for it: /charity-profile/{ein}. */
    url: z.string(),
  })
  .meta({ id: 'Nonprofit' });
export type Nonprofit = z.infer<typeof nonprofit>;

export const nonprofitList = z.object({ nonprofits: z.array(nonprofit) }).meta({ id: 'NonprofitList' });
export type NonprofitList = z.infer<typeof nonprofitList>;
