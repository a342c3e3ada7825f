import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import { publishedLogoUrls, type CharitiesTables } from '@arena/projections/charities/charities.queries';

/** The logos others may see (published charities'), by EIN: search results show them (issue 23). */
@Injectable()
export class PublishedLogos {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CharitiesTables>) {}

  of(eins: readonly string[]): Promise<Map<string, string>> {
    return publishedLogoUrls(this.db, eins);
  }
}
