import { contentSecurityPolicy } from './content-security-policy';

describe('contentSecurityPolicy', () => {
  it('lets the app connect only to its own origin, over HTTP and WebSocket, never to any ws: or wss: host', () => {
    const { connectSrc } = contentSecurityPolicy({ PUBLIC_URL: 'https://arena.example.org/app' });
    expect(connectSrc).toEqual(["'self'", 'https://arena.example.org', 'wss://arena.example.org']);
  });

  it('keeps the port of a local origin', () => {
    const { connectSrc } = contentSecurityPolicy({ PUBLIC_URL: 'http://localhost:3000' });
    expect(connectSrc).toEqual(["'self'", 'http://localhost:3000', 'ws://localhost:3000']);
  });

  it('adds the game origin, once set, to what the app may frame and connect to', () => {
    const policy = contentSecurityPolicy({
      PUBLIC_URL: 'https://arena.example.org',
      GAME_ORIGIN: 'https://games.example.org/',
    });
    expect(policy.connectSrc).toContain('https://games.example.org');
    expect(policy.frameSrc).toEqual(["'self'", 'https://games.example.org']);
    expect(contentSecurityPolicy({ PUBLIC_URL: 'https://arena.example.org' }).frameSrc).toEqual(["'self'"]);
  });
});
