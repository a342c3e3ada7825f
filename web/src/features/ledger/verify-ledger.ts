import type { LedgerCheckpoint, LedgerEntry } from '@arena/contracts';
import { verifyCheckpointSignature } from '@arena/contracts/ledger/checkpoint';
import { entryHash, GENESIS_HASH, verifyChain } from '@arena/contracts/ledger/entries';
import {
  appendToFrontier,
  emptyFrontier,
  frontierRoot,
  leafHash,
  verifyConsistency,
  verifyInclusion,
  type MerkleFrontier,
} from '@arena/contracts/ledger/merkle';
import { verifyLedgerExtension, type LedgerCheck } from '@arena/contracts/ledger/verify-ledger';
import { ApiError } from '../../lib/api-client';
import {
  fetchAllCheckpoints,
  fetchConsistency,
  fetchEntriesBetween,
  fetchInclusionProof,
  type LedgerHead,
} from './ledger.api';
import { rememberLedger, type RememberedLedger } from './trusted-ledger';

/**
 * The checks the /ledger page runs in the browser. The cryptography is the shared verifier's
 * (`@arena/contracts/ledger`, the same code `npm run ledger:verify` and the server run); this module decides
 * what to download and check on this visit and words each result with its numbers:
 * - a browser that remembers a checkpoint it verified checks only what was added since (the consistency proof
 *   and the new entries: `verifyLedgerExtension`), O(new entries + log n);
 * - a first visit to a ledger of at most FULL_CHECK_MAX_ENTRIES entries checks all of it, O(n);
 * - a first visit to a larger one checks the newest checkpoint's signature and offers the full audit.
 */

/** Past this many entries a first visit does not download the whole ledger unasked (100 pages of 200). */
export const FULL_CHECK_MAX_ENTRIES = 20_000;

/** good ✓, bad ✗, or waiting: an entry not yet in a signed checkpoint, which is no failure. */
export type CheckState = 'good' | 'bad' | 'waiting';

export interface CheckResult {
  key: string;
  label: string;
  state: CheckState;
  detail: string;
}

export type LedgerReport =
  | {
      kind: 'full';
      results: CheckResult[];
      entries: number;
      checkpoints: number;
      remembered: RememberedLedger | null;
    }
  | {
      kind: 'light';
      results: CheckResult[];
      /** What this browser trusted before this visit. */
      since: RememberedLedger;
      newEntries: number;
      /** What it trusts now: moved on when every check passed, `since` otherwise. */
      remembered: RememberedLedger;
    }
  | { kind: 'newest-only'; results: CheckResult[] };

export const WAITING_FOR_CHECKPOINT = 'Waiting for the next checkpoint (signed hourly)';

export const shortHash = (hash: string) => `${hash.slice(0, 12)}…`;
export const count = (n: number) => n.toLocaleString('en-US');
export const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;
export const verifiedOn = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));

export const isPassing = (results: CheckResult[]) => results.every((result) => result.state !== 'bad');

type Keys = LedgerHead['keys'];
const keyFor = (keys: Keys, keyId: string) => keys.find((key) => key.keyId === keyId)?.publicKey ?? undefined;

function sameCheckpoint(a: LedgerCheckpoint, b: LedgerCheckpoint): boolean {
  return (
    a.treeSize === b.treeSize &&
    a.rootHash === b.rootHash &&
    a.timestamp === b.timestamp &&
    a.keyId === b.keyId &&
    a.signature === b.signature
  );
}

async function signedByItsKey(checkpoint: LedgerCheckpoint, keys: Keys): Promise<boolean> {
  const key = keyFor(keys, checkpoint.keyId);
  return key !== undefined && (await verifyCheckpointSignature(checkpoint, key));
}

export async function checkSignatures(checkpoints: LedgerCheckpoint[], keys: Keys): Promise<CheckResult> {
  const label = 'Checkpoint signatures (Ed25519)';
  for (const checkpoint of checkpoints) {
    if (!(await signedByItsKey(checkpoint, keys))) {
      return {
        key: 'signatures',
        label,
        state: 'bad',
        detail: `The checkpoint of tree size ${checkpoint.treeSize} is not signed by key ${checkpoint.keyId}.`,
      };
    }
  }
  const keyIds = [...new Set(checkpoints.map((checkpoint) => checkpoint.keyId))];
  return {
    key: 'signatures',
    label,
    state: 'good',
    detail: `${plural(checkpoints.length, 'checkpoint')} signed by ${keyIds.length === 1 ? 'key' : 'keys'} ${keyIds.join(', ')}.`,
  };
}

export async function checkChain(entries: LedgerEntry[]): Promise<CheckResult> {
  const label = 'Hash chain of all entries (SHA-256)';
  const [first] = await verifyChain(entries);
  if (first) {
    const entry = entries.find((candidate) => candidate.index === first.index);
    const id = entry ? ` (${entry.id})` : '';
    return {
      key: 'chain',
      label,
      state: 'bad',
      detail: `Entry #${first.index}${id} fails: ${first.reason}.`,
    };
  }
  const last = entries.at(-1);
  return {
    key: 'chain',
    label,
    state: 'good',
    detail:
      `${plural(entries.length, 'entry', 'entries')} chained, each hash recomputed` +
      (last ? ` (last hash ${shortHash(last.hash)}).` : '.'),
  };
}

/**
 * Every checkpoint's root from one walk over the leaves (the tree's right edge grows leaf by leaf): O(n)
 * hashes for the whole ledger. Also gives the right edge at the newest checkpoint, what the browser keeps.
 */
export async function checkRoots(
  entries: LedgerEntry[],
  checkpoints: LedgerCheckpoint[],
): Promise<{ result: CheckResult; frontier: MerkleFrontier | undefined }> {
  const label = 'Every checkpoint’s root recomputed from the entries';
  const newest = checkpoints.at(-1)!;
  if (newest.treeSize > entries.length) {
    return {
      result: {
        key: 'roots',
        label,
        state: 'bad',
        detail: `The checkpoint of tree size ${newest.treeSize} covers more entries than the ${count(entries.length)} served.`,
      },
      frontier: undefined,
    };
  }
  const wanted = new Set(checkpoints.map((checkpoint) => checkpoint.treeSize));
  const roots = new Map<number, string>();
  let frontier = emptyFrontier();
  let atNewest = newest.treeSize === 0 ? frontier : undefined;
  if (wanted.has(0)) roots.set(0, await frontierRoot(frontier));
  for (const entry of entries.slice(0, newest.treeSize)) {
    frontier = await appendToFrontier(frontier, await leafHash(entry.hash));
    if (wanted.has(frontier.size)) roots.set(frontier.size, await frontierRoot(frontier));
    if (frontier.size === newest.treeSize) atNewest = frontier;
  }
  for (const checkpoint of checkpoints) {
    const root = roots.get(checkpoint.treeSize)!;
    if (root !== checkpoint.rootHash) {
      return {
        result: {
          key: 'roots',
          label,
          state: 'bad',
          detail: `Tree size ${checkpoint.treeSize}: the entries give root ${shortHash(root)}, the checkpoint signed ${shortHash(checkpoint.rootHash)}.`,
        },
        frontier: undefined,
      };
    }
  }
  return {
    result: {
      key: 'roots',
      label,
      state: 'good',
      detail:
        `${plural(checkpoints.length, 'root')} recomputed in one pass; the newest, tree size ${count(newest.treeSize)}, ` +
        `gives root ${shortHash(newest.rootHash)} as signed.`,
    },
    frontier: atNewest,
  };
}

/** The server's consistency proof between the two newest checkpoints, the proof a later visit relies on. */
export async function checkNewestConsistency(checkpoints: LedgerCheckpoint[]): Promise<CheckResult> {
  const label = 'The newest checkpoint extends the one before (consistency proof)';
  const [from, to] = checkpoints.filter((checkpoint) => checkpoint.treeSize > 0).slice(-2);
  if (!from || !to) {
    return {
      key: 'consistency',
      label,
      state: 'good',
      detail: 'Only one checkpoint so far: nothing to compare.',
    };
  }
  const answer = await fetchConsistency(from.treeSize, to.treeSize);
  const ok =
    sameCheckpoint(answer.from, from) &&
    sameCheckpoint(answer.to, to) &&
    (await verifyConsistency(from.treeSize, to.treeSize, from.rootHash, to.rootHash, answer.proof));
  return ok
    ? {
        key: 'consistency',
        label,
        state: 'good',
        detail: `Tree size ${count(to.treeSize)} proven to extend tree size ${count(from.treeSize)}.`,
      }
    : {
        key: 'consistency',
        label,
        state: 'bad',
        detail: `The tree of size ${to.treeSize} does not extend the tree of size ${from.treeSize}.`,
      };
}

const noCheckpointYet = (): CheckResult => ({
  key: 'roots',
  label: 'Checkpoint roots',
  state: 'waiting',
  detail: `No checkpoint has been signed yet: the entries are ${WAITING_FOR_CHECKPOINT.toLowerCase()}.`,
});

/**
 * The full audit: every checkpoint (paged), every entry, the chain, each signature with the key that made it
 * (GET /keys), each root, and the newest consistency proof. Remembers the newest checkpoint when all passed.
 */
export async function fullAudit(
  head: LedgerHead,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<LedgerReport> {
  const checkpoints = await fetchAllCheckpoints(signal);
  const newest = checkpoints.at(-1);
  // A checkpoint signed since the head was read may cover more entries: read up to it.
  const size = Math.max(head.treeSize, newest?.treeSize ?? 0);
  const entries = await fetchEntriesBetween(0, size, onProgress, signal);
  const results = [await checkSignatures(checkpoints, head.keys), await checkChain(entries)];
  let remembered: RememberedLedger | null = null;
  if (!newest) {
    results.push(noCheckpointYet());
  } else {
    const roots = await checkRoots(entries, checkpoints);
    results.push(roots.result, await checkNewestConsistency(checkpoints));
    const key = keyFor(head.keys, newest.keyId);
    // A tree of size 0 is not remembered: no consistency proof starts from the empty tree.
    if (isPassing(results) && roots.frontier && key && newest.treeSize > 0) {
      remembered = rememberLedger(
        {
          checkpoint: newest,
          frontier: roots.frontier,
          lastEntryHash: entries[newest.treeSize - 1]?.hash ?? GENESIS_HASH,
          publicKey: key,
        },
        new Date(),
      );
    }
  }
  return { kind: 'full', results, entries: entries.length, checkpoints: checkpoints.length, remembered };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The light check: from the checkpoint this browser verified before to the newest one, by the consistency
 * proof and the entries added in between (`verifyLedgerExtension`). Moves what the browser remembers on only
 * when every check passed.
 */
export async function lightCheck(
  head: LedgerHead,
  since: RememberedLedger,
  onProgress: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<LedgerReport> {
  const { trusted } = since;
  const start = trusted.checkpoint.treeSize;
  const newest = head.newest;
  if (!newest) {
    const results: CheckResult[] = [
      {
        key: 'newest',
        label: 'Newest checkpoint',
        state: 'bad',
        detail: `The ledger lists no signed checkpoint, but this browser verified one of ${plural(start, 'entry', 'entries')} on ${verifiedOn(since.verifiedAt)}.`,
      },
    ];
    return { kind: 'light', results, since, newEntries: 0, remembered: since };
  }
  let consistency;
  if (newest.treeSize > start) {
    try {
      consistency = await fetchConsistency(start, newest.treeSize, signal);
    } catch (error) {
      // A refusal (no checkpoint of the trusted size any more) is a failed check, not a page error.
      if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500 || error.status === 429)
        throw error;
    }
  }
  const entries =
    newest.treeSize > start ? await fetchEntriesBetween(start, newest.treeSize, onProgress, signal) : [];
  const extension = await verifyLedgerExtension(trusted, { checkpoint: newest, consistency, entries });
  const results = extension.checks.map((check: LedgerCheck, i) => ({
    key: `light-${i}`,
    label: capitalised(check.name),
    state: check.ok ? ('good' as const) : ('bad' as const),
    detail: `${capitalised(check.detail)}.`,
  }));
  const remembered = extension.ok ? rememberLedger(extension.trusted, new Date()) : since;
  return { kind: 'light', results, since, newEntries: entries.length, remembered };
}

/** A first visit to a large ledger: the newest checkpoint's signature only, with the key that made it. */
export async function checkNewestOnly(head: LedgerHead): Promise<LedgerReport> {
  const newest = head.newest;
  if (!newest) return { kind: 'newest-only', results: [noCheckpointYet()] };
  const signed = await signedByItsKey(newest, head.keys);
  return {
    kind: 'newest-only',
    results: [
      {
        key: 'newest',
        label: 'Newest checkpoint’s signature (Ed25519)',
        state: signed ? 'good' : 'bad',
        detail: signed
          ? `Tree size ${count(newest.treeSize)}, root ${shortHash(newest.rootHash)}, signed by key ${newest.keyId} at ${newest.timestamp}.`
          : `The checkpoint of tree size ${newest.treeSize} is not signed by key ${newest.keyId}.`,
      },
    ],
  };
}

export type InclusionOutcome =
  { kind: 'checked'; result: CheckResult } | { kind: 'missing'; message: string };

/**
 * Proves an entry included in the newest checkpoint (its proof route), whether or not its row is loaded. An
 * entry newer than the newest checkpoint is waiting for the next one: a neutral state, not a failure.
 */
export async function checkInclusion(
  entryId: string,
  known: LedgerEntry | undefined,
  head: LedgerHead,
): Promise<InclusionOutcome> {
  const newest = head.newest;
  if (known && (!newest || known.index >= newest.treeSize)) {
    return {
      kind: 'checked',
      result: {
        key: 'inclusion',
        label: `Entry #${known.index} in a signed checkpoint`,
        state: 'waiting',
        detail: `${WAITING_FOR_CHECKPOINT}: entry #${known.index} is newer than the newest checkpoint${newest ? ` (tree size ${count(newest.treeSize)})` : ''}.`,
      },
    };
  }
  let proof;
  try {
    proof = await fetchInclusionProof(entryId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'missing', message: error.message };
    throw error;
  }
  const { entry, checkpoint } = proof;
  const label = `Entry #${entry.index} included in the newest checkpoint (inclusion proof)`;
  const ok =
    entry.id === entryId &&
    (known === undefined || known.hash === entry.hash) &&
    (await entryHash(entry)) === entry.hash &&
    proof.leafIndex === entry.index &&
    (newest !== undefined && sameCheckpoint(checkpoint, newest)
      ? true
      : await signedByItsKey(checkpoint, head.keys)) &&
    (await verifyInclusion(
      await leafHash(entry.hash),
      entry.index,
      checkpoint.treeSize,
      proof.auditPath,
      checkpoint.rootHash,
    ));
  return {
    kind: 'checked',
    result: ok
      ? {
          key: 'inclusion',
          label,
          state: 'good',
          detail: `Hash ${shortHash(entry.hash)} at leaf ${entry.index} of ${checkpoint.treeSize}, ${plural(proof.auditPath.length, 'step')} to root ${shortHash(checkpoint.rootHash)}.`,
        }
      : {
          key: 'inclusion',
          label,
          state: 'bad',
          detail: `The proof does not lead from entry #${entry.index} to root ${shortHash(checkpoint.rootHash)}.`,
        },
  };
}
