import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { REDIS } from '@arena/redis';
import { parseChangeNotice, type ChangeNotice } from '@arena/contracts';
import { changesChannel } from '@arena/projection-runner';
import { TournamentBroadcaster } from './tournament.broadcaster';
import { LeaderboardBroadcaster } from './leaderboard.broadcaster';

/** Listens to the projection runner's change notices and hands them to the broadcaster of their topic. */
@Injectable()
export class ChangeNoticeListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ChangeNotices');
  private subscriber?: Redis;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly leaderboards: LeaderboardBroadcaster,
    private readonly tournaments: TournamentBroadcaster,
  ) {}

  async onApplicationBootstrap() {
    this.subscriber = this.redis.duplicate({ enableAutoPipelining: false });
    this.subscriber.on('message', (_channel: string, raw: string) => this.receive(raw));
    await this.subscriber.subscribe(changesChannel(this.config.REDIS_PREFIX));
  }

  private receive(raw: string) {
    const notice = parseChangeNotice(raw);
    if (!notice) {
      this.logger.warn({ raw }, 'ignored an unknown change notice');
      return;
    }
    this.route(notice);
  }

  private route(notice: ChangeNotice) {
    const { topic } = notice;
    switch (topic) {
      case 'leaderboard':
        this.leaderboards.changed(notice.tournamentId);
        return;
      case 'tournament':
        this.tournaments.changed(notice.tournamentId);
        return;
      default: {
        const unknown: never = topic;
        return unknown;
      }
    }
  }

  async onApplicationShutdown() {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }
}
