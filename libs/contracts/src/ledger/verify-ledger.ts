import type { LedgerCheckpoint, LedgerConsistencyProof, LedgerEntry } from '../ledger.contract';
import { verifyCheckpointSignature } from './checkpoint';
import { verifyChain } from './entries';
import { leafHash, merkleRoot, verifyConsistency } from './merkle';

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

  const leaves = await Promise.all(entries.map((entry) => leafHash(entry.hash)));
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
    const root = await merkleRoot(leaves.slice(0, checkpoint.treeSize));
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
