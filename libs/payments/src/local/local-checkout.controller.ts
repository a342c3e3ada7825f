import { Body, Controller, Get, Inject, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, localHostedPagesEnabled, type AppConfig } from '@arena/config';
import { PaymentsError } from '../payments.errors';
import { Payments } from '../payments.port';
import { DECLINED_CARD_NUMBER, renderCheckoutPage, validateCheckoutForm } from './local-checkout.page';
import { LocalPayments } from './local-payments';
import { sendLocalPage, sendLocalRedirect } from './local-page-replies';

/**
 * The local driver's stand-in for Stripe's hosted Checkout: `GET` shows the pay form of a session, `POST`
 * pays or cancels it. The form carries a one-use token issued with the page (a cross-site post has none),
 * and a session is paid at most once however often, or however concurrently, it is posted. With Stripe
 * it is a 404.
 */
@Controller('payments/local/checkout')
export class LocalCheckoutController {
  constructor(
    private readonly payments: Payments,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':sessionId')
  async show(@Param('sessionId') sessionId: string, @Res() reply: FastifyReply) {
    const opened = await this.local().openCheckout(sessionId);
    if ('redirectTo' in opened) return sendLocalRedirect(reply, opened.redirectTo);
    return sendLocalPage(
      reply,
      200,
      renderCheckoutPage({
        sessionId: opened.session.id,
        amountCents: opened.session.amount_cents,
        description: opened.session.description,
        email: opened.session.email ?? '',
        token: opened.token,
        perMonth: opened.session.mode === 'subscription',
      }),
    );
  }

  @Post(':sessionId')
  async submit(@Param('sessionId') sessionId: string, @Body() body: unknown, @Res() reply: FastifyReply) {
    const local = this.local();
    const form = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const session = await local.checkCheckoutForm(sessionId, form.token);
    if ('redirectTo' in session) return sendLocalRedirect(reply, session.redirectTo);
    const token = form.token as string;
    if (form.action === 'cancel') {
      return sendLocalRedirect(reply, (await local.cancelCheckout(session.id, token)).redirectTo);
    }

    const { values, errors } = validateCheckoutForm(form);
    // A bank debit (issue 20, gifts only) needs no card: Stripe reports it unpaid, then settled.
    const bank = form.action === 'bank' && session.mode === 'payment';
    if (bank) delete errors.cardNumber;
    const declined = !bank && Object.keys(errors).length === 0 && values.cardNumber === DECLINED_CARD_NUMBER;
    if (declined || Object.keys(errors).length > 0) {
      // The token is not spent: the payer can correct the form and pay with it.
      return sendLocalPage(
        reply,
        declined ? 402 : 422,
        renderCheckoutPage({
          sessionId: session.id,
          amountCents: session.amount_cents,
          description: session.description,
          email: values.email,
          token,
          errors,
          declined,
          perMonth: session.mode === 'subscription',
        }),
      );
    }
    const outcome = await local.completeCheckout(session.id, token, values.email, bank ? 'bank' : 'card');
    return sendLocalRedirect(reply, outcome.redirectTo);
  }

  private local(): LocalPayments {
    // Only with the local driver, and only where development tools or a test-mode deployment allow it.
    if (!(this.payments instanceof LocalPayments) || !localHostedPagesEnabled(this.config)) {
      throw new PaymentsError('not_found', 'Not found');
    }
    return this.payments;
  }
}
