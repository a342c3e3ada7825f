import { Module } from '@nestjs/common';
import { CharityPaymentAccounts } from './application/commands/charity-payment-accounts.service';
import { CharityStreamRepository } from './application/charity-stream.repository';
import { RecheckPaymentAccountsProcessor } from './application/reactions/recheck-payment-accounts.processor';
import { CharityOnboardingsRepository } from './infrastructure/charity-onboardings.repository';

/**
 * The worker's part of charity onboarding: the job re-checking pending connected accounts. Needs the
 * global PaymentsModule (Payments), DatabaseModule and EVENT_STORE.
 */
@Module({
  providers: [
    CharityStreamRepository,
    CharityOnboardingsRepository,
    CharityPaymentAccounts,
    RecheckPaymentAccountsProcessor,
  ],
  exports: [RecheckPaymentAccountsProcessor],
})
export class CharityAccountsWorkerModule {}
