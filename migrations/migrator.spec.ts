import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { migrateToLatest } from './migrator';

describe('migrateToLatest', () => {
  let database: TestDatabase;
  beforeAll(async () => (database = await createTestDatabase(2)));
  afterAll(() => database.drop());

  it('finds nothing left to apply on a database cloned from the migrated template', async () => {
    const { results } = await migrateToLatest(database.db);
    expect(results).toEqual([]);
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(database.db);
    expect(rows.map((r) => r.name)).toContain('20261122000000-Baseline');
  });
});
