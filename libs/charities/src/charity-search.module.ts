import { Module } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { DATABASE } from '@arena/database';
import { CharitySearchService } from './application/queries/charity-search.service';
import { PublishedLogos } from './application/queries/published-logos.reader';
import { CharityData } from './application/ports/charity-data';
import { CharitySearchCache } from './application/ports/charity-search-cache';
import {
  CharityNavigatorData,
  charityNavigatorOptions,
} from './infrastructure/charity-navigator/charity-navigator-data';
import { CharitySearchRateLimiter } from './infrastructure/charity-search-rate-limiter';
import { CharitySearchController } from './infrastructure/charity-search.controller';
import { LocalCharityData } from './infrastructure/local/local-charity-data';
import type { CharityDirectoryTables } from './infrastructure/local/charity-directory.tables';
import { RedisCharitySearchCache } from './infrastructure/redis-charity-search-cache';

/**
 * Charity search: the proxy and the charity data port. Charity Navigator when CHARITY_NAVIGATOR_API_KEY
 * is set, else the bundled IRS data set. Exports CharityData (onboarding fills a name from an EIN).
 */
@Module({
  controllers: [CharitySearchController],
  providers: [
    {
      provide: CharityData,
      inject: [APP_CONFIG, DATABASE],
      useFactory: (config: AppConfig, db: Kysely<CharityDirectoryTables>) => {
        const charityNavigator = charityNavigatorOptions(config);
        return charityNavigator ? new CharityNavigatorData(charityNavigator) : new LocalCharityData(db);
      },
    },
    { provide: CharitySearchCache, useClass: RedisCharitySearchCache },
    CharitySearchService,
    PublishedLogos,
    CharitySearchRateLimiter,
  ],
  exports: [CharityData],
})
export class CharitySearchModule {}
