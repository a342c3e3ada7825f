import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import { memberRoles } from '@arena/identity';

export interface CliOutput {
  out(line: string): void;
  error(line: string): void;
}

export const USAGE = `Usage:
  npm run finance:grant -- --email <member's email>
  npm run finance:grant -- --email <member's email> --revoke

Grants (or revokes) the finance role: the full ledger export and the reconciliation report.`;

/**
 * `npm run finance:grant`: an operator with database access grants a member the finance role. Roles are
 * not an API call on purpose: no route can make a member finance. Returns the exit code: 0 done (also
 * when nothing changed), 1 no such member, 2 bad usage.
 */
export async function runFinanceCli(
  argv: string[],
  db: Kysely<any>,
  operator: string,
  io: CliOutput,
  now: () => Date = () => new Date(),
): Promise<number> {
  let values: { email?: string; revoke?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, revoke: { type: 'boolean', default: false } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  const email = values.email?.trim();
  if (!email) {
    io.error(`Name the member with --email.\n\n${USAGE}`);
    return 2;
  }
  const roles = memberRoles(db);
  const change = values.revoke
    ? await roles.revoke(email, 'finance')
    : await roles.grant(email, 'finance', operator, now());
  const said: Record<typeof change, string> = {
    granted: `${email} now has the finance role.`,
    'already-granted': `${email} already has the finance role.`,
    revoked: `${email} no longer has the finance role.`,
    'not-granted': `${email} did not have the finance role.`,
    'no-such-member': `No member has the email ${email}.`,
  };
  if (change === 'no-such-member') {
    io.error(said[change]);
    return 1;
  }
  io.out(said[change]);
  return 0;
}
