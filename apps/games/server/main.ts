import { resolve } from 'node:path';
import { config as loadEnvFile } from 'dotenv';
import { startGameServer } from './game-server';

// .env for local runs; variables already set in the environment win.
loadEnvFile({ quiet: true });

/** The game server's own two settings; it needs nothing else of the API's configuration. */
function settings() {
  const port = Number(process.env.GAME_PORT ?? 3001);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`GAME_PORT must be a port number from 1 to 65535, not "${process.env.GAME_PORT}"`);
  }
  const appOrigin = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
  try {
    return { port, appOrigin: new URL(appOrigin).origin };
  } catch {
    throw new Error(`PUBLIC_URL must be a URL, not "${appOrigin}"`);
  }
}

async function main() {
  const { port, appOrigin } = settings();
  // From dist/apps/games/server (built) back to the repository, where apps/games/dist is.
  const distDir = resolve(__dirname, '../../../../apps/games/dist');
  const server = await startGameServer({ distDir, port, host: '0.0.0.0', appOrigin });
  console.log(`Charity Arena games listening on ${server.origin} (framed by ${appOrigin})`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
