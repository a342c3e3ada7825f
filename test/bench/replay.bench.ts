/**
 * bench:replay: how many play results one core verifies per second. Per result, what the server
 * does with `POST /api/plays/{id}/result`: parse the JSON body (with Fastify's parser, as the API
 * does), check it against the contract
 * (playResultBody), and replay the log with the game's core, as the result handler does (a hidden
 * game's log checked against what the server recorded; Tile Merge replayed on its play's keystream,
 * every block from one cipher call). Logs per game: honest sessions of the
 * scripted bots, a session lasting 5 minutes at human pace, and the worst case, the most inputs the
 * rules accept in 5 minutes (the log longest to replay), plus snake's longest play allowed. One
 * process, one core; no database. Timings belong here, never in a test.
 *
 * The contract checks the log as a list of at most PLAY_LOG_MAX_INPUTS entries and leaves each entry to
 * the core's replay (checking each twice cost as much as the replay: see docs/benchmarks.md).
 *
 * Every log is measured twice: as the JSON `log` (external tools) and as the `packedLog` the game frame
 * sends (issue 24), whose parse and check (body, contract, reading the bytes back into the list the core
 * replays: `resultLog`) should cost no more than the replay itself. Tile Merge's packed log is replayed
 * straight from its bytes (`verifyPacked`), as the result handler does; through the list too, to compare.
 */
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { playResultBody, PLAY_RESULT_MAX_BYTES, type VerifiedGameSlug } from '@arena/contracts';
import {
  encodePackedLog,
  GAME_CORES,
  honestLog,
  PackedLogReader,
  pairs,
  SeededRandom,
  seededUniform,
  snake,
  tiles,
  type TimedInput,
} from '@arena/games';
import { hiddenRuleOf } from '../../libs/tournaments/src/application/hidden-plays';
import { keystreamBlocks } from '../../libs/tournaments/src/application/play-keystream';
import { resultLog } from '../../libs/tournaments/src/application/result-log';
import { machineLine, publish, SMOKE } from './support/bench-kit';
import { playStrongTiles } from './support/strong-tiles-player';

const SECONDS_PER_CASE = Number(process.env.BENCH_SECONDS ?? (SMOKE ? 0.05 : 2));
/** The sessions' length; a smoke run plays 10 s ones, fewer of them, to check the bench still runs. */
const FIVE_MINUTES = SMOKE ? 10_000 : 5 * 60 * 1000;
const HONEST_LOGS = SMOKE ? 3 : 20;
const SNAKE_SEEDS = SMOKE ? 3 : 100;
const GOAL_PER_SECOND = 2000;

interface Play {
  seed: string;
  body: string;
  /** The same result as the game frame sends it: the log packed. */
  packedBody: string;
  packedLog: string;
  inputs: number;
  /** What the server recorded as it revealed (pairs' cards, tiles' moves): the log's own inputs. */
  recorded: string[];
}

interface Case {
  game: VerifiedGameSlug;
  name: string;
  plays: Play[];
}

// The API's JSON body parser: Fastify's default, JSON.parse plus a scan of the text for __proto__ and
// constructor keys (the API keeps the default 'error' actions).
const fastifyJsonParser = Fastify().getDefaultJsonParser('error', 'error');

function parseBody(body: string): unknown {
  let parsed: unknown;
  fastifyJsonParser(undefined as never, body, (error, value) => {
    if (error) throw error;
    parsed = value;
  });
  return parsed;
}

/** The body the game app posts: a game token (a JWT's length) and the log. */
function play(game: VerifiedGameSlug, seed: string, log: readonly TimedInput<unknown>[]): Play {
  const gameToken = randomBytes(240).toString('base64url');
  const body = JSON.stringify({ gameToken, log });
  const packedLog = encodePackedLog(game, log);
  const packedBody = JSON.stringify({ gameToken, packedLog });
  const inputs = log.map((entry) =>
    game === 'pairs' ? String((entry.input as { card: number }).card) : String(entry.input),
  );
  // A keystream game's releases are an honest client's for the log (tiles: `open` and every move;
  // snake: `open` and one per food eaten).
  const keystream = GAME_CORES[game].keystream;
  const recorded = keystream
    ? keystream.releasesOf((step) => keystreamBlocks(seed, step, 1)[0]!, log)
    : inputs;
  return { seed, body, packedBody, packedLog, inputs: log.length, recorded };
}

/** Where a play of the game draws its randomness from: its seed, or (tiles, snake) its keystream's blocks. */
function stepsOf(game: VerifiedGameSlug, seed: string): string | ((step: number) => string) {
  return GAME_CORES[game].keystream ? (step) => keystreamBlocks(seed, step, 1)[0]! : seed;
}

/** The replay the result handler runs (SubmitPlayResultHandler): a hidden game's through its rule. */
function serverReplay(game: VerifiedGameSlug, seed: string, log: TimedInput<unknown>[], recorded: string[]) {
  const rule = hiddenRuleOf(GAME_CORES[game]);
  return rule ? rule.verify(seed, log, recorded) : GAME_CORES[game].replay(seed, log);
}

/** What the server does per result; throws when the log does not verify (the bench would be wrong). */
function verify(game: VerifiedGameSlug, { seed, body, recorded }: Play): number {
  const parsed = playResultBody.safeParse(parseBody(body));
  if (!parsed.success) throw new Error(`${game} ${seed}: the body does not parse: ${parsed.error.message}`);
  const verdict = serverReplay(game, seed, parsed.data.log as TimedInput<unknown>[], recorded);
  if (!verdict.valid) throw new Error(`${game} ${seed}: the log does not replay: ${verdict.reason}`);
  return verdict.result.score;
}

/**
 * The same with the packed body, as the result handler does (`checkResult`): Tile Merge replayed straight
 * from the bytes (`verifyPacked`), the others' logs read back from their bytes (`resultLog`), then replayed
 * alike.
 */
function verifyPacked(game: VerifiedGameSlug, play: Play): number {
  return hiddenRuleOf(GAME_CORES[game])?.verifyPacked ? fromTheBytes(game, play) : throughTheList(game, play);
}

/** A packed body checked and replayed straight from its bytes (`verifyPacked`, Tile Merge). */
function fromTheBytes(game: VerifiedGameSlug, { seed, packedBody, recorded }: Play): number {
  const parsed = playResultBody.safeParse(parseBody(packedBody));
  if (!parsed.success) throw new Error(`${game}: the packed body does not parse: ${parsed.error.message}`);
  const { verdict } = hiddenRuleOf(GAME_CORES[game])!.verifyPacked!(seed, parsed.data.packedLog!, recorded);
  if (!verdict.valid) throw new Error(`${game} ${seed}: the packed log does not replay: ${verdict.reason}`);
  return verdict.result.score;
}

/** A packed body's log read back into a list (`resultLog`), then replayed as a JSON log is. */
function throughTheList(game: VerifiedGameSlug, { seed, packedBody, recorded }: Play): number {
  const read = readPacked(game, packedBody);
  const verdict = serverReplay(game, seed, read, recorded);
  if (!verdict.valid) throw new Error(`${game} ${seed}: the packed log does not replay: ${verdict.reason}`);
  return verdict.result.score;
}

/** Everything the server does with a packed body before the replay: parse, contract, the bytes read back. */
function readPacked(game: VerifiedGameSlug, packedBody: string): TimedInput<unknown>[] {
  const parsed = playResultBody.safeParse(parseBody(packedBody));
  if (!parsed.success) throw new Error(`${game}: the packed body does not parse: ${parsed.error.message}`);
  const read = resultLog(game, parsed.data);
  if (!read.ok) throw new Error(`${game}: the packed log does not read: ${read.reason}`);
  return read.log;
}

/** Reading a packed log's inputs one by one, as a core could as it replays: no list built. */
function scanPacked(game: VerifiedGameSlug, packedLog: string): number {
  const reader = PackedLogReader.open(game, packedLog);
  while (reader.next());
  if (reader.refusal !== null) throw new Error(reader.refusal);
  return reader.index;
}

/**
 * Runs `step` over the items round robin for SECONDS_PER_CASE; the mean CPU time of one step in µs.
 * CPU time (user + system of this process), not wall time: the machine is shared, and a core's rate
 * is what the goal asks.
 */
function timeEach<T>(items: readonly T[], step: (item: T) => unknown): number {
  for (let warm = 0; warm < 3; warm++) for (const item of items) step(item); // warm the JIT first
  const deadline = performance.now() + SECONDS_PER_CASE * 1000;
  const started = process.cpuUsage();
  let count = 0;
  while (performance.now() < deadline) {
    for (const item of items) step(item);
    count += items.length;
  }
  const used = process.cpuUsage(started);
  return (used.user + used.system) / count;
}

/** One row of each table (JSON, packed): the whole path and its parts apart. */
function measure({ game, name, plays }: Case): { json: string; packed: string } {
  const perResult = timeEach(plays, (one) => verify(game, one));
  const jsonMicros = timeEach(plays, (one) => parseBody(one.body));
  const objects = plays.map((one) => parseBody(one.body));
  const contractMicros = timeEach(objects, (body) => playResultBody.parse(body));
  const parsed = plays.map((one) => ({
    seed: one.seed,
    recorded: one.recorded,
    log: playResultBody.parse(parseBody(one.body)).log,
  }));
  const replayMicros = timeEach(parsed, (one) =>
    serverReplay(game, one.seed, one.log as TimedInput<unknown>[], one.recorded),
  );

  const packedPerResult = timeEach(plays, (one) => verifyPacked(game, one));
  const straight = hiddenRuleOf(GAME_CORES[game])?.verifyPacked !== undefined;
  const listPerResult = straight ? timeEach(plays, (one) => throughTheList(game, one)) : packedPerResult;
  const packedReadMicros = timeEach(plays, (one) => readPacked(game, one.packedBody));
  const packedScanMicros = timeEach(plays, (one) => scanPacked(game, one.packedLog));

  const perSecond = 1_000_000 / perResult;
  const packedPerSecond = 1_000_000 / packedPerResult;
  const inputs = Math.round(plays.reduce((total, one) => total + one.inputs, 0) / plays.length);
  const bytes = Math.max(...plays.map((one) => one.body.length));
  const size = `${(bytes / 1024).toFixed(0)}${bytes > PLAY_RESULT_MAX_BYTES ? ' (over the limit)' : ''}`;
  const packedBytes = Math.max(...plays.map((one) => one.packedBody.length));
  const rate = (value: number) => Math.round(value).toLocaleString('en');
  console.log(`${game}: ${name}: ${rate(perSecond)}/s JSON, ${rate(packedPerSecond)}/s packed`);
  const packed = [
    game,
    name,
    rate(inputs),
    size,
    (packedBytes / 1024).toFixed(1),
    packedReadMicros.toFixed(0),
    packedScanMicros.toFixed(0),
    replayMicros.toFixed(0),
    packedReadMicros <= replayMicros ? 'yes' : 'no',
    rate(1_000_000 / listPerResult),
    straight ? rate(packedPerSecond) : '—',
    packedPerSecond >= GOAL_PER_SECOND ? 'yes' : 'no',
  ].join(' | ');
  const json = [
    game,
    name,
    rate(inputs),
    size,
    jsonMicros.toFixed(0),
    contractMicros.toFixed(0),
    replayMicros.toFixed(0),
    rate(perSecond),
    perSecond >= GOAL_PER_SECOND ? 'yes' : 'no',
  ].join(' | ');
  return { json, packed };
}

function honestSessions(game: VerifiedGameSlug): Case {
  const plays = Array.from({ length: HONEST_LOGS }, (_, index) => {
    const seed = `honest ${game} ${index}`;
    return play(
      game,
      seed,
      honestLog(game, stepsOf(game, seed), seededUniform(`bot ${index}`), {
        skill: index / (HONEST_LOGS - 1),
      }),
    );
  });
  return {
    game,
    name: `honest bot sessions, skills 0 to 1 (${HONEST_LOGS} logs; inputs: their mean)`,
    plays,
  };
}

/** Tiles for 5 minutes at 150 to 400 ms a move: the strong player, on the first seed it survives that long. */
function tilesFiveMinutes(): Case {
  for (let index = 0; ; index++) {
    const seed = `five minutes ${index}`;
    const pace = new SeededRandom(`pace ${index}`);
    const log = playStrongTiles(stepsOf('tiles', seed), () => pace.int(150, 400), FIVE_MINUTES);
    if (log.at(-1)!.atMs > FIVE_MINUTES - 1000)
      return {
        game: 'tiles',
        name: '5 minutes at human pace (150–400 ms a move), the strong player',
        plays: [play('tiles', seed, log)],
      };
  }
}

/** Tiles at 10 moves a second for 5 minutes: the strong player, on the first seed it survives 3,000 moves. */
function tilesWorstCase(): Case {
  const moves = (FIVE_MINUTES / 1000) * tiles.tilesCore.maxInputsPerSecond;
  for (let index = 0; ; index++) {
    const seed = `worst case ${index}`;
    const log = playStrongTiles(stepsOf('tiles', seed), () => 100, FIVE_MINUTES);
    if (log.length === moves)
      return {
        game: 'tiles',
        name: 'worst case: 10 moves a second for 5 minutes',
        plays: [play('tiles', seed, log)],
      };
  }
}

/** The honest snake (skill 1) that lives longest within 5 minutes, out of 100 seeds (3 in a smoke run). */
function snakeLongestHonest(): Case {
  let longest: { seed: string; log: TimedInput<unknown>[]; durationMs: number } | undefined;
  for (let index = 0; index < SNAKE_SEEDS; index++) {
    const seed = `long snake ${index}`;
    const log = honestLog('snake', stepsOf('snake', seed), seededUniform(`bot ${index}`), { skill: 1 });
    const { recorded } = play('snake', seed, log);
    const verdict = serverReplay('snake', seed, log, recorded);
    const durationMs = verdict.valid ? verdict.result.durationMs : 0;
    if (!longest || durationMs > longest.durationMs) longest = { seed, log, durationMs };
  }
  const minutes = (longest!.durationMs / 60_000).toFixed(1);
  return {
    game: 'snake',
    name: `the longest of ${SNAKE_SEEDS} honest sessions at skill 1 (${minutes} minutes)`,
    plays: [play('snake', longest!.seed, longest!.log)],
  };
}

/**
 * Snake turning on every tick for `durationMs`: three cells circling a 2×2 square (each tick the head
 * takes the cell the tail leaves), so it never dies. At most one turn a tick takes effect (two wait at
 * most), so one a tick (8 a second) is the most a valid log sustains.
 */
function snakeCircling(durationMs: number, name: string): Case {
  const circle: snake.SnakeDirection[] = ['down', 'left', 'up', 'right'];
  const turns = durationMs / snake.SNAKE_TICK_MS;
  // A seed whose first food lies off the square: the snake never eats and stays three cells long.
  for (let index = 0; ; index++) {
    const seed = `circling ${index}`;
    const opening = snake.snakeBlockSeed(keystreamBlocks(seed, 0, 1)[0]!);
    const food = snake.snakeFood(snake.newSnakeGameOn((index) => (index === 0 ? opening : null)))!;
    if (food.y >= 9 && food.y <= 11 && food.x >= 8 && food.x <= 11) continue;
    const log = Array.from({ length: turns }, (_, tick) => ({
      atMs: tick * snake.SNAKE_TICK_MS + 60,
      input: circle[tick % 4]!,
    }));
    return { game: 'snake', name, plays: [play('snake', seed, log)] };
  }
}

/** Pairs at the most flips the rules allow: card 0 and a card of another face, again and again. */
function pairsWorstCase(): Case {
  const seed = 'mismatching';
  const faces = pairs.newGame(seed).faces;
  const other = faces.findIndex((face) => face !== faces[0]);
  const log: TimedInput<pairs.PairsInput>[] = [];
  // A mismatch stays shown for 500 ms: two flips, 100 ms apart, every 600 ms.
  for (let atMs = 100; atMs + 100 <= FIVE_MINUTES; atMs += 100 + pairs.MISMATCH_SHOW_MS) {
    log.push({ atMs, input: { card: 0 } }, { atMs: atMs + 100, input: { card: other } });
  }
  return {
    game: 'pairs',
    name: 'worst case: mismatches at the fastest pace allowed for 5 minutes',
    plays: [play('pairs', seed, log)],
  };
}

function main(): void {
  const cases: Case[] = [
    honestSessions('tiles'),
    tilesFiveMinutes(),
    tilesWorstCase(),
    honestSessions('snake'),
    snakeLongestHonest(),
    snakeCircling(FIVE_MINUTES, 'worst case: a turn every tick for 5 minutes'),
    snakeCircling(
      SMOKE ? 2 * FIVE_MINUTES : snake.snakeCore.maxDurationMs,
      'the longest play allowed: a turn every tick for an hour',
    ),
    honestSessions('pairs'),
    pairsWorstCase(),
  ];
  const rows = cases.map((one) => measure(one));
  publish(
    'bench:replay',
    `Verified results per second on one core: per result, parsing the JSON body with Fastify's parser (JSON.parse and a scan for prototype keys), the contract check (playResultBody) and the core's replay, as \`POST /api/plays/{id}/result\` does; ${SECONDS_PER_CASE} s per measure, the logs of a row taken in turn. Times are CPU time of the bench process (a core's rate; less sensitive than wall time to the others sharing the machine). The three µs columns time the parts apart (mean per result); the contract checks the list, the replay each entry. Goal: ${GOAL_PER_SECOND.toLocaleString('en')}/s per core. ${machineLine('other engineers’ builds and tests and this script')}

| game | log | inputs | body KB | body parse µs | contract µs | replay µs | verified results/s | goal met |
|---|---|---:|---:|---:|---:|---:|---:|---|
${rows.map((row) => `| ${row.json} |`).join('\n')}

The same logs as the game frame sends them, packed (\`packedLog\`, issue 24). "Parse + check" is everything before the replay: the body's JSON, the contract and the bytes read back into the list the core replays (\`resultLog\`); "scan" reads the bytes alone, input by input, with no list built (\`PackedLogReader\`). The replay is the same as above (same logs). "Through a list" is the whole result read back into a list and replayed; "straight from the bytes" is Tile Merge's path since issue 24 (\`verifyPacked\`: one pass over the bytes checks the releases and the clock, then the replay over the moves' codes, no list), which the result handler takes for a packed Tile Merge result; the goal is judged on the path the handler takes. The packed body holds the same game token (0.3 KB).

| game | log | inputs | JSON body KB | packed body KB | parse + check µs | of which scan µs | replay µs | parse + check ≤ replay | through a list: results/s | straight from the bytes: results/s | goal met |
|---|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---|
${rows.map((row) => `| ${row.packed} |`).join('\n')}
`,
  );
}

main();
