import { isVerifiedGame } from '@arena/contracts/games.catalog';
import type { PrizeConfig } from '@arena/contracts/tournaments.contract';
import type { EventStore } from '@arena/event-store';
import { deterministicEventIds, nameBasedUuid } from '../application/event-ids';
import { TournamentStreamRepository } from '../application/tournament-stream.repository';
import type { TournamentCommand } from '../domain/tournament.commands';
import type { TournamentStatus } from '../domain/tournament.events';
import { getPlayer } from '../domain/tournament.players';
import { demoTournamentId, type DemoPlayers } from './demo-tournaments';

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

interface PrizeDemo {
  key: string;
  title: string;
  description: string;
  prizePoolCents: number;
  prizeConfig: PrizeConfig;
  /** Each player's charity for this tournament and best score, in the order they played. */
  players: Array<{ player: string; charity: Charity; score: number }>;
  /** Days before the seed's anchor it ended. */
  endedDaysAgo: number;
}

/**
 * A completed tournament of every prize model (issue 9), so the detail page shows each model's final
 * 'Donation leaders and winners'. Played through the real commands: the PrizeAllocated events are
 * the decider's own.
 */
const PRIZE_DEMOS: PrizeDemo[] = [
  {
    key: 'prize-winner-takes-all',
    title: 'Solitaire Showdown for Disaster Relief',
    description:
      'Winner directs all donations: the best solitaire score sends the whole pool to their charity.',
    prizePoolCents: 20_000,
    prizeConfig: { model: 'WINNER_TAKES_ALL' },
    players: [
      { player: 'ada', charity: CHARITIES.redCross, score: 8_400 },
      { player: 'ben', charity: CHARITIES.feedingAmerica, score: 7_950 },
      { player: 'chloe', charity: null, score: 6_100 },
    ],
    endedDaysAgo: 20,
  },
  {
    key: 'prize-top-3-split',
    title: 'Minesweeper Top Three',
    description: 'The top three split the pool 50/30/20 between their charities.',
    prizePoolCents: 30_000,
    prizeConfig: { model: 'TOP_3_SPLIT', sharesBasisPoints: [5000, 3000, 2000] },
    players: [
      { player: 'dev', charity: CHARITIES.stJude, score: 990 },
      { player: 'emma', charity: CHARITIES.wwf, score: 1_240 },
      { player: 'felix', charity: CHARITIES.doctorsWithoutBorders, score: 870 },
      { player: 'ada', charity: CHARITIES.redCross, score: 1_010 },
    ],
    endedDaysAgo: 18,
  },
  {
    key: 'prize-flexible-top-n',
    title: '2048 Top Five',
    description: 'The top five direct 40/25/15/12/8 percent of the pool.',
    prizePoolCents: 25_000,
    prizeConfig: { model: 'FLEXIBLE_TOP_N', places: 5, sharesBasisPoints: [4000, 2500, 1500, 1200, 800] },
    players: [
      { player: 'ben', charity: CHARITIES.feedingAmerica, score: 20_480 },
      { player: 'chloe', charity: CHARITIES.stJude, score: 16_200 },
      { player: 'dev', charity: null, score: 12_900 },
      { player: 'emma', charity: CHARITIES.wwf, score: 18_030 },
      { player: 'felix', charity: CHARITIES.doctorsWithoutBorders, score: 9_870 },
      { player: 'ada', charity: CHARITIES.redCross, score: 8_250 },
    ],
    endedDaysAgo: 16,
  },
  {
    key: 'prize-flat-payouts',
    title: 'Pinball Flat Payouts',
    description: 'Every player from the top down directs $40 until the $100 pool runs out.',
    prizePoolCents: 10_000,
    prizeConfig: { model: 'FLAT_PAYOUTS', flatAmountCents: 4_000 },
    players: [
      { player: 'felix', charity: CHARITIES.doctorsWithoutBorders, score: 310_000 },
      { player: 'chloe', charity: CHARITIES.stJude, score: 285_500 },
      { player: 'ben', charity: CHARITIES.feedingAmerica, score: 402_750 },
      { player: 'dev', charity: null, score: 150_000 },
    ],
    endedDaysAgo: 12,
  },
  {
    key: 'prize-milestone-rewards',
    title: 'Snake Milestones for Wildlife',
    description: 'Reach 1,000 points to share 40% of the pool; reach 2,500 to share the other 60% too.',
    prizePoolCents: 15_000,
    prizeConfig: {
      model: 'MILESTONE_REWARDS',
      milestones: [
        { score: 1_000, sharesBasisPoints: 4000 },
        { score: 2_500, sharesBasisPoints: 6000 },
      ],
    },
    players: [
      { player: 'emma', charity: CHARITIES.wwf, score: 2_730 },
      { player: 'ada', charity: CHARITIES.redCross, score: 1_480 },
      { player: 'dev', charity: CHARITIES.stJude, score: 2_510 },
      { player: 'felix', charity: null, score: 640 },
    ],
    endedDaysAgo: 9,
  },
];

/**
 * The game is the title's first word: 'Snake Milestones…' is played on Snake, an external one here
 * (its demo scores are bare numbers), so its slug stays off the catalog's verified games.
 */
function gameOf(title: string) {
  const name = title.split(' ')[0]!;
  const base = name.toLowerCase();
  const slug = isVerifiedGame(base) ? `arcade-${base}` : base;
  return { slug, name, integrationUrl: `/games/${slug}`, maxScore: 1_000_000, external: true };
}

export interface DemoPrizeSeedOptions {
  players: DemoPlayers;
  eventStore: EventStore;
  /** Anchor of the demo timeline; only the first run's anchor matters. */
  now?: Date;
}

export interface DemoPrizeSeedResult {
  tournaments: Array<{ id: string; title: string; status: TournamentStatus; appended: number }>;
}

/** Every id is derived from a fixed name and scores are checked against the stream: a re-run appends nothing. */
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
    const commands: TournamentCommand[] = [
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
          game: gameOf(demo.title),
          tournamentStart: at(-2 * DAY),
          tournamentEnd: at(0),
          tieBreakSeed: nameBasedUuid(`demo-seed:${demo.key}`).replace(/-/g, ''),
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
      ...demo.players.map(({ player: key, score }, index): TournamentCommand => ({
        type: 'SubmitScore',
        data: {
          tournamentId,
          userId: player(key).accountId,
          username: player(key).username,
          score,
          now: at(-DAY + index * HOUR),
        },
      })),
      { type: 'EndTournament', data: { tournamentId, now: at(0) } },
    ];
    let appended = 0;
    for (const [index, command] of commands.entries()) {
      // A score is the one command that is not naturally idempotent: each one is a new attempt.
      if (command.type === 'SubmitScore') {
        const state = await repository.load(tournamentId);
        if (state.status !== 'NONE' && (getPlayer(state.players, command.data.userId)?.attempts ?? 0) > 0)
          continue;
      }
      const { events } = await repository.execute(
        command,
        deterministicEventIds(`seed:${demo.key}:${index}`),
      );
      appended += events.length;
    }
    const state = await repository.load(tournamentId);
    if (state.status === 'NONE') throw new Error(`Demo tournament ${demo.key} was not created`);
    result.tournaments.push({ id: tournamentId, title: demo.title, status: state.status, appended });
  }
  return result;
}
