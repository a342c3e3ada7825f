import { isAllowedSocketOrigin } from './socket-origin';

const publicUrl = 'https://arena.example.org';

describe('socket.io origin check', () => {
  it('lets in the public origin and the origin the request was addressed to', () => {
    expect(isAllowedSocketOrigin('https://arena.example.org', 'internal:3000', publicUrl)).toBe(true);
    expect(isAllowedSocketOrigin('http://localhost:5173', 'localhost:5173', publicUrl)).toBe(true);
  });

  it('lets in clients without a browser, which send no Origin', () => {
    expect(isAllowedSocketOrigin(undefined, 'arena.example.org', publicUrl)).toBe(true);
  });

  it('refuses another site, another scheme or port of ours, and a malformed origin', () => {
    expect(isAllowedSocketOrigin('https://evil.example', 'arena.example.org', publicUrl)).toBe(false);
    expect(isAllowedSocketOrigin('http://arena.example.org', 'internal:3000', publicUrl)).toBe(false);
    expect(isAllowedSocketOrigin('https://arena.example.org:8443', 'internal:3000', publicUrl)).toBe(false);
    expect(isAllowedSocketOrigin('null', 'arena.example.org', publicUrl)).toBe(false);
  });
});
