import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { LedgerCheckpointScheduler } from './ledger-checkpoint.scheduler';
import { LedgerCheckpointsRepository } from './ledger-checkpoints.repository';
import { ledgerSigningKey } from './ledger-signing-key';
import { LedgerRateLimiter } from './ledger-rate-limiter';
import { LedgerController } from './ledger.controller';
import { LedgerService } from './ledger.service';
import { LEDGER_SIGNING_KEY } from './ledger.tokens';
import { SignLedgerCheckpointProcessor } from './sign-ledger-checkpoint.processor';

/** The verifiable ledger: the API registers the controller; the worker runs the checkpoint job. */
@Module({
  controllers: [LedgerController],
  providers: [
    {
      provide: LEDGER_SIGNING_KEY,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ledgerSigningKey(config),
    },
    LedgerCheckpointsRepository,
    LedgerRateLimiter,
    LedgerService,
    SignLedgerCheckpointProcessor,
  ],
  exports: [LedgerService, SignLedgerCheckpointProcessor],
})
export class LedgerModule {}

/** The worker's part: the checkpoint's schedule. */
@Module({
  imports: [LedgerModule],
  providers: [LedgerCheckpointScheduler],
})
export class LedgerWorkerModule {}
