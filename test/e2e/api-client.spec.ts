/**
 * The web API client's rules (spec section 8 and the 401 refresh), checked in Node against a
 * stubbed `fetch` and a Map-backed localStorage; the browser specs cover the same client in Chromium.
 */
import { ApiError, apiClient } from '../../web/src/lib/api-client';

type Handler = (url: string, init: RequestInit) => Promise<Response> | Response;

const storage = new Map<string, string>();
let handler: Handler;
const calls: Array<{ url: string; init: RequestInit }> = [];

beforeAll(() => {
  const window = new EventTarget() as EventTarget & {
    localStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  };
  window.localStorage = {
    getItem: (key) => storage.get(key) ?? null,
    setItem: (key, value) => void storage.set(key, value),
    removeItem: (key) => void storage.delete(key),
  };
  Object.assign(globalThis, { window });
});

beforeEach(() => {
  storage.clear();
  calls.length = 0;
  global.fetch = jest.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    return handler(url, init);
  }) as typeof fetch;
});

const json = (status: number, body: unknown, statusText = '') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'Content-Type': 'application/json' } });

function signIn(access = 'access-1', refresh = 'refresh-1') {
  storage.set('accessToken', access);
  storage.set('refreshToken', refresh);
}

describe('api client', () => {
  it('calls /api with JSON and the stored bearer token', async () => {
    signIn();
    handler = () => json(200, { ok: true });
    await expect(apiClient.post('/things', { a: 1 })).resolves.toEqual({ ok: true });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(calls[0]!.url).toBe('/api/things');
    expect(headers.Authorization).toBe('Bearer access-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"a":1}');
  });

  it.each([
    ['the server message', json(400, { message: 'Email is required' }, 'Bad Request'), 'Email is required'],
    ['the server error field', json(409, { error: 'Already joined' }, 'Conflict'), 'Already joined'],
    ['the status text', json(500, {}, 'Internal Server Error'), 'Internal Server Error'],
    ['Request failed', new Response('', { status: 502 }), 'Request failed'],
  ])('reports %s', async (_label, response, message) => {
    handler = () => response;
    await expect(apiClient.get('/x')).rejects.toEqual(
      expect.objectContaining({ message, status: response.status }),
    );
  });

  it("reports 'Network error' when the request never reaches the server", async () => {
    handler = () => Promise.reject(new TypeError('fetch failed'));
    await expect(apiClient.get('/x')).rejects.toEqual(new ApiError('Network error', 0));
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    signIn();
    handler = (url, init) => {
      if (url === '/api/auth/refresh')
        return json(200, { data: { accessToken: 'access-2', refreshToken: 'refresh-2' } });
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer access-2'
        ? json(200, { data: 'fresh' })
        : json(401, { message: 'Unauthorized' });
    };
    await expect(apiClient.get('/profile')).resolves.toEqual({ data: 'fresh' });
    expect(calls.map((call) => call.url)).toEqual(['/api/profile', '/api/auth/refresh', '/api/profile']);
    expect(JSON.parse(String(calls[1]!.init.body))).toEqual({ refreshToken: 'refresh-1' });
    expect([storage.get('accessToken'), storage.get('refreshToken')]).toEqual(['access-2', 'refresh-2']);
  });

  it('shares one refresh between concurrent 401s', async () => {
    signIn();
    handler = async (url, init) => {
      if (url === '/api/auth/refresh') {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return json(200, { data: { tokens: { accessToken: 'access-2', refreshToken: 'refresh-2' } } });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === 'Bearer access-2' ? json(200, { url }) : json(401, {});
    };
    await expect(
      Promise.all([apiClient.get('/a'), apiClient.get('/b'), apiClient.get('/c')]),
    ).resolves.toHaveLength(3);
    expect(calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('uses the tokens another tab refreshed meanwhile instead of spending the refresh token again', async () => {
    signIn();
    handler = (url, init) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      if (auth === 'Bearer access-2') return json(200, { data: 'fresh' });
      // Another tab rotates the pair while this tab's request is refused.
      signIn('access-2', 'refresh-2');
      return json(401, {});
    };
    await expect(apiClient.get('/profile')).resolves.toEqual({ data: 'fresh' });
    expect(calls.map((call) => call.url)).toEqual(['/api/profile', '/api/profile']);
  });

  it("clears the tokens and reports 'Unauthorized' when the refresh fails", async () => {
    signIn();
    const signedOut = jest.fn();
    window.addEventListener('arena:tokens-changed', signedOut);
    handler = (url) =>
      url === '/api/auth/refresh' ? json(401, { message: 'Invalid refresh token' }) : json(401, {});
    await expect(apiClient.get('/profile')).rejects.toEqual(new ApiError('Unauthorized', 401));
    expect(storage.has('accessToken')).toBe(false);
    expect(storage.has('refreshToken')).toBe(false);
    expect(signedOut).toHaveBeenCalled();
    window.removeEventListener('arena:tokens-changed', signedOut);
  });

  it("gives up with 'Unauthorized' when the retried request is refused again", async () => {
    signIn();
    handler = (url) =>
      url === '/api/auth/refresh'
        ? json(200, { data: { accessToken: 'a2', refreshToken: 'r2' } })
        : json(401, {});
    await expect(apiClient.get('/profile')).rejects.toEqual(new ApiError('Unauthorized', 401));
    expect(calls.filter((call) => call.url === '/api/profile')).toHaveLength(2);
    expect(storage.has('accessToken')).toBe(false);
  });

  it("keeps a guest's 401 message: there is no session to refresh", async () => {
    handler = () => json(401, { message: 'Login verification failed' });
    await expect(apiClient.post('/auth/login/verify', { otpCode: '1234' })).rejects.toEqual(
      expect.objectContaining({ message: 'Login verification failed', status: 401 }),
    );
    expect(calls).toHaveLength(1);
  });
});
