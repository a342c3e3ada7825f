import './ui';
import './features/shell/shell.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { NotFound } from './features/shell/not-found';
import { PendingPage } from './features/shell/pending-page';
import { RouteError } from './features/shell/route-error';
import { queryClient } from './lib/query-client';
import { stringifySearch } from './lib/search-params';
import type { WebRoute } from '@arena/contracts';
import { type FileRouteTypes, routeTree } from './routeTree.gen';

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // The query cache decides freshness; the router should always ask it.
  defaultPreloadStaleTime: 0,
  defaultErrorComponent: RouteError,
  defaultPendingComponent: PendingPage,
  defaultPendingMs: 150,
  defaultNotFoundComponent: NotFound,
  scrollRestoration: true,
  stringifySearch,
});

// The server answers 404 for any path not in WEB_ROUTES: a page missing from the list (or a listed page
// that is gone) fails this typecheck.
type Unlisted = Exclude<FileRouteTypes['to'], WebRoute>;
type Stale = Exclude<WebRoute, FileRouteTypes['to']>;
const routesListed: [Unlisted, Stale] extends [never, never] ? true : { unlisted: Unlisted; stale: Stale } =
  true;
void routesListed;

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
