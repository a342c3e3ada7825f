import { createCipheriv, createHash } from 'node:crypto';

/** The bytes of one block: one step's randomness. */
const BLOCK_BYTES = 16;

/**
 * Blocks `from` to `from + count - 1` of a play's keystream, each as 32 hex digits (docs/fair-play.md):
 * AES-128-CTR under the play's key, the counter starting at 0, so block `k` is the cipher of the counter
 * `k`. The key is the play's seed (16 random bytes, hex) and never leaves the server; nobody who has not
 * got it can tell block `k + 1` from blocks 0 to `k`. One cipher call makes all the blocks a replay
 * needs (a 3,000-move play: 48 KB, tens of µs).
 */
export function keystreamBlocks(seed: string, from: number, count: number): string[] {
  const counter = Buffer.alloc(BLOCK_BYTES);
  counter.writeUInt32BE(from, BLOCK_BYTES - 4);
  const cipher = createCipheriv('aes-128-ctr', keyOf(seed), counter);
  const hex = cipher.update(Buffer.alloc(count * BLOCK_BYTES)).toString('hex');
  const blocks: string[] = [];
  for (let block = 0; block < count; block++) blocks.push(hex.slice(block * 32, block * 32 + 32));
  return blocks;
}

/** The seed's 16 bytes; a seed not written so (none the server draws) is hashed down to 16 bytes. */
function keyOf(seed: string): Buffer {
  if (/^[0-9a-f]{32}$/.test(seed)) return Buffer.from(seed, 'hex');
  return createHash('sha256').update(seed).digest().subarray(0, BLOCK_BYTES);
}
