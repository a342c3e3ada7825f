import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import { publishedLogoUrls, type CharitiesTables } from '@arena/projections/charities/charities.queries';

/** The logos others may see (published charities'), by EIN: search results show them (issue 23). */
@Injectable()
export class PublishedLogos {
  constructor(@Inject(DATABASE) private readonly db: Kysely<CharitiesTables>) {}

  /**
   * By EIN; none when the charities read model cannot answer (not built yet on a new database, or still
   * an older version's tables while the worker rebuilds it after an upgrade): a search never fails for
   * want of its decoration.
   */
  of(eins: readonly string[]): Promise<Map<string, string>> {
    return publishedLogoUrls(this.db, eins).catch(() => new Map<string, string>());
  }
}
