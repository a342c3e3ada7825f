import type { Generated } from 'kysely';

/** migrations/20261123100000-CharityDirectory.ts */
export interface CharityDirectoryTables {
  charity_directory: {
    ein: string;
    name: string;
    mission: string | null;
    street: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
    zip5: Generated<string | null>;
    ntee_code: string | null;
    ntee_major_group: string | null;
    category: string | null;
    subsection: string | null;
    /** bigint, read as a number by our pg set-up (revenues stay far below 2^53 cents). */
    revenue_cents: number;
    search: Generated<string>;
    /** The order of browsing (charity-directory.browse.ts); null only until the load that ranks it commits. */
    browse_rank: number | null;
  };
  charity_directory_loads: {
    source: string;
    content_sha256: string;
    row_count: number;
    loaded_at: Generated<Date>;
  };
}
