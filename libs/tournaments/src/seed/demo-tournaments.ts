import type { EventStore } from '@arena/event-store';
import type { JobsService } from '@arena/jobs';
import { derivedEventIds, tournamentsUuid } from '../application/event-ids';
import { TournamentStreamRepository } from '../application/tournament-stream.repository';
import type { CreateTournament, TournamentCommand } from '../domain/tournament.commands';
import type { TournamentStatus } from '../domain/tournament.events';
import { TournamentScheduler } from '../infrastructure/tournament.scheduler';
import { catalogDemoGame, recordDemoPlayStep, type DemoPlayStep, type DemoRuns } from './demo-plays';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

type Step =
  | { kind: 'join'; player: string; at: number }
  /** A verified play of the tournament's catalog game: its score is whatever the member's bot scores. */
  | DemoPlayStep
  | { kind: 'start'; at: number }
  | { kind: 'end'; at: number };

interface DemoTournament {
  key: string;
  /** Offset from the first seed run, in ms. */
  createdAt: number;
  tournament: Omit<
    CreateTournament['data'],
    'tournamentId' | 'tieBreakSeed' | 'now' | 'tournamentStart' | 'tournamentEnd'
  > & {
    tournamentStart: number | null;
    tournamentEnd: number | null;
  };
  steps: Step[];
}

const TOURNAMENTS: DemoTournament[] = [
  {
    key: 'snake-sprint',
    createdAt: -2 * HOUR,
    tournament: {
      title: 'Snake Sprint for Food Banks',
      description: 'A rolling Snake sprint: the first eight players to post a score decide where $25 goes.',
      thumbnail: null,
      mode: 'INSTANT',
      format: 'SCORE_ATTACK',
      prizeModel: 'WINNER_TAKES_ALL',
      prizePoolCents: 2500,
      maxParticipants: 8,
      requiredPlan: 'FREE',
      rules:
        'Eight unique players, unlimited attempts until the last place is filled.\nThe final joiner gets exactly one attempt.\nYour best score counts; ties go to the earliest high score.',
      game: catalogDemoGame('snake'),
      tournamentStart: null,
      tournamentEnd: null,
    },
    steps: [
      { kind: 'join', player: 'ada', at: -110 * 60_000 },
      { kind: 'join', player: 'ben', at: -100 * 60_000 },
      { kind: 'join', player: 'chloe', at: -90 * 60_000 },
      // Ada leads with her second play, just ahead of her first (the profile's browser test opens her
      // stats). The skills are picked for what the bots score on these plays' keys since food is
      // released step by step (issue 21): 130, 70, 140, 80.
      { kind: 'play', player: 'ada', skill: 0.2, attempt: 1, at: -105 * 60_000 },
      { kind: 'play', player: 'ben', skill: 0.1, attempt: 1, at: -95 * 60_000 },
      { kind: 'play', player: 'ada', skill: 0.1, attempt: 2, at: -80 * 60_000 },
      { kind: 'play', player: 'chloe', skill: 0.3, attempt: 1, at: -70 * 60_000 },
    ],
  },
  {
    key: 'tiles-weekend',
    createdAt: -3 * DAY,
    tournament: {
      title: 'Weekend Tile Merge Marathon',
      description: 'Three days of merging tiles for literacy charities. The top three direct the pool.',
      thumbnail: null,
      mode: 'SCHEDULED',
      // Its scores are points: TIME_ATTACK ranks the lowest time (seed/demo-formats.ts has one).
      format: 'SCORE_ATTACK',
      prizeModel: 'TOP_3_SPLIT',
      prizePoolCents: 15_000,
      maxParticipants: 50,
      // Free, so any member can join the live Tile Merge tournament and play it right away.
      requiredPlan: 'FREE',
      rules:
        'Play as often as you like between the start and the end.\nYour best score counts.\nTies go to the earliest high score, then to fewer attempts.',
      game: catalogDemoGame('tiles'),
      tournamentStart: -HOUR * 20,
      tournamentEnd: 2 * DAY,
    },
    steps: [
      { kind: 'join', player: 'dev', at: -2 * DAY },
      { kind: 'join', player: 'emma', at: -DAY },
      { kind: 'start', at: -HOUR * 20 },
      { kind: 'join', player: 'felix', at: -HOUR * 10 },
      { kind: 'play', player: 'dev', skill: 0.6, attempt: 1, at: -HOUR * 19 },
      { kind: 'play', player: 'emma', skill: 0.8, attempt: 1, at: -HOUR * 12 },
      { kind: 'play', player: 'felix', skill: 0.4, attempt: 1, at: -HOUR * 9 },
      { kind: 'play', player: 'dev', skill: 0.9, attempt: 2, at: -HOUR * 3 },
    ],
  },
  {
    key: 'puzzle-holiday',
    createdAt: -DAY,
    tournament: {
      title: 'Holiday Puzzle Cup',
      description: 'A festive Tile Merge cup for children’s hospitals. Sign up now, play when it opens.',
      thumbnail: null,
      mode: 'SCHEDULED',
      format: 'SCORE_ATTACK',
      prizeModel: 'FLEXIBLE_TOP_N',
      prizePoolCents: 50_000,
      maxParticipants: 100,
      requiredPlan: 'PREMIUM_PLUS',
      rules: 'Opens at the start time and closes at the end time.\nYour best score counts.',
      game: catalogDemoGame('tiles'),
      tournamentStart: 3 * DAY,
      tournamentEnd: 5 * DAY,
    },
    steps: [
      { kind: 'join', player: 'ada', at: -HOUR * 20 },
      { kind: 'join', player: 'emma', at: -HOUR * 5 },
    ],
  },
  {
    key: 'snake-autumn',
    createdAt: -14 * DAY,
    tournament: {
      title: 'Autumn Snake Classic',
      description: 'The autumn classic for animal shelters. Final standings are in.',
      thumbnail: null,
      mode: 'SCHEDULED',
      format: 'SCORE_ATTACK',
      prizeModel: 'TOP_3_SPLIT',
      prizePoolCents: 10_000,
      maxParticipants: 20,
      requiredPlan: 'FREE',
      rules: 'Best score counts.\nTies go to the earliest high score, then fewer attempts.',
      game: catalogDemoGame('snake'),
      tournamentStart: -10 * DAY,
      tournamentEnd: -7 * DAY,
    },
    steps: [
      { kind: 'join', player: 'ben', at: -12 * DAY },
      { kind: 'join', player: 'chloe', at: -11 * DAY },
      { kind: 'join', player: 'felix', at: -11 * DAY },
      { kind: 'start', at: -10 * DAY },
      { kind: 'play', player: 'ben', skill: 0.6, attempt: 1, at: -10 * DAY + HOUR },
      { kind: 'play', player: 'chloe', skill: 0.9, attempt: 1, at: -9 * DAY },
      { kind: 'play', player: 'felix', skill: 0.4, attempt: 1, at: -8 * DAY },
      { kind: 'play', player: 'ben', skill: 0.5, attempt: 2, at: -8 * DAY + HOUR },
      { kind: 'end', at: -7 * DAY },
    ],
  },
  {
    key: 'tiles-mini',
    createdAt: -5 * DAY,
    tournament: {
      title: 'Tile Merge Mini',
      description: 'A three-player instant match for clean-water projects.',
      thumbnail: null,
      mode: 'INSTANT',
      format: 'SCORE_ATTACK',
      prizeModel: 'WINNER_TAKES_ALL',
      prizePoolCents: 1000,
      maxParticipants: 3,
      requiredPlan: 'FREE',
      rules: 'Three unique players.\nThe final joiner gets exactly one attempt.',
      game: catalogDemoGame('tiles'),
      tournamentStart: null,
      tournamentEnd: null,
    },
    steps: [
      { kind: 'join', player: 'ada', at: -5 * DAY + HOUR },
      { kind: 'join', player: 'dev', at: -5 * DAY + 2 * HOUR },
      { kind: 'join', player: 'emma', at: -5 * DAY + 3 * HOUR },
      // Short coffee-break sessions. Ada's second run wins it (2,664 against dev's 2,404 on the keystream): the
      // demo shows a member with a win (her profile's statistics, test/e2e/game-stats.spec.ts).
      { kind: 'play', player: 'ada', skill: 0.5, sessionMs: 60_000, attempt: 1, at: -5 * DAY + 2 * HOUR },
      { kind: 'play', player: 'dev', skill: 0.7, sessionMs: 60_000, attempt: 1, at: -5 * DAY + 3 * HOUR },
      { kind: 'play', player: 'ada', skill: 0.9, sessionMs: 60_000, attempt: 2, at: -5 * DAY + 4 * HOUR },
      { kind: 'play', player: 'emma', skill: 0.6, sessionMs: 60_000, attempt: 1, at: -5 * DAY + 5 * HOUR },
    ],
  },
];

export const demoTournamentId = (key: string) => tournamentsUuid(`demo-tournament:${key}`);

/** A demo account that plays, as identity's demo seed made it. */
export interface DemoPlayer {
  accountId: string;
  username: string;
}

/** The players the demo tournaments are played by, by key (`ada`, `ben`, `chloe`, `dev`, `emma`, `felix`). */
export type DemoPlayers = Readonly<Record<string, DemoPlayer>>;

export interface DemoSeedOptions {
  players: DemoPlayers;
  eventStore: EventStore;
  /** When given, scheduled tournaments get their start and end jobs. */
  jobs?: JobsService;
  /** When given, every verified demo play is kept for watching (issue 23: `VerifiedRuns`). */
  runs?: DemoRuns;
  /** Anchor of the demo timeline; only the first run's anchor matters. */
  now?: Date;
}

export interface DemoSeedResult {
  tournaments: Array<{ id: string; title: string; status: TournamentStatus; appended: number }>;
}

/**
 * Demo tournaments in every status, played by identity's demo accounts. Every id is derived from a fixed
 * name and every step checks the stream first, so running it again appends nothing.
 */
export async function seedDemoTournaments(options: DemoSeedOptions): Promise<DemoSeedResult> {
  const now = options.now ?? new Date();
  const player = (key: string): DemoPlayer => {
    const found = options.players[key];
    if (!found) throw new Error(`Demo player ${key} is missing`);
    return found;
  };

  const repository = new TournamentStreamRepository(options.eventStore);
  const scheduler = options.jobs && new TournamentScheduler(options.jobs);
  const result: DemoSeedResult = { tournaments: [] };
  for (const demo of TOURNAMENTS) {
    const tournamentId = demoTournamentId(demo.key);
    const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
    const create: TournamentCommand = {
      type: 'CreateTournament',
      data: {
        ...demo.tournament,
        tournamentId,
        tournamentStart:
          demo.tournament.tournamentStart === null ? null : at(demo.tournament.tournamentStart),
        tournamentEnd: demo.tournament.tournamentEnd === null ? null : at(demo.tournament.tournamentEnd),
        tieBreakSeed: tournamentsUuid(`demo-seed:${demo.key}`).replace(/-/g, ''),
        now: at(demo.createdAt),
      },
    };
    let appended = (await repository.execute(create, derivedEventIds(`seed:${demo.key}:create`))).events
      .length;
    const steps = [...demo.steps].sort((a, b) => a.at - b.at);
    for (const [index, step] of steps.entries()) {
      if (step.kind === 'play') {
        appended += await recordDemoPlayStep(
          repository,
          { key: demo.key, tournamentId, gameSlug: demo.tournament.game.slug, anchor: now.getTime() },
          step,
          player(step.player),
          options.runs,
        );
        continue;
      }
      const { events } = await repository.execute(
        toCommand(tournamentId, step, at, player),
        derivedEventIds(`seed:${demo.key}:${index}`),
      );
      appended += events.length;
    }
    const state = await repository.load(tournamentId);
    if (state.status === 'NONE') throw new Error(`Demo tournament ${demo.key} was not created`);
    if (scheduler && (state.status === 'UPCOMING' || state.status === 'ACTIVE')) {
      await scheduler.schedule(state.tournament, now);
    }
    result.tournaments.push({
      id: tournamentId,
      title: state.tournament.title,
      status: state.status,
      appended,
    });
  }
  return result;
}

function toCommand(
  tournamentId: string,
  step: Exclude<Step, { kind: 'play' }>,
  at: (offset: number) => string,
  player: (key: string) => DemoPlayer,
): TournamentCommand {
  const now = at(step.at);
  switch (step.kind) {
    case 'join': {
      const { accountId, username } = player(step.player);
      return {
        type: 'JoinTournament',
        data: {
          tournamentId,
          userId: accountId,
          username,
          charityId: null,
          charityName: null,
          // The seed stands in for subscriptions: demo members hold every plan a demo tournament needs.
          memberPlan: 'PREMIUM_PLUS',
          now,
        },
      };
    }
    case 'start':
      return { type: 'StartTournament', data: { tournamentId, now } };
    case 'end':
      return { type: 'EndTournament', data: { tournamentId, now } };
    default: {
      const unexpected: never = step;
      return unexpected;
    }
  }
}
