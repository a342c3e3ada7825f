import { type Bytes, concatBytes, fromHex, sha256, toHex } from './bytes';

/**
 * The Merkle tree of RFC 6962 / RFC 9162 §2.1 over the ledger's entry hashes, both sides of it: the
 * builders the server uses (root, audit path, consistency proof) and the checks an outsider runs, so
 * they agree by construction. Hashes travel as lowercase hex; a leaf's data is the entry hash's 32 bytes.
 */

const LEAF_PREFIX = new Uint8Array([0]);
const NODE_PREFIX = new Uint8Array([1]);

/** SHA-256(0x00 ‖ entry hash bytes). */
export async function leafHash(entryHashHex: string): Promise<string> {
  return toHex(await sha256(concatBytes(LEAF_PREFIX, fromHex(entryHashHex))));
}

/** SHA-256(0x01 ‖ left ‖ right). */
export async function nodeHash(leftHex: string, rightHex: string): Promise<string> {
  return toHex(await sha256(concatBytes(NODE_PREFIX, fromHex(leftHex), fromHex(rightHex))));
}

/** The root of the empty tree: SHA-256 of nothing. */
export async function emptyRoot(): Promise<string> {
  return toHex(await sha256(new Uint8Array(0) as Bytes));
}

/** The largest power of two smaller than n (n ≥ 2). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH(D[n]) over leaf hashes (already prefixed with 0x00). */
export async function merkleRoot(leafHashes: readonly string[]): Promise<string> {
  if (leafHashes.length === 0) return emptyRoot();
  if (leafHashes.length === 1) return leafHashes[0]!;
  const k = splitPoint(leafHashes.length);
  return nodeHash(await merkleRoot(leafHashes.slice(0, k)), await merkleRoot(leafHashes.slice(k)));
}

/** PATH(m, D[n]): the audit path of leaf `index`, nearest sibling first. */
export async function auditPath(index: number, leafHashes: readonly string[]): Promise<string[]> {
  const n = leafHashes.length;
  if (!Number.isInteger(index) || index < 0 || index >= n)
    throw new RangeError(`No leaf ${index} in a tree of ${n}`);
  if (n === 1) return [];
  const k = splitPoint(n);
  if (index < k)
    return [...(await auditPath(index, leafHashes.slice(0, k))), await merkleRoot(leafHashes.slice(k))];
  return [...(await auditPath(index - k, leafHashes.slice(k))), await merkleRoot(leafHashes.slice(0, k))];
}

/** PROOF(m, D[n]): that the tree of the first `size` leaves is a prefix of the tree of all of them. */
export async function consistencyProof(size: number, leafHashes: readonly string[]): Promise<string[]> {
  const n = leafHashes.length;
  if (!Number.isInteger(size) || size < 0 || size > n)
    throw new RangeError(`No tree of ${size} in a tree of ${n}`);
  if (size === 0 || size === n) return [];
  return subproof(size, leafHashes, true);
}

async function subproof(m: number, leaves: readonly string[], whole: boolean): Promise<string[]> {
  const n = leaves.length;
  if (m === n) return whole ? [] : [await merkleRoot(leaves)];
  const k = splitPoint(n);
  if (m <= k) return [...(await subproof(m, leaves.slice(0, k), whole)), await merkleRoot(leaves.slice(k))];
  return [...(await subproof(m - k, leaves.slice(k), false)), await merkleRoot(leaves.slice(0, k))];
}

const isOdd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);

function isPowerOfTwo(n: number): boolean {
  let k = 1;
  while (k < n) k *= 2;
  return k === n;
}

/** A SHA-256 hash as the ledger writes it: 64 lowercase hex characters. */
const isHash = (hex: string) => /^[0-9a-f]{64}$/.test(hex);

/**
 * RFC 9162 §2.1.3.2: does `auditPath` lead from the leaf at `index` to `rootHex` in a tree of `treeSize`? A leaf
 * or a path hash that is not 32 bytes is refused before any hashing.
 */
export async function verifyInclusion(
  leafHex: string,
  index: number,
  treeSize: number,
  path: readonly string[],
  rootHex: string,
): Promise<boolean> {
  if (!Number.isInteger(index) || !Number.isInteger(treeSize) || index < 0 || index >= treeSize) return false;
  if (!isHash(leafHex) || !path.every(isHash)) return false;
  let fn = index;
  let sn = treeSize - 1;
  let r = leafHex;
  for (const p of path) {
    if (sn === 0) return false;
    if (isOdd(fn) || fn === sn) {
      r = await nodeHash(p, r);
      while (!isOdd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      r = await nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && r === rootHex;
}

/**
 * RFC 9162 §2.1.4.2: is the tree of `toSize` with root `toRoot` an append-only extension of the tree of
 * `fromSize` with root `fromRoot`? Equal sizes need an empty proof and equal roots. A proof from the empty tree
 * proves nothing and is refused, as transparency-dev/merkle's verifier refuses it; so is a proof hash that is
 * not 32 bytes.
 */
export async function verifyConsistency(
  fromSize: number,
  toSize: number,
  fromRoot: string,
  toRoot: string,
  proof: readonly string[],
): Promise<boolean> {
  if (!Number.isInteger(fromSize) || !Number.isInteger(toSize) || fromSize < 1 || fromSize > toSize)
    return false;
  if (fromSize === toSize) return proof.length === 0 && fromRoot === toRoot;
  if (proof.length === 0 || !proof.every(isHash)) return false;
  const path = isPowerOfTwo(fromSize) ? [fromRoot, ...proof] : [...proof];
  let fn = fromSize - 1;
  let sn = toSize - 1;
  while (isOdd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (isOdd(fn) || fn === sn) {
      fr = await nodeHash(c, fr);
      sr = await nodeHash(c, sr);
      while (!isOdd(fn) && fn !== 0) {
        fn = half(fn);
        sn = half(sn);
      }
    } else {
      sr = await nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return fr === fromRoot && sr === toRoot && sn === 0;
}

/**
 * The right edge of a tree (a "compact range" from its first leaf): one hash per set bit of its size, largest
 * subtree first. It is all an auditor needs to remember of a tree it checked to extend it later: appending leaves
 * to it gives the larger tree's root without the earlier leaves, so a verifier that trusted a checkpoint of size
 * m checks the checkpoint of size n from the n − m new entries only (and `--full` walks every leaf once, O(n)).
 */
export interface MerkleFrontier {
  size: number;
  hashes: string[];
}

export const emptyFrontier = (): MerkleFrontier => ({ size: 0, hashes: [] });

/** A frontier with `leafHex` appended (the argument is left unchanged). */
export async function appendToFrontier(frontier: MerkleFrontier, leafHex: string): Promise<MerkleFrontier> {
  const hashes = [...frontier.hashes];
  let merged = leafHex;
  // Each trailing 1 bit of the size is a subtree of the new leaf's level waiting for its right half.
  for (let size = frontier.size; size % 2 === 1; size = Math.floor(size / 2)) {
    merged = await nodeHash(hashes.pop()!, merged);
  }
  hashes.push(merged);
  return { size: frontier.size + 1, hashes };
}

/** MTH of the tree a frontier describes: its subtrees folded from the right. */
export async function frontierRoot(frontier: MerkleFrontier): Promise<string> {
  if (frontier.hashes.length === 0) return emptyRoot();
  let root = frontier.hashes[frontier.hashes.length - 1]!;
  for (let i = frontier.hashes.length - 2; i >= 0; i -= 1) root = await nodeHash(frontier.hashes[i]!, root);
  return root;
}

/** Whether a remembered frontier is well formed: as many 32-byte hashes as its size has set bits. */
export function isFrontier(frontier: MerkleFrontier): boolean {
  if (!Number.isSafeInteger(frontier.size) || frontier.size < 0) return false;
  let bits = 0;
  for (let size = frontier.size; size > 0; size = Math.floor(size / 2)) bits += size % 2;
  return frontier.hashes.length === bits && frontier.hashes.every(isHash);
}
