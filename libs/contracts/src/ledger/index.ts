/**
 * The ledger verifier (issue 12, docs/ledger.md): pure, Web Crypto only (no zod, no node imports), so the
 * browser's /ledger page, `npm run ledger:verify` and the server run the same code.
 *
 * Exports:
 * - canonicalJson(value): RFC 8785 canonical JSON of strings, finite numbers, booleans, null, arrays, plain objects
 * - entryHash(entry), GENESIS_HASH, verifyChain(entries, {startIndex, prevHash}) → ChainProblem[]
 * - leafHash(entryHash), nodeHash(l, r), emptyRoot(), merkleRoot(leafHashes): RFC 6962 tree
 * - auditPath(index, leafHashes), consistencyProof(size, leafHashes): proof builders over a list of leaves
 * - emptyFrontier(), appendToFrontier(frontier, leaf), frontierRoot(frontier), isFrontier(frontier): a tree's right
 *   edge, what an auditor remembers of a checked tree to check its extension from the new entries only
 * - verifyInclusion(leaf, index, treeSize, path, root), verifyConsistency(fromSize, toSize, fromRoot, toRoot, proof)
 * - checkpointMessage(cp), checkpointMessageBytes(cp), keyIdOf(rawKey), verifyCheckpointSignature(cp, key)
 * - verifyLedger({entries, checkpoints, publicKey, consistencyProofs}) → {ok, checks[]}: the whole check
 * - toHex, fromHex, toBase64Url, fromBase64Url, utf8, sha256: byte helpers
 * All hashes are lowercase hex strings; keys and signatures base64url.
 */
export * from './bytes';
export * from './canonical-json';
export * from './entries';
export * from './merkle';
export * from './checkpoint';
export * from './verify-ledger';
