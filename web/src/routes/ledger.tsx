import { createFileRoute } from '@tanstack/react-router';
import { LedgerPage } from '../features/ledger/ledger-page';

/** ?entry=<id>: a receipt's link to the proof of its entry. */
const ledgerSearch = (search: Record<string, unknown>): { entry?: string } =>
  typeof search.entry === 'string' && search.entry ? { entry: search.entry } : {};

export const Route = createFileRoute('/ledger')({
  validateSearch: ledgerSearch,
  component: LedgerRoute,
});

function LedgerRoute() {
  const { entry } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <LedgerPage
      entryId={entry}
      onPickEntry={(id) => void navigate({ search: { entry: id }, replace: true, resetScroll: false })}
    />
  );
}
