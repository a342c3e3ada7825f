import type { RouteAnswer, RouteBody, RouteQuery, TokenPair } from '@arena/contracts';
import {
  fillPath,
  pathFor,
  routes,
  type HttpMethod,
  type PathParamName,
  type PathParams,
  type RouteRef,
} from '@arena/contracts/http.routes';
import { oneTabAtATime, tokenStorage } from './tokens';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface RequestOptions {
  method: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
}

type ParamsOption<P extends string> = [PathParamName<P>] extends [never]
  ? { params?: never }
  : { params: PathParams<P> };
type QueryOption<R extends RouteRef> =
  RouteQuery<R> extends undefined ? { query?: never } : { query?: RouteQuery<R> };
type BodyOption<R extends RouteRef> =
  RouteBody<R> extends undefined ? { body?: never } : { body: RouteBody<R> };

/** A call's arguments, as its route in libs/contracts defines them: path params, query, body. */
export type CallOptions<R extends RouteRef> = { signal?: AbortSignal } & ParamsOption<R['path']> &
  QueryOption<R> &
  BodyOption<R>;

interface PlainCallOptions {
  params?: Partial<Record<string, string | number>>;
  query?: Partial<Record<string, string | number | boolean | undefined>>;
  body?: unknown;
  signal?: AbortSignal;
}

type CallArguments<R extends RouteRef> =
  Record<string, never> extends CallOptions<R> ? [options?: CallOptions<R>] : [options: CallOptions<R>];

/** `?name=value&…` of the values given, or nothing. */
export function queryString(
  query: Partial<Record<string, string | number | boolean | undefined>> = {},
): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function serverMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  for (const field of ['message', 'error'] as const) {
    const value = body[field];
    if (typeof value === 'string' && value.trim()) return value;
    if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) {
      return value.join(', ');
    }
  }
  return undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

async function send(url: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const accessToken = tokenStorage.accessToken();
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  try {
    return await fetch(url, {
      method: options.method.toUpperCase(),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('Network error', 0);
  }
}

/** The refresh answer has been seen both as `data.tokens.*` and as `data.*`. */
function tokensFrom(body: unknown): TokenPair | undefined {
  const data = isRecord(body) ? body.data : undefined;
  const candidates = [isRecord(data) ? data.tokens : undefined, data];
  for (const candidate of candidates) {
    if (
      isRecord(candidate) &&
      typeof candidate.accessToken === 'string' &&
      typeof candidate.refreshToken === 'string'
    ) {
      return { accessToken: candidate.accessToken, refreshToken: candidate.refreshToken };
    }
  }
  return undefined;
}

let refreshInFlight: Promise<boolean> | null = null;

async function refreshTokens(): Promise<boolean> {
  const refreshToken = tokenStorage.refreshToken();
  if (!refreshToken) return false;
  try {
    const response = await fetch(pathFor(routes.auth.refresh), {
      method: routes.auth.refresh.method.toUpperCase(),
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    if (!response.ok) return false;
    const tokens = tokensFrom(await readBody(response));
    if (!tokens) return false;
    tokenStorage.setTokens(tokens);
    return true;
  } catch {
    return false;
  }
}

/**
 * Concurrent 401s share one refresh, and tabs take turns, so a rotated refresh token is spent only
 * once. A tab whose turn comes after another tab refreshed finds a newer access token than the one
 * refused (`refused`) and simply uses it.
 */
function refreshOnce(refused: string | null): Promise<boolean> {
  refreshInFlight ??= oneTabAtATime(() =>
    tokenStorage.accessToken() !== refused && tokenStorage.refreshToken() !== null
      ? Promise.resolve(true)
      : refreshTokens(),
  ).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function unauthorized(): never {
  tokenStorage.clearTokens();
  throw new ApiError('Unauthorized', 401);
}

async function request(url: string, options: RequestOptions): Promise<unknown> {
  // Only a request that carried a token can be rescued by a refresh; a guest's 401 (a wrong
  // one-time code, say) keeps the server's own message.
  const carriedToken = tokenStorage.accessToken();
  let response = await send(url, options);
  if (response.status === 401 && carriedToken !== null) {
    if (!(await refreshOnce(carriedToken))) unauthorized();
    response = await send(url, options);
    if (response.status === 401) unauthorized();
  }
  const body = await readBody(response);
  if (!response.ok) {
    throw new ApiError(
      serverMessage(body) ?? (response.statusText || 'Request failed'),
      response.status,
      body,
    );
  }
  return body;
}

/**
 * Calls a route of the table in libs/contracts (`callApi(routes.tournaments.detail, { params: { id } })`):
 * its method, its path with the params encoded, and its types. Answers are not parsed: the API's own
 * contract tests hold it to the schemas.
 */
export function callApi<R extends RouteRef>(
  route: R,
  ...[options]: CallArguments<R>
): Promise<RouteAnswer<R>> {
  // CallOptions has checked the call; from here its options are plain values.
  const { params, query, body, signal } = (options ?? {}) as PlainCallOptions;
  return request(fillPath(route.path, params) + queryString(query), {
    method: route.method,
    body,
    signal,
  }) as Promise<RouteAnswer<R>>;
}

/** A call to something that may not exist on this server: null for its 404, any other error thrown. */
export async function unlessNotFound<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
