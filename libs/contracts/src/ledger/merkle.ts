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

/** RFC 9162 §2.1.3.2: does `auditPath` lead from the leaf at `index` to `rootHex` in a tree of `treeSize`? */
export async function verifyInclusion(
  leafHex: string,
  index: number,
  treeSize: number,
  path: readonly string[],
  rootHex: string,
): Promise<boolean> {
  if (!Number.isInteger(index) || !Number.isInteger(treeSize) || index < 0 || index >= treeSize) return false;
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
 * `fromSize` with root `fromRoot`? Equal sizes need an empty proof and equal roots; an empty first tree
 * is a prefix of anything.
 */
export async function verifyConsistency(
  fromSize: number,
  toSize: number,
  fromRoot: string,
  toRoot: string,
  proof: readonly string[],
): Promise<boolean> {
  if (!Number.isInteger(fromSize) || !Number.isInteger(toSize) || fromSize < 0 || fromSize > toSize)
    return false;
  if (fromSize === toSize) return proof.length === 0 && fromRoot === toRoot;
  if (fromSize === 0) return proof.length === 0;
  if (proof.length === 0) return false;
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
