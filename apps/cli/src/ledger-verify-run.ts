import type {
  LedgerCheckpoint,
  LedgerConsistencyProof,
  LedgerEntries,
  LedgerEntry,
  LedgerPublicKey,
} from '@arena/contracts';
import { verifyLedger, type LedgerVerification } from '@arena/contracts/ledger';
import { LEDGER_ENTRIES_MAX_LIMIT } from '@arena/contracts/ledger.contract';

export type Fetch = (url: string) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/** The largest page the entries route serves (LEDGER_ENTRIES_MAX_LIMIT). */
const PAGE = LEDGER_ENTRIES_MAX_LIMIT;

async function getData<T>(fetchUrl: Fetch, url: string): Promise<T> {
  const response = await fetchUrl(url);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Downloads the whole ledger from `base` (checkpoints first, so every checkpoint's entries are there),
 * the public key and the consistency proofs between consecutive checkpoints, then checks all of it with
 * the same verifier the browser runs. Only reads public routes.
 */
export async function verifyLedgerAt(base: string, fetchUrl: Fetch): Promise<LedgerVerification> {
  const api = `${base.replace(/\/+$/, '')}/api/ledger`;
  const { checkpoints } = await getData<{ checkpoints: LedgerCheckpoint[] }>(
    fetchUrl,
    `${api}/checkpoints?limit=1000`,
  );
  const key = await getData<LedgerPublicKey>(fetchUrl, `${api}/public-key`);
  const entries: LedgerEntry[] = [];
  for (;;) {
    const page = await getData<LedgerEntries>(
      fetchUrl,
      `${api}/entries?from=${entries.length}&limit=${PAGE}`,
    );
    entries.push(...page.entries);
    if (page.entries.length < PAGE) break;
  }
  const sizes = checkpoints
    .map((c) => c.treeSize)
    .filter((size) => size > 0)
    .sort((a, b) => a - b);
  const consistencyProofs: LedgerConsistencyProof[] = [];
  for (let i = 1; i < sizes.length; i++) {
    consistencyProofs.push(
      await getData<LedgerConsistencyProof>(
        fetchUrl,
        `${api}/consistency?from=${sizes[i - 1]}&to=${sizes[i]}`,
      ),
    );
  }
  return verifyLedger({ entries, checkpoints, publicKey: key.publicKey, consistencyProofs });
}

/** The report, one line per check. */
export function describeVerification(base: string, result: LedgerVerification): string {
  const lines = result.checks.map((check) => `${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
  const verdict = result.ok
    ? `The ledger at ${base} verifies: ${result.checks.length} checks passed.`
    : `The ledger at ${base} does NOT verify: ${result.checks.filter((c) => !c.ok).length} of ${result.checks.length} checks failed.`;
  return [...lines, verdict].join('\n');
}
