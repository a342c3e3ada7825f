export type ApiCall = (
  method: string,
  path: string,
  body?: unknown,
  token?: string,
) => Promise<{ status: number; body: any }>;

/**
 * JSON calls to `<base>/api<path>`, with a member's bearer token when given. `base` is read at each
 * call, so a spec can create the caller before its server listens.
 */
export function apiCaller(base: () => string): ApiCall {
  return async (method, path, body, token) => {
    const response = await fetch(`${base()}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
}
