import type { LedgerEntry } from '@arena/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { Alert, Button, Card, EmptyState, Skeleton } from '../../ui';
import { LedgerEntriesTable } from './ledger-entries-table';
import { inclusionCheckQuery, ledgerChecksQuery, ledgerDownloadQuery } from './ledger.queries';
import type { LedgerDownload } from './ledger.api';
import { ChecksList } from './checks-list';
import { plural } from './verify-ledger';
import { VerifyYourself } from './verify-yourself';
import './ledger.css';

export interface LedgerPageProps {
  /** The entry to prove included (?entry=<id>, a receipt's link, or a clicked row). */
  entryId?: string;
  onPickEntry: (entryId: string) => void;
}

export function LedgerPage({ entryId, onPickEntry }: LedgerPageProps) {
  useDocumentTitle('Verifiable ledger');
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const download = useQuery(ledgerDownloadQuery((loaded, total) => setProgress({ loaded, total })));

  return (
    <div className="container ledger-page">
      <header className="page-header">
        <p className="eyebrow">Public ledger</p>
        <h1 className="page-header__title">Every dollar, verifiable by anyone</h1>
        <p className="lead">
          Every donation, direction and transfer is written to an append-only ledger whose entries are chained
          by their hashes and summed up in Merkle roots that Charity Arena signs. This page downloads it and
          re-checks all of it here in your browser, so you need not take our word for any of it.
        </p>
      </header>

      {download.isPending ? (
        <DownloadProgress loaded={progress?.loaded ?? 0} total={progress?.total ?? null} />
      ) : download.isError ? (
        <Alert tone="danger" title="The ledger could not be downloaded">
          <p>{downloadFailure(download.error)}</p>
          <Button variant="secondary" onClick={() => void download.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : download.data.entries.length === 0 ? (
        <>
          <EmptyState title="No entries yet">
            The ledger is empty: no donation has been recorded, so there is nothing to verify yet.
          </EmptyState>
          <VerifyYourself download={download.data} />
        </>
      ) : (
        <Verification download={download.data} entryId={entryId} onPickEntry={onPickEntry} />
      )}
    </div>
  );
}

function downloadFailure(error: Error): string {
  if (error instanceof ApiError && error.status === 0) return 'The network failed. Check your connection.';
  return error.message;
}

function DownloadProgress({ loaded, total }: { loaded: number; total: number | null }) {
  return (
    <Card>
      <p role="status" className="ledger-page__progress-text">
        {total === null ? 'Downloading the ledger…' : `Downloading entries: ${loaded} of ${total}`}
      </p>
      <progress
        className="ledger-page__progress"
        aria-label="Ledger download"
        max={total ?? undefined}
        value={total === null ? undefined : loaded}
      />
      <Skeleton lines={4} />
    </Card>
  );
}

function Verification({
  download,
  entryId,
  onPickEntry,
}: {
  download: LedgerDownload;
  entryId?: string;
  onPickEntry: (entryId: string) => void;
}) {
  const checks = useQuery(ledgerChecksQuery(download));
  const picked = entryId ? download.entries.find((entry) => entry.id === entryId) : undefined;

  return (
    <div className="ledger-page__layout">
      <section aria-labelledby="ledger-checks" className="card">
        <h2 id="ledger-checks" className="card__title">
          What your browser checked
        </h2>
        <p className="muted">
          {plural(download.entries.length, 'entry', 'entries')},{' '}
          {plural(download.checkpoints.length, 'signed checkpoint')}, public key{' '}
          <code>{download.publicKey.keyId}</code>.
        </p>
        {checks.isPending ? (
          <p role="status">Verifying…</p>
        ) : checks.isError ? (
          <Alert tone="danger" title="The verification could not finish">
            <p>{checks.error.message}</p>
            <Button variant="secondary" onClick={() => void checks.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : (
          <ChecksList results={checks.data} />
        )}
        {entryId && !picked && (
          <Alert tone="danger" title="No such entry">
            <p>The ledger has no entry {entryId}.</p>
          </Alert>
        )}
        {picked && <InclusionCheck download={download} entry={picked} />}
        {!entryId && (
          <p className="muted">Pick an entry below to prove it is included in the latest checkpoint.</p>
        )}
      </section>
      <LedgerEntriesTable entries={download.entries} pickedId={picked?.id} onPick={onPickEntry} />
      <VerifyYourself download={download} />
    </div>
  );
}

function InclusionCheck({ download, entry }: { download: LedgerDownload; entry: LedgerEntry }) {
  const inclusion = useQuery(inclusionCheckQuery(download, entry));
  if (inclusion.isPending) return <p role="status">Checking entry #{entry.index}…</p>;
  if (inclusion.isError) {
    return (
      <ChecksList
        results={[
          {
            key: 'inclusion',
            label: `Entry #${entry.index} included in the latest checkpoint (inclusion proof)`,
            ok: false,
            detail: `The proof could not be fetched: ${inclusion.error.message}`,
          },
        ]}
      />
    );
  }
  if (!inclusion.data) return null;
  return <ChecksList results={[inclusion.data]} />;
}
