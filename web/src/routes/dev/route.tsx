import { createFileRoute, notFound, Outlet, useChildMatches } from '@tanstack/react-router';
import { DevIndexPage } from '../../features/dev-tools/dev-index-page';
import { devToolsQuery } from '../../features/dev-tools/dev-tools.queries';

/** `/dev/…`: the developer pages, shown only where the server says they exist. */
export const Route = createFileRoute('/dev')({
  beforeLoad: async ({ context }) => {
    if (!(await context.queryClient.ensureQueryData(devToolsQuery))) throw notFound();
  },
  component: DevRoute,
});

/** `/dev` alone lists the developer pages; `/dev/…` shows the one asked for. */
function DevRoute() {
  return useChildMatches().length > 0 ? <Outlet /> : <DevIndexPage />;
}
