/**
 * bench:plays: the whole verified path of a game's result over HTTP, with the worker projecting beside
 * the API as in production. Each member of one live tournament per game (Tile Merge, Snake, Memory
 * Pairs) starts a play, plays an honest session of up to five minutes (`honestLog`, the games' bots),
 * makes every call a member's browser makes while playing (Tile Merge's and Snake's releases, Memory
 * Pairs' reveals), and, once the session's time has passed on the wall clock (the server refuses a
 * result faster than that), posts the result: its whole input log, which the API replays. autocannon
 * posts the results, each play's once, beside a bare Fastify route that parses the same bodies and
 * INSERTs them (support/bare-insert.server.ts), in turns. Appends results/s, p50/p99 and server CPU
 * per result to docs/benchmarks.md.
 *
 * The sessions are played on the blocks the server will release, read with the play's seed from the
 * database (as demo-plays.ts does): no client can, but the calls and their bodies are exactly an honest
 * client's, and each block the server answers is checked against the one the bot played on.
 */
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { releasedBlock, revealedCard, startedPlay, type StartedPlay } from '@arena/contracts';
import type { VerifiedGameSlug } from '@arena/contracts/games.catalog';
import { createDatabase } from '@arena/database';
import { GAME_CORES, honestLog, seededUniform, type TimedInput } from '@arena/games';
import { keystreamBlocks } from '../../libs/tournaments/src/application/play-keystream';
import { freePort, machineLine, processCpuSeconds, publish, SMOKE } from './support/bench-kit';
import { BENCH_POOL_SIZE, LiveStack, startBareServer, type Player } from './support/live-stack';

/** Honest sessions per game; each posts one result. */
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? (SMOKE ? 4 : 240));
/** The longest session on the game clock: five minutes, as a member plays. */
const SESSION_MS = Number(process.env.BENCH_SESSION_MS ?? (SMOKE ? 2_000 : 5 * 60_000));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (SMOKE ? 2 : 16));
/** Sessions played at once while releasing (each one's calls in order, as one browser makes them). */
const PLAYING_AT_ONCE = SMOKE ? 4 : 32;
/** The results of each game are posted in this many turns of bare route, then full path. */
const ROUNDS = SMOKE ? 1 : 2;
/** A result is sent this long after its session's end on the game clock (the game-over screen). */
const SUBMIT_AFTER_MS = 1_500;

const GAMES: ReadonlyArray<{ slug: VerifiedGameSlug; format: string }> = [
  { slug: 'tiles', format: 'SCORE_ATTACK' },
  { slug: 'snake', format: 'SCORE_ATTACK' },
  { slug: 'pairs', format: 'TIME_ATTACK' },
];

interface Session {
  slug: VerifiedGameSlug;
  player: Player;
  play: StartedPlay;
  log: TimedInput<unknown>[];
  /** Tile Merge's and Snake's release inputs, in order (none for Memory Pairs, which reveals its log's flips). */
  releases: string[];
  /** The result's body, exactly as the game posts it. */
  body: string;
  /** Release or reveal calls its play made. */
  calls: number;
  /** When its result may be posted (ms since the epoch). */
  dueAt: number;
}

interface Turn {
  slug: VerifiedGameSlug;
  round: number;
  server: string;
  results: number;
  seconds: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  cpuMsPerResult: number;
  load: number;
}

async function post<T>(url: string, token: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** Runs `work` over `items`, `atOnce` at a time. */
async function inTurns<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(atOnce, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** The seed each play was started on, as the server keeps it (PlayStarted, read from the event store's table). */
async function keptSeeds(databaseUrl: string, playIds: string[]): Promise<Map<string, string>> {
  const { db, close } = createDatabase(databaseUrl, 1);
  try {
    const { rows } = await sql<{ play_id: string; seed: string }>`
      SELECT data->>'playId' AS play_id, data->>'seed' AS seed FROM events
      WHERE event_type = 'PlayStarted' AND data->>'playId' = ANY(${playIds}::text[])`.execute(db);
    return new Map(rows.map((row) => [row.play_id, row.seed]));
  } finally {
    await close();
  }
}

/** An honest session of the play's game on its seed (skill spread from 0 to 1 over the sessions). */
function playSession(slug: VerifiedGameSlug, seed: string, playId: string, index: number) {
  const { keystream } = GAME_CORES[slug];
  const steps = keystream ? (step: number) => keystreamBlocks(seed, step, 1)[0]! : seed;
  const log = honestLog(slug, steps, seededUniform(`bench:plays:${playId}`), {
    skill: SESSIONS > 1 ? index / (SESSIONS - 1) : 0.7,
    maxDurationMs: SESSION_MS,
  });
  const releases = keystream ? keystream.releasesOf(steps as (step: number) => string, log) : [];
  return { log, releases };
}

/** Every call the member's browser makes while playing: releases (tiles, snake) or reveals (pairs). */
async function makeCalls(baseUrl: string, session: Session, seed: string): Promise<number> {
  const { play, player, log, releases } = session;
  if (releases.length > 0) {
    const expected = keystreamBlocks(seed, 0, releases.length);
    for (let step = 0; step < releases.length; step++) {
      const answer = releasedBlock.parse(
        await post(`${baseUrl}/api/plays/${play.playId}/release`, player.token, {
          gameToken: play.gameToken,
          step,
          input: releases[step],
        }),
      );
      if (answer.block !== expected[step])
        throw new Error(`release ${step} of ${play.playId}: another block`);
    }
    return releases.length;
  }
  for (let flip = 0; flip < log.length; flip++) {
    revealedCard.parse(
      await post(`${baseUrl}/api/plays/${play.playId}/reveal`, player.token, {
        gameToken: play.gameToken,
        flip,
        card: (log[flip]!.input as { card: number }).card,
      }),
    );
  }
  return log.length;
}

/**
 * Posts each session's result once, CONNECTIONS at a time. Seconds run from the start to the last answer
 * (autocannon's own duration rounds up to its one-second ticks, too coarse for a few hundred results).
 */
async function postResults(url: string, sessions: Session[]) {
  let next = 0;
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: Math.min(CONNECTIONS, sessions.length),
        amount: sessions.length,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              const session = sessions[next++ % sessions.length]!;
              return {
                ...request,
                path: `/api/plays/${session.play.playId}/result`,
                headers: {
                  'content-type': 'application/json',
                  authorization: `Bearer ${session.player.token}`,
                },
                body: session.body,
              };
            },
          },
        ],
      },
      (error, answer) => (error ? reject(error as Error) : resolve(answer)),
    );
    instance.on('response', () => (lastAnswer = performance.now()));
  });
  return { result, seconds: (lastAnswer - started) / 1000 };
}

async function main() {
  const stack = await LiveStack.start({
    settings: {
      // One member plays as fast as the bench sends: the per-member limits are for people, not this.
      PLAY_STARTS_PER_MINUTE: '1000000',
      PLAY_RESULTS_PER_MINUTE: '1000000',
      PLAY_REVEALS_PER_MINUTE: '1000000',
      PLAY_RELEASES_PER_MINUTE: '1000000',
    },
  });
  const barePort = await freePort();
  let bare: ChildProcess | undefined;
  try {
    bare = await startBareServer(stack.database.url, barePort);
    const sessions: Session[] = [];
    for (const { slug, format } of GAMES) {
      const tournamentId = await stack.createTournament(`Plays bench ${slug}`, slug, format);
      const players = await stack.joinPlayers(tournamentId, SESSIONS);
      const plays: Array<{ player: Player; play: StartedPlay }> = [];
      await inTurns(players, 8, async (player) => {
        const play = startedPlay.parse(
          await post(`${stack.baseUrl}/api/tournaments/${tournamentId}/plays`, player.token, {}),
        );
        plays.push({ player, play });
      });
      const seeds = await keptSeeds(
        stack.database.url,
        plays.map(({ play }) => play.playId),
      );
      plays.forEach(({ player, play }, index) => {
        const seed = seeds.get(play.playId)!;
        const { log, releases } = playSession(slug, seed, play.playId, index);
        const durationMs = log.at(-1)?.atMs ?? 0;
        sessions.push({
          slug,
          player,
          play,
          log,
          releases,
          body: JSON.stringify({ gameToken: play.gameToken, log }),
          calls: 0,
          dueAt: Date.parse(play.startedAt) + durationMs + SUBMIT_AFTER_MS,
        });
      });
      console.log(`${slug}: ${plays.length} plays started`);
    }

    // Every session's releases or reveals, as the members play (timed: what playing costs the servers).
    const allSeeds = await keptSeeds(
      stack.database.url,
      sessions.map((session) => session.play.playId),
    );
    const callCpuBefore = stack.cpuSeconds();
    const callsStarted = performance.now();
    await inTurns(sessions, PLAYING_AT_ONCE, async (session) => {
      session.calls = await makeCalls(stack.baseUrl, session, allSeeds.get(session.play.playId)!);
    });
    const callSeconds = (performance.now() - callsStarted) / 1000;
    const callCpuAfter = stack.cpuSeconds();
    const calls = sessions.reduce((sum, session) => sum + session.calls, 0);
    console.log(`${calls} releases and reveals in ${callSeconds.toFixed(1)} s`);

    const lastDue = Math.max(...sessions.map((session) => session.dueAt));
    const wait = lastDue - Date.now();
    if (wait > 0) {
      console.log(`waiting ${(wait / 1000).toFixed(0)} s for the sessions' time to pass`);
      await new Promise((r) => setTimeout(r, wait));
    }
    if (!(await stack.projectionsCaughtUp()))
      throw new Error('the worker did not catch up before the results');

    const bareCpu = () => processCpuSeconds(bare!.pid!);
    const stackCpu = () => {
      const { api, worker } = stack.cpuSeconds();
      return api + worker;
    };
    const turns: Turn[] = [];
    for (const { slug } of GAMES) {
      const ofGame = sessions.filter((session) => session.slug === slug);
      for (let round = 1; round <= ROUNDS; round++) {
        const share = ofGame.filter((_, index) => index % ROUNDS === round - 1);
        for (const server of [
          { name: 'bare Fastify, parse + INSERT', url: `http://127.0.0.1:${barePort}`, cpu: bareCpu },
          { name: 'verified result (full)', url: stack.baseUrl, cpu: stackCpu },
        ]) {
          const cpuBefore = server.cpu();
          const { result, seconds } = await postResults(server.url, share);
          // The worker's projection of these results counts too: CPU is read once it has caught up.
          if (server.cpu === stackCpu) await stack.projectionsCaughtUp();
          const cpuMs = ((server.cpu() - cpuBefore) * 1000) / Math.max(1, result['2xx']);
          turns.push({
            slug,
            round,
            server: server.name,
            results: result['2xx'],
            seconds,
            p50: result.latency.p50,
            p99: result.latency.p99,
            non2xx: result.non2xx,
            errors: result.errors,
            cpuMsPerResult: cpuMs,
            load: loadavg()[0]!,
          });
        }
      }
    }
    publish(
      'bench:plays',
      report(sessions, turns, { calls, callSeconds, callCpu: sumCpu(callCpuBefore, callCpuAfter) }),
    );
  } finally {
    bare?.kill('SIGTERM');
    await stack.stop();
  }
}

const sumCpu = (before: { api: number; worker: number }, after: { api: number; worker: number }) =>
  after.api - before.api + after.worker - before.worker;

function report(
  sessions: Session[],
  turns: Turn[],
  playing: { calls: number; callSeconds: number; callCpu: number },
): string {
  const games = GAMES.map(({ slug }) => {
    const ofGame = sessions.filter((session) => session.slug === slug);
    const minutes = ofGame.map((session) => (session.log.at(-1)?.atMs ?? 0) / 60_000);
    const kb = ofGame.map((session) => session.body.length / 1024);
    const calls = ofGame.map((session) => session.calls);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    return `| ${slug} | ${ofGame.length} | ${mean(minutes).toFixed(2)} (longest ${Math.max(...minutes).toFixed(2)}) | ${Math.round(mean(ofGame.map((s) => s.log.length)))} | ${mean(kb).toFixed(1)} | ${Math.round(mean(calls))} |`;
  });
  const rows = turns.map(
    (t) =>
      `| ${t.slug} | ${t.round} | ${t.server} | ${(t.results / t.seconds).toFixed(0)} | ${t.p50} | ${t.p99} | ${t.results} | ${t.non2xx} | ${t.errors} | ${t.cpuMsPerResult.toFixed(2)} | ${t.load.toFixed(1)} |`,
  );
  const ratios = GAMES.map(({ slug }) => {
    const rate = (server: string) => {
      const ofServer = turns.filter((t) => t.slug === slug && t.server.startsWith(server));
      return (
        ofServer.reduce((sum, t) => sum + t.results, 0) / ofServer.reduce((sum, t) => sum + t.seconds, 0)
      );
    };
    return `${slug} ${(rate('verified') / rate('bare')).toFixed(2)}×`;
  });
  const callCpuMs = playing.calls > 0 ? (playing.callCpu * 1000) / playing.calls : Number.NaN;
  return `The whole verified path of a game's result over HTTP: per game, one live tournament; each member starts a play (POST /api/tournaments/{id}/plays), plays an honest session of at most ${(SESSION_MS / 60_000).toFixed(1)} minutes on the game clock (\`honestLog\`, skills 0 to 1) making every call its browser makes (Tile Merge's and Snake's releases, Memory Pairs' reveals), and once the session's time has passed on the wall clock posts its result (POST /api/plays/{playId}/result: the whole log, replayed by the API; the worker projects it). autocannon posts each play's result once, ${CONNECTIONS} connections, beside a bare Fastify route that parses the same bodies and INSERTs each as jsonb (no NestJS, no auth, no event store, no replay; a pool of ${BENCH_POOL_SIZE} database connections like the API's), in turns of ${ROUNDS} round(s) per game. ${machineLine()}

| game | sessions | minutes on the game clock (mean) | inputs (mean) | result body KB (mean) | releases or reveals per session (mean) |
|---|---:|---:|---:|---:|---:|
${games.join('\n')}

| game | round | server | results/s | p50 ms | p99 ms | 2xx | non-2xx | errors | server CPU ms per result | 1-min load after |
|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

Verified results ÷ bare parse-and-INSERT (results/s over the rounds): ${ratios.join(', ')}. Server CPU counts the bare server's process, or the API's and the worker's together (the worker projects every result; CPU is read once it has caught up). While playing, ${playing.calls} releases and reveals took ${playing.callSeconds.toFixed(1)} s (${(playing.calls / Math.max(0.001, playing.callSeconds)).toFixed(0)}/s, ${PLAYING_AT_ONCE} sessions at once), ${callCpuMs.toFixed(2)} ms of server CPU each; a tiles result's session costs its releases on top of the result (see the sessions table).
`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
