import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGameServer, type RunningGameServer } from './game-server';

describe('the game server', () => {
  let distDir: string;
  let server: RunningGameServer;
  let appOrigin = 'http://127.0.0.1:4000';

  beforeAll(async () => {
    // A stand-in for apps/games/dist: the pages and one hashed asset.
    distDir = mkdtempSync(join(tmpdir(), 'games-dist-'));
    mkdirSync(join(distDir, 'tiles'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Games</title>');
    writeFileSync(join(distDir, 'tiles', 'index.html'), '<!doctype html><title>Tile Merge</title>');
    writeFileSync(join(distDir, 'assets', 'tiles-abc123.js'), 'console.log("tiles")');
    server = await startGameServer({ distDir, port: 0, host: '127.0.0.1', appOrigin: () => appOrigin });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  it('tells the games the app origin, uncached', async () => {
    const response = await fetch(`${server.origin}/config.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    await expect(response.json()).resolves.toEqual({ appOrigin: 'http://127.0.0.1:4000' });
  });

  it('serves a game page, never cached, that only the app may frame', async () => {
    const response = await fetch(`${server.origin}/tiles/`);
    expect(response.status).toBe(200);
    await expect(response.text()).resolves.toContain('Tile Merge');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain('frame-ancestors http://127.0.0.1:4000');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('reads the app origin on every answer (known only once the app listens)', async () => {
    appOrigin = 'http://127.0.0.1:4555/some/path';
    const page = await fetch(`${server.origin}/tiles/`);
    expect(page.headers.get('content-security-policy')).toMatch(
      /frame-ancestors http:\/\/127\.0\.0\.1:4555(;|$)/,
    );
    const config = await fetch(`${server.origin}/config.json`);
    await expect(config.json()).resolves.toEqual({ appOrigin: 'http://127.0.0.1:4555' });
    appOrigin = 'http://127.0.0.1:4000';
  });

  it('caches hashed assets for good', async () => {
    const response = await fetch(`${server.origin}/assets/tiles-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-security-policy')).toContain('frame-ancestors');
  });

  it('redirects a game path without its slash, and answers 404 for anything else', async () => {
    const redirect = await fetch(`${server.origin}/tiles`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/tiles/');
    const missing = await fetch(`${server.origin}/nothing-here.js`);
    expect(missing.status).toBe(404);
  });

  it('refuses to start without a built game app', async () => {
    await expect(
      startGameServer({
        distDir: join(distDir, 'nope'),
        port: 0,
        host: '127.0.0.1',
        appOrigin: 'http://x.test',
      }),
    ).rejects.toThrow('npm run build:games');
  });
});
