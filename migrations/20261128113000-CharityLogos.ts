import { sql, type Kysely } from 'kysely';

// A charity's logos (issue 23): each image its manager uploaded, redrawn from its pixels, named by the
// SHA-256 of those bytes (`logo_id`), which a CharityLogoChanged event names. Never changed once written,
// so a logo's URL (EIN and name) can be cached for good, and served as soon as it is written, before the
// read models hear of the event. `charity_id`: the onboarding whose manager uploaded it. Kept in PostgreSQL: logos are small (the API caps them) and the
// product has no object store; the event carries the name, not the bytes.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE charity_logos (
      charity_id uuid NOT NULL,
      logo_id text NOT NULL CHECK (logo_id ~ '^[0-9a-f]{32}$'),
      ein text NOT NULL CHECK (ein ~ '^[0-9]{9}$'),
      content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
      image bytea NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (ein, logo_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE charity_logos`.execute(db);
}
