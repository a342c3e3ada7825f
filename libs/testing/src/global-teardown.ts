import { TEMPLATE_DATABASE_ENV, withAdminClient } from './test-database';

export default async function globalTeardown(): Promise<void> {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (!template) return;
  await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
}
