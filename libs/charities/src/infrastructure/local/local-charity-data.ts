import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { CharitySearchResult, CharitySearchVariables } from '@arena/contracts';
import { CHARITY_SEARCH_DEFAULT_TERM } from '@arena/contracts';
import { CharityData, einDigits, type CharityDataAnswer } from '../../application/ports/charity-data';
import type { CharityDirectoryTables } from './charity-directory.tables';
import { directoryByEin, searchDirectory } from './charity-directory.queries';

/**
 * The bundled IRS data set in PostgreSQL. It has no ratings, so the ratings filter (and sizes, beacons,
 * advisories, orderBy) is ignored and every rating is null; cities and ZIPs, which Charity Navigator's
 * query cannot filter on, are honoured.
 */
@Injectable()
export class LocalCharityData extends CharityData {
  readonly source = 'local' as const;
  readonly ratingsAvailable = false;

  constructor(@Inject(DATABASE) private readonly db: Kysely<CharityDirectoryTables>) {
    super();
  }

  async search(variables: CharitySearchVariables): Promise<CharityDataAnswer> {
    const term = variables.term.trim();
    // The page sends 'charity' for an empty box: here that means "every nonprofit", largest first,
    // rather than only those with "charity" in their name.
    const browsing = term === '' || term.toLowerCase() === CHARITY_SEARCH_DEFAULT_TERM;
    const words = browsing ? [] : (term.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
    const ein = browsing ? undefined : einDigits(term);
    const page = await searchDirectory(this.db, {
      words: ein ? [] : words,
      phrase: term.toLowerCase(),
      ein,
      states: variables.states,
      cities: variables.cities,
      zips: variables.zips?.map((zip) => zip.slice(0, 5)),
      causes: variables.causes,
      from: variables.from,
      size: variables.result_size,
    });
    return {
      envelope: {
        size: variables.result_size,
        from: variables.from,
        term: variables.term,
        result_count: page.total,
        results: page.results,
      },
      errors: [],
    };
  }

  async findByEin(ein: string): Promise<CharitySearchResult | null> {
    const digits = einDigits(ein);
    return digits ? directoryByEin(this.db, digits) : null;
  }
}
