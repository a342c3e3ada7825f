import { Module } from '@nestjs/common';
import { CharityCommunityModule } from './charity-community.module';
import { CharitySearchModule } from './charity-search.module';
import { NonprofitDirectory } from './domain/nonprofit-directory';
import { NonprofitsController } from './infrastructure/nonprofits.controller';

/**
 * Charities, as far as tournaments need them today: the bundled nonprofit directory and its search.
 * The charities-and-ledger issue grows this context (favorites, onboarded charities, donations).
 */
@Module({
  imports: [CharitySearchModule, CharityCommunityModule],
  controllers: [NonprofitsController],
  providers: [{ provide: NonprofitDirectory, useFactory: () => new NonprofitDirectory() }],
  exports: [NonprofitDirectory, CharitySearchModule],
})
export class CharitiesModule {}
