import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { config as loadDotenv } from 'dotenv';

/**
 * `npm start` after install and build: .env from .env.example when missing, migrations, demo data,
 * then the API (which also serves the web app), the worker and the game server (the games on their
 * own origin, GAME_ORIGIN), until Ctrl-C.
 */
const root = resolve(__dirname, '../../../..');
const node = process.execPath;

function run(script: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(node, [resolve(root, script)], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${script} exited with ${code}`))));
  });
}

async function main() {
  if (!existsSync(resolve(root, '.env'))) {
    copyFileSync(resolve(root, '.env.example'), resolve(root, '.env'));
    console.log('created .env from .env.example');
  }
  await run('dist/migrations/migrate.js');
  await run('dist/apps/cli/src/seed.js');

  // The children read the same .env; an older .env without GAME_ORIGIN still frames the local games.
  loadDotenv({ path: resolve(root, '.env'), quiet: true });
  process.env.GAME_ORIGIN ??= `http://localhost:${process.env.GAME_PORT ?? 3001}`;
  const games = process.env.GAME_ORIGIN;

  const children: ChildProcess[] = [
    spawn(node, ['dist/apps/api/src/main.js'], { cwd: root, stdio: 'inherit' }),
    spawn(node, ['dist/apps/worker/src/main.js'], { cwd: root, stdio: 'inherit' }),
    spawn(node, ['dist/apps/games/server/main.js'], { cwd: root, stdio: 'inherit' }),
  ];
  let stopping = false;
  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), 10_000).unref();
    Promise.all(children.map((child) => new Promise((r) => child.once('exit', r)))).then(() => process.exit(code));
  };
  for (const child of children) child.on('exit', (code) => stop(code ?? 1));
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  const url = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  await waitForHealth(url);
  console.log(
    `\n  Charity Arena is running: ${url}\n  The games: ${games}\n` +
      '  (the API, the worker, the web app and the game server; Ctrl-C stops them)\n',
  );
}

async function waitForHealth(url: string) {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200 || response.status === 503) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
