import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startGameServer, type RunningGameServer } from '../../../apps/games/server/game-server';

export const GAMES_DIST_DIR = resolve(__dirname, '../../../apps/games/dist');

export interface TestGameServer extends RunningGameServer {
  /**
   * The origin allowed to frame the games and talk to them: set it once the web app listens (its port is
   * known only then). The server reads it on every answer.
   */
  appOrigin: string | null;
}

/**
 * The built game app on its own origin (127.0.0.1 on a random port: another origin than the web app's),
 * for browser tests: `games = await startTestGameServer(); web = await startWebApp({ gameOrigin:
 * games.origin }); games.appOrigin = web.baseUrl`.
 */
export async function startTestGameServer(appOrigin: string | null = null): Promise<TestGameServer> {
  if (!existsSync(resolve(GAMES_DIST_DIR, 'index.html'))) {
    throw new Error(`No built game app in ${GAMES_DIST_DIR}: run \`npm run build:games\` first`);
  }
  const holder = { appOrigin };
  const server = await startGameServer({
    distDir: GAMES_DIST_DIR,
    port: 0,
    host: '127.0.0.1',
    appOrigin: () => {
      if (!holder.appOrigin) throw new Error('Set the test game server’s appOrigin before loading a game');
      return holder.appOrigin;
    },
  });
  return Object.assign(holder, server);
}
