/**
 * The session's states (spec §7 and §8): a refused token signs the member out; any other failure of the
 * profile call keeps them signed in with the profile unavailable, which /profile reports. Checked in Node
 * against a stubbed `fetch` and a Map-backed localStorage, like api-client.spec.ts.
 */
import { resolveSession } from './session';
import { installBrowserWindow } from './browser-window.fixtures';

const storage = installBrowserWindow();
let answer: (url: string) => Promise<Response>;

beforeEach(() => {
  storage.clear();
  storage.set('accessToken', 'access-1');
  storage.set('refreshToken', 'refresh-1');
  global.fetch = jest.fn(async (input: string | URL | Request) => answer(String(input))) as typeof fetch;
});

const json = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );

describe('resolveSession', () => {
  it('is a member when the profile call answers the profile', async () => {
    answer = () => json(200, { success: true, data: { id: 'm1', username: 'ben' } });
    await expect(resolveSession()).resolves.toEqual({
      status: 'member',
      member: { id: 'm1', username: 'ben' },
    });
  });

  it('keeps the member signed in, with the profile unavailable, when the profile call fails with a 5xx', async () => {
    answer = () => json(503, { success: false, message: 'Service unavailable', statusCode: 503 });
    await expect(resolveSession()).resolves.toEqual({
      status: 'unavailable',
      message: 'Service unavailable',
    });
    expect(storage.get('accessToken')).toBe('access-1');
  });

  it("says 'Network error' when the profile call never reaches the server", async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(resolveSession()).resolves.toEqual({ status: 'unavailable', message: 'Network error' });
  });

  it('is a guest when the tokens are refused and the refresh fails (the tokens are cleared)', async () => {
    answer = (url) =>
      url === '/api/auth/refresh' ? json(401, { message: 'Invalid refresh token' }) : json(401, {});
    await expect(resolveSession()).resolves.toEqual({ status: 'guest' });
    expect(storage.has('accessToken')).toBe(false);
  });

  it('is a guest without asking when no tokens are stored', async () => {
    storage.clear();
    answer = () => json(500, {});
    await expect(resolveSession()).resolves.toEqual({ status: 'guest' });
    expect(global.fetch).not.toHaveBeenCalled();
  });
});
