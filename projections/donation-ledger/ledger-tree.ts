import { createHash } from 'node:crypto';

/**
 * The ledger's RFC 6962 Merkle tree assembled from stored perfect subtrees (issue 22), as transparency logs
 * do: a perfect subtree is the hash of 2^level leaves starting at `index << level`; once its last leaf is
 * appended it never changes, so the projector stores it and every root, audit path and consistency proof is
 * built from O(log n) of them plus the few right-edge nodes hashed here. `libs/contracts/src/ledger/merkle.ts`
 * is the same tree over a list of leaves (what the browser and `ledger:verify` check with); the two agree on
 * RFC 6962's test vectors and on every size up to 33 (ledger-tree.spec.ts).
 *
 * Each builder runs twice over the same recursion: first to learn which stored subtrees it needs (fetched in one
 * or two indexed queries), then to hash them. Hashes are 32-byte Buffers here, hex at the edges.
 */

export interface SubtreeKey {
  level: number;
  index: number;
}

/** Where stored subtree hashes come from: level 0 is the leaf hashes, higher levels the stored nodes. */
export type SubtreeLookup = (level: number, index: number) => Buffer;

const LEAF_PREFIX = Buffer.from([0]);
const NODE_PREFIX = Buffer.from([1]);

export function sha256(...parts: Buffer[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** SHA-256(0x00 ‖ entry hash). */
export const leafHashOf = (entryHash: Buffer): Buffer => sha256(LEAF_PREFIX, entryHash);
/** SHA-256(0x01 ‖ left ‖ right). */
export const nodeHashOf = (left: Buffer, right: Buffer): Buffer => sha256(NODE_PREFIX, left, right);
const EMPTY_ROOT = sha256();

const isPowerOfTwo = (n: number) => n > 0 && (n & (n - 1)) === 0;

/** The largest power of two smaller than n (n ≥ 2). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

interface Hashing {
  stored: SubtreeLookup;
  node(left: Buffer, right: Buffer): Buffer;
}

/**
 * MTH(D[start:end]). Within RFC 6962's recursion every left part is a perfect subtree aligned to its size, so it
 * is stored; only the right edge is hashed here.
 */
function rangeHash(h: Hashing, start: number, end: number): Buffer {
  const size = end - start;
  if (isPowerOfTwo(size) && start % size === 0) return h.stored(Math.log2(size), start / size);
  const k = splitPoint(size);
  return h.node(rangeHash(h, start, start + k), rangeHash(h, start + k, end));
}

function rootOf(h: Hashing, treeSize: number): Buffer {
  return treeSize === 0 ? EMPTY_ROOT : rangeHash(h, 0, treeSize);
}

/** PATH(m, D[start:end]), nearest sibling first. */
function pathOf(h: Hashing, m: number, start: number, end: number): Buffer[] {
  if (end - start === 1) return [];
  const k = splitPoint(end - start);
  if (m - start < k) return [...pathOf(h, m, start, start + k), rangeHash(h, start + k, end)];
  return [...pathOf(h, m, start + k, end), rangeHash(h, start, start + k)];
}

/** SUBPROOF(m, D[start:end], whole). */
function subproofOf(h: Hashing, m: number, start: number, end: number, whole: boolean): Buffer[] {
  if (m === end - start) return whole ? [] : [rangeHash(h, start, end)];
  const k = splitPoint(end - start);
  if (m <= k) return [...subproofOf(h, m, start, start + k, whole), rangeHash(h, start + k, end)];
  return [...subproofOf(h, m - k, start + k, end, false), rangeHash(h, start, start + k)];
}

/** A proof or root to build: what the tree has to answer, independent of where its hashes come from. */
export type TreeQuestion =
  | { kind: 'root'; treeSize: number }
  | { kind: 'inclusion'; index: number; treeSize: number }
  | { kind: 'consistency'; fromSize: number; toSize: number };

function answer(h: Hashing, question: TreeQuestion): Buffer[] {
  switch (question.kind) {
    case 'root':
      return [rootOf(h, question.treeSize)];
    case 'inclusion':
      if (!Number.isInteger(question.index) || question.index < 0 || question.index >= question.treeSize)
        throw new RangeError(`No leaf ${question.index} in a tree of ${question.treeSize}`);
      return pathOf(h, question.index, 0, question.treeSize);
    case 'consistency': {
      const { fromSize, toSize } = question;
      if (!Number.isInteger(fromSize) || fromSize < 0 || fromSize > toSize)
        throw new RangeError(`No tree of ${fromSize} in a tree of ${toSize}`);
      if (fromSize === 0 || fromSize === toSize) return [];
      return subproofOf(h, fromSize, 0, toSize, true);
    }
  }
}

const NOTHING = Buffer.alloc(0);

/** The stored subtrees a question needs (at most about 2·log2(n) of them), without hashing anything. */
export function subtreesNeeded(question: TreeQuestion): SubtreeKey[] {
  const keys = new Map<string, SubtreeKey>();
  answer(
    {
      stored: (level, index) => {
        keys.set(`${level}:${index}`, { level, index });
        return NOTHING;
      },
      node: () => NOTHING,
    },
    question,
  );
  return [...keys.values()];
}

/** The question's hashes (a root, an audit path or a consistency proof), from the stored subtrees it needs. */
export function answerFrom(stored: SubtreeLookup, question: TreeQuestion): Buffer[] {
  return answer({ stored, node: nodeHashOf }, question);
}

/**
 * The right edge of a tree of `treeSize` leaves: the perfect subtrees its size decomposes into, largest first
 * (one per set bit of the size). Appending a leaf pushes it and merges equal neighbours, which completes
 * (and stores) exactly the subtrees that leaf finishes.
 */
export function frontierKeys(treeSize: number): SubtreeKey[] {
  const keys: SubtreeKey[] = [];
  let start = 0;
  for (let level = 52; level >= 0; level -= 1) {
    const size = 2 ** level;
    if (treeSize - start >= size) {
      keys.push({ level, index: start / size });
      start += size;
    }
  }
  return keys;
}

export interface FrontierNode extends SubtreeKey {
  hash: Buffer;
}

/**
 * Appends one leaf to a frontier (changed in place) and answers the subtrees of level ≥ 1 it completed, for
 * storing. Amortised one node hash per leaf.
 */
export function appendLeaf(frontier: FrontierNode[], leafIndex: number, leaf: Buffer): FrontierNode[] {
  const completed: FrontierNode[] = [];
  frontier.push({ level: 0, index: leafIndex, hash: leaf });
  for (;;) {
    const right = frontier[frontier.length - 1]!;
    const left = frontier[frontier.length - 2];
    if (!left || left.level !== right.level) break;
    frontier.splice(frontier.length - 2, 2);
    const merged = { level: right.level + 1, index: left.index / 2, hash: nodeHashOf(left.hash, right.hash) };
    frontier.push(merged);
    completed.push(merged);
  }
  return completed;
}
