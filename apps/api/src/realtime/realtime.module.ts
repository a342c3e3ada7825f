import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { LeaderboardBroadcaster } from './leaderboard.broadcaster';
import { ChangeNoticeListener } from './change-notice.listener';

@Module({ providers: [RealtimeGateway, LeaderboardBroadcaster, ChangeNoticeListener] })
export class RealtimeModule {}
