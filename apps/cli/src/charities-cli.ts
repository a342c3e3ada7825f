import { parseArgs } from 'node:util';
import { CHARITY_REVIEW_DECISIONS, charityReviewBody, ein as einSchema } from '@arena/contracts';
import { sendAdminRequest, type CliEnvironment, type CliOutput } from './admin-api';

export const USAGE = `Usage:
  npm run charities:review -- list
  npm run charities:review -- approve <ein> --note "called the office, confirmed the contact"
  npm run charities:review -- reject <ein> --note "not the organization"
  npm run charities:review -- release <ein> --note "contested by the real organization (ticket 123)"

Sends the operator's decision to the API (bearer ADMIN_API_KEY) at ARENA_API_URL, else PUBLIC_URL.
list: the charities waiting for a review. approve: listed (and paid once its payout account is verified).
reject: refused, the EIN frees. release: a contested EIN is taken from its claimant, whatever its stage.`;

type Parsed =
  { command: 'list' } | { command: (typeof CHARITY_REVIEW_DECISIONS)[number]; ein: string; note: string };

/**
 * `npm run charities:review`: operators review charities from a shell (issue 21). Like the tournaments
 * command it talks to the running API, so a decision goes through the same route, guard and rules as
 * an HTTP client's. Returns the exit code: 0 done, 1 refused (by the API or the checks), 2 bad usage.
 */
export async function runCharitiesCli(argv: string[], env: CliEnvironment, io: CliOutput): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parseCommandLine(argv);
  } catch (error) {
    io.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (!env.adminApiKey) {
    io.error('ADMIN_API_KEY is not set: the admin routes need it (see .env.example).');
    return 2;
  }
  const request =
    parsed.command === 'list'
      ? { method: 'GET', path: '/api/admin/charities/reviews', body: undefined }
      : {
          method: 'POST',
          path: `/api/admin/charities/${parsed.ein}/review`,
          body: { decision: parsed.command, note: parsed.note },
        };
  if (request.body) {
    const checked = charityReviewBody.safeParse(request.body);
    if (!checked.success) {
      io.error(checked.error.issues.map((issue) => issue.message).join('\n'));
      return 1;
    }
  }
  return sendAdminRequest(env, io, request);
}

function parseCommandLine(argv: string[]): Parsed {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { note: { type: 'string' } },
  });
  const [command, ein, ...rest] = positionals;
  if (rest.length > 0) throw new Error(`Unexpected arguments: ${rest.join(' ')}`);
  if (command === 'list') {
    if (ein !== undefined) throw new Error('list takes no EIN');
    return { command };
  }
  const decision = CHARITY_REVIEW_DECISIONS.find((name) => name === command);
  if (!decision) throw new Error(command ? `Unknown command: ${command}` : 'Name a command');
  const parsedEin = einSchema.safeParse(ein ?? '');
  if (!parsedEin.success)
    throw new Error(`${decision} needs the charity's EIN (nine digits, as in 12-3456789)`);
  if (values.note === undefined) throw new Error(`${decision} needs --note saying why`);
  return { command: decision, ein: parsedEin.data, note: values.note };
}
