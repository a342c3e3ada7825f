import type { VerifiedGameSlug } from '@arena/contracts/games.catalog';
import type { PrizeConfig } from '@arena/contracts/tournaments.contract';
import type { EventStore } from '@arena/event-store';
import { derivedEventIds, tournamentsUuid } from '../application/event-ids';
import { TournamentStreamRepository } from '../application/tournament-stream.repository';
import type { TournamentCommand } from '../domain/tournament.commands';
import type { TournamentStatus } from '../domain/tournament.events';
import { catalogDemoGame, recordDemoPlay, type DemoPlayRequest, type DemoRuns } from './demo-plays';
import { demoTournamentId, type DemoPlayer, type DemoPlayers } from './demo-tournaments';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Real nonprofits by EIN, the charities the demo players chose. */
const CHARITIES = {
  redCross: { charityId: '530196605', charityName: 'American National Red Cross' },
  feedingAmerica: { charityId: '363673599', charityName: 'Feeding America' },
  stJude: { charityId: '620646012', charityName: "St. Jude Children's Research Hospital" },
  doctorsWithoutBorders: { charityId: '133433452', charityName: 'Doctors Without Borders USA' },
  wwf: { charityId: '521693387', charityName: 'World Wildlife Fund' },
} as const;

type Charity = (typeof CHARITIES)[keyof typeof CHARITIES] | null;

/** Only games Charity Arena hosts: every demo result is a verified play. */
interface PrizeDemo {
  key: string;
  title: string;
  description: string;
  prizePoolCents: number;
  prizeConfig: PrizeConfig;
  /** Days before the seed's anchor it ended. */
  endedDaysAgo: number;
  game: VerifiedGameSlug;
  /** Each player's charity and one verified play, in the order they played. */
  players: Array<{ player: string; charity: Charity; skill: number }>;
}

/**
 * A completed tournament of every prize model (issue 9), so the detail page shows each model's final
 * 'Donation leaders and winners'. Played through the real commands: the PrizeAllocated events are
 * the decider's own.
 */
const PRIZE_DEMOS: PrizeDemo[] = [
  {
    key: 'prize-winner-takes-all',
    title: 'Snake Showdown for Disaster Relief',
    description: 'Winner directs all donations: the best Snake score sends the whole pool to their charity.',
    prizePoolCents: 20_000,
    prizeConfig: { model: 'WINNER_TAKES_ALL' },
    game: 'snake',
    players: [
      { player: 'ada', charity: CHARITIES.redCross, skill: 0.9 },
      { player: 'ben', charity: CHARITIES.feedingAmerica, skill: 0.6 },
      { player: 'chloe', charity: null, skill: 0.3 },
    ],
    endedDaysAgo: 20,
  },
  {
    key: 'prize-top-3-split',
    title: 'Tile Merge Top Three',
    description: 'The top three split the pool 50/30/20 between their charities.',
    prizePoolCents: 30_000,
    prizeConfig: { model: 'TOP_3_SPLIT', sharesBasisPoints: [5000, 3000, 2000] },
    game: 'tiles',
    players: [
      { player: 'dev', charity: CHARITIES.stJude, skill: 0.6 },
      { player: 'emma', charity: CHARITIES.wwf, skill: 0.9 },
      { player: 'felix', charity: CHARITIES.doctorsWithoutBorders, skill: 0.4 },
      { player: 'ada', charity: CHARITIES.redCross, skill: 0.7 },
    ],
    endedDaysAgo: 18,
  },
  {
    key: 'prize-flexible-top-n',
    title: 'Tile Merge Top Five',
    description: 'The top five direct 40/25/15/12/8 percent of the pool.',
    prizePoolCents: 25_000,
    prizeConfig: { model: 'FLEXIBLE_TOP_N', places: 5, sharesBasisPoints: [4000, 2500, 1500, 1200, 800] },
    game: 'tiles',
    players: [
      { player: 'ben', charity: CHARITIES.feedingAmerica, skill: 0.9 },
      { player: 'chloe', charity: CHARITIES.stJude, skill: 0.7 },
      { player: 'dev', charity: null, skill: 0.5 },
      { player: 'emma', charity: CHARITIES.wwf, skill: 0.8 },
      { player: 'felix', charity: CHARITIES.doctorsWithoutBorders, skill: 0.3 },
      { player: 'ada', charity: CHARITIES.redCross, skill: 0.2 },
    ],
    // Past the 30 days a winner has to direct a share: dev's share (no charity) shows Charity Arena
    // directing what is left of it.
    endedDaysAgo: 35,
  },
  {
    key: 'prize-flat-payouts',
    title: 'Snake Flat Payouts',
    description: 'Every player from the top down directs $40 until the $100 pool runs out.',
    prizePoolCents: 10_000,
    prizeConfig: { model: 'FLAT_PAYOUTS', flatAmountCents: 4_000 },
    game: 'snake',
    players: [
      { player: 'felix', charity: CHARITIES.doctorsWithoutBorders, skill: 0.7 },
      { player: 'chloe', charity: CHARITIES.stJude, skill: 0.5 },
      { player: 'ben', charity: CHARITIES.feedingAmerica, skill: 0.9 },
      { player: 'dev', charity: null, skill: 0.2 },
    ],
    endedDaysAgo: 12,
  },
  {
    key: 'prize-milestone-rewards',
    title: 'Snake Milestones for Wildlife',
    description: 'Reach 150 points to share 40% of the pool; reach 300 to share the other 60% too.',
    prizePoolCents: 15_000,
    prizeConfig: {
      model: 'MILESTONE_REWARDS',
      milestones: [
        { score: 150, sharesBasisPoints: 4000 },
        { score: 300, sharesBasisPoints: 6000 },
      ],
    },
    game: 'snake',
    players: [
      { player: 'emma', charity: CHARITIES.wwf, skill: 0.9 },
      // 0.1: her bot scores 190 on this play's key, between the milestones (the others: 550, 90, 10).
      { player: 'ada', charity: CHARITIES.redCross, skill: 0.1 },
      { player: 'dev', charity: CHARITIES.stJude, skill: 0.8 },
      { player: 'felix', charity: null, skill: 0.1 },
    ],
    endedDaysAgo: 9,
  },
];

/** Each player's one verified play, an hour apart on the last day. */
function scoring(
  demo: PrizeDemo,
  tournamentId: string,
  player: (key: string) => DemoPlayer,
  at: (offset: number) => string,
): DemoPlayRequest[] {
  const whenPlayed = (index: number) => -DAY + index * HOUR;
  const slug = demo.game;
  return demo.players.map(({ player: key, skill }, index) => ({
    tournamentId,
    name: `${demo.key}:${key}`,
    slug,
    ...identity(player(key)),
    matchId: null,
    startAt: Date.parse(at(whenPlayed(index))),
    skill,
  }));
}

const identity = ({ accountId, username }: DemoPlayer) => ({ userId: accountId, username });

export interface DemoPrizeSeedOptions {
  players: DemoPlayers;
  eventStore: EventStore;
  /** Anchor of the demo timeline; only the first run's anchor matters. */
  now?: Date;
  /** When given, every verified demo play is kept for watching (issue 23). */
  runs?: DemoRuns;
}

export interface DemoPrizeSeedResult {
  tournaments: Array<{ id: string; title: string; status: TournamentStatus; appended: number }>;
}

/** Every id is derived from a fixed name and each play is checked against the stream: a re-run appends nothing. */
export async function seedDemoPrizeTournaments(options: DemoPrizeSeedOptions): Promise<DemoPrizeSeedResult> {
  const anchor = options.now ?? new Date();
  const repository = new TournamentStreamRepository(options.eventStore);
  const result: DemoPrizeSeedResult = { tournaments: [] };
  for (const demo of PRIZE_DEMOS) {
    const tournamentId = demoTournamentId(demo.key);
    const end = anchor.getTime() - demo.endedDaysAgo * DAY;
    const at = (offset: number) => new Date(end + offset).toISOString();
    const player = (key: string) => {
      const found = options.players[key];
      if (!found) throw new Error(`Demo player ${key} is missing`);
      return found;
    };
    const steps: Array<TournamentCommand | DemoPlayRequest> = [
      {
        type: 'CreateTournament',
        data: {
          tournamentId,
          title: demo.title,
          description: demo.description,
          thumbnail: null,
          mode: 'SCHEDULED',
          format: 'SCORE_ATTACK',
          prizeModel: demo.prizeConfig.model,
          prizeConfig: demo.prizeConfig,
          prizePoolCents: demo.prizePoolCents,
          maxParticipants: 20,
          requiredPlan: 'FREE',
          rules: 'Your best score counts.\nTies go to the earliest high score, then to fewer attempts.',
          game: catalogDemoGame(demo.game),
          tournamentStart: at(-2 * DAY),
          tournamentEnd: at(0),
          tieBreakSeed: tournamentsUuid(`demo-seed:${demo.key}`).replace(/-/g, ''),
          now: at(-4 * DAY),
        },
      },
      ...demo.players.map(({ player: key, charity }, index): TournamentCommand => ({
        type: 'JoinTournament',
        data: {
          tournamentId,
          userId: player(key).accountId,
          username: player(key).username,
          charityId: charity?.charityId ?? null,
          charityName: charity?.charityName ?? null,
          // Plans are the subscriptions issue's; the demo's tournaments are all FREE.
          memberPlan: 'FREE',
          now: at(-3 * DAY + index * HOUR),
        },
      })),
      { type: 'StartTournament', data: { tournamentId, now: at(-2 * DAY) } },
      ...scoring(demo, tournamentId, player, at),
      { type: 'EndTournament', data: { tournamentId, now: at(0) } },
    ];
    let appended = 0;
    for (const [index, command] of steps.entries()) {
      if (!('type' in command)) {
        appended += await recordDemoPlay(repository, command, options.runs);
        continue;
      }
      const { events } = await repository.execute(command, derivedEventIds(`seed:${demo.key}:${index}`));
      appended += events.length;
    }
    const state = await repository.load(tournamentId);
    if (state.status === 'NONE') throw new Error(`Demo tournament ${demo.key} was not created`);
    result.tournaments.push({ id: tournamentId, title: demo.title, status: state.status, appended });
  }
  return result;
}
