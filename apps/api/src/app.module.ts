import { Module, type DynamicModule } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { BillingModule } from '@arena/billing';
import { CharityOnboardingModule } from '@arena/charities';
import { devToolsEnabled, type AppConfig } from '@arena/config';
import { DonationsModule, DonationsReadModule } from '@arena/donations';
import { FinanceModule } from '@arena/finance';
import { IdentityModule } from '@arena/identity';
import { LedgerModule } from '@arena/ledger';
import { BillingPortalCheck, PaymentsModule } from '@arena/payments';
import { PlatformModule } from '@arena/platform';
import { ReferralsModule } from '@arena/referrals';
import { TournamentsModule } from '@arena/tournaments';
import { DevToolsController } from './dev-tools/dev-tools.controller';
import { ApiDocsController } from './docs/api-docs.controller';
import { HealthModule } from './health/health.module';
import { InFlightRequests } from './lifecycle/in-flight-requests.interceptor';
import { RealtimeModule } from './realtime/realtime.module';
import { ClientConfigController } from './web/client-config.controller';

/** The API's composition root: the platform, then one module per bounded context. No rules live here. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(config),
        PaymentsModule.forRoot(config),
        IdentityModule,
        TournamentsModule,
        CharityOnboardingModule,
        DonationsModule,
        BillingModule,
        FinanceModule,
        LedgerModule,
        DonationsReadModule,
        ReferralsModule,
        HealthModule,
        RealtimeModule,
      ],
      controllers: [
        ApiDocsController,
        ClientConfigController,
        ...(devToolsEnabled(config) ? [DevToolsController] : []),
      ],
      // In the root module, so its shutdown hook runs before the deeper modules close their connections.
      providers: [
        InFlightRequests,
        { provide: APP_INTERCEPTOR, useExisting: InFlightRequests },
        // With Stripe: a default billing portal configuration, or no start in production.
        BillingPortalCheck,
      ],
    };
  }
}
