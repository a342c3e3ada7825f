import type { LedgerEntry } from '@arena/contracts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { Alert, Button, Card, EmptyState, Skeleton } from '../../ui';
import { ChecksList } from './checks-list';
import { LedgerEntriesTable } from './ledger-entries-table';
import type { LedgerHead } from './ledger.api';
import {
  inclusionCheckQuery,
  ledgerCheckQuery,
  ledgerEntriesQuery,
  ledgerHeadQuery,
  type CheckMode,
} from './ledger.queries';
import { forgetRememberedLedger, readRememberedLedger, type RememberedLedger } from './trusted-ledger';
import {
  count,
  FULL_CHECK_MAX_ENTRIES,
  isPassing,
  plural,
  verifiedOn,
  WAITING_FOR_CHECKPOINT,
  type LedgerReport,
} from './verify-ledger';
import { VerifyYourself } from './verify-yourself';
import './ledger.css';

export interface LedgerPageProps {
  /** The entry to prove included (?entry=<id>, a receipt's link, or a clicked row). */
  entryId?: string;
  onPickEntry: (entryId: string) => void;
}

export function LedgerPage({ entryId, onPickEntry }: LedgerPageProps) {
  useDocumentTitle('Verifiable ledger');
  const head = useQuery(ledgerHeadQuery());

  return (
    <div className="container ledger-page">
      <header className="page-header">
        <p className="eyebrow">Public ledger</p>
        <h1 className="page-header__title">Every dollar, verifiable by anyone</h1>
        <p className="lead">
          Every donation, direction and transfer is written to an append-only ledger whose entries are chained
          by their hashes and summed up in Merkle roots that Charity Arena signs. This page checks it here in
          your browser, so you need not take our word for any of it: the first time in full, then from the
          checkpoint your browser verified, by a consistency proof and the new entries only.
        </p>
      </header>

      {head.isPending ? (
        <Card>
          <p role="status">Reading the newest checkpoint…</p>
          <Skeleton lines={4} />
        </Card>
      ) : head.isError ? (
        <Alert tone="danger" title="The ledger could not be downloaded">
          <p>{downloadFailure(head.error)}</p>
          <Button variant="secondary" onClick={() => void head.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : head.data.treeSize === 0 ? (
        <>
          <EmptyState title="No entries yet">
            The ledger is empty: no donation has been recorded, so there is nothing to verify yet.
          </EmptyState>
          <VerifyYourself publicKey={head.data.publicKey} />
        </>
      ) : (
        <Verification head={head.data} entryId={entryId} onPickEntry={onPickEntry} />
      )}
    </div>
  );
}

function downloadFailure(error: Error): string {
  if (error instanceof ApiError && error.status === 0) return 'The network failed. Check your connection.';
  return error.message;
}

function Verification({
  head,
  entryId,
  onPickEntry,
}: {
  head: LedgerHead;
  entryId?: string;
  onPickEntry: (entryId: string) => void;
}) {
  // Read once per visit: a check that passes stores the next state without starting another check.
  const [remembered, setRemembered] = useState(readRememberedLedger);
  const [auditRequested, setAuditRequested] = useState(false);
  const [progress, setProgress] = useState<{ loaded: number; total: number } | null>(null);
  const mode: CheckMode = remembered
    ? 'light'
    : auditRequested || head.treeSize <= FULL_CHECK_MAX_ENTRIES
      ? 'full'
      : 'newest-only';
  const check = useQuery(
    ledgerCheckQuery(head, mode, remembered, (loaded, total) => setProgress({ loaded, total })),
  );
  const table = useInfiniteQuery(ledgerEntriesQuery(head.treeSize));
  const rows = table.data?.pages.flatMap((page) => [...page.entries].reverse()) ?? [];
  const known = entryId
    ? (rows.find((entry) => entry.id === entryId) ?? head.waiting.find((entry) => entry.id === entryId))
    : undefined;
  const signedSize = head.newest?.treeSize ?? 0;

  return (
    <div className="ledger-page__layout">
      <section aria-labelledby="ledger-checks" className="card">
        <h2 id="ledger-checks" className="card__title">
          What your browser checked
        </h2>
        <p className="muted">
          {plural(head.treeSize, 'entry', 'entries')}
          {head.newest
            ? `, the newest signed checkpoint covers ${count(signedSize)}`
            : ', no signed checkpoint yet'}
          ; public key <code>{head.publicKey.keyId}</code>.
        </p>
        {check.isPending ? (
          <CheckProgress mode={mode} progress={progress} />
        ) : check.isError ? (
          <Alert tone="danger" title="The verification could not finish">
            <p>{downloadFailure(check.error)}</p>
            <Button variant="secondary" onClick={() => void check.refetch()}>
              Retry
            </Button>
          </Alert>
        ) : (
          <CheckReport
            report={check.data}
            treeSize={head.treeSize}
            onFullAudit={() => setAuditRequested(true)}
            onStartOver={() => {
              forgetRememberedLedger();
              setRemembered(null);
            }}
          />
        )}
        {head.treeSize > signedSize && (
          <p className="muted ledger-page__note">
            {head.treeSize - signedSize === 1
              ? `Entry #${signedSize} is newer than the newest checkpoint: `
              : `Entries #${signedSize} to #${head.treeSize - 1} are newer than the newest checkpoint: `}
            {WAITING_FOR_CHECKPOINT.charAt(0).toLowerCase() + WAITING_FOR_CHECKPOINT.slice(1)}.
          </p>
        )}
        {entryId ? (
          <InclusionCheck key={entryId} entryId={entryId} known={known} head={head} />
        ) : (
          <p className="muted">Pick an entry below to prove it is included in the newest checkpoint.</p>
        )}
      </section>
      {table.isError ? (
        <Alert tone="danger" title="The entries could not be downloaded">
          <p>{downloadFailure(table.error)}</p>
          <Button variant="secondary" onClick={() => void table.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : table.isPending ? (
        <Card>
          <Skeleton lines={6} />
        </Card>
      ) : (
        <LedgerEntriesTable
          entries={rows}
          treeSize={head.treeSize}
          pickedId={entryId}
          onPick={onPickEntry}
          older={{
            available: table.hasNextPage,
            loading: table.isFetchingNextPage,
            load: () => void table.fetchNextPage(),
          }}
        />
      )}
      <VerifyYourself publicKey={head.publicKey} />
    </div>
  );
}

function CheckProgress({
  mode,
  progress,
}: {
  mode: CheckMode;
  progress: { loaded: number; total: number } | null;
}) {
  const what = mode === 'light' ? 'new entries' : 'entries';
  return (
    <>
      <p role="status" className="ledger-page__progress-text">
        {progress === null
          ? 'Verifying…'
          : `Downloading ${what}: ${count(progress.loaded)} of ${count(progress.total)}`}
      </p>
      {progress !== null && (
        <progress
          className="ledger-page__progress"
          aria-label="Ledger download"
          max={progress.total}
          value={progress.loaded}
        />
      )}
    </>
  );
}

/** The checks, with what this visit checked in plain words before them (after them when one failed). */
function CheckReport(props: {
  report: LedgerReport;
  treeSize: number;
  onFullAudit: () => void;
  onStartOver: () => void;
}) {
  const passing = isPassing(props.report.results);
  return (
    <>
      {passing && <ReportLead {...props} />}
      <ChecksList results={props.report.results} />
      {!passing && <ReportLead {...props} />}
    </>
  );
}

/** What this visit checked, in plain words, and what the browser now remembers. */
function ReportLead({
  report,
  treeSize,
  onFullAudit,
  onStartOver,
}: {
  report: LedgerReport;
  treeSize: number;
  onFullAudit: () => void;
  onStartOver: () => void;
}) {
  if (report.kind === 'newest-only') {
    return (
      <div className="ledger-page__note">
        <p>
          The ledger has {plural(treeSize, 'entry', 'entries')}: too many to download on a first visit. Your
          browser checked the newest checkpoint’s signature; the full audit downloads every entry and
          recomputes every root, and after it your next visits check only what was added.
        </p>
        <Button variant="secondary" className="ledger-page__wrap" onClick={onFullAudit}>
          Run the full audit (downloads {plural(treeSize, 'entry', 'entries')})
        </Button>
        <p className="muted">
          The same full audit runs from a shell with <code>npm run ledger:verify -- --full</code> (see “Verify
          it yourself” below).
        </p>
      </div>
    );
  }
  if (report.kind === 'full') {
    return (
      <p className="ledger-page__note">
        Your browser downloaded all {plural(report.entries, 'entry', 'entries')} and{' '}
        {plural(report.checkpoints, 'signed checkpoint')} and checked them.
        {report.remembered &&
          ` It remembers the checkpoint of ${plural(report.remembered.trusted.checkpoint.treeSize, 'entry', 'entries')}, so your next visit checks only what was added since.`}
      </p>
    );
  }
  const since = report.since;
  const trusted = `the ${plural(since.trusted.checkpoint.treeSize, 'entry', 'entries')} you verified on ${verifiedOn(since.verifiedAt)}`;
  if (isPassing(report.results)) {
    return (
      <p className="ledger-page__note">
        {report.newEntries === 0
          ? `Nothing new was signed since your last visit: the newest checkpoint is still ${trusted}.`
          : `Checked ${plural(report.newEntries, 'new entry', 'new entries')} since your last visit; the ledger still extends ${trusted}.`}
      </p>
    );
  }
  return <LightFailure trusted={trusted} onStartOver={onStartOver} remembered={report.since} />;
}

function LightFailure({
  trusted,
  remembered,
  onStartOver,
}: {
  trusted: string;
  remembered: RememberedLedger;
  onStartOver: () => void;
}) {
  return (
    <div className="ledger-page__note">
      <p>
        The ledger served now does not check out against {trusted}. Your browser keeps trusting that
        checkpoint (tree size {count(remembered.trusted.checkpoint.treeSize)}, root{' '}
        <code>{remembered.trusted.checkpoint.rootHash.slice(0, 12)}…</code>) and will check against it again
        next time.
      </p>
      <Button variant="secondary" className="ledger-page__wrap" onClick={onStartOver}>
        Forget it and check from the start
      </Button>
    </div>
  );
}

function InclusionCheck({
  entryId,
  known,
  head,
}: {
  entryId: string;
  known: LedgerEntry | undefined;
  head: LedgerHead;
}) {
  const inclusion = useQuery(inclusionCheckQuery(entryId, known, head));
  if (inclusion.isPending) return <p role="status">Checking entry {entryId}…</p>;
  if (inclusion.isError) {
    return (
      <ChecksList
        results={[
          {
            key: 'inclusion',
            label: `Entry ${entryId} included in the newest checkpoint (inclusion proof)`,
            state: 'bad',
            detail: `The proof could not be fetched: ${inclusion.error.message}`,
          },
        ]}
      />
    );
  }
  if (inclusion.data.kind === 'missing') {
    return (
      <Alert tone="danger" title="No such entry in a signed checkpoint">
        <p>
          The ledger has no proof for entry {entryId}: {inclusion.data.message}.
        </p>
      </Alert>
    );
  }
  return <ChecksList results={[inclusion.data.result]} />;
}
