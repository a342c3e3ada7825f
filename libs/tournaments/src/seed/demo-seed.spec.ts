import { VERIFIED_GAME_SLUGS } from '@arena/contracts/games.catalog';
import { PRIZE_MODELS, TOURNAMENT_FORMATS, TOURNAMENT_STATUSES } from '@arena/contracts/tournaments.contract';
import { isHeadToHead, lowerScoreWins } from '@arena/contracts/tournaments.rules';
import type { RecordedEvent } from '@arena/event-store';
import { InMemoryEventStore } from '@arena/testing';
import { TournamentStreamRepository } from '../application/tournament-stream.repository';
import type { MatchPlayed } from '../domain/bracket/bracket.events';
import {
  scoreVerificationOf,
  type PlayStarted,
  type ScoreSubmitted,
  type TournamentCompleted,
  type TournamentCreated,
} from '../domain/tournament.events';
import { seedAllDemoTournaments } from './demo-seed';
import { testDemoPlayers } from './demo-players.fixtures';

const players = testDemoPlayers();
const anchor = '2026-11-22T12:00:00.000Z';

describe('the whole demo seed (npm start)', () => {
  const eventStore = new InMemoryEventStore();
  const repository = new TournamentStreamRepository(eventStore);
  let seeded: Awaited<ReturnType<typeof seedAllDemoTournaments>>;

  /** Each seeded tournament with its settings and its whole stream. */
  let streams: Array<{ status: string; tournament: TournamentCreated['data']; events: RecordedEvent[] }>;
  const ofType = <E extends { type: string; data: unknown }>(events: RecordedEvent[], type: E['type']) =>
    events.filter((event) => event.type === type).map((event) => event.data as E['data']);
  const verified = () => streams.filter(({ tournament }) => tournament.game.external === false);

  beforeAll(async () => {
    seeded = await seedAllDemoTournaments({ players, eventStore, now: new Date(anchor) });
    streams = await Promise.all(
      seeded.tournaments.map(async ({ id, status }) => {
        const events = await eventStore.readStream(`tournament-${id}`);
        return { status, tournament: ofType<TournamentCreated>(events, 'TournamentCreated')[0]!, events };
      }),
    );
  });

  it('holds a tournament of every format in every status', async () => {
    const seen = new Set<string>();
    for (const { id, status } of seeded.tournaments) {
      const state = await repository.load(id);
      if (state.status !== 'NONE') seen.add(`${state.tournament.format} ${status}`);
    }
    const missing = TOURNAMENT_FORMATS.flatMap((format) =>
      TOURNAMENT_STATUSES.map((status) => `${format} ${status}`),
    ).filter((pair) => !seen.has(pair));
    expect(missing).toEqual([]);
  });

  it('holds a completed tournament of every prize model, with its allocations', async () => {
    const allocated = new Set<string>();
    for (const { id, status } of seeded.tournaments) {
      if (status !== 'COMPLETED') continue;
      const events = await eventStore.readStream(`tournament-${id}`);
      const created = events.find((event) => event.type === 'TournamentCreated');
      if (created && events.some((event) => event.type === 'PrizeAllocated')) {
        allocated.add((created.data as { prizeModel: string }).prizeModel);
      }
    }
    expect([...allocated].sort()).toEqual([...PRIZE_MODELS].sort());
  });

  it('records every result of a catalog game from a play of that member, sent after the game ended', () => {
    let results = 0;
    for (const { events } of verified()) {
      const plays = new Map(ofType<PlayStarted>(events, 'PlayStarted').map((play) => [play.playId, play]));
      for (const score of ofType<ScoreSubmitted>(events, 'ScoreSubmitted')) {
        const play = plays.get(score.playId!);
        expect(play).toMatchObject({ userId: score.userId, matchId: null });
        expect(Date.parse(score.submittedAt) - Date.parse(play!.startedAt)).toBeGreaterThan(
          score.durationMs!,
        );
        results++;
      }
      for (const result of ofType<MatchPlayed>(events, 'MatchPlayed')) {
        expect(plays.get(result.playId!)).toMatchObject({ userId: result.userId, matchId: result.matchId });
        results++;
      }
    }
    expect(results).toBeGreaterThan(100);
  });

  it('has every play over before the moment the seed ran', () => {
    const lastResult = Math.max(
      ...verified().flatMap(({ events }) => [
        ...ofType<ScoreSubmitted>(events, 'ScoreSubmitted').map((score) => Date.parse(score.submittedAt)),
        ...ofType<MatchPlayed>(events, 'MatchPlayed').map((result) => Date.parse(result.playedAt)),
      ]),
    );
    expect(lastResult).toBeLessThan(Date.parse(anchor));
  });

  it('gives every catalog game a live tournament any member can join and play now, and a completed one that paid out', () => {
    for (const slug of VERIFIED_GAME_SLUGS) {
      const ofGame = verified().filter(({ tournament }) => tournament.game.slug === slug);
      const joinable = ofGame.filter(
        ({ status, tournament, events }) =>
          status === 'ACTIVE' &&
          !isHeadToHead(tournament.format) &&
          tournament.requiredPlan === 'FREE' &&
          events.filter((event) => event.type === 'PlayerJoined').length < tournament.maxParticipants,
      );
      const paidOut = ofGame.filter(
        ({ status, events }) =>
          status === 'COMPLETED' && events.some((event) => event.type === 'PrizeAllocated'),
      );
      expect({ slug, joinable: joinable.length > 0, paidOut: paidOut.length > 0 }).toEqual({
        slug,
        joinable: true,
        paidOut: true,
      });
    }
  });

  it('ranks each completed score tournament of a catalog game by the best verified result', () => {
    const completed = verified().filter(
      ({ status, tournament }) => status === 'COMPLETED' && !isHeadToHead(tournament.format),
    );
    expect(completed.length).toBeGreaterThan(0);
    for (const { tournament, events } of completed) {
      const lowerWins = lowerScoreWins(tournament.format);
      const results = ofType<ScoreSubmitted>(events, 'ScoreSubmitted').filter(
        (score) => score.completed !== false,
      );
      const best = (lowerWins ? Math.min : Math.max)(...results.map((result) => result.score));
      const [winner] = ofType<TournamentCompleted>(events, 'TournamentCompleted')[0]!.finalStandings;
      expect(winner).toMatchObject({ score: best });
      expect(results.some((result) => result.userId === winner!.userId && result.score === best)).toBe(true);
    }
  });

  it('shows only games we host: every tournament is a catalog game whose results are replayed plays', () => {
    const notHosted = streams
      .filter(({ tournament }) => scoreVerificationOf(tournament.game) !== 'REPLAY')
      .map(({ tournament }) => `${tournament.title} (${tournament.game.slug})`);
    expect(notHosted).toEqual([]);
    const bareScores = streams.flatMap(({ events }) =>
      ofType<ScoreSubmitted>(events, 'ScoreSubmitted').filter((score) => score.playId === undefined),
    );
    expect(bareScores).toEqual([]);
  });
});
