import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { cancelTournamentBody, createTournamentBody, editTournamentBody } from '@arena/contracts';
import { sendAdminRequest, type CliEnvironment, type CliOutput } from './admin-api';

export const USAGE = `Usage:
  npm run tournaments -- create --file tournament.json
  npm run tournaments -- edit <tournament-id> --file changes.json
  npm run tournaments -- cancel <tournament-id> --reason "why"

Sends the operator's command to the API (bearer ADMIN_API_KEY) at ARENA_API_URL, else PUBLIC_URL.
The file is checked against the same schema as the API's before it is sent.`;

interface Request {
  method: 'POST' | 'PATCH';
  path: string;
  body: unknown;
}

/**
 * `npm run tournaments`: operators create, edit and cancel tournaments from a shell. It talks to the
 * running API rather than to the event store, so a command from a shell goes through exactly the
 * route, guard, validation and handler an HTTP client's does (and the API's job scheduling).
 * Returns the process exit code: 0 done, 1 refused (by the file check or the API), 2 bad usage.
 */
export async function runTournamentsCli(argv: string[], env: CliEnvironment, io: CliOutput): Promise<number> {
  let parsed: ReturnType<typeof parseCommandLine>;
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
  let request: Request;
  try {
    request = await buildRequest(parsed);
  } catch (error) {
    io.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  return sendAdminRequest(env, io, request);
}

function parseCommandLine(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { file: { type: 'string' }, reason: { type: 'string' } },
  });
  const [command, id, ...rest] = positionals;
  if (rest.length > 0) throw new Error(`Unexpected arguments: ${rest.join(' ')}`);
  switch (command) {
    case 'create':
      if (id !== undefined) throw new Error('create takes no tournament id: put tournamentId in the file');
      if (!values.file) throw new Error('create needs --file');
      return { command, file: values.file } as const;
    case 'edit':
      if (!id || !values.file) throw new Error('edit needs a tournament id and --file');
      return { command, id, file: values.file } as const;
    case 'cancel':
      if (!id || values.reason === undefined) throw new Error('cancel needs a tournament id and --reason');
      return { command, id, reason: values.reason } as const;
    default:
      throw new Error(command ? `Unknown command: ${command}` : 'Name a command');
  }
}

async function buildRequest(parsed: ReturnType<typeof parseCommandLine>): Promise<Request> {
  switch (parsed.command) {
    case 'create':
      return {
        method: 'POST',
        path: '/api/admin/tournaments',
        body: checked(createTournamentBody, await readJson(parsed.file), parsed.file),
      };
    case 'edit':
      return {
        method: 'PATCH',
        path: `/api/admin/tournaments/${encodeURIComponent(parsed.id)}`,
        body: checked(editTournamentBody, await readJson(parsed.file), parsed.file),
      };
    case 'cancel':
      return {
        method: 'POST',
        path: `/api/admin/tournaments/${encodeURIComponent(parsed.id)}/cancel`,
        body: checked(cancelTournamentBody, { reason: parsed.reason }, '--reason'),
      };
  }
}

async function readJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The file as the API will read it is checked here for the operator's sake, but the original
 * is what is sent: the API parses it again, so defaults and transforms happen once, on the server.
 */
function checked(schema: z.ZodType, value: unknown, source: string): unknown {
  const result = schema.safeParse(value);
  if (!result.success) throw new Error(`${source} is not valid:\n${z.prettifyError(result.error)}`);
  return value;
}
