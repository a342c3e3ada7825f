import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { loadCharityDirectory } from './charity-directory.loader';
import type { CharityDirectoryTables } from './charity-directory.tables';

const HEADER =
  'ein,name,street,city,state,zip,ntee_code,ntee_major_group,category,subsection,foundation_code,ruling_year,asset_amt,income_amt,revenue_amt,revenue_is_estimate,tax_period,data_source';

describe('loadCharityDirectory', () => {
  let database: TestDatabase;
  let db: Kysely<CharityDirectoryTables>;
  const count = async () =>
    Number(
      (await db
        .selectFrom('charity_directory')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst())!.n,
    );

  beforeAll(async () => {
    database = await createTestDatabase(2);
    db = database.db as Kysely<CharityDirectoryTables>;
  });
  afterAll(() => database.drop());

  it('skips the bundled file the test template already loaded (its hash is unchanged)', async () => {
    expect(await loadCharityDirectory(db)).toEqual({ skipped: true, rows: 4966 });
    expect(await count()).toBe(4966);
  });

  it('upserts by EIN and drops rows no longer in the file when the content changes; a repeat changes nothing', async () => {
    const csv = join(mkdtempSync(join(tmpdir(), 'charity-directory-')), 'nonprofits.csv');
    writeFileSync(
      csv,
      [
        HEADER,
        '530196605,AMERICAN RED CROSS RENAMED,431 18TH ST NW,WASHINGTON,DC,20006-5310,P210,Human Services,Human Services,03,,,,,"123.45",false,,test',
        '999999991,NEW TEST NONPROFIT,1 MAIN ST,JUNEAU,AK,99801,B20,Education,Education,03,,,,,1000,false,,test',
        'not-an-ein,IGNORED ROW,,,,,,,,,,,,,,,,',
      ].join('\n'),
    );
    expect(await loadCharityDirectory(db, csv)).toEqual({ skipped: false, rows: 2 });
    expect(await loadCharityDirectory(db, csv)).toEqual({ skipped: true, rows: 2 });
    const rows = await db
      .selectFrom('charity_directory')
      .select(['ein', 'name', 'revenue_cents', 'zip5'])
      .orderBy('ein')
      .execute();
    expect(rows).toEqual([
      { ein: '530196605', name: 'American Red Cross Renamed', revenue_cents: 12345, zip5: '20006' },
      { ein: '999999991', name: 'New Test Nonprofit', revenue_cents: 100000, zip5: '99801' },
    ]);

    expect(await loadCharityDirectory(db)).toEqual({ skipped: false, rows: 4966 });
    expect(await count()).toBe(4966);
  });
});
