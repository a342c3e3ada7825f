import { Body, Controller, Get, Inject, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, localHostedPagesEnabled, type AppConfig } from '@arena/config';
import { PaymentsError } from '../payments.errors';
import { Payments } from '../payments.port';
import { LocalPayments } from './local-payments';
import { sendLocalPage, sendLocalRedirect } from './local-page-replies';
import { renderPortalPage } from './local-portal.page';
import type { PortalAction } from './local-subscriptions';

const ACTIONS: readonly PortalAction[] = ['cancel', 'resume', 'declining-card', 'working-card'];

/**
 * The local driver's stand-in for Stripe's billing portal: `GET` shows the customer's plan, next invoice
 * and invoices; `POST` does one action (cancel at period end, resume, a card that declines or a working
 * one) and redirects back to the page, or (`return`) to the app. The session id is the link's secret, as
 * Stripe's portal URLs are. With Stripe it is a 404.
 */
@Controller('payments/local/portal')
export class LocalPortalController {
  constructor(
    private readonly payments: Payments,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':sessionId')
  async show(@Param('sessionId') sessionId: string, @Res() reply: FastifyReply) {
    const view = await this.local().subscriptions.openPortal(sessionId);
    if ('redirectTo' in view) return sendLocalRedirect(reply, view.redirectTo);
    return sendLocalPage(
      reply,
      200,
      renderPortalPage({
        sessionId: view.session.id,
        email: view.customer.email,
        subscription: view.subscription,
        invoices: view.invoices,
        cardDeclines: view.customer.card_declines,
        returnUrl: view.session.return_url,
        now: view.now,
      }),
    );
  }

  @Post(':sessionId')
  async act(@Param('sessionId') sessionId: string, @Body() body: unknown, @Res() reply: FastifyReply) {
    const world = this.local().subscriptions;
    const view = await world.openPortal(sessionId);
    if ('redirectTo' in view) return sendLocalRedirect(reply, view.redirectTo);
    const action = (
      body && typeof body === 'object' ? (body as Record<string, unknown>).action : undefined
    ) as PortalAction | 'return' | undefined;
    if (action === 'return') return sendLocalRedirect(reply, view.session.return_url);
    if (!action || !ACTIONS.includes(action)) {
      throw new PaymentsError('invalid', `Unknown action: choose one of ${ACTIONS.join(', ')} or return`);
    }
    await world.portalAction(view, action);
    return sendLocalRedirect(reply, `/api/payments/local/portal/${encodeURIComponent(view.session.id)}`);
  }

  private local(): LocalPayments {
    // Only with the local driver, and only where development tools or a test-mode deployment allow it.
    if (!(this.payments instanceof LocalPayments) || !localHostedPagesEnabled(this.config)) {
      throw new PaymentsError('not_found', 'Not found');
    }
    return this.payments;
  }
}
