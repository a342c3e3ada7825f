import { snake, type ReplayVerdict } from '@arena/games';
import { deciderSpec } from '@arena/testing';
import type { CreateTournament, TournamentCommand } from './tournament.commands';
import { tournamentDecider } from './tournament.decider';
import type {
  Plan,
  PlayStarted,
  ScoreSubmitted,
  TournamentCreated,
  TournamentEvent,
} from './tournament.events';
import { PLAY_GRACE_MS } from './tournament.plays';

const { snakeCore } = snake;

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
    game: {
      slug: 'arcade',
      name: 'Arcade',
      integrationUrl: 'https://arcade.example/play',
      maxScore: 600_000,
      external: true,
    },
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

/** A tournament of a verified catalog game: results come only from plays. */
export const verifiedCreated = (overrides: Partial<CreateTournament['data']> = {}) =>
  created({
    game: { slug: 'snake', name: 'Snake', integrationUrl: '/snake/', maxScore: 3_970, external: false },
    ...overrides,
  });

export const playIds = {
  first: '9a1f6a8e-3c1b-4d7e-8f20-1b2c3d4e5f60',
  second: '9a1f6a8e-3c1b-4d7e-8f20-1b2c3d4e5f61',
};

export const startPlay = (
  userId: string,
  minute: number,
  playId = playIds.first,
  matchId: string | null = null,
): TournamentCommand => ({
  type: 'StartPlay',
  data: { tournamentId: id, playId, userId, matchId, seed: `seed-${playId}`, now: at(minute) },
});

/** Snake plays expire an hour (its longest play) and two minutes of grace after they start. */
export const playStarted = (
  userId: string,
  minute: number,
  playId = playIds.first,
  matchId: string | null = null,
  game = 'snake',
): PlayStarted => ({
  type: 'PlayStarted',
  data: {
    tournamentId: id,
    playId,
    userId,
    matchId,
    game,
    seed: `seed-${playId}`,
    startedAt: at(minute),
    expiresAt: new Date(Date.parse(at(minute)) + snakeCore.maxDurationMs + PLAY_GRACE_MS).toISOString(),
  },
});

export const honestVerdict = (score: number, durationMs: number, completed = true): ReplayVerdict => ({
  valid: true,
  result: { score, completed, durationMs, ticks: Math.floor(durationMs / 125) },
});

/** The member's result for a play, as the application brings it: the core's verdict on the log. */
export const submitPlay = (
  userId: string,
  minute: number,
  verdict: ReplayVerdict,
  playId = playIds.first,
): TournamentCommand => ({
  type: 'SubmitPlayResult',
  data: { tournamentId: id, playId, userId, username: `name-${userId}`, verdict, now: at(minute) },
});
