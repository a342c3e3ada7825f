import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { APP_CONFIG, devToolsEnabled, type AppConfig } from '@arena/config';
import { advanceClockBody } from '@arena/contracts/payments-clock.contract';
import type { z } from 'zod';
import { ZodValidationPipe } from '@arena/http';
import { PaymentsError } from '../payments.errors';
import { Payments } from '../payments.port';
import { LocalPayments } from './local-payments';

const bodyPipe = new ZodValidationPipe(advanceClockBody);

/**
 * `POST /api/dev/payments/clock`: advances the local driver's test clock (renewals, then the clock's
 * listeners, then the connected accounts' payouts: LocalPayments.advanceClock runs runPayouts, issue 20).
 * Development and tests only, and only with the local driver: a 404 otherwise.
 */
@Controller('dev/payments/clock')
export class DevPaymentsClockController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payments: Payments,
  ) {}

  @Post()
  @HttpCode(200)
  async advance(@Body() raw: unknown) {
    // The 404 comes first: where the route does not exist, no body is worth a 400.
    if (!devToolsEnabled(this.config) || !(this.payments instanceof LocalPayments)) {
      throw new PaymentsError('not_found', 'Not Found');
    }
    const body = bodyPipe.transform(raw) as z.output<typeof advanceClockBody>;
    const moved = await this.payments.advanceClock({ days: body.days, months: body.months });
    return { success: true, data: { from: moved.from.toISOString(), to: moved.to.toISOString() } };
  }
}

/**
 * `POST /api/dev/payments/payouts` (issue 20): Stripe's automatic payouts of every connected account's balance,
 * now (LocalPayments.runPayouts), for a demo or a test that should not wait for the worker's minute. Development
 * and tests only, and only with the local driver: a 404 otherwise.
 */
@Controller('dev/payments/payouts')
export class DevLocalPayoutsController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly payments: Payments,
  ) {}

  @Post()
  @HttpCode(200)
  async run() {
    if (!devToolsEnabled(this.config) || !(this.payments instanceof LocalPayments)) {
      throw new PaymentsError('not_found', 'Not Found');
    }
    return { success: true, data: { payouts: await this.payments.runPayouts() } };
  }
}
