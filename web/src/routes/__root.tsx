import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { AppToaster } from '../features/shell/app-toaster';
import { NotFound } from '../features/shell/not-found';
import { SiteFooter } from '../features/shell/site-footer';
import { SiteHeader } from '../features/shell/site-header';
import { TestModeBanner } from '../features/shell/test-mode-banner';
import { useWatchSession } from '../lib/session';

export interface RouterContext {
  queryClient: QueryClient;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  const { queryClient } = Route.useRouteContext();
  useWatchSession(queryClient);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TestModeBanner />
      <SiteHeader />
      <main id="main" className="app__main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <AppToaster />
    </div>
  );
}
