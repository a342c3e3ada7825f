import { randomBytes } from 'node:crypto';
import { loadCharityDirectory } from '@arena/charities';
import { createDatabase } from '@arena/database';
import { migrateToLatest } from '../../../migrations/migrator';
import { TEMPLATE_DATABASE_ENV, databaseUrl, withAdminClient } from './test-database';

/** Jest global set-up: migrate one template database that every test file clones. */
export default async function globalSetup(): Promise<void> {
  await createTemplateDatabase(`arena_tpl_${randomBytes(4).toString('hex')}`);
}

export async function createTemplateDatabase(name: string): Promise<void> {
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const { db, close } = createDatabase(databaseUrl(name), 1);
  try {
    await migrateToLatest(db);
    // Every test database clones this one, so each has the charity directory without loading it again.
    await loadCharityDirectory(db);
  } finally {
    await close();
  }
  process.env[TEMPLATE_DATABASE_ENV] = name;
}
