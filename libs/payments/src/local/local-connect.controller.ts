import { Body, Controller, Get, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG, localHostedPagesEnabled, type AppConfig } from '@arena/config';
import { PaymentsError } from '../payments.errors';
import { Payments } from '../payments.port';
import { renderConnectPage, validateConnectForm } from './local-connect.page';
import { isWellFormedLinkToken, LocalPayments } from './local-payments';
import { sendLocalPage, sendLocalRedirect } from './local-page-replies';

/**
 * The local driver's stand-in for Stripe's hosted onboarding: `GET` shows the form for a link, `POST`
 * submits or cancels it. Only the one-use link token (unguessable, in the URL and then in the form)
 * authorizes either, which also makes the form safe from cross-site posts. With Stripe it is a 404.
 */
@Controller('payments/local/connect')
export class LocalConnectController {
  constructor(
    private readonly payments: Payments,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':accountId')
  async show(
    @Param('accountId') accountId: string,
    @Query('link') token: unknown,
    @Res() reply: FastifyReply,
  ) {
    const local = this.local();
    const opened = await local.openLink(accountId, token);
    if ('redirectTo' in opened) return sendLocalRedirect(reply, opened.redirectTo);
    return sendLocalPage(
      reply,
      200,
      renderConnectPage({
        accountId,
        organizationName: opened.account.organization_name,
        ein: opened.account.ein,
        token: token as string,
      }),
    );
  }

  @Post(':accountId')
  async submit(@Param('accountId') accountId: string, @Body() body: unknown, @Res() reply: FastifyReply) {
    const local = this.local();
    const form = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const token = form.link;
    if (!isWellFormedLinkToken(token))
      throw new PaymentsError('invalid', 'This onboarding link is not valid');
    const opened = await local.openLink(accountId, token);
    if ('redirectTo' in opened) return sendLocalRedirect(reply, opened.redirectTo);
    if (form.action === 'cancel')
      return sendLocalRedirect(reply, (await local.cancelOnboarding(accountId, token)).redirectTo);

    const { values, errors } = validateConnectForm(form);
    if (Object.keys(errors).length > 0) {
      return sendLocalPage(
        reply,
        422,
        renderConnectPage({
          accountId,
          organizationName: opened.account.organization_name,
          ein: opened.account.ein,
          token,
          values,
          errors,
        }),
      );
    }
    const outcome = await local.completeOnboarding(accountId, token, values);
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
