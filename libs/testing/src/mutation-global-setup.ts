import { TEMPLATE_DATABASE_ENV, withAdminClient } from './test-database';
import { createTemplateDatabase } from './global-setup';

const MUTATION_TEMPLATE = 'arena_tpl_mutation';

/**
 * Jest global set-up under StrykerJS, which starts jest once per mutant in one long-lived process (the
 * run uses one): the template is migrated on the first start only. It outlives the run and the next run
 * replaces it.
 */
export default async function mutationGlobalSetup(): Promise<void> {
  if (process.env[TEMPLATE_DATABASE_ENV]) return;
  await withAdminClient((client) =>
    client.query(`DROP DATABASE IF EXISTS ${MUTATION_TEMPLATE} WITH (FORCE)`),
  );
  await createTemplateDatabase(MUTATION_TEMPLATE);
}
