import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { leaderboardMessage, LIVE_LEADERBOARD_SIZE, tournamentRoom } from '@arena/contracts';
import { DATABASE } from '@arena/database';
import { topEntriesOf } from '@arena/projections/leaderboards/leaderboards.queries';
import { RealtimeGateway } from './realtime.gateway';

/** At most this many leaderboard messages per room per second, whatever the burst of scores. */
export const LEADERBOARD_MESSAGES_PER_SECOND = 10;
const INTERVAL_MS = 1000 / LEADERBOARD_MESSAGES_PER_SECOND;

/**
 * Pushes a tournament's fresh top entries to its room, as the detail's leaderboard shows them. The first change in a quiet room goes out at
 * once; changes during the following interval fold into one trailing message. Rooms due at the same
 * moment are read in one query, and since they then share their next slot too, busy rooms keep
 * being read together instead of one query per room and message.
 */
@Injectable()
export class LeaderboardBroadcaster implements OnApplicationShutdown {
  private readonly logger = new Logger('Leaderboards');
  private readonly lastSent = new Map<string, number>();
  private readonly waiting = new Map<string, NodeJS.Timeout>();
  private readonly due = new Set<string>();
  private flush?: NodeJS.Immediate;

  constructor(
    @Inject(DATABASE) private readonly db: Kysely<any>,
    private readonly gateway: RealtimeGateway,
  ) {}

  changed(tournamentId: string) {
    if (this.waiting.has(tournamentId) || this.due.has(tournamentId)) return;
    const wait = (this.lastSent.get(tournamentId) ?? 0) + INTERVAL_MS - Date.now();
    if (wait <= 0) return this.markDue(tournamentId);
    this.waiting.set(
      tournamentId,
      setTimeout(() => this.markDue(tournamentId), wait),
    );
  }

  private markDue(tournamentId: string) {
    this.waiting.delete(tournamentId);
    this.due.add(tournamentId);
    this.flush ??= setImmediate(() => void this.send());
  }

  private async send() {
    // Taken before the read, so a change that lands while it runs schedules the next message.
    const due = [...this.due];
    this.due.clear();
    this.flush = undefined;
    const now = Date.now();
    for (const tournamentId of due) this.lastSent.set(tournamentId, now);
    // Only this process's sockets: every API process hears the same notice and serves its own clients.
    const listened = due.filter((tournamentId) => this.hasListeners(tournamentId));
    if (listened.length === 0) return;
    try {
      const tops = await topEntriesOf(this.db, listened, LIVE_LEADERBOARD_SIZE);
      const at = new Date().toISOString();
      for (const [tournamentId, entries] of tops) {
        // Parsed, so the message carries the detail's fields and nothing the read model adds (attempts).
        const message = leaderboardMessage.parse({ tournamentId, entries, at });
        this.gateway.server.local.to(tournamentRoom(tournamentId)).emit('leaderboard', message);
      }
    } catch (error) {
      this.logger.error({ err: error, tournamentIds: listened }, 'leaderboard push failed');
    }
  }

  private hasListeners(tournamentId: string): boolean {
    return (this.gateway.server.sockets.adapter.rooms.get(tournamentRoom(tournamentId))?.size ?? 0) > 0;
  }

  onApplicationShutdown() {
    for (const timer of this.waiting.values()) clearTimeout(timer);
    this.waiting.clear();
    if (this.flush) clearImmediate(this.flush);
    this.due.clear();
  }
}
