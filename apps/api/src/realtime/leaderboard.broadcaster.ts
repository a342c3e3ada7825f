import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import { topEntries } from '@arena/projections/leaderboards/leaderboards.queries';
import { RealtimeGateway } from './realtime.gateway';

/** At most this many leaderboard messages per room per second, whatever the burst of scores. */
export const LEADERBOARD_MESSAGES_PER_SECOND = 10;
export const LEADERBOARD_SIZE = 10;
const INTERVAL_MS = 1000 / LEADERBOARD_MESSAGES_PER_SECOND;

/**
 * Pushes a tournament's fresh top entries to its room. The first change in a quiet room goes out at
 * once; changes during the following interval fold into one trailing message.
 */
@Injectable()
export class LeaderboardBroadcaster implements OnApplicationShutdown {
  private readonly logger = new Logger('Leaderboards');
  private readonly lastSent = new Map<string, number>();
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(
    @Inject(DATABASE) private readonly db: Kysely<any>,
    private readonly gateway: RealtimeGateway,
  ) {}

  changed(tournamentId: string) {
    if (this.pending.has(tournamentId)) return;
    const wait = Math.max(0, (this.lastSent.get(tournamentId) ?? 0) + INTERVAL_MS - Date.now());
    const timer = setTimeout(() => void this.send(tournamentId), wait);
    this.pending.set(tournamentId, timer);
  }

  private async send(tournamentId: string) {
    // Cleared before the read, so a change that lands while it runs schedules the next message.
    this.pending.delete(tournamentId);
    this.lastSent.set(tournamentId, Date.now());
    try {
      const room = `tournament:${tournamentId}`;
      // Only this process's sockets: every API process hears the same notice and serves its own clients.
      if ((await this.gateway.server.local.in(room).fetchSockets()).length === 0) return;
      const entries = await topEntries(this.db, tournamentId, LEADERBOARD_SIZE);
      this.gateway.server.local.to(room).emit('leaderboard', { tournamentId, entries, at: new Date().toISOString() });
    } catch (error) {
      this.logger.error({ err: error, tournamentId }, 'leaderboard push failed');
    }
  }

  onApplicationShutdown() {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}
