/**
 * bench:projection: how fast the leaderboard read model rebuilds from the log (200,000
 * ScoreSubmitted events plus the joins they need), and how fast its two reads stay with a million
 * players in one tournament. Creates and drops its own database; appends the results to
 * docs/benchmarks.md. Compiled by SWC with the server (npm run bench:projection, which then runs
 * live-lag.bench.ts for the end-to-end half through the API and the worker).
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { createDatabase } from '@arena/database';
import { PostgresEventStore } from '@arena/event-store';
import {
  defaultRunnerOptions,
  rebuildProjection,
  type Projector,
  type RebuildResult,
  type RunnerOptions,
} from '@arena/projection-runner';
import { silentLogger } from '@arena/projection-runner/testing';
import { TournamentStreamBuilder } from '../../projections/leaderboards/leaderboards.fixtures';
import { leaderboardsProjector } from '../../projections/leaderboards/leaderboards.projection';
import { rankOf, topEntries } from '../../projections/leaderboards/leaderboards.queries';
import {
  createBenchDatabase,
  machineLine,
  percentile,
  processCpuSeconds,
  publish,
  SMOKE,
} from './support/bench-kit';

const SCORE_EVENTS = Number(process.env.BENCH_SCORE_EVENTS ?? (SMOKE ? 2_000 : 200_000));
const TOURNAMENTS = 20;
const SCORES_PER_PLAYER = 5;
const BIG_FIELD = Number(process.env.BENCH_BIG_FIELD ?? (SMOKE ? 2_000 : 1_000_000));
const QUERY_SAMPLES = SMOKE ? 10 : 200;

interface RebuildRun {
  label: string;
  result: RebuildResult;
  /** CPU seconds of this process (reading, applying) and of the database's backends during the rebuild. */
  nodeCpu: number;
  databaseCpu: number;
}

interface QueryTiming {
  name: string;
  p50: number;
  p99: number;
}

async function main(): Promise<void> {
  const database = await createBenchDatabase();
  const { url } = database;
  try {
    const { db, pool, close } = createDatabase(url, 4);
    const eventStore = new PostgresEventStore({ connectionString: url, pool });
    try {
      const { total, scores } = await appendScores(eventStore);
      console.log(`appended ${total} events (${scores} ScoreSubmitted)`);
      const deps = {
        db,
        eventStore,
        lockConnectionString: url,
        logger: silentLogger,
        options: defaultRunnerOptions,
      };
      const runs: RebuildRun[] = [];
      const { rebuildBatchSize, rebuildFlushRows } = defaultRunnerOptions;
      const variants: Array<{ label: string; projector: Projector; options: Partial<RunnerOptions> }> = [
        {
          label: `bulk (the default): pages of ${rebuildBatchSize}, a write per ${rebuildFlushRows} rows`,
          projector: leaderboardsProjector,
          options: {},
        },
        {
          label: `bulk: pages of ${rebuildBatchSize}, a write per 5000 rows`,
          projector: leaderboardsProjector,
          options: { rebuildFlushRows: 5_000 },
        },
        {
          label: `bulk: pages of ${rebuildBatchSize}, a write per 100000 rows`,
          projector: leaderboardsProjector,
          options: { rebuildFlushRows: 100_000 },
        },
        {
          label: `apply() batch by batch (before the bulk path): ${rebuildBatchSize} events per transaction`,
          projector: { ...leaderboardsProjector, bulk: undefined },
          options: {},
        },
      ];
      for (const { label, projector, options } of variants) {
        const backendsBefore = await backendCpu(db);
        const cpuBefore = process.cpuUsage();
        const result = await rebuildProjection(
          { ...deps, options: { ...defaultRunnerOptions, ...options } },
          projector,
          new AbortController().signal,
        );
        if (!result) throw new Error('rebuild stopped');
        const cpu = process.cpuUsage(cpuBefore);
        const backendsAfter = await backendCpu(db);
        const databaseCpu = [...backendsAfter].reduce(
          (sum, [pid, seconds]) => sum + seconds - (backendsBefore.get(pid) ?? 0),
          0,
        );
        runs.push({ label, result, nodeCpu: (cpu.user + cpu.system) / 1e6, databaseCpu });
        console.log(`rebuild, ${label}: ${rate(result)} events/s`);
      }
      const timings = await bigField(db);
      publish('bench:projection', await formatReport(db, total, scores, runs, timings));
    } finally {
      await eventStore.close();
      await close();
    }
  } finally {
    await database.drop();
  }
}

const rate = (result: RebuildResult) => Math.round(result.events / (result.durationMs / 1000));

/**
 * CPU seconds used so far by each PostgreSQL backend serving this database (Linux /proc): with the
 * process's own, what a rebuild costs whatever else runs on the machine. A backend that ends during a
 * rebuild is missed (the pool keeps its connections for far longer than one).
 */
async function backendCpu(db: Kysely<any>): Promise<Map<number, number>> {
  const { rows } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      cpu.set(pid, processCpuSeconds(pid));
    } catch {
      // Ended between the query and the read, or not on this machine: counted as nothing.
    }
  }
  return cpu;
}

async function appendScores(eventStore: PostgresEventStore): Promise<{ total: number; scores: number }> {
  const playersPerTournament = Math.ceil(SCORE_EVENTS / TOURNAMENTS / SCORES_PER_PLAYER);
  let total = 0;
  let scores = 0;
  for (let t = 0; t < TOURNAMENTS; t += 1) {
    const tournament = new TournamentStreamBuilder();
    const players = Array.from({ length: playersPerTournament }, () => tournament.join(randomUUID()));
    for (let round = 0; round < SCORES_PER_PLAYER; round += 1) {
      players.forEach((player, index) => {
        if (scores >= SCORE_EVENTS) return;
        tournament.score(
          player,
          Math.floor(Math.random() * 100_000),
          new Date(1_700_000_000_000 + round * 60_000 + index),
        );
        scores += 1;
      });
    }
    for (let i = 0; i < tournament.events.length; i += 1_000) {
      await eventStore.appendToStream(tournament.streamId, tournament.events.slice(i, i + 1_000));
    }
    total += tournament.events.length;
  }
  return { total, scores };
}

/** One tournament of BIG_FIELD scored players, written straight into the read model. */
async function bigField(db: Kysely<any>): Promise<QueryTiming[]> {
  const tournamentId = randomUUID();
  console.log(`filling one tournament with ${BIG_FIELD} players`);
  // Scores from a narrow range, so many ties go down to time, attempts and the key, as in real play.
  await sql`
    INSERT INTO leaderboard_entries
      (tournament_id, user_id, username, charity_name, best_score, rank_score, best_score_at, attempts, tie_break_key)
    SELECT ${tournamentId}::uuid, gen_random_uuid(), 'player-' || i, 'Charity ' || (i % 50),
      score, -score, timestamptz '2026-11-22' + (floor(random() * 3600) || ' seconds')::interval,
      1 + floor(random() * 5)::int, md5(i::text) || md5((i + 1)::text)
    FROM generate_series(1, ${BIG_FIELD}) AS i, LATERAL (SELECT floor(random() * 10000) + i * 0 AS score) AS s`.execute(
    db,
  );
  await sql`
    INSERT INTO leaderboard_score_counts (tournament_id, rank_score, players)
    SELECT tournament_id, rank_score, count(*) FROM leaderboard_entries WHERE tournament_id = ${tournamentId}
    GROUP BY tournament_id, rank_score`.execute(db);
  const { rows: active } = await sql<{ generation: number }>`
    SELECT generation FROM projection_generations WHERE name = 'leaderboards' AND status = 'active'`.execute(
    db,
  );
  // Index-only scans need the visibility map that VACUUM sets; autovacuum does the same in production.
  for (const table of ['leaderboard_entries', 'leaderboard_score_counts']) {
    await sql`VACUUM ANALYZE ${sql.table(`${table}_g${active[0]!.generation}`)}`.execute(db);
  }
  const { rows: sample } = await sql<{ user_id: string }>`
    SELECT user_id FROM leaderboard_entries WHERE tournament_id = ${tournamentId} ORDER BY random() LIMIT ${QUERY_SAMPLES}`.execute(
    db,
  );
  const { rows: last } = await sql<{ user_id: string }>`
    SELECT user_id FROM leaderboard_entries WHERE tournament_id = ${tournamentId}
    ORDER BY rank_score DESC, best_score_at DESC, attempts DESC, tie_break_key DESC LIMIT 1`.execute(db);
  const time = async (label: string, run: (index: number) => Promise<unknown>): Promise<QueryTiming> => {
    const latencies: number[] = [];
    for (let i = 0; i < QUERY_SAMPLES; i += 1) {
      const started = performance.now();
      await run(i);
      latencies.push(performance.now() - started);
    }
    return { name: label, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
  };
  return [
    await time('topEntries(10)', () => topEntries(db, tournamentId, 10)),
    await time('rankOf, random players', (i) => rankOf(db, tournamentId, sample[i % sample.length]!.user_id)),
    await time('rankOf, the last player', () => rankOf(db, tournamentId, last[0]!.user_id)),
  ];
}

async function formatReport(
  db: Kysely<any>,
  total: number,
  scores: number,
  runs: RebuildRun[],
  timings: QueryTiming[],
): Promise<string> {
  const { rows } = await sql<{
    version: string;
  }>`SELECT current_setting('server_version') AS version`.execute(db);
  return [
    `Rebuild of the leaderboard read model (\`npm run projections:rebuild\`'s code ` +
      `path) from ${total} events: ${scores} ScoreSubmitted over ${TOURNAMENTS} tournaments, plus their ` +
      `TournamentCreated and PlayerJoined; read from the PostgreSQL event store through the port. The bulk path ` +
      `folds pages in memory and writes the fold (each new player inserted once with their latest score) with its ` +
      `checkpoint in one transaction once it holds the given rows, while the next pages are read and folded; ` +
      `apply() merges each page with at most three statements in its own transaction. Transactions commit without ` +
      `waiting for their WAL flush; the score counts (bulk) and the ranking index are built once at the end. ` +
      `PostgreSQL ${rows[0]!.version}; ` +
      machineLine('the database, this script and whatever else runs'),
    '',
    '| rebuild | events | seconds | events/s | Node CPU µs per event | PostgreSQL CPU µs per event |',
    '|---|---:|---:|---:|---:|---:|',
    ...runs.map(
      ({ label, result, nodeCpu, databaseCpu }) =>
        `| ${label} | ${result.events} | ${(result.durationMs / 1000).toFixed(2)} | ${rate(result)} | ${((nodeCpu * 1e6) / result.events).toFixed(1)} | ${((databaseCpu * 1e6) / result.events).toFixed(1)} |`,
    ),
    '',
    `Reads with ${BIG_FIELD} scored players in one tournament (${QUERY_SAMPLES} calls each, one at a time):`,
    '',
    '| query | p50 ms | p99 ms |',
    '|---|---:|---:|',
    ...timings.map((t) => `| ${t.name} | ${t.p50.toFixed(2)} | ${t.p99.toFixed(2)} |`),
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
