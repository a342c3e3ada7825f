/**
 * bench:scores, HTTP half: score submissions through the real API process with autocannon (auth
 * guard, validation, decide, append), with the worker projecting alongside as in production, beside
 * a bare Fastify route doing one single-row INSERT per request (support/bare-insert.server.ts) on the
 * same database. The two take turns under the same autocannon settings, so both see the same load.
 */
import type { ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { freePort, machineLine, processCpuSeconds, publish, SMOKE } from './support/bench-kit';
import { BENCH_POOL_SIZE, LiveStack, startBareServer, type Player } from './support/live-stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? (SMOKE ? 1 : 10));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (SMOKE ? 1 : 2));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (SMOKE ? 4 : 32));
const TOURNAMENTS = SMOKE ? 2 : 32;
const PLAYERS_PER_TOURNAMENT = SMOKE ? 2 : 8;

type Target = { tournamentId: string; player: Player };

function drive(baseUrl: string, targets: Target[], seconds: number) {
  let next = 0;
  return autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const { tournamentId, player } = targets[next++ % targets.length]!;
          return {
            ...request,
            path: `/api/tournaments/${tournamentId}/scores`,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
            body: JSON.stringify({ score: next }),
          };
        },
      },
    ],
  });
}

async function main() {
  const stack = await LiveStack.start();
  const barePort = await freePort();
  let bare: ChildProcess | undefined;
  try {
    bare = await startBareServer(stack.database.url, barePort);
    const targets: Target[] = [];
    for (let t = 0; t < TOURNAMENTS; t++) {
      const tournamentId = await stack.createTournament(`HTTP bench ${t}`);
      for (const player of await stack.joinPlayers(tournamentId, PLAYERS_PER_TOURNAMENT)) {
        targets.push({ tournamentId, player });
      }
    }
    const bareCpu = () => processCpuSeconds(bare!.pid!);
    const stackCpu = () => {
      const { api, worker } = stack.cpuSeconds();
      return api + worker;
    };
    const servers = [
      { name: 'bare Fastify, one INSERT', url: `http://127.0.0.1:${barePort}`, cpu: bareCpu },
      { name: 'score submission (full)', url: stack.baseUrl, cpu: stackCpu },
    ];
    const seconds = SECONDS / ROUNDS;
    const rows: string[] = [];
    const totals = new Map<string, number>();
    for (let round = 1; round <= ROUNDS; round++) {
      for (const server of servers) {
        const cpuBefore = server.cpu();
        const result = await drive(server.url, targets, seconds);
        const cpuMs = ((server.cpu() - cpuBefore) * 1000) / Math.max(1, result['2xx']);
        const load = loadavg()[0]!.toFixed(1);
        totals.set(server.name, (totals.get(server.name) ?? 0) + result['2xx']);
        rows.push(
          `| ${round} | ${server.name} | ${(result['2xx'] / seconds).toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${result['2xx']} | ${result.non2xx} | ${result.errors} | ${cpuMs.toFixed(2)} | ${load} |`,
        );
      }
    }
    const ratio = totals.get(servers[1]!.name)! / totals.get(servers[0]!.name)!;
    publish(
      'bench:scores — HTTP',
      `autocannon, ${CONNECTIONS} connections, POST /api/tournaments/{id}/scores spread over ${TOURNAMENTS} live tournaments of ${PLAYERS_PER_TOURNAMENT} players: the API process (with the worker projecting beside it) and a bare Fastify route doing one single-row INSERT per request (no NestJS, no auth, no event store; ${BENCH_POOL_SIZE} connections like the API) take turns, ${ROUNDS} rounds of ${seconds} s each. ${machineLine()}

| round | server | 2xx/s | p50 ms | p99 ms | max ms | 2xx | non-2xx | errors | server CPU ms per 2xx | 1-min load after |
|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

Full score submission ÷ bare INSERT route: **${ratio.toFixed(2)}×** (answered 2xx over all rounds). Server CPU counts the bare server's process, or the API's and the worker's together (the worker projects every score).
`,
    );
  } finally {
    bare?.kill('SIGTERM');
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
