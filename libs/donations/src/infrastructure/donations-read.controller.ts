import { Controller, Get, Inject, NotFoundException, Param, Query, UseGuards } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import { ZodValidationPipe } from '@arena/http';
import { AccessTokenGuard, CurrentMember, type Member } from '@arena/identity';
import {
  DonationMessages,
  donationListParams,
  topWinnersParams,
  type DonationListParams,
} from '@arena/contracts';
import {
  donationReceipt,
  donationSummary,
  listDonations,
  memberDonations,
  publicDonationById,
  topWinners,
  type DonationsTables,
} from '@arena/projections/donations/donations.queries';
import { donationIdFrom } from '../application/donation-ids';
import { firstDonationOfCheckout } from '../application/monthly-gifts';

/** Receipt codes are short letters, digits and dashes; anything else names no receipt. */
const RECEIPT_CODE = /^[A-Za-z0-9-]{1,64}$/;
/** The payment provider's checkout session ids; anything else names no gift. */
const CHECKOUT_SESSION_ID = /^cs_[A-Za-z0-9_]{1,200}$/;

/** The public ledger (no donor identities), its cards, receipts, and a member's own donations. */
@Controller('donations')
export class DonationsReadController {
  constructor(@Inject(DATABASE) private readonly db: Kysely<DonationsTables>) {}

  @Get()
  async list(@Query(new ZodValidationPipe(donationListParams)) params: DonationListParams) {
    return { success: true, data: await listDonations(this.db, params) };
  }

  @Get('summary')
  async summary() {
    return { success: true, data: await donationSummary(this.db) };
  }

  @Get('winners')
  async winners(@Query(new ZodValidationPipe(topWinnersParams)) params: { limit: number }) {
    return { success: true, data: await topWinners(this.db, params.limit) };
  }

  @Get('receipts/:receiptCode')
  async receipt(@Param('receiptCode') receiptCode: string) {
    const receipt = RECEIPT_CODE.test(receiptCode) ? await donationReceipt(this.db, receiptCode) : undefined;
    if (!receipt) throw new NotFoundException(DonationMessages.receiptNotFound);
    return { success: true, data: receipt };
  }

  /** The success page asks this until the checkout's webhook has recorded the gift (same id as gift-paid.handler). */
  @Get('checkout/:sessionId')
  async checkout(@Param('sessionId') sessionId: string) {
    if (!CHECKOUT_SESSION_ID.test(sessionId)) throw new NotFoundException(DonationMessages.receiptNotFound);
    // A monthly gift's checkout (issue 23): its first month's donation, once its invoice is recorded.
    const donationId =
      (await firstDonationOfCheckout(this.db as never, sessionId)) ?? donationIdFrom(`checkout:${sessionId}`);
    const donation = await publicDonationById(this.db, donationId);
    if (!donation) throw new NotFoundException(DonationMessages.receiptNotFound);
    return { success: true, data: donation };
  }

  /** Only the signed-in member's own: there is no parameter naming another member. */
  @Get('mine')
  @UseGuards(AccessTokenGuard)
  async mine(@CurrentMember() member: Member) {
    return { success: true, data: await memberDonations(this.db, member.id) };
  }
}
