import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { CharityLedgerParams } from '@arena/contracts';
import {
  charityDonors,
  charityLedger,
  charityRankings,
  charitySupporters,
  type CharityDonationsTables,
} from '@arena/projections/charity-donations/charity-donations.queries';

/**
 * The charity profile's cards and the rankings, from the donations read model. A well-formed EIN
 * nobody directed money to yet has empty cards: the page shows its empty states.
 */
@Injectable()
export class CharityDonationsReader {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CharityDonationsTables>) {}

  ledger(ein: string, params: CharityLedgerParams) {
    return charityLedger(this.db, ein, params);
  }

  supporters(ein: string) {
    return charitySupporters(this.db, ein);
  }

  donors(ein: string) {
    return charityDonors(this.db, ein);
  }

  rankings() {
    return charityRankings(this.db);
  }
}
