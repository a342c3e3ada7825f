import { Module } from '@nestjs/common';
import { BillingPlansModule, SubscriptionPlans } from '@arena/billing';
import { CharitiesModule } from '@arena/charities';
import { EditTournamentHandler } from './application/commands/edit-tournament.handler';
import { SelectCharityHandler } from './application/commands/select-charity.handler';
import { MemberPlans } from './application/ports/member-plans';
import { CancelTournamentHandler } from './application/commands/cancel-tournament.handler';
import { CreateTournamentHandler } from './application/commands/create-tournament.handler';
import { EndTournamentHandler } from './application/commands/end-tournament.handler';
import { JoinTournamentHandler } from './application/commands/join-tournament.handler';
import { StartTournamentHandler } from './application/commands/start-tournament.handler';
import { SubmitScoreHandler } from './application/commands/submit-score.handler';
import { GetMemberGameStatsHandler } from './application/queries/get-member-game-stats.handler';
import { GetPlayerStatsHandler } from './application/queries/get-player-stats.handler';
import { ForfeitMatchHandler } from './application/commands/forfeit-match.handler';
import { RecordMatchResultHandler } from './application/commands/record-match-result.handler';
import { BracketAdvancer } from './application/bracket-advancer';
import { Clock } from './application/clock';
import { MatchDeadlines } from './infrastructure/match-deadlines';
import { MatchDeadlineProcessor } from './infrastructure/match-deadline.processor';
import { GetTournamentHandler } from './application/queries/get-tournament.handler';
import { ListTournamentsHandler } from './application/queries/list-tournaments.handler';
import { TournamentStreamRepository } from './application/tournament-stream.repository';
import { AdminTournamentsController } from './infrastructure/admin-tournaments.controller';
import { EndTournamentProcessor } from './infrastructure/end-tournament.processor';
import { StartTournamentProcessor } from './infrastructure/start-tournament.processor';
import { PlayerStatsController } from './infrastructure/player-stats.controller';
import { TournamentScheduler } from './infrastructure/tournament.scheduler';
import { TournamentsController } from './infrastructure/tournaments.controller';
import { PlaysController } from './infrastructure/plays.controller';
import { RunsController } from './infrastructure/runs.controller';
import { VerifiedRuns } from './infrastructure/verified-runs';
import { GameTokens } from './infrastructure/game-tokens';
import { PlayRateLimiter } from './infrastructure/play-rate-limiter';
import { PlayReveals, RedisPlayReveals } from './infrastructure/play-reveals';
import { RevealStepHandler } from './application/commands/reveal-step.handler';
import { StartPlayHandler } from './application/commands/start-play.handler';
import { SubmitPlayResultHandler } from './application/commands/submit-play-result.handler';

/**
 * Tournaments: HTTP routes, command and query handlers, and the schedule job processors. Needs the
 * global CqrsModule, DatabaseModule, EVENT_STORE, JobsModule and ConfigModule from the composition root.
 */
@Module({
  imports: [CharitiesModule, BillingPlansModule],
  controllers: [
    TournamentsController,
    AdminTournamentsController,
    PlayerStatsController,
    PlaysController,
    RunsController,
  ],
  providers: [
    TournamentStreamRepository,
    TournamentScheduler,
    CreateTournamentHandler,
    JoinTournamentHandler,
    SubmitScoreHandler,
    StartTournamentHandler,
    EndTournamentHandler,
    CancelTournamentHandler,
    EditTournamentHandler,
    SelectCharityHandler,
    // The plan a member holds now: billing's subscriptions read model (issue 13).
    { provide: MemberPlans, useExisting: SubscriptionPlans },
    ListTournamentsHandler,
    GetTournamentHandler,
    GetPlayerStatsHandler,
    GetMemberGameStatsHandler,
    StartTournamentProcessor,
    EndTournamentProcessor,
    BracketAdvancer,
    Clock,
    MatchDeadlines,
    RecordMatchResultHandler,
    ForfeitMatchHandler,
    MatchDeadlineProcessor,
    GameTokens,
    VerifiedRuns,
    PlayRateLimiter,
    StartPlayHandler,
    SubmitPlayResultHandler,
    { provide: PlayReveals, useClass: RedisPlayReveals },
    RevealStepHandler,
  ],
  exports: [
    TournamentStreamRepository,
    StartTournamentProcessor,
    EndTournamentProcessor,
    MatchDeadlineProcessor,
  ],
})
export class TournamentsModule {}
