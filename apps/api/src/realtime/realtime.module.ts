import { Module } from '@nestjs/common';
import { RealtimeGateway } from './realtime.gateway';
import { TournamentBroadcaster } from './tournament.broadcaster';
import { LeaderboardBroadcaster } from './leaderboard.broadcaster';
import { ChangeNoticeListener } from './change-notice.listener';

@Module({ providers: [RealtimeGateway, LeaderboardBroadcaster, TournamentBroadcaster, ChangeNoticeListener] })
export class RealtimeModule {}
