import type { LedgerCheckpoint, LedgerEntry, LedgerInclusionProof, LedgerKeys } from '@arena/contracts';
import { verifyCheckpointSignature } from '@arena/contracts/ledger/checkpoint';
import { entryHash } from '@arena/contracts/ledger/entries';
import { leafHash, verifyInclusion } from '@arena/contracts/ledger/merkle';
import { shortHash } from '../ledger/verify-ledger';

/**
 * The receipt page's check of one of its donation's ledger entries, in the browser with the shared verifier
 * (`@arena/contracts/ledger`, the code /ledger and `npm run ledger:verify` run): the entry is the one the
 * receipt names and records this donation, its content hashes to its hash, and the proof leads from that
 * hash's leaf to the root of a checkpoint signed by a published key. O(log n) hashes for a ledger of n entries.
 */
export type ReceiptEntryCheck =
  | {
      state: 'good';
      entry: LedgerEntry;
      checkpoint: LedgerCheckpoint;
      /** The Merkle leaf recomputed here from the entry's content (RFC 6962: SHA-256(0x00 ‖ entry hash)). */
      leafHash: string;
      auditPath: string[];
    }
  | { state: 'bad'; reason: string; proof: LedgerInclusionProof }
  | { state: 'waiting' };

type Keys = LedgerKeys['keys'];

/** What the receipt expects of each of its entries. */
export interface ReceiptEntryExpectation {
  entryId: string;
  donationId: string;
}

export async function verifyReceiptEntry(
  expected: ReceiptEntryExpectation,
  proof: LedgerInclusionProof,
  keys: Keys,
): Promise<ReceiptEntryCheck> {
  const { entry, checkpoint, leafIndex, auditPath } = proof;
  const bad = (reason: string): ReceiptEntryCheck => ({ state: 'bad', reason, proof });
  if (entry.id !== expected.entryId)
    return bad(`The proof is for entry ${entry.id}, not ${expected.entryId}.`);
  if (entry.body.donationId !== expected.donationId) {
    return bad(`Entry #${entry.index} records donation ${entry.body.donationId}, not this receipt's.`);
  }
  if ((await entryHash(entry)) !== entry.hash) {
    return bad(`Entry #${entry.index}'s content does not give its hash ${shortHash(entry.hash)}.`);
  }
  if (leafIndex !== entry.index) {
    return bad(`The proof is for leaf ${leafIndex}, but the entry is #${entry.index}.`);
  }
  const publicKey = keys.find((key) => key.keyId === checkpoint.keyId)?.publicKey ?? null;
  if (publicKey === null) {
    return bad(`The checkpoint is signed by key ${checkpoint.keyId}, which the ledger does not publish.`);
  }
  if (!(await verifyCheckpointSignature(checkpoint, publicKey))) {
    return bad(
      `The checkpoint of tree size ${checkpoint.treeSize} is not signed by key ${checkpoint.keyId}.`,
    );
  }
  const leaf = await leafHash(entry.hash);
  if (!(await verifyInclusion(leaf, leafIndex, checkpoint.treeSize, auditPath, checkpoint.rootHash))) {
    return bad(
      `The proof path does not lead from leaf ${leafIndex} to the checkpoint's root ${shortHash(checkpoint.rootHash)}.`,
    );
  }
  return { state: 'good', entry, checkpoint, leafHash: leaf, auditPath };
}
