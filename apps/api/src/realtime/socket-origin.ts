/**
 * Whether a socket.io handshake may proceed. Browsers always send `Origin` on cross-site requests,
 * so a page elsewhere cannot open a socket to us; clients without a browser send none and are let
 * through (they could forge any header anyway). Same origin is the public URL, or the host the
 * request was addressed to (a test server on a random port, the Vite dev server's proxy).
 */
export function isAllowedSocketOrigin(
  origin: string | undefined,
  host: string | undefined,
  publicUrl: string,
) {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return parsed.origin === new URL(publicUrl).origin || (host !== undefined && parsed.host === host);
}
