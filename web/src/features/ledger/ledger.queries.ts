import type { LedgerEntry } from '@arena/contracts';
import { queryOptions } from '@tanstack/react-query';
import { downloadLedger, type LedgerDownload } from './ledger.api';
import { checkInclusion, verifyLedger } from './verify-ledger';

/**
 * The page's query keys (`['ledger', noun, params]`). Nothing is cached across visits for long: a
 * verification is only worth what was downloaded for it.
 */
export const ledgerKeys = {
  download: () => ['ledger', 'download', {}] as const,
  checks: (treeSize: number) => ['ledger', 'checks', { treeSize }] as const,
  inclusion: (entryId: string, treeSize: number) => ['ledger', 'inclusion', { entryId, treeSize }] as const,
};

export const ledgerDownloadQuery = (onProgress: (loaded: number, total: number) => void) =>
  queryOptions({
    queryKey: ledgerKeys.download(),
    queryFn: ({ signal }) => downloadLedger(onProgress, signal),
    staleTime: Infinity,
    retry: false,
  });

export const ledgerChecksQuery = (download: LedgerDownload) =>
  queryOptions({
    queryKey: ledgerKeys.checks(download.entries.length),
    queryFn: () => verifyLedger(download),
    staleTime: Infinity,
    retry: false,
  });

export const inclusionCheckQuery = (download: LedgerDownload, entry: LedgerEntry) => {
  const latest = download.checkpoints.at(-1);
  return queryOptions({
    queryKey: ledgerKeys.inclusion(entry.id, latest?.treeSize ?? 0),
    queryFn: () => (latest ? checkInclusion(entry, latest) : Promise.resolve(null)),
    staleTime: Infinity,
    retry: false,
  });
};
