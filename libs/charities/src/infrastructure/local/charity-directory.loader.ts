import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parse } from 'csv-parse/sync';
import { sql, type Kysely } from 'kysely';
import { BUNDLED_NONPROFITS_CSV } from '../../domain/nonprofit-directory';
import { readableName } from '../../domain/nonprofit-name';
import { rankForBrowsing } from './charity-directory.browse';
import type { CharityDirectoryTables } from './charity-directory.tables';

interface CsvRow {
  ein: string;
  name: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  ntee_code: string;
  ntee_major_group: string;
  category: string;
  subsection: string;
  revenue_amt: string;
}

export interface CharityDirectoryLoad {
  skipped: boolean;
  rows: number;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 bound parameters. */
const BATCH = 500;

const blankToNull = (value: string | undefined) => (value && value.trim() ? value.trim() : null);

/**
 * Loads the bundled IRS data set into charity_directory. Idempotent: skipped when the file's content hash
 * is the one last loaded; otherwise every row is upserted by EIN and rows no longer in the file are
 * removed, in one transaction, so a search never sees half a load. Run by `npm run migrate` after the
 * migrations, and by the test set-up into the template database every test database is cloned from.
 */
export async function loadCharityDirectory(
  db: Kysely<any>,
  csvPath: string = BUNDLED_NONPROFITS_CSV,
): Promise<CharityDirectoryLoad> {
  const directory = db as Kysely<CharityDirectoryTables>;
  const content = readFileSync(csvPath);
  const sha256 = createHash('sha256').update(content).digest('hex');
  const source = basename(csvPath);
  const last = await directory
    .selectFrom('charity_directory_loads')
    .select(['content_sha256', 'row_count'])
    .where('source', '=', source)
    .executeTakeFirst();
  if (last?.content_sha256 === sha256) return { skipped: true, rows: last.row_count };

  const rows = (parse(content, { columns: true, skip_empty_lines: true }) as CsvRow[])
    .filter((row) => /^\d{9}$/.test(row.ein))
    .map((row) => ({
      ein: row.ein,
      name: readableName(row.name),
      mission: null,
      street: blankToNull(row.street),
      city: blankToNull(row.city) && readableName(row.city),
      state: blankToNull(row.state)?.toUpperCase() ?? null,
      zip: blankToNull(row.zip),
      ntee_code: blankToNull(row.ntee_code),
      ntee_major_group: blankToNull(row.ntee_major_group),
      category: blankToNull(row.category),
      subsection: blankToNull(row.subsection),
      revenue_cents: Math.max(0, Math.round(Number(row.revenue_amt) * 100) || 0),
    }));

  await directory.transaction().execute(async (trx) => {
    for (let start = 0; start < rows.length; start += BATCH) {
      await trx
        .insertInto('charity_directory')
        .values(rows.slice(start, start + BATCH))
        .onConflict((oc) =>
          oc.column('ein').doUpdateSet((eb) => ({
            name: eb.ref('excluded.name'),
            street: eb.ref('excluded.street'),
            city: eb.ref('excluded.city'),
            state: eb.ref('excluded.state'),
            zip: eb.ref('excluded.zip'),
            ntee_code: eb.ref('excluded.ntee_code'),
            ntee_major_group: eb.ref('excluded.ntee_major_group'),
            category: eb.ref('excluded.category'),
            subsection: eb.ref('excluded.subsection'),
            revenue_cents: eb.ref('excluded.revenue_cents'),
          })),
        )
        .execute();
    }
    const eins = rows.map((row) => row.ein);
    await trx
      .deleteFrom('charity_directory')
      .where(sql<boolean>`ein <> ALL(${eins}::text[])`)
      .execute();
    await rankForBrowsing(trx);
    await trx
      .insertInto('charity_directory_loads')
      .values({ source, content_sha256: sha256, row_count: rows.length })
      .onConflict((oc) =>
        oc
          .column('source')
          .doUpdateSet({ content_sha256: sha256, row_count: rows.length, loaded_at: new Date() }),
      )
      .execute();
  });
  return { skipped: false, rows: rows.length };
}
