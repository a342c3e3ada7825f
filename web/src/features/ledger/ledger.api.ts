import type {
  LedgerCheckpoint,
  LedgerConsistencyProof,
  LedgerEntries,
  LedgerEntry,
  LedgerInclusionProof,
  LedgerKeys,
  LedgerPublicKey,
} from '@arena/contracts';
import { routes } from '@arena/contracts/http.routes';
import { LEDGER_ENTRIES_MAX_LIMIT } from '@arena/contracts/ledger.contract';
import { ApiError, callApi } from '../../lib/api-client';

/** The largest page `routes.ledger.entries` serves (ledgerEntriesParams). */
export const ENTRIES_PAGE = LEDGER_ENTRIES_MAX_LIMIT;
/** A long audit outruns the per-address page limit (429): it waits this long and asks again, a few times. */
const RATE_LIMIT_WAIT_MS = 30_000;
const RATE_LIMIT_RETRIES = 10;

/** The most checkpoints one page of `routes.ledger.checkpoints` lists (ledgerCheckpointsParams). */
const CHECKPOINTS_PAGE = 1000;

/**
 * What every visit reads first, whatever it goes on to check: the newest signed checkpoint, the key
 * history, the current public key, and the entries after the newest checkpoint (the ones waiting for the
 * next one, at most a page), whose answer also gives the ledger's size. Four small requests, whatever
 * the ledger's size.
 */
export interface LedgerHead {
  newest: LedgerCheckpoint | undefined;
  keys: LedgerKeys['keys'];
  publicKey: LedgerPublicKey;
  /** Entries in the ledger now, signed or not. */
  treeSize: number;
  /** The entries newer than the newest checkpoint (the first ENTRIES_PAGE of them). */
  waiting: LedgerEntry[];
}

export async function fetchLedgerHead(signal?: AbortSignal): Promise<LedgerHead> {
  const [checkpoints, keys, publicKey] = await Promise.all([
    callApi(routes.ledger.checkpoints, { query: { limit: 1 }, signal }),
    callApi(routes.ledger.keys, { signal }),
    callApi(routes.ledger.publicKey, { signal }),
  ]);
  const newest = checkpoints.data.checkpoints[0];
  const after = await fetchEntries(newest?.treeSize ?? 0, ENTRIES_PAGE, signal);
  return {
    newest,
    keys: keys.data.keys,
    publicKey: publicKey.data,
    treeSize: Math.max(after.treeSize, newest?.treeSize ?? 0),
    waiting: after.entries,
  };
}

/** One page: `limit` (≤ ENTRIES_PAGE) entries from index `from`, and the ledger's size. */
export async function fetchEntries(
  from: number,
  limit: number,
  signal?: AbortSignal,
): Promise<LedgerEntries> {
  return (await callApi(routes.ledger.entries, { query: { from, limit }, signal })).data;
}

/**
 * The entries with indexes from `from` up to `to` (exclusive), page by page so a long download shows its
 * progress; fewer when the ledger ends first.
 */
export async function fetchEntriesBetween(
  from: number,
  to: number,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  while (from + entries.length < to) {
    const limit = Math.min(ENTRIES_PAGE, to - from - entries.length);
    const page = await fetchPatiently(() => fetchEntries(from + entries.length, limit, signal), signal);
    entries.push(...page.entries.slice(0, limit));
    onProgress(entries.length, to - from);
    if (page.entries.length < limit) break;
  }
  return entries;
}

async function fetchPatiently<T>(fetchPage: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetchPage();
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 429) || attempt >= RATE_LIMIT_RETRIES) throw error;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, RATE_LIMIT_WAIT_MS);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
    }
  }
}

/** Every signed checkpoint, oldest first (the route pages newest first with `before`). */
export async function fetchAllCheckpoints(signal?: AbortSignal): Promise<LedgerCheckpoint[]> {
  const checkpoints: LedgerCheckpoint[] = [];
  for (;;) {
    const before = checkpoints.at(-1)?.treeSize;
    const page = (
      await callApi(routes.ledger.checkpoints, {
        query: before === undefined ? { limit: CHECKPOINTS_PAGE } : { limit: CHECKPOINTS_PAGE, before },
        signal,
      })
    ).data.checkpoints;
    checkpoints.push(...page);
    // `before` is at least 1: past a checkpoint of the empty tree there is nothing older.
    if (page.length < CHECKPOINTS_PAGE || checkpoints.at(-1)!.treeSize === 0) break;
  }
  return checkpoints.reverse();
}

export async function fetchConsistency(
  from: number,
  to: number,
  signal?: AbortSignal,
): Promise<LedgerConsistencyProof> {
  return (await callApi(routes.ledger.consistencyProof, { query: { from, to }, signal })).data;
}

export async function fetchInclusionProof(
  entryId: string,
  signal?: AbortSignal,
): Promise<LedgerInclusionProof> {
  return (await callApi(routes.ledger.inclusionProof, { params: { id: entryId }, signal })).data;
}
