import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { MemberProfile } from '@arena/contracts';
import { routes } from '@arena/contracts/http.routes';
import { callApi } from './api-client';
import { tokenStorage, TOKENS_CHANGED_EVENT } from './tokens';

export type Session = { status: 'member'; member: MemberProfile } | { status: 'guest' };

const GUEST: Session = { status: 'guest' };

/** Signed in means both tokens are stored and the profile call accepts them. */
async function resolveSession(): Promise<Session> {
  if (!tokenStorage.accessToken() || !tokenStorage.refreshToken()) return GUEST;
  try {
    const answer = await callApi(routes.auth.profile);
    return answer?.data?.id ? { status: 'member', member: answer.data } : GUEST;
  } catch {
    return GUEST;
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
 * the router shows the route's pending component ('Loading...').
 */
export async function requireMember({ context, location }: GuardArgs): Promise<{ member: MemberProfile }> {
  const session = await context.queryClient.ensureQueryData(sessionQuery);
  if (session.status !== 'member') {
    throw redirect({ to: '/login', search: { redirect: location.href }, replace: true });
  }
  return { member: session.member };
}
