/**
 * bench:scores: score submissions through the tournament write path (load the stream's newer events,
 * decide, append with the expected revision) on the PostgreSQL event store. Three shapes: one hot
 * tournament served by one API process, the same tournament served by two processes (revision
 * conflicts, retried), and many tournaments at once. Creates and drops its own database; prints its
 * table and appends it to docs/benchmarks.md (publish). Compiled by SWC with the server (npm run bench:scores).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@arena/event-store';
import { TournamentStreamRepository } from '../../libs/tournaments/src/application/tournament-stream.repository';
import { randomEventIds } from '@arena/event-store';
import type { TournamentCommand } from '../../libs/tournaments/src/domain/tournament.commands';
import { createBenchDatabase, percentile, publish, SMOKE } from './support/bench-kit';

const SECONDS_PER_RUN = Number(process.env.BENCH_SECONDS ?? (SMOKE ? 0.5 : 5));
const PLAYERS = SMOKE ? 4 : 32;

interface Measurement {
  name: string;
  submitted: number;
  refused: number;
  seconds: number;
  latenciesMs: number[];
}

async function main(): Promise<void> {
  const database = await createBenchDatabase();
  const store = new PostgresEventStore({ connectionString: database.url, poolSize: PLAYERS });
  try {
    const results = [
      await hotTournament(store, 1),
      await hotTournament(store, 2),
      await manyTournaments(store, PLAYERS),
    ];
    publish('bench:scores — the write path', report(results));
  } finally {
    await store.close();
    await database.drop();
  }
}

/** PLAYERS players hammer one tournament through `processes` repositories (one per API process). */
async function hotTournament(store: PostgresEventStore, processes: number): Promise<Measurement> {
  const repositories = Array.from({ length: processes }, () => new TournamentStreamRepository(store));
  const tournamentId = await createTournament(repositories[0]!);
  const players = await joinPlayers(repositories[0]!, tournamentId, PLAYERS);
  return run(
    `1 tournament, ${PLAYERS} players, ${processes} process${processes === 1 ? '' : 'es'}`,
    players.map(
      (userId, index) => () =>
        repositories[index % processes]!.execute(score(tournamentId, userId), randomEventIds),
    ),
  );
}

/** One player per tournament: streams never contend, the store's own rate shows. */
async function manyTournaments(store: PostgresEventStore, count: number): Promise<Measurement> {
  const repository = new TournamentStreamRepository(store);
  const writers = await Promise.all(
    Array.from({ length: count }, async () => {
      const tournamentId = await createTournament(repository);
      const [userId] = await joinPlayers(repository, tournamentId, 1);
      return () => repository.execute(score(tournamentId, userId!), randomEventIds);
    }),
  );
  return run(`${count} tournaments, 1 player each, 1 process`, writers);
}

async function createTournament(repository: TournamentStreamRepository): Promise<string> {
  const tournamentId = randomUUID();
  await repository.execute(
    {
      type: 'CreateTournament',
      data: {
        tournamentId,
        title: 'Bench Cup',
        description: '',
        thumbnail: null,
        mode: 'INSTANT',
        format: 'SCORE_ATTACK',
        prizeModel: 'WINNER_TAKES_ALL',
        prizePoolCents: 1000,
        maxParticipants: 100_000,
        requiredPlan: 'FREE',
        rules: '',
        game: {
          slug: 'arcade',
          name: 'Arcade',
          integrationUrl: 'https://arcade.example/play',
          maxScore: 1_000_000,
          external: true,
        },
        tournamentStart: null,
        tournamentEnd: null,
        tieBreakSeed: randomBytes(16).toString('hex'),
        now: new Date().toISOString(),
      },
    },
    randomEventIds,
  );
  return tournamentId;
}

async function joinPlayers(repository: TournamentStreamRepository, tournamentId: string, count: number) {
  const players = Array.from({ length: count }, () => randomUUID());
  for (const userId of players) {
    await repository.execute(
      {
        type: 'JoinTournament',
        data: {
          tournamentId,
          userId,
          username: userId.slice(0, 8),
          charityId: null,
          charityName: null,
          memberPlan: 'FREE',
          now: new Date().toISOString(),
        },
      },
      randomEventIds,
    );
  }
  return players;
}

const score = (tournamentId: string, userId: string): TournamentCommand => ({
  type: 'SubmitScore',
  data: {
    tournamentId,
    userId,
    username: userId.slice(0, 8),
    score: Math.floor(Math.random() * 1_000_000),
    now: new Date().toISOString(),
  },
});

/** Each writer submits one score at a time until the run's time is up; refusals (409 after retries) are counted. */
async function run(name: string, writers: Array<() => Promise<unknown>>): Promise<Measurement> {
  const latenciesMs: number[] = [];
  let refused = 0;
  const started = process.hrtime.bigint();
  const deadline = started + BigInt(SECONDS_PER_RUN * 1e9);
  await Promise.all(
    writers.map(async (write) => {
      while (process.hrtime.bigint() < deadline) {
        const before = process.hrtime.bigint();
        try {
          await write();
          latenciesMs.push(Number(process.hrtime.bigint() - before) / 1e6);
        } catch {
          refused++;
        }
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { name, submitted: latenciesMs.length, refused, seconds, latenciesMs };
}

function report(results: Measurement[]): string {
  const rows = results.map(
    (r) =>
      `| ${r.name} | ${Math.round(r.submitted / r.seconds)} | ${percentile(r.latenciesMs, 50).toFixed(2)} | ${percentile(r.latenciesMs, 99).toFixed(2)} | ${r.refused} |`,
  );
  return [
    `${SECONDS_PER_RUN} s per run.`,
    '',
    '| shape | scores/s | p50 ms | p99 ms | refused after retries |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
