import { Module } from '@nestjs/common';
import { DonationEventsReader } from './application/queries/donation-events.reader';
import { ReconciliationService } from './application/queries/reconciliation.service';
import { FinanceController } from './infrastructure/finance.controller';
import { ExportRateLimiter } from './infrastructure/export-rate-limiter';
import { LedgerExportController } from './infrastructure/ledger-export.controller';

/**
 * The ledger export and the reconciliation report. Needs the global PlatformModule (EVENT_STORE,
 * DATABASE, REDIS, config) and PaymentsModule (Payments).
 */
@Module({
  controllers: [LedgerExportController, FinanceController],
  providers: [DonationEventsReader, ReconciliationService, ExportRateLimiter],
})
export class FinanceModule {}
