import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import {
  formatEin,
  type Charity,
  type CharityList,
  type CharityProfile,
  type ListCharitiesParams,
} from '@arena/contracts';
import { DATABASE } from '@arena/database';
import {
  donationTotals,
  findCharityByEin,
  findCharityById,
  listPublishedCharities,
  type CharitiesTables,
} from '@arena/projections/charities/charities.queries';
import { charityNotFound } from '../../domain/charity.errors';
import { NonprofitDirectory } from '../../domain/nonprofit-directory';

/** Public reads of onboarded charities (the charities read model) and of the data set's nonprofits. */
@Injectable()
export class CharityProfilesService {
  constructor(
    @Inject(DATABASE) private readonly db: Kysely<CharitiesTables>,
    private readonly directory: NonprofitDirectory,
  ) {}

  list(params: ListCharitiesParams): Promise<CharityList> {
    return listPublishedCharities(this.db, params);
  }

  async byId(charityId: string): Promise<Charity> {
    const charity = await findCharityById(this.db, charityId);
    if (!charity) throw charityNotFound();
    return charity;
  }

  /** The onboarded charity, else the data set's nonprofit (not onboarded: no id), else 404. */
  async byEin(ein: string, memberId: string | undefined): Promise<CharityProfile> {
    const onboarded = await findCharityByEin(this.db, ein);
    if (onboarded) {
      return { ...onboarded.charity, onboarded: true, managedByMe: onboarded.managerId === memberId };
    }
    const nonprofit = this.directory.findByEin(ein);
    if (!nonprofit) throw charityNotFound();
    // Prize shares can be directed to a nonprofit before it onboards: its profile counts them too.
    const totals = (await donationTotals(this.db, [nonprofit.ein])).get(nonprofit.ein);
    const epoch = new Date(0).toISOString();
    return {
      id: null,
      name: nonprofit.name,
      ein: formatEin(nonprofit.ein),
      description: null,
      email: null,
      category: nonprofit.category,
      website: null,
      logoUrl: null,
      charityNavigatorUrl: null,
      encompassScore: null,
      starRating: null,
      address: null,
      city: nonprofit.city,
      state: nonprofit.state,
      zipCode: null,
      country: 'US',
      stripeAccountId: null,
      paymentAccountStatus: 'NONE',
      emailVerified: false,
      // In the IRS data set only while its exemption stands: active, though not yet on Charity Arena.
      isActive: true,
      isVerified: false,
      totalReceived: (totals?.totalReceivedCents ?? 0) / 100,
      totalReceivedCents: totals?.totalReceivedCents ?? 0,
      donationCount: totals?.donationCount ?? 0,
      createdAt: epoch,
      updatedAt: epoch,
      onboarded: false,
      managedByMe: false,
    };
  }
}
