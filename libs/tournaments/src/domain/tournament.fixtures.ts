import { deciderSpec } from '@arena/testing';
import type { CreateTournament, TournamentCommand } from './tournament.commands';
import { tournamentDecider } from './tournament.decider';
import type { Plan, ScoreSubmitted, TournamentCreated, TournamentEvent } from './tournament.events';

/** Events and commands of one tournament for the decider's given/when/then specs. */
export const spec = deciderSpec<
  TournamentCommand,
  TournamentEvent,
  ReturnType<typeof tournamentDecider.evolve>
>(tournamentDecider);
export const id = '4b0f3c5e-2d7a-4e61-9c8b-0a1d2e3f4a5b';
export const seed = '00112233445566778899aabbccddeeff';
export const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString();

export const createCommand = (overrides: Partial<CreateTournament['data']> = {}): CreateTournament => ({
  type: 'CreateTournament',
  data: {
    tournamentId: id,
    title: 'Snake Sprint',
    description: 'Fastest snake wins',
    thumbnail: null,
    mode: 'INSTANT',
    format: 'SCORE_ATTACK',
    prizeModel: 'WINNER_TAKES_ALL',
    prizePoolCents: 2500,
    maxParticipants: 3,
    requiredPlan: 'FREE',
    rules: 'Play fair',
    game: { slug: 'snake', name: 'Snake', integrationUrl: '/games/snake', maxScore: 600_000 },
    tournamentStart: null,
    tournamentEnd: null,
    tieBreakSeed: seed,
    now: at(0),
    ...overrides,
  },
});

export const created = (overrides: Partial<CreateTournament['data']> = {}): TournamentCreated => {
  const { now, ...data } = createCommand(overrides).data;
  return { type: 'TournamentCreated', data: { ...data, createdAt: now } };
};

/** Upcoming from minute 0, starts at 10, ends at 50. */
export const scheduledCreated = (overrides: Partial<CreateTournament['data']> = {}) =>
  created({ mode: 'SCHEDULED', tournamentStart: at(10), tournamentEnd: at(50), ...overrides });

export const started = (minute = 0): TournamentEvent => ({
  type: 'TournamentStarted',
  data: { tournamentId: id, startedAt: at(minute) },
});

export const joined = (
  userId: string,
  minute = 1,
  charity: { charityId: string; charityName: string } | null = null,
): TournamentEvent => ({
  type: 'PlayerJoined',
  data: {
    tournamentId: id,
    userId,
    username: `name-${userId}`,
    charityId: charity?.charityId ?? null,
    charityName: charity?.charityName ?? null,
    joinedAt: at(minute),
  },
});

export const join = (userId: string, memberPlan: Plan = 'FREE', minute = 1): TournamentCommand => ({
  type: 'JoinTournament',
  data: {
    tournamentId: id,
    userId,
    username: `name-${userId}`,
    charityId: null,
    charityName: null,
    memberPlan,
    now: at(minute),
  },
});

export const submit = (
  userId: string,
  score: number,
  minute: number,
  completed?: boolean,
): TournamentCommand => ({
  type: 'SubmitScore',
  data: {
    tournamentId: id,
    userId,
    username: `name-${userId}`,
    score,
    ...(completed === undefined ? {} : { completed }),
    now: at(minute),
  },
});

export const scored = (
  userId: string,
  score: number,
  attempt: number,
  minute: number,
  best: { score: number; minute: number } | null = { score, minute },
  completed = true,
): ScoreSubmitted => ({
  type: 'ScoreSubmitted',
  data: {
    tournamentId: id,
    userId,
    username: `name-${userId}`,
    score,
    completed,
    attempt,
    bestScore: best?.score ?? null,
    bestScoreAt: best ? at(best.minute) : null,
    submittedAt: at(minute),
  },
});

export const endCommand = (minute: number, scheduledFor?: string): TournamentCommand => ({
  type: 'EndTournament',
  data: { tournamentId: id, now: at(minute), ...(scheduledFor === undefined ? {} : { scheduledFor }) },
});

export const startCommand = (minute: number, scheduledFor?: string): TournamentCommand => ({
  type: 'StartTournament',
  data: { tournamentId: id, now: at(minute), ...(scheduledFor === undefined ? {} : { scheduledFor }) },
});
