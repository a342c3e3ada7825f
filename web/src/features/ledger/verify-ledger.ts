import type { LedgerCheckpoint, LedgerEntry } from '@arena/contracts';
import { verifyCheckpointSignature } from '@arena/contracts/ledger/checkpoint';
import { verifyChain } from '@arena/contracts/ledger/entries';
import { leafHash, merkleRoot, verifyConsistency, verifyInclusion } from '@arena/contracts/ledger/merkle';
import { fetchConsistency, fetchInclusionProof, type LedgerDownload } from './ledger.api';

/**
 * The checks the /ledger page runs in the browser, item by item. The cryptography is the shared verifier's
 * (`@arena/contracts/ledger`, the same code `npm run ledger:verify` and the server run); this module decides
 * what to check against what and words each result with its numbers.
 */

export interface CheckResult {
  key: string;
  label: string;
  ok: boolean;
  detail: string;
}

export const shortHash = (hash: string) => `${hash.slice(0, 12)}…`;
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

function sameCheckpoint(a: LedgerCheckpoint, b: LedgerCheckpoint): boolean {
  return (
    a.treeSize === b.treeSize &&
    a.rootHash === b.rootHash &&
    a.timestamp === b.timestamp &&
    a.keyId === b.keyId &&
    a.signature === b.signature
  );
}

export async function checkSignatures({ checkpoints, publicKey }: LedgerDownload): Promise<CheckResult> {
  const label = 'Checkpoint signatures (Ed25519)';
  for (const checkpoint of checkpoints) {
    if (!(await verifyCheckpointSignature(checkpoint, publicKey.publicKey))) {
      return {
        key: 'signatures',
        label,
        ok: false,
        detail: `The checkpoint of tree size ${checkpoint.treeSize} is not signed by key ${publicKey.keyId}.`,
      };
    }
  }
  return {
    key: 'signatures',
    label,
    ok: true,
    detail: `${plural(checkpoints.length, 'checkpoint')} signed by key ${publicKey.keyId}.`,
  };
}

export async function checkChain(entries: LedgerEntry[]): Promise<CheckResult> {
  const label = 'Hash chain of all entries (SHA-256)';
  const [first] = await verifyChain(entries);
  if (first) {
    const entry = entries.find((candidate) => candidate.index === first.index);
    const id = entry ? ` (${entry.id})` : '';
    return { key: 'chain', label, ok: false, detail: `Entry #${first.index}${id} fails: ${first.reason}.` };
  }
  const last = entries.at(-1);
  return {
    key: 'chain',
    label,
    ok: true,
    detail:
      `${plural(entries.length, 'entry', 'entries')} chained, each hash recomputed` +
      (last ? ` (last hash ${shortHash(last.hash)}).` : '.'),
  };
}

export async function checkLatestRoot(
  entries: LedgerEntry[],
  latest: LedgerCheckpoint,
): Promise<CheckResult> {
  const label = 'Latest checkpoint’s root recomputed from the entries';
  if (latest.treeSize > entries.length) {
    return {
      key: 'root',
      label,
      ok: false,
      detail: `The checkpoint covers ${latest.treeSize} entries but only ${entries.length} were served.`,
    };
  }
  const leaves = await Promise.all(entries.slice(0, latest.treeSize).map((entry) => leafHash(entry.hash)));
  const root = await merkleRoot(leaves);
  return root === latest.rootHash
    ? {
        key: 'root',
        label,
        ok: true,
        detail: `Tree size ${latest.treeSize}, root ${shortHash(root)} as signed.`,
      }
    : {
        key: 'root',
        label,
        ok: false,
        detail: `Tree size ${latest.treeSize}: the entries give root ${shortHash(root)}, the checkpoint signed ${shortHash(latest.rootHash)}.`,
      };
}

export async function checkConsistency(checkpoints: LedgerCheckpoint[]): Promise<CheckResult> {
  const label = 'Each checkpoint extends the one before (consistency proofs)';
  const pairs = checkpoints
    .slice(1)
    .map((to, i) => [checkpoints[i]!, to] as const)
    .filter(([from, to]) => from.treeSize > 0 && from.treeSize < to.treeSize);
  for (const [from, to] of pairs) {
    const answer = await fetchConsistency(from.treeSize, to.treeSize);
    const ok =
      sameCheckpoint(answer.from, from) &&
      sameCheckpoint(answer.to, to) &&
      (await verifyConsistency(from.treeSize, to.treeSize, from.rootHash, to.rootHash, answer.proof));
    if (!ok) {
      return {
        key: 'consistency',
        label,
        ok: false,
        detail: `The tree of size ${to.treeSize} does not extend the tree of size ${from.treeSize}.`,
      };
    }
  }
  return {
    key: 'consistency',
    label,
    ok: true,
    detail:
      pairs.length === 0
        ? 'Only one checkpoint so far: nothing to compare.'
        : `${plural(pairs.length, 'pair')} of consecutive checkpoints proven consistent.`,
  };
}

export async function checkInclusion(entry: LedgerEntry, latest: LedgerCheckpoint): Promise<CheckResult> {
  const label = `Entry #${entry.index} included in the latest checkpoint (inclusion proof)`;
  const key = 'inclusion';
  if (entry.index >= latest.treeSize) {
    return {
      key,
      label,
      ok: false,
      detail: `Entry #${entry.index} is newer than the latest checkpoint (tree size ${latest.treeSize}); it will be in the next one.`,
    };
  }
  const proof = await fetchInclusionProof(entry.id);
  const ok =
    proof.entry.hash === entry.hash &&
    proof.leafIndex === entry.index &&
    sameCheckpoint(proof.checkpoint, latest) &&
    (await verifyInclusion(
      await leafHash(entry.hash),
      entry.index,
      latest.treeSize,
      proof.auditPath,
      latest.rootHash,
    ));
  return ok
    ? {
        key,
        label,
        ok: true,
        detail: `Hash ${shortHash(entry.hash)} at leaf ${entry.index} of ${latest.treeSize}, ${plural(proof.auditPath.length, 'step')} to root ${shortHash(latest.rootHash)}.`,
      }
    : {
        key,
        label,
        ok: false,
        detail: `The proof does not lead from entry #${entry.index} to root ${shortHash(latest.rootHash)}.`,
      };
}

/** The whole-ledger checks, in the order the page lists them. */
export async function verifyLedger(download: LedgerDownload): Promise<CheckResult[]> {
  const latest = download.checkpoints.at(-1);
  const results = [await checkSignatures(download), await checkChain(download.entries)];
  if (!latest) {
    results.push({
      key: 'root',
      label: 'Latest checkpoint’s root recomputed from the entries',
      ok: false,
      detail: 'No checkpoint has been signed yet, so there is no root to compare.',
    });
    return results;
  }
  results.push(await checkLatestRoot(download.entries, latest));
  results.push(await checkConsistency(download.checkpoints));
  return results;
}
