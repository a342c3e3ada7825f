import type {
  LedgerCheckpoint,
  LedgerConsistencyProof,
  LedgerEntry,
  LedgerInclusionProof,
  LedgerPublicKey,
} from '@arena/contracts';
import { routes } from '@arena/contracts/http.routes';
import { LEDGER_ENTRIES_MAX_LIMIT } from '@arena/contracts/ledger.contract';
import { callApi } from '../../lib/api-client';

/** The largest page `routes.ledger.entries` serves (ledgerEntriesParams). */
export const ENTRIES_PAGE = LEDGER_ENTRIES_MAX_LIMIT;
/** The most checkpoints `routes.ledger.checkpoints` lists (ledgerCheckpointsParams). */
const CHECKPOINTS_LIMIT = 1000;

export interface LedgerDownload {
  entries: LedgerEntry[];
  /** Oldest first, whatever order the server lists them in. */
  checkpoints: LedgerCheckpoint[];
  publicKey: LedgerPublicKey;
}

/**
 * Everything the browser verifies, fetched page by page so a long ledger shows its progress. The
 * tree's size is read from the first page; a ledger that grows meanwhile is read up to the size
 * first seen, so the entries and the checkpoints listed before them agree.
 */
export async function downloadLedger(
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<LedgerDownload> {
  const [checkpoints, publicKey] = await Promise.all([
    callApi(routes.ledger.checkpoints, { query: { limit: CHECKPOINTS_LIMIT }, signal }),
    callApi(routes.ledger.publicKey, { signal }),
  ]);
  const entries: LedgerEntry[] = [];
  let total = Infinity;
  while (entries.length < total) {
    const page = (
      await callApi(routes.ledger.entries, { query: { from: entries.length, limit: ENTRIES_PAGE }, signal })
    ).data;
    if (total === Infinity) total = page.treeSize;
    entries.push(...page.entries.slice(0, total - entries.length));
    onProgress(entries.length, total);
    if (page.entries.length === 0) break;
  }
  return {
    entries,
    checkpoints: [...checkpoints.data.checkpoints].sort((a, b) => a.treeSize - b.treeSize),
    publicKey: publicKey.data,
  };
}

export async function fetchConsistency(from: number, to: number): Promise<LedgerConsistencyProof> {
  return (await callApi(routes.ledger.consistencyProof, { query: { from, to } })).data;
}

export async function fetchInclusionProof(entryId: string): Promise<LedgerInclusionProof> {
  return (await callApi(routes.ledger.inclusionProof, { params: { id: entryId } })).data;
}
