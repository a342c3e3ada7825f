import { Injectable } from '@nestjs/common';
import type { OnboardedCharity } from '../domain/charity.decider';
import { noOnboardingData, notCharityManager } from '../domain/charity.errors';
import { CharityOnboardingsRepository } from '../infrastructure/charity-onboardings.repository';
import { CharityStreamRepository } from './charity-stream.repository';

/**
 * A charity as its manager asks for it by id: 404 unknown (or replaced by a newer onboarding of its
 * EIN), 403 another member's. Every call a charity's manager makes goes through it.
 */
@Injectable()
export class ManagedCharity {
  constructor(
    private readonly onboardings: CharityOnboardingsRepository,
    private readonly streams: CharityStreamRepository,
  ) {}

  async load(managerId: string, charityId: string): Promise<OnboardedCharity> {
    const row = await this.onboardings.byId(charityId);
    if (!row) throw noOnboardingData();
    const charity = await this.streams.load(row.ein);
    // A newer onboarding of the EIN replaced this one: it is gone.
    if (charity === null || charity.charityId !== charityId) throw noOnboardingData();
    if (charity.managerId !== managerId) throw notCharityManager();
    return charity;
  }
}
