import type { LedgerEntry } from '@arena/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchEntries, fetchLedgerHead, type LedgerHead } from './ledger.api';
import type { RememberedLedger } from './trusted-ledger';
import { checkInclusion, checkNewestOnly, fullAudit, lightCheck } from './verify-ledger';

/** Rows of the entries table per "Older entries" (≤ the route's 200). */
export const TABLE_PAGE = 50;

/** What this visit checks: see verify-ledger.ts. */
export type CheckMode = 'full' | 'light' | 'newest-only';

/**
 * The page's query keys (`['ledger', noun, params]`). Nothing is cached across visits: what carries over is
 * the checkpoint this browser verified (trusted-ledger.ts), and a check is only worth what it downloaded.
 */
export const ledgerKeys = {
  head: () => ['ledger', 'head', {}] as const,
  check: (mode: CheckMode, treeSize: number, trustedSize: number | null) =>
    ['ledger', 'check', { mode, treeSize, trustedSize }] as const,
  entries: (treeSize: number) => ['ledger', 'entries', { treeSize }] as const,
  inclusion: (entryId: string, checkpointSize: number) =>
    ['ledger', 'inclusion', { entryId, checkpointSize }] as const,
};

export const ledgerHeadQuery = () =>
  queryOptions({
    queryKey: ledgerKeys.head(),
    queryFn: ({ signal }) => fetchLedgerHead(signal),
    staleTime: Infinity,
    retry: false,
  });

export const ledgerCheckQuery = (
  head: LedgerHead,
  mode: CheckMode,
  remembered: RememberedLedger | null,
  onProgress: (loaded: number, total: number) => void,
) =>
  queryOptions({
    queryKey: ledgerKeys.check(mode, head.treeSize, remembered?.trusted.checkpoint.treeSize ?? null),
    queryFn: ({ signal }) =>
      mode === 'light' && remembered
        ? lightCheck(head, remembered, onProgress, signal)
        : mode === 'newest-only'
          ? checkNewestOnly(head)
          : fullAudit(head, onProgress, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/** The table's pages, newest first: each is the TABLE_PAGE entries before the previous page's first. */
export const ledgerEntriesQuery = (treeSize: number) =>
  infiniteQueryOptions({
    queryKey: ledgerKeys.entries(treeSize),
    queryFn: async ({ pageParam: end, signal }) => {
      const from = Math.max(0, end - TABLE_PAGE);
      const page = await fetchEntries(from, end - from, signal);
      return { from, entries: page.entries };
    },
    initialPageParam: treeSize,
    getNextPageParam: (last: { from: number; entries: LedgerEntry[] }) =>
      last.from > 0 ? last.from : undefined,
    staleTime: Infinity,
    retry: false,
  });

export const inclusionCheckQuery = (entryId: string, known: LedgerEntry | undefined, head: LedgerHead) =>
  queryOptions({
    queryKey: ledgerKeys.inclusion(entryId, head.newest?.treeSize ?? 0),
    queryFn: () => checkInclusion(entryId, known, head),
    staleTime: Infinity,
    retry: false,
  });
