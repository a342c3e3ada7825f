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
  const hex = keystream(seed, from, count).toString('hex');
  const blocks: string[] = [];
  for (let block = 0; block < count; block++) blocks.push(hex.slice(block * 32, block * 32 + 32));
  return blocks;
}

/**
 * Blocks 0 to `count - 1` as the replay uses them: the first 32 bits of each (big-endian, signed), the
 * part a step's generator is seeded with (`tiles.blockSeed` of the block's hex). The replay of a long
 * play never writes 3,000 blocks out as text.
 */
export function keystreamSeeds(seed: string, count: number): Int32Array {
  const bytes = keystream(seed, 0, count);
  const seeds = new Int32Array(count);
  for (let block = 0; block < count; block++) seeds[block] = bytes.readInt32BE(block * BLOCK_BYTES);
  return seeds;
}

function keystream(seed: string, from: number, count: number): Buffer {
  const counter = Buffer.alloc(BLOCK_BYTES);
  counter.writeUInt32BE(from, BLOCK_BYTES - 4);
  return createCipheriv('aes-128-ctr', keyOf(seed), counter).update(Buffer.alloc(count * BLOCK_BYTES));
}

/** The seed's 16 bytes; a seed not written so (none the server draws) is hashed down to 16 bytes. */
function keyOf(seed: string): Buffer {
  if (/^[0-9a-f]{32}$/.test(seed)) return Buffer.from(seed, 'hex');
  return createHash('sha256').update(seed).digest().subarray(0, BLOCK_BYTES);
}
