/**
 * bench:scores, HTTP half: score submissions through the real API process with autocannon (auth
 * guard, validation, decide, append), with the worker projecting alongside as in production.
 */
import autocannon from 'autocannon';
import { machineLine, publish } from './support/bench-kit';
import { LiveStack, type Player } from './support/live-stack';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const TOURNAMENTS = 32;
const PLAYERS_PER_TOURNAMENT = 8;

async function main() {
  const stack = await LiveStack.start();
  try {
    const targets: Array<{ tournamentId: string; player: Player }> = [];
    for (let t = 0; t < TOURNAMENTS; t++) {
      const tournamentId = await stack.createTournament(`HTTP bench ${t}`);
      for (const player of await stack.joinPlayers(tournamentId, PLAYERS_PER_TOURNAMENT)) {
        targets.push({ tournamentId, player });
      }
    }
    let next = 0;
    const result = await autocannon({
      url: stack.baseUrl,
      connections: CONNECTIONS,
      duration: SECONDS,
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
    publish(
      'bench:scores — HTTP',
      `autocannon, ${CONNECTIONS} connections for ${SECONDS} s, POST /api/tournaments/{id}/scores spread over ${TOURNAMENTS} live tournaments of ${PLAYERS_PER_TOURNAMENT} players, against the API process with the worker projecting beside it. ${machineLine()}

| submissions/s (mean) | p50 ms | p99 ms | max ms | 2xx | non-2xx | errors |
|---:|---:|---:|---:|---:|---:|---:|
| ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${result['2xx']} | ${result.non2xx} | ${result.errors} |
`,
    );
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
