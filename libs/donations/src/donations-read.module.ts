import { Module } from '@nestjs/common';
import { DonationsReadController } from './infrastructure/donations-read.controller';

/** The read side of donations: the home ledger, its cards, receipts and a member's donations. */
@Module({ controllers: [DonationsReadController] })
export class DonationsReadModule {}
