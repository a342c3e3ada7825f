import type { EventStore } from '@arena/event-store';
import type { JobsService } from '@arena/jobs';
import { GAME_CATALOG } from '@arena/contracts/games.catalog';
import { workOutBracket } from '../application/bracket.engine';
import { derivedEventIds, tournamentsUuid } from '../application/event-ids';
import { TournamentStreamRepository } from '../application/tournament-stream.repository';
import { bracketWork } from '../domain/bracket/bracket.decider';
import type { TournamentFormat, TournamentStatus } from '../domain/tournament.events';
import type { ExistingTournament } from '../domain/tournament.decider';
import { MatchDeadlines } from '../infrastructure/match-deadlines';
import { TournamentScheduler } from '../infrastructure/tournament.scheduler';
import { catalogDemoGame, recordDemoPlay, type DemoRuns } from './demo-plays';
import { demoTournamentId, type DemoPlayers } from './demo-tournaments';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Head-to-head is played for points: each format on Snake or Tile Merge. */
const FORMATS: { format: TournamentFormat; name: string; game: 'snake' | 'tiles' }[] = [
  { format: 'ROUND_ROBIN', name: 'Round Robin', game: 'snake' },
  { format: 'SINGLE_ELIMINATION', name: 'Knockout', game: 'tiles' },
  { format: 'DOUBLE_ELIMINATION', name: 'Double Knockout', game: 'snake' },
  { format: 'ROUND_ROBIN_SINGLE_ELIM', name: 'Groups and Knockout', game: 'tiles' },
  { format: 'ROUND_ROBIN_DOUBLE_ELIM', name: 'Groups and Double Knockout', game: 'snake' },
];

type Phase = 'upcoming' | 'active' | 'completed' | 'cancelled';
const PHASES: Phase[] = ['upcoming', 'active', 'completed', 'cancelled'];
/** Each phase reads as one edition of a monthly series: last month's is over, next month's is open. */
const EDITION: Record<Phase, string> = {
  upcoming: 'December',
  active: 'November',
  completed: 'October',
  cancelled: 'January',
};
const PLAYER_KEYS = ['ada', 'ben', 'chloe', 'dev', 'emma', 'felix'];
/** How well each of them plays (honestLog's skill), so the brackets have favourites and upsets. */
const SKILL: Record<string, number> = { ada: 0.9, ben: 0.5, chloe: 0.75, dev: 0.4, emma: 0.85, felix: 0.6 };
/** A match play stops by a minute of game clock, so a live round fits in the hours since the start. */
const MATCH_SESSION_MS = MINUTE;

/**
 * Head-to-head demo tournaments: every format upcoming, live mid-bracket (open matches with
 * deadlines and their jobs) and completed. Driven through the same decider and engine as the API,
 * with event ids derived from fixed names and each step checking the stream first, so running it
 * again appends nothing.
 */
export async function seedDemoBrackets(options: {
  players: DemoPlayers;
  eventStore: EventStore;
  jobs?: JobsService;
  now?: Date;
  runs?: DemoRuns;
}): Promise<Array<{ id: string; title: string; status: TournamentStatus; appended: number }>> {
  const now = options.now ?? new Date();
  const repository = new TournamentStreamRepository(options.eventStore);
  const deadlines = options.jobs && new MatchDeadlines(options.jobs);
  const scheduler = options.jobs && new TournamentScheduler(options.jobs);
  const players = PLAYER_KEYS.map((key) => {
    const found = options.players[key];
    if (!found) throw new Error(`Demo player ${key} is missing`);
    return { key, ...found };
  });
  const results = [];
  for (const [formatIndex, { format, name, game }] of FORMATS.entries()) {
    for (const phase of PHASES) {
      const key = `bracket-${format.toLowerCase()}-${phase}`;
      const tournamentId = demoTournamentId(key);
      const start = { upcoming: 2 * DAY, active: -2 * HOUR, completed: -3 * DAY, cancelled: 30 * DAY }[phase];
      let clock = now.getTime() + start - DAY;
      const at = () => new Date(clock).toISOString();
      let appended = 0;
      let step = 0;
      const run = async (
        command: Parameters<TournamentStreamRepository['execute']>[0],
        cause = `${key}:${step++}`,
      ) => {
        const { events, state } = await repository.execute(command, derivedEventIds(`seed:${cause}`));
        appended += events.length;
        return state;
      };
      await run({
        type: 'CreateTournament',
        data: {
          tournamentId,
          title: `${EDITION[phase]} ${name} Cup`,
          description: `A ${name.toLowerCase()} of head-to-head ${GAME_CATALOG[game].name} matches: the champion directs the pool.`,
          thumbnail: null,
          mode: 'SCHEDULED',
          format,
          prizeModel: 'WINNER_TAKES_ALL',
          prizePoolCents: 5_000 * (formatIndex + 1),
          maxParticipants: 8,
          requiredPlan: 'FREE',
          rules: 'Each player plays one verified game for the match.\nThe higher score wins the match.',
          game: catalogDemoGame(game),
          tournamentStart: new Date(now.getTime() + start).toISOString(),
          tournamentEnd: new Date(now.getTime() + start + 14 * DAY).toISOString(),
          tieBreakSeed: tournamentsUuid(`demo-seed:${key}`).replace(/-/g, ''),
          matchWindowMinutes: 1440,
          now: at(),
        },
      });
      for (const player of players) {
        clock += MINUTE;
        await run({
          type: 'JoinTournament',
          data: {
            tournamentId,
            userId: player.accountId,
            username: player.username,
            charityId: null,
            charityName: null,
            memberPlan: 'FREE',
            now: at(),
          },
        });
      }
      let state: ExistingTournament = (await repository.load(tournamentId)) as ExistingTournament;
      if (phase === 'cancelled') {
        state = await run({
          type: 'CancelTournament',
          data: {
            tournamentId,
            reason: 'Postponed to the spring series: too few players could make the January dates.',
            now: at(),
          },
        });
      } else if (phase !== 'upcoming') {
        clock = now.getTime() + start;
        state = await run({ type: 'StartTournament', data: { tournamentId, now: at() } });
        state = await advance();
        const alreadyPlayed = Object.values(state.bracket.matches).some((match) => match.plays.length > 0);
        // Completed: play every match; active: play the first round robin / first round only.
        for (let round = 0; round < 20 && state.status === 'ACTIVE' && !alreadyPlayed; round++) {
          const open = Object.values(state.bracket.matches).filter(
            (match) => match.deadline && !match.decision,
          );
          if (open.length === 0) break;
          const toPlay = phase === 'active' ? open.slice(0, Math.ceil(open.length / 2)) : open;
          if (phase === 'active' && round > 0) break;
          for (const [index, match] of toPlay.entries()) {
            for (const [side, userId] of [match.player1Id!, match.player2Id!].entries()) {
              if (match.plays.some((play) => play.userId === userId)) continue;
              // Active: half the played matches wait for the second player.
              if (phase === 'active' && side === 1 && index % 2 === 1) continue;
              clock += MINUTE;
              const player = players.find((candidate) => candidate.accountId === userId)!;
              appended += await recordDemoPlay(
                repository,
                {
                  tournamentId,
                  name: `${key}:${match.layout.matchId}:${player.key}`,
                  slug: game,
                  userId,
                  username: player.username,
                  matchId: match.layout.matchId,
                  startAt: clock,
                  skill: SKILL[player.key]!,
                  sessionMs: MATCH_SESSION_MS,
                },
                options.runs,
              );
              clock += MATCH_SESSION_MS;
            }
          }
          clock += HOUR;
          state = await advance();
        }
      }
      if (scheduler && (state.status === 'UPCOMING' || state.status === 'ACTIVE')) {
        await scheduler.schedule(state.tournament, now);
      }
      if (deadlines && state.status === 'ACTIVE') {
        const open = Object.values(state.bracket.matches).flatMap((match) =>
          match.deadline && !match.decision
            ? [{ tournamentId, matchId: match.layout.matchId, deadline: match.deadline }]
            : [],
        );
        await deadlines.schedule(open, now);
      }
      results.push({ id: tournamentId, title: state.tournament.title, status: state.status, appended });

      async function advance(): Promise<ExistingTournament> {
        let current = (await repository.load(tournamentId)) as ExistingTournament;
        for (let i = 0; i < 4 && current.status === 'ACTIVE'; i++) {
          const request = bracketWork(current);
          const outlook = request ? await workOutBracket(request) : null;
          const before = appended;
          current = await run(
            { type: 'AdvanceBracket', data: { tournamentId, outlook, now: at() } },
            `${key}:advance:${current.bracket.revision}`,
          );
          if (appended === before) break;
        }
        return current;
      }
    }
  }
  return results;
}
