import { Module, type OnModuleInit } from '@nestjs/common';
import { NotificationsModule } from '@arena/notifications';
import { PaymentEventHandlers } from '@arena/payments';
import { DirectUndirectedShareProcessor } from './application/reactions/direct-share.processor';
import { DonationLog } from './application/donation-log';
import { DonationStreams } from './application/donation-streams';
import { GiftCheckoutService } from './application/commands/gift-checkout.service';
import { GiftPaidHandler } from './application/reactions/gift-paid.handler';
import { GiftChargeHandler } from './application/reactions/gift-charge.handler';
import { GiftPayments } from './application/gift-payments';
import { MonthlyGifts } from './application/monthly-gifts';
import { MonthlyGiftCancelService } from './application/commands/monthly-gift-cancel.service';
import { MonthlyGiftHandler } from './application/reactions/monthly-gift.handler';
import { MonthlyGiftsController } from './infrastructure/monthly-gifts.controller';
import { PayoutCharities } from './application/payout-charities';
import { PayoutRequestService } from './application/commands/payout-request.service';
import { PlatformChoice } from './application/platform-choice';
import { PrizeFlow } from './application/reactions/prize-flow';
import { PrizeFlowReactor } from './application/reactions/prize-flow.reactor';
import { RunTransferWindowProcessor } from './application/reactions/run-transfer-window.processor';
import { TransferOutcomeHandler } from './application/reactions/transfer-outcome.handler';
import { TransferWindowService } from './application/reactions/transfer-window.service';
import { CheckoutRateLimiter } from './infrastructure/checkout-rate-limiter';
import { DonationTransfersRepository } from './infrastructure/donation-transfers.repository';
import { GiftCheckoutController } from './infrastructure/gift-checkout.controller';
import { PayoutRequestsController } from './infrastructure/payout-requests.controller';
import { TransferWindowController } from './infrastructure/transfer-window.controller';
import { TransferWindowPlansRepository } from './infrastructure/transfer-window-plans.repository';
import { TransferWindowScheduler } from './infrastructure/transfer-window.scheduler';

/**
 * Donations' write side (issue 12, docs/ledger.md): gifts through checkout and their webhooks, prize
 * shares and balances, payout requests, transfer windows. Needs the global PaymentsModule (Payments,
 * PaymentEventHandlers), DatabaseModule, EVENT_STORE, REDIS and JobsModule.
 */
@Module({
  imports: [NotificationsModule],
  controllers: [
    GiftCheckoutController,
    PayoutRequestsController,
    TransferWindowController,
    MonthlyGiftsController,
  ],
  providers: [
    DonationStreams,
    DonationLog,
    PayoutCharities,
    PlatformChoice,
    PrizeFlow,
    DonationTransfersRepository,
    TransferWindowPlansRepository,
    TransferWindowService,
    GiftCheckoutService,
    PayoutRequestService,
    CheckoutRateLimiter,
    GiftPaidHandler,
    GiftChargeHandler,
    GiftPayments,
    MonthlyGifts,
    MonthlyGiftCancelService,
    MonthlyGiftHandler,
    TransferOutcomeHandler,
    DirectUndirectedShareProcessor,
    RunTransferWindowProcessor,
  ],
  exports: [TransferWindowService, PrizeFlow, DirectUndirectedShareProcessor, RunTransferWindowProcessor],
})
export class DonationsModule implements OnModuleInit {
  constructor(
    private readonly handlers: PaymentEventHandlers,
    private readonly giftPaid: GiftPaidHandler,
    private readonly transferOutcome: TransferOutcomeHandler,
    private readonly giftCharge: GiftChargeHandler,
    private readonly monthlyGift: MonthlyGiftHandler,
  ) {}

  onModuleInit() {
    this.handlers.register(this.giftPaid);
    this.handlers.register(this.transferOutcome);
    this.handlers.register(this.giftCharge);
    this.handlers.register(this.monthlyGift);
  }
}

/** The worker's part: the prize flow's reactor (run by the reaction runner) and the transfer window's schedule. */
@Module({
  imports: [DonationsModule],
  providers: [PrizeFlowReactor, TransferWindowScheduler],
  exports: [PrizeFlowReactor],
})
export class DonationsWorkerModule {}
