/**
 * The web API client's rules (spec section 8 and the 401 refresh), checked in Node against a
 * stubbed `fetch` and a Map-backed localStorage; the browser specs cover the same client in Chromium.
 */
import { routes } from '@arena/contracts/http.routes';
import { ApiError, callApi, queryString } from './api-client';
import { installBrowserWindow } from './browser-window.fixtures';

type Handler = (url: string, init: RequestInit) => Promise<Response> | Response;

const storage = installBrowserWindow();
let handler: Handler;
const calls: Array<{ url: string; init: RequestInit }> = [];

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
  it("calls the route's path and method with JSON and the stored bearer token", async () => {
    signIn();
    handler = () => json(200, { ok: true });
    await expect(callApi(routes.auth.logout, { body: { refreshToken: 'r' } })).resolves.toEqual({ ok: true });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(calls[0]!.url).toBe('/api/auth/logout');
    expect(calls[0]!.init.method).toBe('POST');
    expect(headers.Authorization).toBe('Bearer access-1');
    expect(headers['Content-Type']).toBe('application/json');
    expect(calls[0]!.init.body).toBe('{"refreshToken":"r"}');
  });

  it('fills in path params, each encoded as one segment, and adds the query values given', async () => {
    handler = () => json(200, {});
    await callApi(routes.tournaments.playerStats, { params: { id: 'a/b?c', playerId: 'zoë 1' } });
    await callApi(routes.charities.ledger, { params: { ein: '12' }, query: { search: 'a&b', limit: 5 } });
    await callApi(routes.tournaments.list, { query: { status: undefined } });
    expect(calls.map((call) => [call.init.method, call.url])).toEqual([
      ['GET', '/api/tournaments/a%2Fb%3Fc/players/zo%C3%AB%201/stats'],
      ['GET', '/api/charities/ein/12/ledger?search=a%26b&limit=5'],
      ['GET', '/api/tournaments'],
    ]);
  });

  it('writes a query string of the defined values only', () => {
    expect(queryString({ a: 1, b: undefined, c: false, d: '' })).toBe('?a=1&c=false&d=');
    expect(queryString({ b: undefined })).toBe('');
  });

  it.each([
    ['the server message', json(400, { message: 'Email is required' }, 'Bad Request'), 'Email is required'],
    ['the server error field', json(409, { error: 'Already joined' }, 'Conflict'), 'Already joined'],
    ['the status text', json(500, {}, 'Internal Server Error'), 'Internal Server Error'],
    ['Request failed', new Response('', { status: 502 }), 'Request failed'],
  ])('reports %s', async (_label, response, message) => {
    handler = () => response;
    await expect(callApi(routes.auth.profile)).rejects.toEqual(
      expect.objectContaining({ message, status: response.status }),
    );
  });

  it("reports 'Network error' when the request never reaches the server", async () => {
    handler = () => Promise.reject(new TypeError('fetch failed'));
    await expect(callApi(routes.auth.profile)).rejects.toEqual(new ApiError('Network error', 0));
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
    await expect(callApi(routes.auth.profile)).resolves.toEqual({ data: 'fresh' });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/auth/profile',
      '/api/auth/refresh',
      '/api/auth/profile',
    ]);
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
      Promise.all([
        callApi(routes.auth.profile),
        callApi(routes.account.sessions),
        callApi(routes.account.transactions),
      ]),
    ).resolves.toHaveLength(3);
    expect(calls.filter((call) => call.url === '/api/auth/refresh')).toHaveLength(1);
  });

  it('uses the tokens another tab refreshed meanwhile instead of spending the refresh token again', async () => {
    signIn();
    handler = (_url, init) => {
      const auth = (init.headers as Record<string, string>).Authorization;
      if (auth === 'Bearer access-2') return json(200, { data: 'fresh' });
      // Another tab rotates the pair while this tab's request is refused.
      signIn('access-2', 'refresh-2');
      return json(401, {});
    };
    await expect(callApi(routes.auth.profile)).resolves.toEqual({ data: 'fresh' });
    expect(calls.map((call) => call.url)).toEqual(['/api/auth/profile', '/api/auth/profile']);
  });

  it("clears the tokens and reports 'Unauthorized' when the refresh fails", async () => {
    signIn();
    const signedOut = jest.fn();
    window.addEventListener('arena:tokens-changed', signedOut);
    handler = (url) =>
      url === '/api/auth/refresh' ? json(401, { message: 'Invalid refresh token' }) : json(401, {});
    await expect(callApi(routes.auth.profile)).rejects.toEqual(new ApiError('Unauthorized', 401));
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
    await expect(callApi(routes.auth.profile)).rejects.toEqual(new ApiError('Unauthorized', 401));
    expect(calls.filter((call) => call.url === '/api/auth/profile')).toHaveLength(2);
    expect(storage.has('accessToken')).toBe(false);
  });

  it("keeps a guest's 401 message: there is no session to refresh", async () => {
    handler = () => json(401, { message: 'Login verification failed' });
    await expect(
      callApi(routes.auth.verifyLogin, { body: { sessionId: 's', otpCode: '1234' } }),
    ).rejects.toEqual(expect.objectContaining({ message: 'Login verification failed', status: 401 }));
    expect(calls).toHaveLength(1);
  });
});
