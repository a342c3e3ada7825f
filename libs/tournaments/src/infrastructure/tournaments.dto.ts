import { z } from 'zod';
import {
  PLANS,
  PRIZE_MODELS,
  TOURNAMENT_FORMATS,
  TOURNAMENT_MODES,
  TOURNAMENT_STATUSES,
} from '../domain/tournament.events';
import { MAX_STORED_INTEGER } from '../domain/tournament.decider';

export const listTournamentsParams = z.object({ status: z.enum(TOURNAMENT_STATUSES).optional() });
export type ListTournamentsParams = z.infer<typeof listTournamentsParams>;

/** The spec's client also sends the tournament id in the body; the path's id is the one used. */
export const joinTournamentBody = z.object({ charityId: z.string().trim().min(1).max(100).optional() });
export type JoinTournamentBody = z.infer<typeof joinTournamentBody>;

/** Only the type here: the decider owns the score rules (whole, non-negative, within the game's cap). */
export const submitScoreBody = z.object({ score: z.number({ error: 'score must be a number' }) });
export type SubmitScoreBody = z.infer<typeof submitScoreBody>;

/** Any offset is accepted; the decider records the canonical UTC form. */
const instant = z.iso.datetime({ offset: true }).transform((value) => new Date(value).toISOString());

export const createTournamentBody = z.object({
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
});
export type CreateTournamentBody = z.infer<typeof createTournamentBody>;

export const cancelTournamentBody = z.object({ reason: z.string().trim().min(1).max(500) });
export type CancelTournamentBody = z.infer<typeof cancelTournamentBody>;
