import { Module } from '@nestjs/common';
import { CancelTournamentHandler } from './application/commands/cancel-tournament.handler';
import { CreateTournamentHandler } from './application/commands/create-tournament.handler';
import { EndTournamentHandler } from './application/commands/end-tournament.handler';
import { JoinTournamentHandler } from './application/commands/join-tournament.handler';
import { StartTournamentHandler } from './application/commands/start-tournament.handler';
import { SubmitScoreHandler } from './application/commands/submit-score.handler';
import { GetTournamentHandler } from './application/queries/get-tournament.handler';
import { ListTournamentsHandler } from './application/queries/list-tournaments.handler';
import { TournamentStreamRepository } from './application/tournament-stream.repository';
import { AdminTournamentsController } from './infrastructure/admin-tournaments.controller';
import { EndTournamentProcessor } from './infrastructure/end-tournament.processor';
import { StartTournamentProcessor } from './infrastructure/start-tournament.processor';
import { TournamentScheduler } from './infrastructure/tournament.scheduler';
import { TournamentsController } from './infrastructure/tournaments.controller';

/**
 * Tournaments: HTTP routes, command and query handlers, and the schedule job processors. Needs the
 * global CqrsModule, DatabaseModule, EVENT_STORE, JobsModule and ConfigModule from the composition root.
 */
@Module({
  controllers: [TournamentsController, AdminTournamentsController],
  providers: [
    TournamentStreamRepository,
    TournamentScheduler,
    CreateTournamentHandler,
    JoinTournamentHandler,
    SubmitScoreHandler,
    StartTournamentHandler,
    EndTournamentHandler,
    CancelTournamentHandler,
    ListTournamentsHandler,
    GetTournamentHandler,
    StartTournamentProcessor,
    EndTournamentProcessor,
  ],
  exports: [TournamentStreamRepository, StartTournamentProcessor, EndTournamentProcessor],
})
export class TournamentsModule {}
