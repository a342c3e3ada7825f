import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { auditPath, consistencyProof, merkleRoot } from '@arena/contracts/ledger';
import {
  answerFrom,
  appendLeaf,
  frontierKeys,
  subtreesNeeded,
  type FrontierNode,
  type SubtreeLookup,
  type TreeQuestion,
} from './ledger-tree';

/**
 * RFC 6962's test vectors as transparency-dev/merkle publishes them, kept beside the checkout (never in this
 * repository): `../shared/data/conformance/rfc6962-vectors.json`, whose own `source` names the files.
 */
const VECTORS_PATH = resolve(__dirname, '../../../shared/data/conformance/rfc6962-vectors.json');

interface Vectors {
  leafHashes: string[];
  rootHashesBySize: string[];
  inclusionProofs: Array<{ leafIndex: number; treeSize: number; proof: string[] }>;
  consistencyProofs: Array<{ size1: number; size2: number; proof: string[] }>;
}

/** A tree grown the way the projector grows it: leaves appended one by one, completed subtrees stored. */
function grow(leaves: readonly Buffer[]): { lookup: SubtreeLookup; frontier: FrontierNode[] } {
  const stored = new Map<string, Buffer>();
  const frontier: FrontierNode[] = [];
  leaves.forEach((leaf, index) => {
    stored.set(`0:${index}`, leaf);
    for (const node of appendLeaf(frontier, index, leaf))
      stored.set(`${node.level}:${node.index}`, node.hash);
  });
  return {
    frontier,
    lookup: (level, index) => {
      const hash = stored.get(`${level}:${index}`);
      if (!hash) throw new RangeError(`not stored: ${level}:${index}`);
      return hash;
    },
  };
}

const hex = (hashes: Buffer[]) => hashes.map((hash) => hash.toString('hex'));
const fakeLeaves = (n: number) =>
  Array.from({ length: n }, (_, i) => createHash('sha256').update(`leaf ${i}`).digest());

describe('the stored Merkle tree', () => {
  describe("against RFC 6962's test vectors (transparency-dev/merkle)", () => {
    const vectors: Vectors | undefined = existsSync(VECTORS_PATH)
      ? (JSON.parse(readFileSync(VECTORS_PATH, 'utf8')) as Vectors)
      : undefined;
    if (!vectors) {
      it('needs the shared conformance data beside the checkout', () => {
        throw new Error(`Missing ${VECTORS_PATH}: put ../shared/data/conformance/ beside the checkout.`);
      });
      return;
    }
    const { lookup } = grow(vectors.leafHashes.map((leaf) => Buffer.from(leaf, 'hex')));

    it('gives every published root, the empty tree included', () => {
      const roots = vectors.rootHashesBySize.map(
        (_, treeSize) => hex(answerFrom(lookup, { kind: 'root', treeSize }))[0],
      );
      expect(roots).toEqual(vectors.rootHashesBySize);
    });

    it('gives every published inclusion and consistency proof', () => {
      for (const { leafIndex, treeSize, proof } of vectors.inclusionProofs)
        expect(hex(answerFrom(lookup, { kind: 'inclusion', index: leafIndex, treeSize }))).toEqual(proof);
      for (const { size1, size2, proof } of vectors.consistencyProofs)
        expect(hex(answerFrom(lookup, { kind: 'consistency', fromSize: size1, toSize: size2 }))).toEqual(
          proof,
        );
    });
  });

  it('agrees with the verifier-side tree on every root and proof of every size up to 33', async () => {
    const leaves = fakeLeaves(33);
    const { lookup } = grow(leaves);
    const leafHex = hex(leaves);
    for (let size = 0; size <= 33; size += 1) {
      const prefix = leafHex.slice(0, size);
      expect(hex(answerFrom(lookup, { kind: 'root', treeSize: size }))).toEqual([await merkleRoot(prefix)]);
      for (let index = 0; index < size; index += 1)
        expect(hex(answerFrom(lookup, { kind: 'inclusion', index, treeSize: size }))).toEqual(
          await auditPath(index, prefix),
        );
      for (let from = 0; from <= size; from += 1)
        expect(hex(answerFrom(lookup, { kind: 'consistency', fromSize: from, toSize: size }))).toEqual(
          await consistencyProof(from, prefix),
        );
    }
  });

  it('keeps as its right edge exactly the subtrees the size decomposes into', () => {
    for (const size of [1, 2, 3, 7, 8, 13, 64, 70]) {
      const { frontier } = grow(fakeLeaves(size));
      expect(frontier.map(({ level, index }) => ({ level, index }))).toEqual(frontierKeys(size));
      expect(frontier.reduce((sum, node) => sum + 2 ** node.level, 0)).toBe(size);
    }
  });

  it('needs O(log n) stored subtrees for any question, even at ten million entries', () => {
    const n = 10_000_000;
    const questions: TreeQuestion[] = [
      { kind: 'root', treeSize: n },
      { kind: 'inclusion', index: 0, treeSize: n },
      { kind: 'inclusion', index: n - 1, treeSize: n },
      { kind: 'inclusion', index: 4_321_987, treeSize: n },
      { kind: 'consistency', fromSize: 9_999_999, toSize: n },
      { kind: 'consistency', fromSize: 1, toSize: n },
    ];
    for (const question of questions) expect(subtreesNeeded(question).length).toBeLessThanOrEqual(2 * 24);
  });

  it('refuses questions outside the tree', () => {
    const { lookup } = grow(fakeLeaves(4));
    expect(() => answerFrom(lookup, { kind: 'inclusion', index: 4, treeSize: 4 })).toThrow(RangeError);
    expect(() => answerFrom(lookup, { kind: 'inclusion', index: -1, treeSize: 4 })).toThrow(RangeError);
    expect(() => answerFrom(lookup, { kind: 'consistency', fromSize: 5, toSize: 4 })).toThrow(RangeError);
    expect(() => answerFrom(lookup, { kind: 'root', treeSize: 5 })).toThrow(/not stored/);
  });
});
