import { Module, type DynamicModule, type Type } from '@nestjs/common';
import { BillingEndingsModule, ReconcileClosedMembersProcessor } from '@arena/billing';
import { CharityAccountsWorkerModule, RecheckPaymentAccountsProcessor } from '@arena/charities';
import type { AppConfig } from '@arena/config';
import {
  DirectUndirectedShareProcessor,
  DonationsModule,
  DonationsWorkerModule,
  RunTransferWindowProcessor,
} from '@arena/donations';
import { EraseClosedAccountProcessor, IdentityModule, PurgeExpiredSignInsProcessor } from '@arena/identity';
import { LedgerModule, LedgerWorkerModule, SignLedgerCheckpointProcessor } from '@arena/ledger';
import { JobName, JobWorkersModule, type JobHandler } from '@arena/jobs';
import {
  LocalPaymentEventDeliveryProcessor,
  LocalPayoutsProcessor,
  PaymentDeliveryModule,
  PaymentsModule,
} from '@arena/payments';
import { PlatformModule } from '@arena/platform';
import {
  EndRefundWindowProcessor,
  PayReferralRewardsProcessor,
  RecheckPayoutAccountsProcessor,
  ReferralsModule,
  ReferralsWorkerModule,
} from '@arena/referrals';
import { ProjectionRunnerModule } from '@arena/projection-runner';
import {
  EndTournamentProcessor,
  MatchDeadlineProcessor,
  StartTournamentProcessor,
  TournamentsModule,
} from '@arena/tournaments';
import {
  EmailDeliveryProcessor,
  NotificationDeliveryModule,
  SmsDeliveryProcessor,
} from '@arena/notifications';
import { projectors } from '@arena/projections/registry';
import { reactions } from '@arena/reactions/registry';
import { RedisPolicyCheck } from './redis-policy.check';

/** Every job's processor; the worker refuses to start while a JobName has none. */
export const jobHandlers: Type<JobHandler>[] = [
  StartTournamentProcessor,
  EndTournamentProcessor,
  MatchDeadlineProcessor,
  EmailDeliveryProcessor,
  SmsDeliveryProcessor,
  PurgeExpiredSignInsProcessor,
  EraseClosedAccountProcessor,
  LocalPaymentEventDeliveryProcessor,
  LocalPayoutsProcessor,
  DirectUndirectedShareProcessor,
  RunTransferWindowProcessor,
  SignLedgerCheckpointProcessor,
  EndRefundWindowProcessor,
  PayReferralRewardsProcessor,
  RecheckPaymentAccountsProcessor,
  RecheckPayoutAccountsProcessor,
  ReconcileClosedMembersProcessor,
];

/** The worker's composition root: job processors, the projection runner and the reactors. */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        PlatformModule.forRoot({ ...config, DATABASE_POOL_SIZE: config.WORKER_DATABASE_POOL_SIZE }),
        PaymentsModule.forRoot(config),
        PaymentDeliveryModule,
        JobWorkersModule.register({
          imports: [
            TournamentsModule,
            NotificationDeliveryModule,
            IdentityModule,
            DonationsModule,
            LedgerModule,
            ReferralsModule,
            CharityAccountsWorkerModule,
            BillingEndingsModule,
          ],
          handlers: jobHandlers,
          requireHandlersFor: Object.values(JobName),
        }),
        ProjectionRunnerModule.forRoot(projectors, reactions),
        DonationsWorkerModule,
        LedgerWorkerModule,
        ReferralsWorkerModule,
      ],
      providers: [RedisPolicyCheck],
    };
  }
}
