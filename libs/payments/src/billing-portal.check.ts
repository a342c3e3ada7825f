import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { PaymentsError } from './payments.errors';
import { Payments } from './payments.port';

type Log = Pick<Logger, 'warn' | 'log'>;

/**
 * At API start with Stripe: is the billing portal configured? Without a default configuration every
 * "Manage subscription" fails, and nothing else says why. Production fails closed when Stripe answers that
 * there is none (the API does not start, naming what to do); elsewhere it is a warning. Stripe unreachable
 * at that moment is a warning everywhere: an outage of theirs must not keep our API down, and the
 * configuration is asked again at the next start. The local driver needs nothing.
 */
export async function checkBillingPortalAtStart(
  payments: Payments,
  config: Pick<AppConfig, 'NODE_ENV'>,
  logger: Log,
): Promise<void> {
  if (payments.mode !== 'stripe') return;
  try {
    await payments.checkBillingPortal();
    logger.log('Stripe billing portal: a default configuration is active');
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unreachable = error instanceof PaymentsError && error.kind === 'provider_failed';
    if (config.NODE_ENV === 'production' && !unreachable) {
      throw new Error(`Billing portal not configured: ${message}`);
    }
    logger.warn(
      { err: message },
      unreachable
        ? 'could not ask Stripe whether the billing portal is configured; checked again at the next start'
        : 'Stripe billing portal not configured: subscription management will fail',
    );
  }
}

/** The API's start-time check (apps/api AppModule provides it; the worker opens no portal sessions). */
@Injectable()
export class BillingPortalCheck implements OnApplicationBootstrap {
  private readonly logger = new Logger('BillingPortal');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payments: Payments,
  ) {}

  /** Production waits for the answer (it may refuse to start); elsewhere it only warns, so it never delays a start. */
  async onApplicationBootstrap(): Promise<void> {
    const checked = checkBillingPortalAtStart(this.payments, this.config, this.logger);
    if (this.config.NODE_ENV === 'production') await checked;
    else void checked.catch(() => undefined);
  }
}
