import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { BracketBroadcaster } from './bracket.broadcaster';
import { LeaderboardBroadcaster } from './leaderboard.broadcaster';
import { ChangeNoticeListener } from './change-notice.listener';

@Module({ providers: [RealtimeGateway, LeaderboardBroadcaster, BracketBroadcaster, ChangeNoticeListener] })
export class RealtimeModule {}
