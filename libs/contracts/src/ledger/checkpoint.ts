import type { LedgerCheckpoint } from '../ledger.contract';
import { type Bytes, fromBase64Url, sha256, toHex, utf8 } from './bytes';
import { canonicalJson } from './canonical-json';

/** What a checkpoint's Ed25519 signature covers: the canonical JSON of everything but the signature. */
export function checkpointMessage(checkpoint: Omit<LedgerCheckpoint, 'signature'>): string {
  return canonicalJson({
    treeSize: checkpoint.treeSize,
    rootHash: checkpoint.rootHash,
    timestamp: checkpoint.timestamp,
    keyId: checkpoint.keyId,
  });
}

/** The UTF-8 bytes that are signed. */
export function checkpointMessageBytes(checkpoint: Omit<LedgerCheckpoint, 'signature'>): Bytes {
  return utf8(checkpointMessage(checkpoint));
}

/** A key's id: the first 16 hex digits of SHA-256 of the raw 32-byte public key. */
export async function keyIdOf(rawPublicKey: Bytes): Promise<string> {
  return toHex(await sha256(rawPublicKey)).slice(0, 16);
}

/**
 * Is the checkpoint signed by this key (raw 32 bytes, or base64url as GET /api/ledger/public-key gives
 * it)? False, never an exception, for a malformed signature or a key id that is not this key's.
 */
export async function verifyCheckpointSignature(
  checkpoint: LedgerCheckpoint,
  publicKey: Bytes | string,
): Promise<boolean> {
  try {
    const raw = typeof publicKey === 'string' ? fromBase64Url(publicKey) : publicKey;
    if (raw.length !== 32 || checkpoint.keyId !== (await keyIdOf(raw))) return false;
    const signature = fromBase64Url(checkpoint.signature);
    if (signature.length !== 64) return false;
    const key = await globalThis.crypto.subtle.importKey('raw', raw, { name: 'Ed25519' }, false, ['verify']);
    return await globalThis.crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      signature,
      checkpointMessageBytes(checkpoint),
    );
  } catch {
    return false;
  }
}
