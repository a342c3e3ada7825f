import { NonprofitDirectory } from '@arena/charities';
import { derivedEventIds, tournamentsUuid } from '../application/event-ids';
import { TournamentStreamRepository } from '../application/tournament-stream.repository';
import type { CreateTournament, TournamentCommand } from '../domain/tournament.commands';
import type { EditableSettings } from '../domain/tournament.events';
import { TournamentScheduler } from '../infrastructure/tournament.scheduler';
import { catalogDemoGame, recordDemoPlayStep, type DemoPlayStep } from './demo-plays';
import type { DemoPlayer, DemoSeedOptions, DemoSeedResult } from './demo-tournaments';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Step =
  | { kind: 'join'; player: string; charityEin: string | null; at: number }
  /** A verified play of the tournament's catalog game; a short session is a run the member abandoned. */
  | DemoPlayStep
  | { kind: 'charity'; player: string; charityEin: string | null; at: number }
  | {
      kind: 'edit';
      changes: Partial<Omit<EditableSettings, 'tournamentStart' | 'tournamentEnd'>>;
      move?: { start: number; end: number };
      at: number;
    }
  | { kind: 'cancel'; reason: string; at: number };

interface DemoFormatTournament {
  key: string;
  createdAt: number;
  tournament: Omit<
    CreateTournament['data'],
    'tournamentId' | 'tieBreakSeed' | 'now' | 'tournamentStart' | 'tournamentEnd'
  > & { tournamentStart: number | null; tournamentEnd: number | null };
  steps: Step[];
}

// Nonprofits of the bundled directory (libs/charities/data), by EIN.
const RED_CROSS = '530196605';
const MOMA = '131624100';
const NORTON_SOUND = '920041488';

const TOURNAMENTS: DemoFormatTournament[] = [
  {
    key: 'pairs-time-attack',
    createdAt: -3 * HOUR,
    tournament: {
      title: 'Memory Pairs Time Attack',
      description:
        'Find all eight pairs against the clock: the fastest finish directs the pool to disaster relief.',
      thumbnail: null,
      mode: 'INSTANT',
      format: 'TIME_ATTACK',
      prizeModel: 'WINNER_TAKES_ALL',
      prizePoolCents: 2000,
      maxParticipants: 12,
      requiredPlan: 'FREE',
      rules:
        'Your fastest finished run counts: lower is better.\nA run you do not finish counts as an attempt, never as a time.\nTies go to the earliest best time, then fewer attempts.',
      game: catalogDemoGame('pairs'),
      tournamentStart: null,
      tournamentEnd: null,
    },
    steps: [
      { kind: 'join', player: 'ada', charityEin: RED_CROSS, at: -170 * MINUTE },
      { kind: 'join', player: 'ben', charityEin: MOMA, at: -160 * MINUTE },
      { kind: 'join', player: 'chloe', charityEin: null, at: -150 * MINUTE },
      { kind: 'join', player: 'dev', charityEin: NORTON_SOUND, at: -140 * MINUTE },
      { kind: 'play', player: 'ada', skill: 0.5, attempt: 1, at: -165 * MINUTE },
      { kind: 'play', player: 'ben', skill: 0.6, sessionMs: 6_000, attempt: 1, at: -155 * MINUTE },
      { kind: 'play', player: 'ben', skill: 0.7, attempt: 2, at: -150 * MINUTE },
      { kind: 'play', player: 'ada', skill: 0.9, attempt: 2, at: -120 * MINUTE },
      { kind: 'play', player: 'chloe', skill: 0.4, sessionMs: 5_000, attempt: 1, at: -110 * MINUTE },
      { kind: 'play', player: 'dev', skill: 0.3, attempt: 1, at: -100 * MINUTE },
      { kind: 'charity', player: 'chloe', charityEin: RED_CROSS, at: -90 * MINUTE },
      { kind: 'charity', player: 'dev', charityEin: MOMA, at: -60 * MINUTE },
    ],
  },
  {
    key: 'pairs-time-attack-finished',
    createdAt: -5 * DAY,
    tournament: {
      title: 'Memory Pairs Speedrun Trio',
      description: 'Three players, eight pairs each: the three fastest finishes split the pool.',
      thumbnail: null,
      mode: 'INSTANT',
      format: 'TIME_ATTACK',
      prizeModel: 'TOP_3_SPLIT',
      prizePoolCents: 3000,
      maxParticipants: 3,
      requiredPlan: 'FREE',
      rules:
        'Three unique players; the third first run closes it.\nYour fastest finished run counts: lower is better.',
      game: catalogDemoGame('pairs'),
      tournamentStart: null,
      tournamentEnd: null,
    },
    steps: [
      { kind: 'join', player: 'ada', charityEin: RED_CROSS, at: -5 * DAY + HOUR },
      { kind: 'join', player: 'ben', charityEin: MOMA, at: -5 * DAY + 2 * HOUR },
      { kind: 'join', player: 'emma', charityEin: NORTON_SOUND, at: -5 * DAY + 3 * HOUR },
      { kind: 'play', player: 'ada', skill: 0.8, attempt: 1, at: -5 * DAY + 4 * HOUR },
      { kind: 'play', player: 'ada', skill: 0.8, sessionMs: 4_000, attempt: 2, at: -5 * DAY + 5 * HOUR },
      { kind: 'play', player: 'ben', skill: 0.5, attempt: 1, at: -5 * DAY + 6 * HOUR },
      { kind: 'play', player: 'emma', skill: 0.7, attempt: 1, at: -5 * DAY + 7 * HOUR },
    ],
  },
  {
    key: 'pairs-time-attack-upcoming',
    createdAt: -DAY,
    tournament: {
      title: 'Memory Pairs Night Run',
      description: 'An evening of Memory Pairs sprints for food banks: the three fastest direct the pool.',
      thumbnail: null,
      mode: 'SCHEDULED',
      format: 'TIME_ATTACK',
      prizeModel: 'TOP_3_SPLIT',
      prizePoolCents: 4500,
      maxParticipants: 40,
      requiredPlan: 'FREE',
      rules:
        'Your fastest finished run counts: lower is better.\nRuns you do not finish never count as a time.',
      game: catalogDemoGame('pairs'),
      tournamentStart: DAY + 18 * HOUR,
      tournamentEnd: DAY + 22 * HOUR,
    },
    steps: [
      { kind: 'join', player: 'chloe', charityEin: RED_CROSS, at: -20 * HOUR },
      { kind: 'join', player: 'felix', charityEin: null, at: -10 * HOUR },
    ],
  },
  {
    key: 'pairs-time-attack-cancelled',
    createdAt: -6 * DAY,
    tournament: {
      title: 'Memory Pairs Relay',
      description: 'A relay of Memory Pairs runs for mountain rescue teams.',
      thumbnail: null,
      mode: 'SCHEDULED',
      format: 'TIME_ATTACK',
      prizeModel: 'WINNER_TAKES_ALL',
      prizePoolCents: 2000,
      maxParticipants: 20,
      requiredPlan: 'FREE',
      rules: 'Your fastest finished run counts: lower is better.',
      game: catalogDemoGame('pairs'),
      tournamentStart: 2 * DAY,
      tournamentEnd: 2 * DAY + 3 * HOUR,
    },
    steps: [
      { kind: 'join', player: 'dev', charityEin: NORTON_SOUND, at: -5 * DAY },
      {
        kind: 'cancel',
        reason: 'Merged into the Memory Pairs Night Run, so both fields play one bigger pool.',
        at: -4 * DAY,
      },
    ],
  },
  {
    key: 'tiles-edited',
    createdAt: -2 * DAY,
    tournament: {
      title: 'Tile Merge Sunday',
      description: 'A quiet Sunday of Tile Merge for public libraries.',
      thumbnail: null,
      mode: 'SCHEDULED',
      format: 'SCORE_ATTACK',
      prizeModel: 'TOP_3_SPLIT',
      prizePoolCents: 2500,
      maxParticipants: 30,
      requiredPlan: 'FREE',
      rules: 'Your best score counts.',
      game: catalogDemoGame('tiles'),
      tournamentStart: 2 * DAY,
      tournamentEnd: 2 * DAY + 6 * HOUR,
    },
    steps: [
      { kind: 'join', player: 'emma', charityEin: MOMA, at: -DAY },
      {
        kind: 'edit',
        changes: {
          title: 'Tile Merge Sunday (moved to Monday)',
          prizePoolCents: 4000,
          rules: 'Your best score counts.\nMoved a day later so more players can take part.',
        },
        move: { start: 3 * DAY, end: 3 * DAY + 6 * HOUR },
        at: -12 * HOUR,
      },
      { kind: 'join', player: 'felix', charityEin: NORTON_SOUND, at: -6 * HOUR },
    ],
  },
  {
    key: 'snake-cancelled',
    createdAt: -4 * DAY,
    tournament: {
      title: 'Snake Blitz Open',
      description: 'A Snake blitz open for youth mentoring programmes.',
      thumbnail: null,
      mode: 'SCHEDULED',
      format: 'SCORE_ATTACK',
      prizeModel: 'WINNER_TAKES_ALL',
      prizePoolCents: 5000,
      maxParticipants: 16,
      requiredPlan: 'PREMIUM',
      rules: 'Your best score counts.',
      game: catalogDemoGame('snake'),
      tournamentStart: DAY,
      tournamentEnd: DAY + 4 * HOUR,
    },
    steps: [
      { kind: 'join', player: 'ada', charityEin: RED_CROSS, at: -3 * DAY },
      {
        kind: 'cancel',
        reason: 'Moved to the spring season so more schools can take part; this open returns next month.',
        at: -2 * DAY,
      },
    ],
  },
];

/**
 * Demo data for TIME_ATTACK, operators' edits and cancellations, and charity choices: a live time
 * attack with finished and unfinished runs, an upcoming tournament an operator edited (moved a day
 * later), a cancelled one with its reason, and players who joined with a charity or chose one later.
 * A tournament already in the store is left as it is, so running the seed again appends nothing.
 */
export async function seedDemoFormats(options: DemoSeedOptions): Promise<DemoSeedResult> {
  const now = options.now ?? new Date();
  const nonprofits = new NonprofitDirectory();
  const repository = new TournamentStreamRepository(options.eventStore);
  const scheduler = options.jobs && new TournamentScheduler(options.jobs);
  const player = (key: string): DemoPlayer => {
    const found = options.players[key];
    if (!found) throw new Error(`Demo player ${key} is missing`);
    return found;
  };
  const charity = (ein: string | null) => {
    if (ein === null) return { charityId: null, charityName: null };
    const found = nonprofits.findByEin(ein);
    if (!found) throw new Error(`Demo charity ${ein} is not in the nonprofit directory`);
    return { charityId: found.ein, charityName: found.name };
  };
  const result: DemoSeedResult = { tournaments: [] };
  for (const demo of TOURNAMENTS) {
    const tournamentId = tournamentsUuid(`demo-tournament:${demo.key}`);
    const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
    const { tournamentStart, tournamentEnd } = demo.tournament;
    const create: TournamentCommand = {
      type: 'CreateTournament',
      data: {
        ...demo.tournament,
        tournamentId,
        tournamentStart: tournamentStart === null ? null : at(tournamentStart),
        tournamentEnd: tournamentEnd === null ? null : at(tournamentEnd),
        tieBreakSeed: tournamentsUuid(`demo-seed:${demo.key}`).replace(/-/g, ''),
        now: at(demo.createdAt),
      },
    };
    const created = await repository.execute(create, derivedEventIds(`seed:${demo.key}:create`));
    let appended = created.events.length;
    if (appended > 0) {
      for (const [index, step] of [...demo.steps].sort((a, b) => a.at - b.at).entries()) {
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
        const command = toCommand(tournamentId, step, at, player, charity);
        const { events } = await repository.execute(command, derivedEventIds(`seed:${demo.key}:${index}`));
        appended += events.length;
      }
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
  charity: (ein: string | null) => { charityId: string | null; charityName: string | null },
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
          ...charity(step.charityEin),
          // The seed stands in for subscriptions: demo members hold every plan a demo tournament needs.
          memberPlan: 'PREMIUM_PLUS',
          now,
        },
      };
    }
    case 'charity':
      return {
        type: 'SelectCharity',
        data: { tournamentId, userId: player(step.player).accountId, ...charity(step.charityEin), now },
      };
    case 'edit':
      return {
        type: 'EditTournament',
        data: {
          tournamentId,
          changes: {
            ...step.changes,
            ...(step.move ? { tournamentStart: at(step.move.start), tournamentEnd: at(step.move.end) } : {}),
          },
          now,
        },
      };
    case 'cancel':
      return { type: 'CancelTournament', data: { tournamentId, reason: step.reason, now } };
    default: {
      const unexpected: never = step;
      return unexpected;
    }
  }
}
