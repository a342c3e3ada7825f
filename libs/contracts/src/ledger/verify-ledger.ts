import type { LedgerCheckpoint, LedgerConsistencyProof, LedgerEntry } from '../ledger.contract';
import { verifyCheckpointSignature } from './checkpoint';
import { GENESIS_HASH, verifyChain } from './entries';
import {
  appendToFrontier,
  emptyFrontier,
  frontierRoot,
  isFrontier,
  leafHash,
  verifyConsistency,
  type MerkleFrontier,
} from './merkle';

export interface LedgerCheck {
  /** What was checked, in plain words. */
  name: string;
  ok: boolean;
  detail: string;
}

export interface LedgerVerification {
  ok: boolean;
  checks: LedgerCheck[];
}

export interface LedgerDownload {
  /** Every entry from index 0, in order. */
  entries: readonly LedgerEntry[];
  /** Every checkpoint, any order. */
  checkpoints: readonly LedgerCheckpoint[];
  /** The raw Ed25519 public key, base64url (GET /api/ledger/public-key). */
  publicKey: string;
  /** The server's consistency proofs between consecutive checkpoints, when fetched. */
  consistencyProofs?: readonly LedgerConsistencyProof[];
}

/**
 * Everything an outsider can check with the whole ledger in hand: the chain, every checkpoint's
 * signature, every checkpoint's root recomputed from the entries it covers, and the server's
 * consistency proofs against the signed roots. `ok` only when every check passed.
 */
export async function verifyLedger(download: LedgerDownload): Promise<LedgerVerification> {
  const { entries, publicKey } = download;
  const checkpoints = [...download.checkpoints].sort((a, b) => a.treeSize - b.treeSize);
  const checks: LedgerCheck[] = [];

  const problems = await verifyChain(entries);
  checks.push({
    name: `hash chain of ${entries.length} entries`,
    ok: problems.length === 0,
    detail:
      problems.length === 0
        ? 'every entry hashes to its stored hash and names the previous hash'
        : problems.map((p) => `entry ${p.index}: ${p.reason}`).join('; '),
  });

  // Every checkpoint's root from one walk over the leaves: O(n) hashes for the whole audit.
  const rootsAt = new Map<number, string>();
  const wanted = new Set(checkpoints.map((checkpoint) => checkpoint.treeSize));
  let frontier = emptyFrontier();
  if (wanted.has(0)) rootsAt.set(0, await frontierRoot(frontier));
  for (const entry of entries) {
    frontier = await appendToFrontier(frontier, await leafHash(entry.hash));
    if (wanted.has(frontier.size)) rootsAt.set(frontier.size, await frontierRoot(frontier));
  }
  for (const checkpoint of checkpoints) {
    const label = `checkpoint of ${checkpoint.treeSize} entries (${checkpoint.timestamp})`;
    const signed = await verifyCheckpointSignature(checkpoint, publicKey);
    checks.push({
      name: `${label}: signature`,
      ok: signed,
      detail: signed
        ? `Ed25519 signature valid for key ${checkpoint.keyId}`
        : 'signature does not verify with the public key',
    });
    if (checkpoint.treeSize > entries.length) {
      checks.push({
        name: `${label}: root`,
        ok: false,
        detail: `covers ${checkpoint.treeSize} entries but only ${entries.length} were given`,
      });
      continue;
    }
    const root = rootsAt.get(checkpoint.treeSize)!;
    checks.push({
      name: `${label}: root`,
      ok: root === checkpoint.rootHash,
      detail:
        root === checkpoint.rootHash
          ? `recomputed ${root}`
          : `recomputed ${root}, signed ${checkpoint.rootHash}`,
    });
  }

  for (const proof of download.consistencyProofs ?? []) {
    const label = `consistency ${proof.from.treeSize} → ${proof.to.treeSize}`;
    const isSigned = (c: LedgerCheckpoint) =>
      checkpoints.some((s) => s.treeSize === c.treeSize && s.rootHash === c.rootHash);
    const consistent =
      isSigned(proof.from) &&
      isSigned(proof.to) &&
      (await verifyConsistency(
        proof.from.treeSize,
        proof.to.treeSize,
        proof.from.rootHash,
        proof.to.rootHash,
        proof.proof,
      ));
    checks.push({
      name: label,
      ok: consistent,
      detail: consistent
        ? 'the later tree extends the earlier one (RFC 9162 §2.1.4.2)'
        : 'the proof does not connect the two signed roots',
    });
  }

  return { ok: checks.every((check) => check.ok), checks };
}

/**
 * What an auditor keeps of a ledger it checked, to check only what was added next time: the checkpoint it
 * trusted, the right edge of that tree, the last entry's hash, and the key it pinned.
 */
export interface TrustedLedger {
  checkpoint: LedgerCheckpoint;
  frontier: MerkleFrontier;
  lastEntryHash: string;
  /** The pinned Ed25519 public key, raw, base64url; a checkpoint signed by any other key fails. */
  publicKey: string;
}

export interface LedgerExtension {
  /** The newest signed checkpoint. */
  checkpoint: LedgerCheckpoint;
  /** The server's consistency proof from the trusted checkpoint's size to the newest's (none when equal). */
  consistency?: LedgerConsistencyProof;
  /** The entries after the trusted tree, up to the newest checkpoint's size, in order. */
  entries: readonly LedgerEntry[];
}

/**
 * Light verification (issue 22): from a trusted checkpoint to the newest one, by the consistency proof and the
 * new entries only: the newest checkpoint is signed by the pinned key, the proof connects the two signed roots,
 * the new entries chain on from the last trusted entry, and appending their leaves to the trusted frontier gives
 * the newest root. O(new entries + log n). `trusted` is the state to keep when `ok`.
 */
export async function verifyLedgerExtension(
  from: TrustedLedger,
  to: LedgerExtension,
): Promise<LedgerVerification & { trusted: TrustedLedger }> {
  const checks: LedgerCheck[] = [];
  const start = from.checkpoint.treeSize;
  const { checkpoint } = to;
  const label = `checkpoint of ${checkpoint.treeSize} entries (${checkpoint.timestamp})`;

  const wellFormed = isFrontier(from.frontier) && from.frontier.size === start;
  checks.push({
    name: `trusted tree of ${start} entries`,
    ok: wellFormed && (await frontierRoot(from.frontier)) === from.checkpoint.rootHash,
    detail: wellFormed
      ? 'the remembered right edge gives the trusted root'
      : 'the remembered state is damaged',
  });

  const signed = await verifyCheckpointSignature(checkpoint, from.publicKey);
  checks.push({
    name: `${label}: signature`,
    ok: signed,
    detail: signed
      ? `Ed25519 signature valid for the pinned key ${checkpoint.keyId}`
      : `not signed by the pinned key (it names key ${checkpoint.keyId}); check a new key out of band before pinning it`,
  });

  const grows = checkpoint.treeSize >= start;
  if (checkpoint.treeSize > start) {
    const proof = to.consistency;
    const consistent =
      proof !== undefined &&
      proof.from.treeSize === start &&
      proof.from.rootHash === from.checkpoint.rootHash &&
      proof.to.treeSize === checkpoint.treeSize &&
      proof.to.rootHash === checkpoint.rootHash &&
      (await verifyConsistency(
        start,
        checkpoint.treeSize,
        from.checkpoint.rootHash,
        checkpoint.rootHash,
        proof.proof,
      ));
    checks.push({
      name: `consistency ${start} → ${checkpoint.treeSize}`,
      ok: consistent,
      detail: consistent
        ? 'the newest tree extends the trusted one (RFC 9162 §2.1.4.2)'
        : 'the proof does not connect the trusted root to the newest signed root',
    });
  } else {
    checks.push({
      name: `newest checkpoint ${checkpoint.treeSize} vs trusted ${start}`,
      ok: grows && checkpoint.rootHash === from.checkpoint.rootHash,
      detail: grows
        ? 'nothing was added since the trusted checkpoint'
        : 'the ledger shrank: it was rewritten',
    });
  }

  const problems = await verifyChain(to.entries, { startIndex: start, prevHash: from.lastEntryHash });
  const complete = to.entries.length === Math.max(0, checkpoint.treeSize - start);
  checks.push({
    name: `hash chain of ${to.entries.length} new entries`,
    ok: problems.length === 0 && complete,
    detail: !complete
      ? `expected ${checkpoint.treeSize - start} new entries, got ${to.entries.length}`
      : problems.length === 0
        ? 'each new entry hashes to its stored hash and names the previous hash'
        : problems.map((p) => `entry ${p.index}: ${p.reason}`).join('; '),
  });

  let frontier = from.frontier;
  for (const entry of to.entries) frontier = await appendToFrontier(frontier, await leafHash(entry.hash));
  const root = await frontierRoot(frontier);
  checks.push({
    name: `${label}: root`,
    ok: root === checkpoint.rootHash,
    detail:
      root === checkpoint.rootHash
        ? `the trusted tree plus the new entries gives ${root}`
        : `the trusted tree plus the new entries gives ${root}, signed ${checkpoint.rootHash}`,
  });

  const ok = checks.every((check) => check.ok);
  const trusted: TrustedLedger = ok
    ? {
        checkpoint,
        frontier,
        lastEntryHash: to.entries.at(-1)?.hash ?? from.lastEntryHash,
        publicKey: from.publicKey,
      }
    : from;
  return { ok, checks, trusted };
}

/** The state to keep after a full audit that passed: the newest checkpoint's tree. */
export async function trustedAfterFullAudit(
  entries: readonly LedgerEntry[],
  checkpoint: LedgerCheckpoint,
  publicKey: string,
): Promise<TrustedLedger> {
  let frontier = emptyFrontier();
  for (const entry of entries.slice(0, checkpoint.treeSize))
    frontier = await appendToFrontier(frontier, await leafHash(entry.hash));
  return {
    checkpoint,
    frontier,
    lastEntryHash: entries[checkpoint.treeSize - 1]?.hash ?? GENESIS_HASH,
    publicKey,
  };
}
