import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  appendToFrontier,
  auditPath,
  emptyFrontier,
  frontierRoot,
  isFrontier,
  consistencyProof,
  emptyRoot,
  merkleRoot,
  nodeHash,
  verifyConsistency,
  verifyInclusion,
} from '.';

/**
 * The shared verifier (the browser's /ledger page, `npm run ledger:verify`) against RFC 6962's test vectors as
 * transparency-dev/merkle publishes them, including its probes: each good proof is accepted, each broken one
 * (garbage before or after, a flipped bit, a wrong size or index, a hash of the wrong length, a proof from the
 * empty tree) refused. The vectors stay beside the checkout, never in this repository:
 * `../shared/data/conformance/rfc6962-vectors.json`, whose `source` names the files they were taken from.
 */
const VECTORS_PATH = resolve(__dirname, '../../../../../shared/data/conformance/rfc6962-vectors.json');

interface Vectors {
  hasher: { emptyRoot: string; nodeN123N456: { left: string; right: string; hash: string } };
  leafHashes: string[];
  rootHashesBySize: string[];
  inclusionProofs: Array<{ leafIndex: number; treeSize: number; proof: string[] }>;
  consistencyProofs: Array<{ size1: number; size2: number; proof: string[] }>;
  probes: {
    inclusion: Array<{
      file: string;
      leafIdx: number;
      treeSize: number;
      root: string;
      leafHash: string;
      proof: string[];
      wantErr: boolean;
    }>;
    consistency: Array<{
      file: string;
      size1: number;
      size2: number;
      root1: string;
      root2: string;
      proof: string[];
      wantErr: boolean;
    }>;
  };
}

const vectors: Vectors | undefined = existsSync(VECTORS_PATH)
  ? (JSON.parse(readFileSync(VECTORS_PATH, 'utf8')) as Vectors)
  : undefined;

describe("the ledger verifier against RFC 6962's test vectors (transparency-dev/merkle)", () => {
  if (!vectors) {
    it('needs the shared conformance data beside the checkout', () => {
      throw new Error(`Missing ${VECTORS_PATH}: put ../shared/data/conformance/ beside the checkout.`);
    });
    return;
  }

  it('hashes the empty tree and interior nodes as the RFC does', async () => {
    expect(await emptyRoot()).toBe(vectors.hasher.emptyRoot);
    const { left, right, hash } = vectors.hasher.nodeN123N456;
    // nodeHash takes hashes; the RFC's vector hashes two short byte strings, which the hex form carries too.
    expect(await nodeHash(left, right)).toBe(hash);
  });

  it('builds every published root, inclusion proof and consistency proof', async () => {
    const { leafHashes } = vectors;
    for (let size = 0; size < vectors.rootHashesBySize.length; size += 1)
      expect(await merkleRoot(leafHashes.slice(0, size))).toBe(vectors.rootHashesBySize[size]);
    for (const { leafIndex, treeSize, proof } of vectors.inclusionProofs)
      expect(await auditPath(leafIndex, leafHashes.slice(0, treeSize))).toEqual(proof);
    for (const { size1, size2, proof } of vectors.consistencyProofs)
      expect(await consistencyProof(size1, leafHashes.slice(0, size2))).toEqual(proof);
  });

  it('gives every published root from a frontier grown leaf by leaf', async () => {
    let frontier = emptyFrontier();
    expect(await frontierRoot(frontier)).toBe(vectors.rootHashesBySize[0]);
    for (let size = 1; size < vectors.rootHashesBySize.length; size += 1) {
      frontier = await appendToFrontier(frontier, vectors.leafHashes[size - 1]!);
      expect(isFrontier(frontier)).toBe(true);
      expect(await frontierRoot(frontier)).toBe(vectors.rootHashesBySize[size]);
    }
    expect(isFrontier({ size: 3, hashes: [vectors.leafHashes[0]!] })).toBe(false);
    expect(isFrontier({ size: 1, hashes: ['ab'] })).toBe(false);
  });

  it('accepts every published proof', async () => {
    for (const { leafIndex, treeSize, proof } of vectors.inclusionProofs)
      expect(
        await verifyInclusion(
          vectors.leafHashes[leafIndex]!,
          leafIndex,
          treeSize,
          proof,
          vectors.rootHashesBySize[treeSize]!,
        ),
      ).toBe(true);
    for (const { size1, size2, proof } of vectors.consistencyProofs)
      expect(
        await verifyConsistency(
          size1,
          size2,
          vectors.rootHashesBySize[size1]!,
          vectors.rootHashesBySize[size2]!,
          proof,
        ),
      ).toBe(true);
  });

  it("answers every inclusion probe as transparency-dev's verifier does", async () => {
    const wrong = [];
    for (const probe of vectors.probes.inclusion) {
      const ok = await verifyInclusion(
        probe.leafHash,
        probe.leafIdx,
        probe.treeSize,
        probe.proof,
        probe.root,
      );
      if (ok === probe.wantErr) wrong.push(probe.file);
    }
    expect(wrong).toEqual([]);
  });

  it("answers every consistency probe as transparency-dev's verifier does, refusing proofs from the empty tree", async () => {
    const wrong = [];
    for (const probe of vectors.probes.consistency) {
      const ok = await verifyConsistency(probe.size1, probe.size2, probe.root1, probe.root2, probe.proof);
      if (ok === probe.wantErr) wrong.push(probe.file);
    }
    expect(wrong).toEqual([]);
    const root = vectors.rootHashesBySize[8]!;
    expect(await verifyConsistency(0, 8, vectors.hasher.emptyRoot, root, [])).toBe(false);
  });
});
