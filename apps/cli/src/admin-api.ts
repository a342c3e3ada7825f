import { config as loadEnvFile } from 'dotenv';

/** What an operator's command needs to reach the running API (the tournaments and charities commands). */
export interface CliEnvironment {
  /** Where the API answers: ARENA_API_URL, else PUBLIC_URL, else http://localhost:3000. */
  apiUrl: string;
  adminApiKey: string | undefined;
}

export interface CliOutput {
  out(line: string): void;
  error(line: string): void;
}

export interface AdminRequest {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * Sends one admin request with the bearer ADMIN_API_KEY and prints the answer's data. Returns the exit code: 0
 * done, 1 refused by the API or unreachable.
 */
export async function sendAdminRequest(
  env: CliEnvironment,
  io: CliOutput,
  request: AdminRequest,
): Promise<number> {
  let response: Response;
  try {
    response = await fetch(new URL(request.path, env.apiUrl), {
      method: request.method,
      headers: {
        authorization: `Bearer ${env.adminApiKey}`,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
  } catch (error) {
    io.error(
      `Could not reach the API at ${env.apiUrl}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  }
  const answer = (await response.json().catch(() => null)) as { data?: unknown; message?: string } | null;
  if (!response.ok) {
    io.error(`Refused (${response.status}): ${answer?.message ?? response.statusText}`);
    return 1;
  }
  io.out(JSON.stringify(answer?.data ?? null, null, 2));
  return 0;
}

/** The process around an operator's command: `.env` read (the environment wins), the exit code set. */
export function runAdminCommand(
  run: (argv: string[], env: CliEnvironment, io: CliOutput) => Promise<number>,
): void {
  loadEnvFile({ quiet: true });
  run(
    process.argv.slice(2),
    {
      apiUrl: process.env.ARENA_API_URL ?? process.env.PUBLIC_URL ?? 'http://localhost:3000',
      adminApiKey: process.env.ADMIN_API_KEY,
    },
    { out: (line) => console.log(line), error: (line) => console.error(line) },
  ).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
