import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';

export interface GameServerOptions {
  /** The built game app (apps/games/dist). */
  distDir: string;
  port: number;
  host: string;
  /**
   * The app's origin (PUBLIC_URL): the only page that may frame the games, and the origin they talk to.
   * A function when it is known only later (a test's web app listens on a random port).
   */
  appOrigin: string | (() => string);
}

export interface RunningGameServer {
  /** Where the games are served: GAME_ORIGIN. */
  origin: string;
  close(): Promise<void>;
}

/** Hashed file names under /assets/ never change: cached for a year. Pages and config are never cached. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const NEVER_CACHED = 'no-store';

/**
 * The strict headers of every answer. The games load only their own files and may be framed only by the
 * app (frame-ancestors): anywhere else the browser refuses to show them.
 */
function securityHeaders(appOrigin: string): Record<string, string> {
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
      `frame-ancestors ${appOrigin}`,
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}

/**
 * Serves the game app on its own origin (GAME_ORIGIN), so a game can never read the app's storage:
 * one page per game (`/tiles/`, `/snake/`, `/pairs/`), the index, the hashed assets, and `/config.json`
 * telling the games the app's origin (the only origin they post to and accept messages from).
 */
export async function startGameServer(options: GameServerOptions): Promise<RunningGameServer> {
  const distDir = resolve(options.distDir);
  if (!existsSync(resolve(distDir, 'index.html'))) {
    throw new Error(`No built game app in ${distDir}: run \`npm run build:games\` first`);
  }
  const appOrigin = () =>
    new URL(typeof options.appOrigin === 'function' ? options.appOrigin() : options.appOrigin).origin;

  const server = Fastify({ logger: false });
  server.addHook('onSend', async (_request, reply) => {
    reply.headers(securityHeaders(appOrigin()));
  });
  server.get('/config.json', async (_request, reply) => {
    reply.header('Cache-Control', NEVER_CACHED);
    return { appOrigin: appOrigin() };
  });
  await server.register(fastifyStatic, {
    root: distDir,
    // `/tiles` answers a redirect to `/tiles/`, whose index.html is the game.
    redirect: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('Cache-Control', path.includes('/assets/') ? IMMUTABLE : NEVER_CACHED);
    },
  });

  await server.listen({ port: options.port, host: options.host });
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('The game server did not report a TCP port');
  const host = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  return {
    origin: `http://${host}:${address.port}`,
    close: () => server.close(),
  };
}
