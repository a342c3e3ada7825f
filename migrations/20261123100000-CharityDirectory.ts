import { sql, type Kysely } from 'kysely';

// The bundled IRS data set, searchable in PostgreSQL when Charity Navigator is not connected: full text
// over name, city and mission (weighted in that order), trigrams for misspelt names, and the columns the
// search filters on. `npm run migrate` fills it after the migrations (libs/charities, the directory loader),
// and records the file's hash so an unchanged file is not loaded again.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  await sql`
    CREATE TABLE charity_directory (
      ein text PRIMARY KEY CHECK (ein ~ '^[0-9]{9}$'),
      name text NOT NULL,
      mission text,
      street text,
      city text,
      state text,
      zip text,
      zip5 text GENERATED ALWAYS AS (substring(zip from 1 for 5)) STORED,
      ntee_code text,
      ntee_major_group text,
      category text,
      subsection text,
      revenue_cents bigint NOT NULL DEFAULT 0 CHECK (revenue_cents >= 0),
      search tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
        setweight(to_tsvector('english', coalesce(city, '')), 'B') ||
        setweight(to_tsvector('english', coalesce(mission, '')), 'C')
      ) STORED
    )`.execute(db);
  await sql`CREATE INDEX charity_directory_search ON charity_directory USING gin (search)`.execute(db);
  await sql`CREATE INDEX charity_directory_name_trgm ON charity_directory USING gin (name gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX charity_directory_state ON charity_directory (state)`.execute(db);
  await sql`CREATE INDEX charity_directory_city ON charity_directory (lower(city))`.execute(db);
  await sql`CREATE INDEX charity_directory_zip5 ON charity_directory (zip5)`.execute(db);
  await sql`CREATE INDEX charity_directory_revenue ON charity_directory (revenue_cents DESC, ein)`.execute(
    db,
  );
  await sql`
    CREATE TABLE charity_directory_loads (
      source text PRIMARY KEY,
      content_sha256 text NOT NULL,
      row_count integer NOT NULL,
      loaded_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE charity_directory_loads`.execute(db);
  await sql`DROP TABLE charity_directory`.execute(db);
}
