import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  Migrator,
  type Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
} from 'kysely';

const MIGRATION_FILE = /^\d{14}-[A-Za-z0-9]+\.(ts|js)$/;

/** Finds `migrations/<YYYYMMDDHHmmss>-<PascalName>.ts` (or the compiled .js) beside this file. */
class FolderMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const file of readdirSync(__dirname)
      .filter((name) => MIGRATION_FILE.test(name))
      .sort()) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      migrations[file.replace(/\.(ts|js)$/, '')] = require(join(__dirname, file)) as Migration;
    }
    return migrations;
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({ db, provider: new FolderMigrationProvider() });
  const result = await migrator.migrateToLatest();
  if (result.error) throw result.error;
  return result;
}
