import { sql, type Kysely } from 'kysely';

// Issue 23, item 4: the bundled IRS directory read as raw records.
// - Its full text now holds the cause too (the category and the NTEE major group, weighted like the city), so
//   "animal" finds the animal-related nonprofits and "shelter" those under "Housing & Shelter", though neither
//   word is in their names.
// - browse_rank orders the directory when nothing is searched: the largest nonprofit of each cause, then the
//   second largest of each, and so on, instead of the largest overall, which were all hospital systems. The
//   loader ranks after every load; forgetting the last load here makes the next one (it runs after the
//   migrations) load and rank the directory again.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE charity_directory DROP COLUMN search`.execute(db);
  await sql`
    ALTER TABLE charity_directory ADD COLUMN search tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(city, '')), 'B') ||
      setweight(to_tsvector('english', coalesce(category, '') || ' ' || coalesce(ntee_major_group, '')), 'B') ||
      setweight(to_tsvector('english', coalesce(mission, '')), 'C')
    ) STORED`.execute(db);
  await sql`CREATE INDEX charity_directory_search ON charity_directory USING gin (search)`.execute(db);
  await sql`ALTER TABLE charity_directory ADD COLUMN browse_rank integer`.execute(db);
  await sql`DELETE FROM charity_directory_loads`.execute(db);
  await sql`CREATE INDEX charity_directory_browse ON charity_directory (browse_rank, revenue_cents DESC, ein)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE charity_directory DROP COLUMN browse_rank`.execute(db);
  await sql`ALTER TABLE charity_directory DROP COLUMN search`.execute(db);
  await sql`
    ALTER TABLE charity_directory ADD COLUMN search tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
      setweight(to_tsvector('english', coalesce(city, '')), 'B') ||
      setweight(to_tsvector('english', coalesce(mission, '')), 'C')
    ) STORED`.execute(db);
  await sql`CREATE INDEX charity_directory_search ON charity_directory USING gin (search)`.execute(db);
}
