import type { AppConfig } from '@arena/config';

/** The WebSocket origin of an http(s) origin: socket.io connects back to where the app came from. */
const webSocketOrigin = (origin: string) => origin.replace(/^http/, 'ws');

/**
 * The Content-Security-Policy directives of every answer. Scripts, styles and requests only to the
 * app's own origin (PUBLIC_URL, and its WebSocket form, which older browsers do not count as
 * 'self'); the game origin, once set, may be framed and connected to as well.
 */
export function contentSecurityPolicy(
  config: Pick<AppConfig, 'PUBLIC_URL' | 'GAME_ORIGIN'>,
): Record<string, string[]> {
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  const gameOrigin = config.GAME_ORIGIN ? [new URL(config.GAME_ORIGIN).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", publicOrigin, webSocketOrigin(publicOrigin), ...gameOrigin],
    frameSrc: ["'self'", ...gameOrigin],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
  };
}
