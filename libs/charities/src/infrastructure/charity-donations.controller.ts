import { Controller, Get, Param, Query } from '@nestjs/common';
import { ZodValidationPipe } from '@arena/http';
import { charityLedgerParams, ein, type CharityLedgerParams } from '@arena/contracts';
import { CharityDonationsReader } from '../application/queries/charity-donations.reader';

const einParam = new ZodValidationPipe(ein, { fieldInMessage: false });

/** Public: where the money directed to charities went (profile cards, rankings). */
@Controller('charities')
export class CharityDonationsController {
  constructor(private readonly donations: CharityDonationsReader) {}

  @Get('rankings')
  async rankings() {
    return { success: true, data: await this.donations.rankings() };
  }

  @Get('ein/:ein/ledger')
  async ledger(
    @Param('ein', einParam) charityEin: string,
    @Query(new ZodValidationPipe(charityLedgerParams)) params: CharityLedgerParams,
  ) {
    return { success: true, data: await this.donations.ledger(charityEin, params) };
  }

  @Get('ein/:ein/supporters')
  async supporters(@Param('ein', einParam) charityEin: string) {
    return { success: true, data: await this.donations.supporters(charityEin) };
  }

  @Get('ein/:ein/donors')
  async donors(@Param('ein', einParam) charityEin: string) {
    return { success: true, data: await this.donations.donors(charityEin) };
  }
}
