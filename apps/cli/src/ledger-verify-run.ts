import type {
  LedgerCheckpoint,
  LedgerConsistencyProof,
  LedgerEntries,
  LedgerEntry,
  LedgerKeys,
  LedgerPublicKey,
} from '@arena/contracts';
import {
  trustedAfterFullAudit,
  verifyCheckpointSignature,
  verifyLedger,
  verifyLedgerExtension,
  type LedgerVerification,
  type TrustedLedger,
} from '@arena/contracts/ledger';
import { LEDGER_ENTRIES_MAX_LIMIT } from '@arena/contracts/ledger.contract';

export type Fetch = (url: string) => Promise<{
  ok: boolean;
  status: number;
  headers?: { get(name: string): string | null };
  json(): Promise<unknown>;
}>;

/** The largest page the entries route serves (LEDGER_ENTRIES_MAX_LIMIT). */
const PAGE = LEDGER_ENTRIES_MAX_LIMIT;
/** Checkpoints per page of GET /api/ledger/checkpoints. */
const CHECKPOINT_PAGE = 1000;
/** Consistency proofs a full audit asks for: between the newest checkpoints (every root is recomputed anyway). */
const CONSISTENCY_PROOFS = 20;
/** How often one call is retried after a 429, waiting what Retry-After says (at most a minute each time). */
const RETRIES = 5;

export interface VerifyOptions {
  /** Waits before a retry after 429; the CLI sleeps, tests do not. */
  sleep?: (ms: number) => Promise<void>;
}

async function getData<T>(fetchUrl: Fetch, url: string, options: VerifyOptions): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const response = await fetchUrl(url);
    if (response.status === 429 && attempt < RETRIES) {
      const seconds = Number(response.headers?.get('retry-after') ?? 1);
      await (options.sleep ?? defaultSleep)(Math.min(60, Number.isFinite(seconds) ? seconds : 1) * 1000);
      continue;
    }
    if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
    return ((await response.json()) as { data: T }).data;
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const apiOf = (base: string) => `${base.replace(/\/+$/, '')}/api/ledger`;

async function entriesBetween(
  fetchUrl: Fetch,
  api: string,
  from: number,
  to: number,
  options: VerifyOptions,
): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  while (from + entries.length < to) {
    const limit = Math.min(PAGE, to - from - entries.length);
    const page = await getData<LedgerEntries>(
      fetchUrl,
      `${api}/entries?from=${from + entries.length}&limit=${limit}`,
      options,
    );
    entries.push(...page.entries);
    if (page.entries.length < limit) break;
  }
  return entries;
}

async function allCheckpoints(
  fetchUrl: Fetch,
  api: string,
  options: VerifyOptions,
): Promise<LedgerCheckpoint[]> {
  const checkpoints: LedgerCheckpoint[] = [];
  for (;;) {
    const before = checkpoints.at(-1)?.treeSize;
    const page = await getData<{ checkpoints: LedgerCheckpoint[] }>(
      fetchUrl,
      `${api}/checkpoints?limit=${CHECKPOINT_PAGE}${before === undefined ? '' : `&before=${before}`}`,
      options,
    );
    checkpoints.push(...page.checkpoints);
    if (page.checkpoints.length < CHECKPOINT_PAGE) return checkpoints;
  }
}

/**
 * The full audit (`--full`): downloads every entry and every checkpoint (paged), recomputes every checkpoint's
 * root in one walk over the leaves, checks each signature with the key that made it (GET /api/ledger/keys, so
 * checkpoints signed before a key rotation verify too) and the server's consistency proofs between the newest
 * checkpoints. `pinnedKey`, when given, must be the key of the newest checkpoint. Only reads public routes.
 */
export async function verifyLedgerAt(
  base: string,
  fetchUrl: Fetch,
  options: VerifyOptions & { pinnedKey?: string } = {},
): Promise<LedgerVerification & { trusted?: TrustedLedger }> {
  const api = apiOf(base);
  const checkpoints = await allCheckpoints(fetchUrl, api, options);
  const current = await getData<LedgerPublicKey>(fetchUrl, `${api}/public-key`, options);
  const { keys } = await getData<LedgerKeys>(fetchUrl, `${api}/keys`, options);
  const newest = checkpoints.reduce<LedgerCheckpoint | undefined>(
    (a, b) => (a === undefined || b.treeSize > a.treeSize ? b : a),
    undefined,
  );
  const entries = await entriesBetween(fetchUrl, api, 0, Number.MAX_SAFE_INTEGER, options);
  const sizes = checkpoints
    .map((c) => c.treeSize)
    .filter((size) => size > 0)
    .sort((a, b) => a - b)
    .slice(-CONSISTENCY_PROOFS - 1);
  const consistencyProofs: LedgerConsistencyProof[] = [];
  for (let i = 1; i < sizes.length; i++) {
    consistencyProofs.push(
      await getData<LedgerConsistencyProof>(
        fetchUrl,
        `${api}/consistency?from=${sizes[i - 1]}&to=${sizes[i]}`,
        options,
      ),
    );
  }
  // Each checkpoint is checked with the key it names; the current key unless the history says otherwise.
  const keyOf = new Map(keys.filter((k) => k.publicKey).map((k) => [k.keyId, k.publicKey!]));
  keyOf.set(current.keyId, current.publicKey);
  const byKey = new Map<string, LedgerCheckpoint[]>();
  for (const checkpoint of checkpoints)
    byKey.set(checkpoint.keyId, [...(byKey.get(checkpoint.keyId) ?? []), checkpoint]);
  const results: LedgerVerification[] = [];
  for (const [keyId, signedBy] of byKey) {
    results.push(
      await verifyLedger({
        entries,
        checkpoints: signedBy,
        publicKey: keyOf.get(keyId) ?? current.publicKey,
        consistencyProofs: consistencyProofs.filter((p) => p.from.keyId === keyId && p.to.keyId === keyId),
      }),
    );
  }
  if (results.length === 0)
    results.push(await verifyLedger({ entries, checkpoints: [], publicKey: current.publicKey }));
  // The chain check is the same in every result: keep it once.
  const checks = results.flatMap((result, i) => (i === 0 ? result.checks : result.checks.slice(1)));
  if (options.pinnedKey !== undefined && newest) checks.push(await pinnedKeyCheck(newest, options.pinnedKey));
  const ok = checks.every((check) => check.ok);
  const newestKey = newest ? keyOf.get(newest.keyId) : undefined;
  return {
    ok,
    checks,
    trusted: ok && newest && newestKey ? await trustedAfterFullAudit(entries, newest, newestKey) : undefined,
  };
}

async function pinnedKeyCheck(checkpoint: LedgerCheckpoint, pinnedKey: string) {
  const ok = await verifyCheckpointSignature(checkpoint, pinnedKey);
  return {
    name: `newest checkpoint (${checkpoint.treeSize} entries) signed by the pinned key`,
    ok,
    detail: ok
      ? 'yes'
      : `no: it names key ${checkpoint.keyId}; check a new key out of band before pinning it`,
  };
}

/**
 * Light verification (`--from-checkpoint`): from the state a previous run kept, only the newest checkpoint, the
 * consistency proof from the trusted one and the entries added since are downloaded and checked
 * (`verifyLedgerExtension`). O(new entries + log n) requests' worth of work.
 */
export async function verifyLedgerFrom(
  base: string,
  fetchUrl: Fetch,
  trusted: TrustedLedger,
  options: VerifyOptions = {},
): Promise<LedgerVerification & { trusted: TrustedLedger }> {
  const api = apiOf(base);
  const { checkpoints } = await getData<{ checkpoints: LedgerCheckpoint[] }>(
    fetchUrl,
    `${api}/checkpoints?limit=1`,
    options,
  );
  const newest = checkpoints[0] ?? trusted.checkpoint;
  const start = trusted.checkpoint.treeSize;
  const consistency =
    newest.treeSize > start
      ? await getData<LedgerConsistencyProof>(
          fetchUrl,
          `${api}/consistency?from=${start}&to=${newest.treeSize}`,
          options,
        )
      : undefined;
  const entries =
    newest.treeSize > start ? await entriesBetween(fetchUrl, api, start, newest.treeSize, options) : [];
  return verifyLedgerExtension(trusted, { checkpoint: newest, consistency, entries });
}

/** The report, one line per check. */
export function describeVerification(base: string, result: LedgerVerification): string {
  const lines = result.checks.map((check) => `${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${check.detail}`);
  const verdict = result.ok
    ? `The ledger at ${base} verifies: ${result.checks.length} checks passed.`
    : `The ledger at ${base} does NOT verify: ${result.checks.filter((c) => !c.ok).length} of ${result.checks.length} checks failed.`;
  return [...lines, verdict].join('\n');
}
