import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createDatabase } from '@arena/database';
import { createMember } from '@arena/identity/testing';
import { clearRedisPrefix, TEST_MODE_PRODUCTION } from '@arena/testing';
import {
  createBenchDatabase,
  freePort,
  nodeScript,
  processCpuSeconds,
  ROOT,
  type BenchDatabase,
} from './bench-kit';

const ADMIN_API_KEY = randomUUID() + randomUUID();
const METRICS_TOKEN = randomUUID() + randomUUID();
const JWT_ACCESS_SECRET = randomUUID() + randomUUID();
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Connections per server process in the benchmarks (the API's DATABASE_POOL_SIZE). */
export const BENCH_POOL_SIZE = 20;

export interface Player {
  id: string;
  token: string;
}

/**
 * The product as it runs in production, for benchmarks: the API and the worker as separate Node
 * processes, on a fresh database and their own Redis prefix. Built into dist/ when the bench runs from
 * there (npm run bench:*), from source through @swc-node/register when it does (the smoke runs).
 */
export class LiveStack {
  private readonly children: ChildProcess[] = [];

  private env: NodeJS.ProcessEnv = {};

  private constructor(
    readonly database: BenchDatabase,
    readonly baseUrl: string,
    private readonly redisPrefix: string,
  ) {}

  /**
   * webDistDir: the built web app the API serves (bench:web); by default it serves none. seed: a script run
   * on the fresh database before the servers start, as `npm start` runs apps/cli/src/seed.ts. settings: the
   * API's and the worker's environment on top of the bench's (limits a bench lifts).
   */
  static async start(
    options: { webDistDir?: string; seed?: string; settings?: Record<string, string> } = {},
  ): Promise<LiveStack> {
    const port = await freePort();
    const database = await createBenchDatabase();
    const stack = new LiveStack(database, `http://127.0.0.1:${port}`, `bench:${randomUUID()}`);
    const env = {
      ...process.env,
      // Production's required settings (docs/security.md): a test-mode deployment on the local payment driver.
      ...TEST_MODE_PRODUCTION,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: stack.baseUrl,
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: String(BENCH_POOL_SIZE),
      REDIS_URL,
      REDIS_PREFIX: stack.redisPrefix,
      JWT_ACCESS_SECRET,
      ADMIN_API_KEY,
      METRICS_TOKEN,
      WEB_DIST_DIR: options.webDistDir ?? '/nonexistent',
      PROJECTION_POLL_INTERVAL_MS: '500',
      // Every viewer connects from 127.0.0.1: hundreds of handshakes from one address, past the default 60 a minute.
      SOCKET_HANDSHAKES_PER_MINUTE: '100000',
      ...options.settings,
    };
    stack.env = env;
    if (options.seed) {
      try {
        await stack.runScript(options.seed);
      } catch (error) {
        await stack.stop();
        throw error;
      }
    }
    for (const app of ['api', 'worker']) {
      // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the servers under load.
      const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
      // A profile is written at a normal exit only: the preload exits so once Nest has closed the app.
      const profiling = nodeArgs.some((arg) => /^--(cpu|heap)-prof/.test(arg));
      const preload = profiling ? ['-r', join(ROOT, 'test/bench/support/exit-on-signal.cjs')] : [];
      const child = spawn(
        process.execPath,
        [...nodeArgs, ...preload, ...nodeScript(`apps/${app}/src/main.ts`)],
        {
          cwd: ROOT,
          env,
          stdio: 'inherit',
        },
      );
      stack.children.push(child);
    }
    try {
      await stack.waitForHealth();
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return stack;
  }

  private async waitForHealth() {
    // Started from source, each process compiles its modules first: allow for that on a busy machine.
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const exited = this.children.find((child) => child.exitCode !== null);
      if (exited) throw new Error(`a server process exited with ${exited.exitCode} before the API came up`);
      try {
        const details = await fetch(`${this.baseUrl}/api/health/details`, {
          headers: { authorization: `Bearer ${METRICS_TOKEN}` },
        });
        const health = (await details.json()) as {
          projections?: unknown[];
        };
        if ((health.projections?.length ?? 0) > 0) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the API did not come up');
  }

  /** Runs a script against this stack's database and Redis, to its end. */
  private async runScript(sourcePath: string): Promise<void> {
    const child = spawn(process.execPath, nodeScript(sourcePath), {
      cwd: ROOT,
      env: this.env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const code = await new Promise<number | null>((done) => child.once('exit', done));
    if (code !== 0) throw new Error(`${sourcePath} exited with ${code}`);
  }

  async call<T = any>(method: string, path: string, body?: unknown, token = ADMIN_API_KEY): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  /**
   * An INSTANT tournament that stays live (the cap is far above the players who will score): of an
   * external game that takes scores, or of a catalog game (`catalogSlug`) whose plays the server verifies.
   */
  async createTournament(title: string, catalogSlug?: string, format = 'SCORE_ATTACK'): Promise<string> {
    const created = await this.call<{ data: { id: string } }>('POST', '/admin/tournaments', {
      title,
      mode: 'INSTANT',
      format,
      prizeModel: 'WINNER_TAKES_ALL',
      prizePoolCents: 2500,
      maxParticipants: 100_000,
      game: catalogSlug
        ? { slug: catalogSlug }
        : {
            slug: 'bench',
            name: 'Bench',
            integrationUrl: '/games/bench',
            maxScore: 1_000_000_000,
            external: true,
          },
    });
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const response = await fetch(`${this.baseUrl}/api/tournaments/${created.data.id}`);
      if (response.ok) return created.data.id;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('the catalog never showed the tournament');
  }

  /** Members as a completed sign-up leaves them, with access tokens, joined to the tournament. */
  async joinPlayers(tournamentId: string, count: number): Promise<Player[]> {
    const { db, close } = createDatabase(this.database.url, 1);
    const players: Player[] = [];
    try {
      for (let joined = 0; joined < count; joined++) {
        const member = await createMember(db, JWT_ACCESS_SECRET);
        await this.call('POST', `/tournaments/${tournamentId}/join`, {}, member.accessToken);
        players.push({ id: member.id, token: member.accessToken });
      }
    } finally {
      await close();
    }
    return players;
  }

  /** Resolves once every projector of the worker has applied the whole log (lag 0), or after `timeoutMs`. */
  async projectionsCaughtUp(timeoutMs = 60_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const details = await fetch(`${this.baseUrl}/api/health/details`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const health = (await details.json()) as { projections?: Array<{ lagEvents: number | null }> };
      if ((health.projections ?? []).every((projection) => projection.lagEvents === 0)) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  }

  /**
   * CPU seconds the API and the worker have used so far (Linux /proc): unlike latencies, CPU per
   * submission means something on a machine others are busy on too.
   */
  cpuSeconds(): { api: number; worker: number } {
    const [api, worker] = this.children.map((child) => processCpuSeconds(child.pid!));
    return { api: api!, worker: worker! };
  }

  async stop() {
    await Promise.all(
      this.children.map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
          }),
      ),
    );
    await clearRedisPrefix(this.redisPrefix, REDIS_URL);
    await this.database.drop();
  }
}

/**
 * The bare Fastify route the HTTP benches compare the API with (`bare-insert.server.ts`): its own process, a
 * pool of BENCH_POOL_SIZE connections like the API's; resolves once it listens on `port`.
 */
export async function startBareServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, nodeScript('test/bench/support/bare-insert.server.ts'), {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: String(BENCH_POOL_SIZE),
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && ready());
    child.once('exit', (code) => fail(new Error(`the bare server exited with ${code}`)));
  });
  return child;
}
