import { GAME_CORES } from '@arena/games';
import { InMemoryEventStore } from '@arena/testing';
import { randomEventIds } from '@arena/event-store';
import { TournamentStreamRepository } from '../application/tournament-stream.repository';
import type { PlayStarted, ScoreSubmitted } from '../domain/tournament.events';
import { at, createCommand, id, join } from '../domain/tournament.fixtures';
import { keystreamBlocks } from '../application/play-keystream';
import { catalogDemoGame, demoPlay, recordDemoPlay, type DemoPlayRequest } from './demo-plays';

const member = '6f1d2c3b-4a59-4e68-8d7c-0b1a2c3d4e5f';

describe('a demo play', () => {
  let eventStore: InMemoryEventStore;
  let repository: TournamentStreamRepository;
  const request = (overrides: Partial<DemoPlayRequest> = {}): DemoPlayRequest => ({
    tournamentId: id,
    name: 'spec:tiles:1',
    slug: 'tiles',
    userId: member,
    username: 'demo_ada',
    matchId: null,
    startAt: Date.parse(at(5)),
    skill: 0.7,
    sessionMs: 30_000,
    ...overrides,
  });
  const recorded = async () => {
    const events = await eventStore.readStream(`tournament-${id}`);
    const pick = <E extends { data: unknown }>(type: string) =>
      events.filter((event) => event.type === type).map((event) => event.data as E['data']);
    return { plays: pick<PlayStarted>('PlayStarted'), scores: pick<ScoreSubmitted>('ScoreSubmitted') };
  };

  beforeEach(async () => {
    eventStore = new InMemoryEventStore();
    repository = new TournamentStreamRepository(eventStore);
    await repository.execute(
      createCommand({ game: catalogDemoGame('tiles'), maxParticipants: 2 }),
      randomEventIds,
    );
    await repository.execute(join(member), randomEventIds);
  });

  it("records the score the core computes from the bot's log on the seed the play recorded (tiles: on its keystream)", async () => {
    await recordDemoPlay(repository, request());
    const { plays, scores } = await recorded();
    const { log } = demoPlay('tiles', 'spec:tiles:1', { skill: 0.7, sessionMs: 30_000 });
    const blocks = keystreamBlocks(plays[0]!.seed, 0, log.length + 1);
    const verdict = GAME_CORES.tiles.keystream!.replayOn(blocks, log);
    if (!verdict.valid) throw new Error(`The demo log does not replay: ${verdict.reason}`);
    expect(scores).toEqual([
      expect.objectContaining({
        playId: plays[0]!.playId,
        score: verdict.result.score,
        durationMs: verdict.result.durationMs,
      }),
    ]);
  });

  it('is the same play for the same name, and another for another name', () => {
    const style = { skill: 0.5, sessionMs: 20_000 };
    expect(demoPlay('snake', 'spec:a', style)).toEqual(demoPlay('snake', 'spec:a', style));
    expect(demoPlay('snake', 'spec:b', style).seed).not.toBe(demoPlay('snake', 'spec:a', style).seed);
  });

  it('appends nothing the second time, even once the tournament is over', async () => {
    expect(await recordDemoPlay(repository, request())).toBe(2);
    // A second member's score fills the instant tournament's two places: it completes.
    const other = '7a2e3d4c-5b6a-4f79-9e8d-1c2b3d4e5f60';
    await repository.execute(join(other), randomEventIds);
    await recordDemoPlay(repository, request({ name: 'spec:tiles:2', userId: other, username: 'demo_ben' }));
    expect((await repository.load(id)).status).toBe('COMPLETED');

    const before = (await eventStore.readStream(`tournament-${id}`)).length;
    expect(await recordDemoPlay(repository, request())).toBe(0);
    expect(await eventStore.readStream(`tournament-${id}`)).toHaveLength(before);
  });
});
