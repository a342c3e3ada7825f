import { createFileRoute, notFound } from '@tanstack/react-router';
import { devToolsQuery } from '../../features/dev-tools/dev-tools.queries';

/** `/dev/…`: the developer pages, shown only where the server says they exist. */
export const Route = createFileRoute('/dev')({
  beforeLoad: async ({ context }) => {
    if (!(await context.queryClient.ensureQueryData(devToolsQuery))) throw notFound();
  },
});
