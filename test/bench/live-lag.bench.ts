/**
 * bench:projection, second half: end-to-end lag from the API's 2xx on a score to the socket.io
 * message that first shows it, at a steady submission rate, with the API and the worker running as
 * separate processes (so the worker is woken by PostgreSQL NOTIFY, as in production).
 *
 * Every submission is a new best for its player (scores only grow), and every tournament has at most
 * ten players, so each message's top ten shows whether a given submission is in it yet.
 *
 * Beside the busy rooms, a few quiet ones get a score every half second on top of the load: each is
 * the first change in a room that heard nothing for longer than the gateway's interval, which the
 * gateway sends at once rather than in a trailing slot.
 */
import { io } from 'socket.io-client';
import { tournamentRoom, type LeaderboardMessage } from '@arena/contracts';
import { LEADERBOARD_MESSAGES_PER_SECOND } from '../../apps/api/src/realtime/leaderboard.broadcaster';
import { machineLine, percentile, publish, SMOKE } from './support/bench-kit';
import { LiveStack, type Player } from './support/live-stack';

const RATE = Number(process.env.BENCH_RATE ?? (SMOKE ? 50 : 500));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (SMOKE ? 1 : 10));
const TOURNAMENTS = SMOKE ? 3 : 50;
const PLAYERS_PER_TOURNAMENT = SMOKE ? 3 : 10;
const QUIET_ROOMS = SMOKE ? 2 : 10;
/** How long after the last answer a submission may still show up in a message. */
const SETTLE_MS = SMOKE ? 1000 : 3000;
/** A quiet room hears a score every QUIET_ROOMS × this many busy submissions (half a second at 500/s). */
const QUIET_EVERY = Math.max(1, Math.round(RATE / (2 * QUIET_ROOMS)));
/** Every measured score is above it, so each one is a new best for its player. */
const WARM_UP_SCORE = 1;

interface Pending {
  userId: string;
  score: number;
  answeredAt: number;
}

async function main() {
  const stack = await LiveStack.start();
  try {
    const rooms: Array<{ id: string; players: Player[] }> = [];
    for (let t = 0; t < TOURNAMENTS; t++) {
      const id = await stack.createTournament(`Lag bench ${t}`);
      rooms.push({ id, players: await stack.joinPlayers(id, PLAYERS_PER_TOURNAMENT) });
    }
    const quietRooms: typeof rooms = [];
    for (let t = 0; t < QUIET_ROOMS; t++) {
      const id = await stack.createTournament(`Lag bench quiet ${t}`);
      quietRooms.push({ id, players: await stack.joinPlayers(id, PLAYERS_PER_TOURNAMENT) });
    }
    const quietIds = new Set(quietRooms.map((room) => room.id));
    // One client per room, as members watch: the gateway caps the rooms and events of one connection.
    const sockets = await Promise.all(
      [...rooms, ...quietRooms].map(async (room) => {
        const socket = io(stack.baseUrl, { path: '/socket.io', transports: ['websocket'] });
        await socket.timeout(5000).emitWithAck('join', tournamentRoom(room.id));
        return socket;
      }),
    );

    const latest = new Map<string, Map<string, number>>();
    const pending = new Map<string, Pending[]>([...rooms, ...quietRooms].map((room) => [room.id, []]));
    const busyLags: number[] = [];
    const quietLags: number[] = [];
    const lagsOf = (tournamentId: string) => (quietIds.has(tournamentId) ? quietLags : busyLags);
    const httpMs: number[] = [];
    let failed = 0;
    const shown = (tournamentId: string, item: Pending) =>
      (latest.get(tournamentId)?.get(item.userId) ?? -1) >= item.score;

    const onLeaderboard = (message: LeaderboardMessage) => {
      const now = performance.now();
      latest.set(message.tournamentId, new Map(message.entries.map((entry) => [entry.userId, entry.score])));
      const waiting = pending.get(message.tournamentId) ?? [];
      const still: Pending[] = [];
      for (const item of waiting) {
        if (shown(message.tournamentId, item)) lagsOf(message.tournamentId).push(now - item.answeredAt);
        else still.push(item);
      }
      pending.set(message.tournamentId, still);
    };
    for (const socket of sockets) socket.on('leaderboard', onLeaderboard);

    // Warm-up, not measured: every player scores once, so the servers' code is compiled, connections
    // are open and each stream's state is cached, as in a tournament that has been running a while.
    const everyone = [...rooms, ...quietRooms].flatMap((room) =>
      room.players.map((player) => ({ room, player })),
    );
    for (let i = 0; i < everyone.length; i += 16) {
      await Promise.all(
        everyone
          .slice(i, i + 16)
          .map(({ room, player }) =>
            stack.call('POST', `/tournaments/${room.id}/scores`, { score: WARM_UP_SCORE }, player.token),
          ),
      );
    }
    await new Promise((r) => setTimeout(r, 1000));

    const total = RATE * SECONDS;
    const cpuBefore = stack.cpuSeconds();
    const started = performance.now();
    const inFlight: Promise<void>[] = [];
    let quietSent = 0;
    const submit = (room: { id: string }, player: Player, score: number) => {
      const sentAt = performance.now();
      inFlight.push(
        stack
          .call('POST', `/tournaments/${room.id}/scores`, { score }, player.token)
          .then(() => {
            const answeredAt = performance.now();
            httpMs.push(answeredAt - sentAt);
            const item = { userId: player.id, score, answeredAt };
            // The message can beat the HTTP answer: then the lag is zero.
            if (shown(room.id, item)) lagsOf(room.id).push(0);
            else pending.get(room.id)!.push(item);
          })
          .catch(() => {
            failed += 1;
          }),
      );
    };
    for (let k = 0; k < total; k++) {
      const due = started + (k * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const room = rooms[k % TOURNAMENTS]!;
      const score = WARM_UP_SCORE + k + 1;
      submit(room, room.players[Math.floor(k / TOURNAMENTS) % PLAYERS_PER_TOURNAMENT]!, score);
      if (k % QUIET_EVERY === 0) {
        const quiet = quietRooms[quietSent % QUIET_ROOMS]!;
        submit(quiet, quiet.players[Math.floor(quietSent / QUIET_ROOMS) % PLAYERS_PER_TOURNAMENT]!, score);
        quietSent += 1;
      }
    }
    const sendSeconds = (performance.now() - started) / 1000;
    await Promise.all(inFlight);
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    const cpuAfter = stack.cpuSeconds();
    for (const socket of sockets) socket.disconnect();
    const unseen = [...pending.values()].reduce((sum, list) => sum + list.length, 0);

    const cpuMs = (seconds: number) => ((seconds * 1000) / Math.max(1, httpMs.length)).toFixed(2);
    const row = (values: number[]) =>
      `${percentile(values, 50).toFixed(1)} | ${percentile(values, 99).toFixed(1)} | ${percentile(values, 100).toFixed(1)}`;
    publish(
      'bench:projection — end-to-end lag',
      `${total} score submissions at a target ${RATE}/s (${(total / sendSeconds).toFixed(0)}/s sent) over ${TOURNAMENTS} live tournaments of ${PLAYERS_PER_TOURNAMENT} players, plus ${quietSent} in ${QUIET_ROOMS} quiet rooms (one score per room every ${((QUIET_ROOMS * QUIET_EVERY * 1000) / RATE).toFixed(0)} ms), one socket.io client in every room; the API and the worker as separate processes; the gateway sends at most ${LEADERBOARD_MESSAGES_PER_SECOND} messages per room per second. ${machineLine()}

| measure | p50 ms | p99 ms | max ms |
|---|---:|---:|---:|
| HTTP 2xx latency | ${row(httpMs)} |
| 2xx → socket.io message, busy rooms | ${row(busyLags)} |
| 2xx → socket.io message, first change in a quiet room | ${row(quietLags)} |

${httpMs.length} answered 2xx, ${failed} failed, ${unseen} never seen in a message within ${SETTLE_MS / 1000} s of the last answer. CPU per answered submission, from the sending of the first to ${SETTLE_MS / 1000} s after the last answer: API ${cpuMs(cpuAfter.api - cpuBefore.api)} ms, worker ${cpuMs(cpuAfter.worker - cpuBefore.worker)} ms.
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
