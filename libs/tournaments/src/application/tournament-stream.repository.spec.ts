import { WrongExpectedRevisionError, type EventStore } from '@arena/event-store';
import { InMemoryEventStore } from '@arena/testing';
import type { TournamentCommand } from '../domain/tournament.commands';
import { TournamentError, invalidScore, notActive, notJoined } from '../domain/tournament.errors';
import { getPlayer } from '../domain/tournament.players';
import { derivedEventIds, tournamentsUuid } from './event-ids';
import { randomEventIds } from '@arena/event-store';
import { TournamentStreamRepository } from './tournament-stream.repository';

const id = '7d1c1b0e-5a4e-4f7b-9a53-2f3c9a0f1e11';
const now = '2026-11-22T12:00:00.000Z';
const create: TournamentCommand = {
  type: 'CreateTournament',
  data: {
    tournamentId: id,
    title: 'Cup',
    description: '',
    thumbnail: null,
    mode: 'INSTANT',
    format: 'SCORE_ATTACK',
    prizeModel: 'WINNER_TAKES_ALL',
    prizePoolCents: 1000,
    maxParticipants: 100,
    requiredPlan: 'FREE',
    rules: '',
    game: {
      slug: 'arcade',
      name: 'Arcade',
      integrationUrl: 'https://arcade.example/play',
      maxScore: 1000,
      external: true,
    },
    tournamentStart: null,
    tournamentEnd: null,
    tieBreakSeed: 'cd'.repeat(16),
    now,
  },
};
const scheduled: TournamentCommand = {
  ...create,
  data: {
    ...create.data,
    mode: 'SCHEDULED',
    tournamentStart: now,
    tournamentEnd: '2026-11-22T13:00:00.000Z',
  },
};
const join = (userId: string, charityId: string | null = null): TournamentCommand => ({
  type: 'JoinTournament',
  data: { tournamentId: id, userId, username: userId, charityId, charityName: null, memberPlan: 'FREE', now },
});
const submit = (userId: string, score: number): TournamentCommand => ({
  type: 'SubmitScore',
  data: { tournamentId: id, userId, username: userId, score, now },
});

describe('TournamentStreamRepository', () => {
  it('a burst of commands on one stream in one process all land, in order, without conflicts', async () => {
    const store = new InMemoryEventStore();
    const repository = new TournamentStreamRepository(store);
    await repository.execute(create, randomEventIds);
    await repository.execute(join('p1'), randomEventIds);
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) => repository.execute(submit('p1', i), randomEventIds)),
    );
    const attempts = results.map((result) =>
      result.events[0]?.type === 'ScoreSubmitted' ? result.events[0].data.attempt : 0,
    );
    expect(attempts).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(await store.readStream(`tournament-${id}`)).toHaveLength(2 + 1 + 25);
  });

  it('scores that queue behind an append are decided in turn and appended together', async () => {
    const store = new InMemoryEventStore();
    const repository = new TournamentStreamRepository(store);
    await repository.execute(create, randomEventIds);
    await repository.execute(join('p1'), randomEventIds);
    await repository.execute(join('p2'), randomEventIds);
    const append = jest.spyOn(store, 'appendToStream');
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        repository.execute(submit(i % 2 ? 'p2' : 'p1', i), randomEventIds),
      ),
    );
    // At most the first goes out alone; the rest queued behind it share one append.
    const sizes = append.mock.calls.map(([, events]) => events.length);
    expect(sizes.length).toBeLessThanOrEqual(2);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(30);
    expect(results.map((result) => result.events[0]?.data)).toEqual(
      Array.from({ length: 30 }, (_, i) =>
        expect.objectContaining({ userId: i % 2 ? 'p2' : 'p1', score: i, attempt: Math.floor(i / 2) + 1 }),
      ),
    );
    expect(getPlayer(results.at(-1)!.state.players, 'p2')).toMatchObject({ bestScore: 29, attempts: 15 });
  });

  it('a command refused inside a group is answered with its error, after a fresh read, and the rest land', async () => {
    const store = new InMemoryEventStore();
    const repository = new TournamentStreamRepository(store);
    await repository.execute(create, randomEventIds);
    await repository.execute(join('p1'), randomEventIds);
    const read = jest.spyOn(store, 'readStream');
    const [first, stranger, second] = await Promise.allSettled([
      repository.execute(submit('p1', 3), randomEventIds),
      repository.execute(submit('stranger', 5), randomEventIds),
      repository.execute(submit('p1', 8), randomEventIds),
    ]);
    expect(first).toMatchObject({ status: 'fulfilled', value: { events: [{ data: { attempt: 1 } }] } });
    expect(stranger).toEqual({ status: 'rejected', reason: notJoined() });
    expect(second).toMatchObject({ status: 'fulfilled', value: { events: [{ data: { attempt: 2 } }] } });
    expect(read).toHaveBeenCalledTimes(1);
    expect((await store.readStream(`tournament-${id}`)).map((event) => event.type)).toEqual([
      'TournamentCreated',
      'TournamentStarted',
      'PlayerJoined',
      'ScoreSubmitted',
      'ScoreSubmitted',
    ]);
  });

  it('a burst of honest scores lands whole around every kind of failing command, a store error included', async () => {
    const inner = new InMemoryEventStore();
    const poison = new Error('the store refused this event');
    const store: EventStore = Object.assign(Object.create(inner) as EventStore, {
      appendToStream: (...args: Parameters<EventStore['appendToStream']>) =>
        args[1].some((event) => (event.data as { charityId?: unknown }).charityId === 'poison')
          ? Promise.reject(poison)
          : inner.appendToStream(...args),
      readStream: inner.readStream.bind(inner),
    });
    const repository = new TournamentStreamRepository(store);
    await repository.execute(create, randomEventIds);
    for (const player of ['p1', 'p2', 'p3']) await repository.execute(join(player), randomEventIds);
    const failing: Array<[TournamentCommand, unknown]> = [
      [join('mallory', 'poison'), poison],
      [submit('stranger', 5), notJoined()],
      [submit('p1', -1), invalidScore('Score must be a whole number of 0 or more')],
      [submit('p2', 1.5), invalidScore('Score must be a whole number of 0 or more')],
      [submit('p3', 1001), invalidScore('Score must not exceed 1000')],
    ];
    const scorer = (i: number) => `p${(i % 3) + 1}`;
    const honest = Array.from({ length: 30 }, (_, i) => submit(scorer(i), i));
    const burst = honest.flatMap((command, i) => [command, ...(i % 6 === 0 ? [failing[i / 6]![0]] : [])]);
    const outcomes = await Promise.allSettled(
      burst.map((command) => repository.execute(command, randomEventIds)),
    );

    const honestOutcomes = outcomes.filter((_, i) => honest.includes(burst[i]!));
    expect(honestOutcomes.map((outcome) => outcome.status)).toEqual(honest.map(() => 'fulfilled'));
    expect(outcomes.filter((_, i) => !honest.includes(burst[i]!))).toEqual(
      failing.map(([, reason]) => ({ status: 'rejected', reason })),
    );
    const stored = await inner.readStream(`tournament-${id}`);
    expect(stored.filter((event) => event.type === 'ScoreSubmitted').map((event) => event.data)).toEqual(
      honest.map((_, i) => expect.objectContaining({ userId: scorer(i), score: i })),
    );
    expect(stored.filter((event) => event.type === 'PlayerJoined')).toHaveLength(3);
  });

  it('a command in a group is decided on what the commands before it did', async () => {
    const store = new InMemoryEventStore();
    const repository = new TournamentStreamRepository(store);
    const forTwo: TournamentCommand = { ...create, data: { ...create.data, maxParticipants: 2 } };
    await repository.execute(forTwo, randomEventIds);
    await repository.execute(join('p1'), randomEventIds);
    await repository.execute(join('p2'), randomEventIds);
    const [opening, filling, late] = await Promise.allSettled([
      repository.execute(submit('p1', 10), randomEventIds),
      repository.execute(submit('p2', 20), randomEventIds),
      repository.execute(submit('p1', 30), randomEventIds),
    ]);
    expect(opening).toMatchObject({ status: 'fulfilled', value: { state: { status: 'ACTIVE' } } });
    expect(filling).toMatchObject({
      status: 'fulfilled',
      value: {
        events: [{ type: 'ScoreSubmitted' }, { type: 'TournamentCompleted' }, { type: 'PrizeAllocated' }],
        state: { status: 'COMPLETED' },
      },
    });
    expect(late).toEqual({ status: 'rejected', reason: notActive() });
  });

  it('a group that loses a race to another process is decided again and appended whole', async () => {
    const store = new InMemoryEventStore();
    const here = new TournamentStreamRepository(store);
    const there = new TournamentStreamRepository(store);
    await here.execute(create, randomEventIds);
    await here.execute(join('p1'), randomEventIds);
    const append = jest.spyOn(store, 'appendToStream');
    const burst = Array.from({ length: 5 }, (_, i) => here.execute(submit('p1', i), randomEventIds));
    await there.execute(join('p2'), randomEventIds);
    const results = await Promise.all(burst);
    expect(results.map((result) => result.events[0]?.data)).toEqual(
      Array.from({ length: 5 }, (_, i) => expect.objectContaining({ score: i, attempt: i + 1 })),
    );
    expect(append.mock.calls.length).toBeLessThanOrEqual(4);
    expect(
      (await store.readStream(`tournament-${id}`)).filter((e) => e.type === 'ScoreSubmitted'),
    ).toHaveLength(5);
  });

  it("a job-caused command never shares an append with members' commands", async () => {
    const store = new InMemoryEventStore();
    const repository = new TournamentStreamRepository(store);
    await repository.execute(scheduled, randomEventIds);
    await repository.execute(join('p1'), randomEventIds);
    await repository.execute(join('p2'), randomEventIds);
    const append = jest.spyOn(store, 'appendToStream');
    const start: TournamentCommand = { type: 'StartTournament', data: { tournamentId: id, now } };
    await Promise.all([
      repository.execute(join('p3'), randomEventIds),
      repository.execute(join('p4'), randomEventIds),
      repository.execute(start, derivedEventIds(`tournament.start-${id}`)),
      repository.execute(submit('p1', 4), randomEventIds),
      repository.execute(submit('p2', 6), randomEventIds),
    ]);
    const appends = append.mock.calls.map(([, events]) => events.map((event) => event.type));
    expect(appends.filter((types) => types.includes('TournamentStarted'))).toEqual([['TournamentStarted']]);
    expect(appends.flat().sort()).toEqual(
      ['PlayerJoined', 'PlayerJoined', 'ScoreSubmitted', 'ScoreSubmitted', 'TournamentStarted'].sort(),
    );
  });

  it('another process writing meanwhile is caught up by reading only newer events, then retried', async () => {
    const store = new InMemoryEventStore();
    const here = new TournamentStreamRepository(store);
    const there = new TournamentStreamRepository(store);
    await here.execute(create, randomEventIds);
    await here.execute(join('p1'), randomEventIds);
    await there.execute(join('p2'), randomEventIds);
    const read = jest.spyOn(store, 'readStream');
    const result = await here.execute(submit('p2', 7), randomEventIds);
    expect(result.events).toMatchObject([{ type: 'ScoreSubmitted', data: { userId: 'p2', attempt: 1 } }]);
    expect(read).toHaveBeenCalledWith(`tournament-${id}`, { fromRevision: 3 });
  });

  it('with a warm cache a score is one append and no read', async () => {
    const store = new InMemoryEventStore();
    const repository = new TournamentStreamRepository(store);
    await repository.execute(create, randomEventIds);
    await repository.execute(join('p1'), randomEventIds);
    const read = jest.spyOn(store, 'readStream');
    await repository.execute(submit('p1', 5), randomEventIds);
    expect(read).not.toHaveBeenCalled();
  });

  it('a refusal decided on a stale cache is decided again on the newest events', async () => {
    const store = new InMemoryEventStore();
    const here = new TournamentStreamRepository(store);
    const there = new TournamentStreamRepository(store);
    await here.execute(scheduled, randomEventIds);
    await here.execute(join('p1'), randomEventIds);
    await there.execute({ type: 'StartTournament', data: { tournamentId: id, now } }, randomEventIds);
    const result = await here.execute(submit('p1', 9), randomEventIds);
    expect(result.events).toMatchObject([{ type: 'ScoreSubmitted', data: { score: 9, attempt: 1 } }]);
    expect(result.state.status).toBe('ACTIVE');
  });

  it('conflicts that never settle end in a clear conflict error', async () => {
    const inner = new InMemoryEventStore();
    const repository = new TournamentStreamRepository(inner);
    await repository.execute(create, randomEventIds);
    const always: EventStore = Object.assign(Object.create(inner) as EventStore, {
      appendToStream: async () => {
        throw new WrongExpectedRevisionError(`tournament-${id}`, 1, 2);
      },
      readStream: inner.readStream.bind(inner),
    });
    const busy = new TournamentStreamRepository(always);
    await expect(busy.execute(join('p1'), randomEventIds)).rejects.toThrow(
      new TournamentError('conflict', 'This tournament is busy right now: please try again'),
    );
  });

  it('a job-caused command run twice appends nothing the second time', async () => {
    const store = new InMemoryEventStore();
    const repository = new TournamentStreamRepository(store);
    await repository.execute(scheduled, randomEventIds);
    const start: TournamentCommand = { type: 'StartTournament', data: { tournamentId: id, now } };
    const first = await repository.execute(start, derivedEventIds(`tournament.start-${id}`));
    const second = await new TournamentStreamRepository(store).execute(
      start,
      derivedEventIds(`tournament.start-${id}`),
    );
    expect(first.events).toHaveLength(1);
    expect(second.events).toEqual([]);
    expect(await store.readStream(`tournament-${id}`)).toHaveLength(2);
  });

  it('name-based ids are stable UUIDs', () => {
    expect(tournamentsUuid('x')).toBe(tournamentsUuid('x'));
    expect(tournamentsUuid('x')).not.toBe(tournamentsUuid('y'));
    expect(tournamentsUuid('x')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
