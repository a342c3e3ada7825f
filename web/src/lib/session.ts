import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { MemberProfile } from '@arena/contracts';
import { routes } from '@arena/contracts/http.routes';
import { ApiError, callApi } from './api-client';
import { tokenStorage, TOKENS_CHANGED_EVENT } from './tokens';

/**
 * `unavailable`: tokens are stored but the profile call failed for another reason than them (the network, a
 * 5xx). The member is not signed out for it (spec §7: only a failed refresh signs out); /profile says so.
 */
export type Session =
  | { status: 'member'; member: MemberProfile }
  | { status: 'guest' }
  | { status: 'unavailable'; message: string };

const GUEST: Session = { status: 'guest' };

/** Signed in means both tokens are stored and the profile call accepts them. */
export async function resolveSession(): Promise<Session> {
  if (!tokenStorage.accessToken() || !tokenStorage.refreshToken()) return GUEST;
  try {
    const answer = await callApi(routes.auth.profile);
    return answer?.data?.id ? { status: 'member', member: answer.data } : GUEST;
  } catch (error) {
    // A refused token (the API client already tried the refresh, and cleared the tokens if it failed).
    const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
    if (refused || !tokenStorage.accessToken() || !tokenStorage.refreshToken()) return GUEST;
    return { status: 'unavailable', message: error instanceof Error ? error.message : String(error) };
  }
}

/** Thrown by `requireMember` when the profile call failed but the member was not signed out. */
export class ProfileUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'ProfileUnavailableError';
  }
}

export const sessionQuery = queryOptions({
  queryKey: ['identity', 'session'] as const,
  queryFn: resolveSession,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

/** The current session, or undefined while it resolves. */
export function useSession(): Session | undefined {
  return useQuery(sessionQuery).data;
}

/** Re-checks the session whenever tokens change here or in another tab. */
export function watchSession(queryClient: QueryClient): () => void {
  const recheck = () => void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
  const onStorage = (event: StorageEvent) => {
    if (tokenStorage.isTokenKey(event.key)) recheck();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(TOKENS_CHANGED_EVENT, recheck);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(TOKENS_CHANGED_EVENT, recheck);
  };
}

/**
 * Puts the profile the server just answered with into the session, so every page shows it at once;
 * with no profile in the answer, the session is read again.
 */
export function rememberMember(queryClient: QueryClient, member: MemberProfile | undefined): void {
  const session: Session | undefined = member && { status: 'member', member };
  if (session) queryClient.setQueryData(sessionQuery.queryKey, session);
  else void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
}

export function useWatchSession(queryClient: QueryClient): void {
  useEffect(() => watchSession(queryClient), [queryClient]);
}

export function signOut(): void {
  tokenStorage.clearTokens();
}

interface GuardArgs {
  context: { queryClient: QueryClient };
  location: { href: string };
}

/**
 * `beforeLoad` guard for guest-only pages (login, verify, create account): members go home.
 */
export async function requireGuest({ context }: GuardArgs): Promise<void> {
  const session = await context.queryClient.ensureQueryData(sessionQuery);
  if (session.status === 'member') throw redirect({ href: '/', replace: true });
}

/**
 * `beforeLoad` guard for member pages: guests go to /login. While it awaits the profile call
 * the router shows the route's pending component ('Loading...'). A profile call that failed is asked
 * again on each visit, and while it keeps failing the route's error component shows
 * ProfileUnavailableError (/profile: 'Failed to load profile data', with Retry).
 */
export async function requireMember({ context, location }: GuardArgs): Promise<{ member: MemberProfile }> {
  let session = await context.queryClient.ensureQueryData(sessionQuery);
  if (session.status === 'unavailable') {
    session = await context.queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 });
  }
  if (session.status === 'unavailable') throw new ProfileUnavailableError(session.message);
  if (session.status !== 'member') {
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  }
  return { member: session.member };
}
