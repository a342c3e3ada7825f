import { PlayMessages, playRun, type StartedPlay } from '@arena/contracts';
import { snake, watchRun } from '@arena/games';
import type { TestMember } from '@arena/identity/testing';
import { projectEvents } from '@arena/projection-runner/testing';
import { projectors } from '@arena/projections/registry';
import { useHiddenPlaysApi } from './support/hidden-plays';

/** A legal snake play on any seed (no food released): up, left, down, then on into the bottom wall. */
const honestLog = [
  { atMs: 300, input: 'up' },
  { atMs: 1000, input: 'left' },
  { atMs: 2000, input: 'down' },
];

/** Issue 23, "Watching a run" (docs/fair-play.md): a finished, verified play's replay material, only that. */
describe('runs: the replay material of finished, verified plays', () => {
  const snakeCup = { slug: 'snake', format: 'SCORE_ATTACK' };
  const { call, cup, db, tournamentEvents, advanceClock, joined, keptSeed, submit, ...api } =
    useHiddenPlaysApi({
      adminKey: 'admin-key-for-the-play-runs-spec-01234',
      revealsPerMinute: 60,
      tournaments: { watched: snakeCup, running: snakeCup, best: snakeCup, mine: snakeCup },
    });
  /** How far past now the API's clock is: each played run moves it on by the run's game time. */
  let ahead = 0;
  beforeEach(() => {
    ahead = 0;
  });
  const startPlay = async (tournamentId: string, member: TestMember) =>
    (await api.startPlay(tournamentId, member)).play;

  /** Plays `log` (its game time and a second more) and submits it: the verified score. */
  const played = async (play: StartedPlay, member: TestMember, log: unknown[] = honestLog) => {
    const verdict = snake.snakeCore.keystream!.replayOn([], log as never, []);
    if (!verdict.valid) throw new Error(verdict.reason);
    advanceClock((ahead += verdict.result.durationMs + 1000));
    const response = await submit(play, member, log as never);
    expect(response.statusCode).toBe(201);
    return verdict.result.score;
  };

  const notFound = { success: false, statusCode: 404, message: PlayMessages.runNotFound };

  it("answers a finished, verified play's run, which replays through the same core to its score, never the key", async () => {
    const tournamentId = cup('watched');
    const member = await joined(tournamentId);
    const play = await startPlay(tournamentId, member);
    const score = await played(play, member);
    const response = await call('GET', `/api/plays/${play.playId}/run`);
    expect(response.statusCode).toBe(200);
    const run = playRun.parse(response.json().data);
    expect(run).toMatchObject({
      playId: play.playId,
      tournamentId,
      game: 'snake',
      playerName: member.username,
      score,
      completed: true,
      seed: null,
    });
    const watched = watchRun(run);
    if (!watched.ok) throw new Error(watched.reason);
    expect(watched.run.log).toEqual(honestLog);
    expect(watched.run.at(watched.run.log.length).score).toBe(score);
    // Tile Merge and Snake: each step's 32 bits, never the AES key they come from.
    expect(response.body).not.toContain(await keptSeed(tournamentId, play.playId));
  });

  it("answers 404 for a running play (anyone's, its own member's too), an unknown id and a malformed one, in the one error shape", async () => {
    const tournamentId = cup('running');
    const alice = await joined(tournamentId);
    const mallory = await joined(tournamentId);
    const running = await startPlay(tournamentId, alice);
    const seed = await keptSeed(tournamentId, running.playId);
    for (const token of [undefined, mallory.accessToken, alice.accessToken]) {
      const response = await call('GET', `/api/plays/${running.playId}/run`, token);
      expect([response.statusCode, response.json()]).toEqual([404, notFound]);
      expect(response.body).not.toContain(seed);
    }
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await call('GET', `/api/plays/${id}/run`);
      expect([response.statusCode, response.json()]).toEqual([404, notFound]);
    }
    // A 10,000-character id is refused by the API's URL limit before any read, in the one error shape.
    const long = await call('GET', `/api/plays/${'x'.repeat(10_000)}/run`);
    expect(long.json()).toMatchObject({ success: false, statusCode: 414 });
    // A NUL byte is refused before any read (the API's one rule for NUL in a path: 400).
    const nul = await call('GET', `/api/plays/${running.playId.slice(0, -1)}%00/run`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ success: false, statusCode: 400 });
    // Finished, the same play answers; an expired or refused one never does.
    await played(running, alice);
    expect((await call('GET', `/api/plays/${running.playId}/run`)).statusCode).toBe(200);
    const refused = await startPlay(tournamentId, mallory);
    advanceClock((ahead += 10_000));
    const bad = await submit(refused, mallory, [{ atMs: 300, input: 'left' }]);
    expect(bad.statusCode).toBe(422);
    expect((await call('GET', `/api/plays/${refused.playId}/run`)).json()).toEqual(notFound);
  });

  it("answers the tournament's best run: the leader's best verified play, under an erased member's erased name", async () => {
    const tournamentId = cup('best');
    const leader = await joined(tournamentId);
    const other = await joined(tournamentId);
    // No food is released, so every run scores the same: the leader is the first to score, and of the
    // leader's tied runs the earlier is the best.
    const shortLog = [{ atMs: 300, input: 'down' }];
    const best = await startPlay(tournamentId, leader);
    const bestScore = await played(best, leader, shortLog);
    await played(await startPlay(tournamentId, leader), leader);
    await played(await startPlay(tournamentId, other), other, shortLog);
    const events = await tournamentEvents(tournamentId);
    for (const projector of projectors) await projectEvents(db(), projector, events);
    const response = await call('GET', `/api/tournaments/${tournamentId}/runs/best`);
    expect(response.statusCode).toBe(200);
    expect(playRun.parse(response.json().data)).toMatchObject({
      playId: best.playId,
      playerName: leader.username,
      score: bestScore,
    });
    await db()
      .insertInto('erased_members' as never)
      .values({ member_id: leader.id, erased_name: 'deleted-replayer01', erased_at: new Date() } as never)
      .execute();
    const erased = await call('GET', `/api/tournaments/${tournamentId}/runs/best`);
    expect(erased.json().data.playerName).toBe('deleted-replayer01');
    expect(erased.body).not.toContain(leader.username);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await call('GET', `/api/tournaments/${id}/runs/best`)).json()).toEqual(notFound);
    }
  });

  it("answers a member's own best run to that member alone: 401 without a token, 404 before a verified play, never another's or a running play's", async () => {
    const tournamentId = cup('mine');
    const alice = await joined(tournamentId);
    const bob = await joined(tournamentId);
    for (const projector of projectors)
      await projectEvents(db(), projector, await tournamentEvents(tournamentId));
    const mine = (member?: TestMember, id = tournamentId) =>
      call('GET', `/api/tournaments/${id}/runs/mine`, member?.accessToken);

    const guest = await mine();
    expect([guest.statusCode, guest.json()]).toEqual([
      401,
      expect.objectContaining({ success: false, statusCode: 401 }),
    ]);
    // A play still running is no run: its member learns nothing of it here, its seed least of all.
    const running = await startPlay(tournamentId, alice);
    const runningSeed = await keptSeed(tournamentId, running.playId);
    const before = await mine(alice);
    expect([before.statusCode, before.json()]).toEqual([404, notFound]);
    expect(before.body).not.toContain(runningSeed);

    // Alice's two verified runs score the same (no food): the earlier is her best.
    await played(running, alice, [{ atMs: 300, input: 'down' }]);
    await played(await startPlay(tournamentId, alice), alice);
    const third = await startPlay(tournamentId, alice);
    const own = await mine(alice);
    expect(own.statusCode).toBe(200);
    expect(playRun.parse(own.json().data)).toMatchObject({
      playId: running.playId,
      playerName: alice.username,
    });
    expect(own.body).not.toContain(await keptSeed(tournamentId, third.playId));

    // Bob has none of his own: Alice's runs are not his to read, whatever he sends.
    expect((await mine(bob)).json()).toEqual(notFound);
    const bobsPlay = await startPlay(tournamentId, bob);
    await played(bobsPlay, bob);
    const bobs = await mine(bob);
    expect(bobs.json().data).toMatchObject({ playId: bobsPlay.playId, playerName: bob.username });
    expect(bobs.body).not.toContain(alice.username);

    // Fifty at once answer the same run.
    const answers = await Promise.all(Array.from({ length: 50 }, () => mine(alice)));
    expect(new Set(answers.map((answer) => `${answer.statusCode}:${answer.json().data.playId}`))).toEqual(
      new Set([`200:${running.playId}`]),
    );
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '-1', '9'.repeat(100)]) {
      expect((await mine(alice, id)).json()).toEqual(notFound);
    }
    const nul = await mine(alice, `${tournamentId.slice(0, -1)}%00`);
    expect([nul.statusCode, nul.json()]).toEqual([
      400,
      expect.objectContaining({ success: false, statusCode: 400 }),
    ]);
  });
});
