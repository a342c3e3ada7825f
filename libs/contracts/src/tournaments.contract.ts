import { z } from 'zod';

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

/** Only the type here: the decider owns the score rules (whole, non-negative, within the game's cap). */
export const submitScoreBody = z
  .object({ score: z.number({ error: 'score must be a number' }) })
  .meta({ id: 'SubmitScoreBody' });
export type SubmitScoreBody = z.infer<typeof submitScoreBody>;

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
    game: z.object({
      slug: z.string().trim().min(1).max(60),
      name: z.string().trim().min(1).max(120),
      integrationUrl: z.string().trim().min(1).max(500),
      maxScore: z.number().int().min(1).max(MAX_STORED_INTEGER),
    }),
    tournamentStart: instant.nullable().default(null),
    tournamentEnd: instant.nullable().default(null),
  })
  .meta({ id: 'CreateTournamentBody' });
export type CreateTournamentBody = z.infer<typeof createTournamentBody>;

export const cancelTournamentBody = z
  .object({ reason: z.string().trim().min(1).max(500) })
  .meta({ id: 'CancelTournamentBody' });
export type CancelTournamentBody = z.infer<typeof cancelTournamentBody>;

/** One row of a live leaderboard (spec: rank, userId, username, avatarUrl, score, charityName, charityUrl). */
export const leaderboardEntry = z
  .object({
    rank: z.number().int(),
    userId: z.uuid(),
    username: z.string(),
    avatarUrl: z.string().nullable(),
    score: z.number(),
    charityName: z.string().nullable(),
    charityUrl: z.string().nullable(),
  })
  .meta({ id: 'LeaderboardEntry' });
export type LeaderboardEntry = z.infer<typeof leaderboardEntry>;

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
    game: z.object({ name: z.string(), integrationUrl: z.string() }),
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

export const tournamentDetail = tournamentSummary
  .extend({
    rules: z.string(),
    isUserJoined: z.boolean(),
    canJoin: z.boolean(),
    leaderboard: z.array(leaderboardEntry),
    finalStandings: z.array(finalStanding).nullable(),
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
    bestScore: z.number(),
    /** COMPLETED when this score filled the last place of an instant tournament. */
    tournamentStatus: z.enum(TOURNAMENT_STATUSES),
  })
  .meta({ id: 'SubmittedScore' });
export type SubmittedScore = z.infer<typeof submittedScore>;

export const createdTournament = z
  .object({ id: z.uuid(), status: z.enum(TOURNAMENT_STATUSES) })
  .meta({ id: 'CreatedTournament' });

/** What a start, end or cancel did: `changed` is false when its effect had already happened. */
export const tournamentTransition = z
  .object({ tournamentId: z.uuid(), changed: z.boolean(), status: z.enum(TOURNAMENT_STATUSES) })
  .meta({ id: 'TournamentTransition' });
