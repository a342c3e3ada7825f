import { createHash, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import fc from 'fast-check';
import type { LedgerCheckpoint, LedgerEntry, LedgerEntryBody } from '../ledger.contract';
import {
  GENESIS_HASH,
  auditPath,
  canonicalJson,
  checkpointMessage,
  consistencyProof,
  entryHash,
  fromBase64Url,
  keyIdOf,
  leafHash,
  merkleRoot,
  toBase64Url,
  verifyChain,
  verifyCheckpointSignature,
  verifyConsistency,
  verifyInclusion,
  verifyLedger,
} from '.';

// An independent reference, written straight from RFC 6962 §2.1 with node:crypto.
const nodeSha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
function referenceRoot(entryHashes: Buffer[]): Buffer {
  if (entryHashes.length === 0) return nodeSha();
  if (entryHashes.length === 1) return nodeSha(Buffer.from([0]), entryHashes[0]!);
  const k = 2 ** Math.floor(Math.log2(entryHashes.length - 1));
  return nodeSha(
    Buffer.from([1]),
    referenceRoot(entryHashes.slice(0, k)),
    referenceRoot(entryHashes.slice(k)),
  );
}
const fakeEntryHashes = (n: number) =>
  Array.from({ length: n }, (_, i) => nodeSha(Buffer.from(`entry ${i}`)));

function bodyOf(i: number, amountCents: number): LedgerEntryBody {
  return {
    type: 'DonationDirected',
    eventId: `event-${i}`,
    donationId: `donation-${i}`,
    amountCents,
    status: 'held',
    charityEin: '53-0196605',
    charityName: 'American Red Cross',
    directedBy: 'winner',
    receiptCode: `R-${i}`,
    providerId: null,
    at: new Date(Date.UTC(2026, 10, 23, 12, 0, i)).toISOString(),
  };
}

async function buildLedger(amounts: number[]): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (const [index, amount] of amounts.entries()) {
    const body = bodyOf(index, amount);
    const hash = await entryHash({ index, prevHash, body });
    entries.push({ index, id: body.eventId, body, prevHash, hash });
    prevHash = hash;
  }
  return entries;
}

function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = fromBase64Url(publicKey.export({ format: 'jwk' }).x!);
  return { privateKey, raw, base64: toBase64Url(raw) };
}

async function signCheckpoint(entries: LedgerEntry[], privateKey: KeyObject, raw: Uint8Array<ArrayBuffer>) {
  const unsigned = {
    treeSize: entries.length,
    rootHash: await merkleRoot(await Promise.all(entries.map((e) => leafHash(e.hash)))),
    timestamp: '2026-11-23T16:00:00.000Z',
    keyId: await keyIdOf(raw),
  };
  const signature = toBase64Url(sign(null, Buffer.from(checkpointMessage(unsigned)), privateKey));
  return { ...unsigned, signature } satisfies LedgerCheckpoint;
}

describe('canonicalJson (RFC 8785)', () => {
  it('sorts members by UTF-16 code units at every depth and writes no whitespace', () => {
    expect(
      canonicalJson({ b: [3, { z: null, a: true }], a: 'x', '\u20ac': 1, '\ud83d\ude00': 2, A: -0 }),
    ).toBe('{"A":0,"a":"x","b":[3,{"a":true,"z":null}],"\u20ac":1,"\ud83d\ude00":2}');
  });

  it('escapes strings as RFC 8785 §3.2.2.2 requires', () => {
    expect(canonicalJson('\u0000\b\t\n\f\r"\\\u001f\u007f/é')).toBe(
      '"\\u0000\\b\\t\\n\\f\\r\\"\\\\\\u001f\u007f/é"',
    );
  });

  it('refuses values that have no single canonical form', () => {
    for (const value of [undefined, NaN, Infinity, 10n, new Date(0), { a: undefined }, [() => 1]]) {
      expect(() => canonicalJson(value)).toThrow(/Canonical JSON refuses/);
    }
  });
});

describe('the Merkle tree (RFC 6962)', () => {
  it('computes the same roots as an independent node:crypto implementation, and SHA-256("") when empty', async () => {
    expect(await merkleRoot([])).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    for (let n = 0; n <= 33; n++) {
      const hashes = fakeEntryHashes(n);
      const leaves = await Promise.all(hashes.map((h) => leafHash(h.toString('hex'))));
      expect(await merkleRoot(leaves)).toBe(referenceRoot(hashes).toString('hex'));
    }
  });

  it('proves every leaf of every tree up to 20 leaves, and no proof holds for another leaf or index, or cut or padded', async () => {
    for (let n = 1; n <= 20; n++) {
      const leaves = await Promise.all(fakeEntryHashes(n).map((h) => leafHash(h.toString('hex'))));
      const root = await merkleRoot(leaves);
      for (let i = 0; i < n; i++) {
        const path = await auditPath(i, leaves);
        expect(await verifyInclusion(leaves[i]!, i, n, path, root)).toBe(true);
        expect(await verifyInclusion(leaves[(i + 1) % n]!, i, n, path, root)).toBe(n === 1);
        if (n > 1) expect(await verifyInclusion(leaves[i]!, (i + 1) % n, n, path, root)).toBe(false);
        if (path.length > 0) expect(await verifyInclusion(leaves[i]!, i, n, path.slice(1), root)).toBe(false);
        expect(await verifyInclusion(leaves[i]!, i, n, [...path, root], root)).toBe(false);
      }
    }
  });

  it('proves every prefix of every tree up to 13 leaves consistent, and refuses altered proofs or roots', async () => {
    for (let n = 1; n <= 13; n++) {
      const leaves = await Promise.all(fakeEntryHashes(n).map((h) => leafHash(h.toString('hex'))));
      const root = await merkleRoot(leaves);
      for (let m = 1; m <= n; m++) {
        const mRoot = await merkleRoot(leaves.slice(0, m));
        const proof = await consistencyProof(m, leaves);
        expect(await verifyConsistency(m, n, mRoot, root, proof)).toBe(true);
        const otherRoot = await merkleRoot([...leaves.slice(0, m - 1), leaves[n - 1 - (m - 1)]!]);
        if (otherRoot !== mRoot) expect(await verifyConsistency(m, n, otherRoot, root, proof)).toBe(false);
        for (let j = 0; j < proof.length; j++) {
          const altered = proof.map((p, k) => (k === j ? leaves[0]! : p));
          if (altered[j] !== proof[j])
            expect(await verifyConsistency(m, n, mRoot, root, altered)).toBe(false);
        }
        if (m < n) expect(await verifyConsistency(n, m, root, mRoot, proof)).toBe(false);
      }
    }
  });
});

describe('the ledger as an outsider checks it', () => {
  const { privateKey, raw, base64 } = keyPair();

  it('accepts an untouched ledger, its signed checkpoint and its consistency proof', async () => {
    const entries = await buildLedger([500, 1200, 75, 10000, 3]);
    const early = await signCheckpoint(entries.slice(0, 2), privateKey, raw);
    const latest = await signCheckpoint(entries, privateKey, raw);
    const leaves = await Promise.all(entries.map((e) => leafHash(e.hash)));
    const proof = await consistencyProof(2, leaves);
    const result = await verifyLedger({
      entries,
      checkpoints: [latest, early],
      publicKey: base64,
      consistencyProofs: [{ from: early, to: latest, proof }],
    });
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
    expect(result.checks).toHaveLength(6);
    expect(result.ok).toBe(true);
  });

  it('detects any edited, reordered or dropped entry', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 2, maxLength: 12 }),
        fc.nat(),
        fc.nat(),
        fc.constantFrom('edit', 'edit-and-rehash', 'swap', 'drop'),
        async (amounts, a, b, tamper) => {
          const entries = await buildLedger(amounts);
          const checkpoint = await signCheckpoint(entries, privateKey, raw);
          const i = a % entries.length;
          const j = (i + 1 + (b % (entries.length - 1))) % entries.length;
          const copy = entries.map((e) => ({ ...e, body: { ...e.body } }));
          if (tamper === 'edit') copy[i]!.body.amountCents += 1;
          if (tamper === 'edit-and-rehash') {
            copy[i]!.body.charityName = 'Someone Else';
            copy[i]!.hash = await entryHash(copy[i]!);
          }
          if (tamper === 'swap') [copy[i], copy[j]] = [copy[j]!, copy[i]!];
          if (tamper === 'drop') copy.splice(i, 1);
          const result = await verifyLedger({ entries: copy, checkpoints: [checkpoint], publicKey: base64 });
          expect(result.ok).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('rejects a forged or altered checkpoint, and one signed by another key', async () => {
    const entries = await buildLedger([100, 200, 300]);
    const checkpoint = await signCheckpoint(entries, privateKey, raw);
    expect(await verifyCheckpointSignature(checkpoint, base64)).toBe(true);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          treeSize: fc.nat(),
          rootHash: fc.stringMatching(/^[0-9a-f]{64}$/),
          timestamp: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        }),
        fc.constantFrom('treeSize', 'rootHash', 'timestamp') as fc.Arbitrary<
          'treeSize' | 'rootHash' | 'timestamp'
        >,
        async (forged, field) => {
          const altered = { ...checkpoint, [field]: forged[field] };
          fc.pre(altered[field] !== checkpoint[field]);
          expect(await verifyCheckpointSignature(altered, base64)).toBe(false);
        },
      ),
      { numRuns: 40 },
    );
    const other = keyPair();
    const foreign = await signCheckpoint(entries, other.privateKey, other.raw);
    expect(await verifyCheckpointSignature(foreign, base64)).toBe(false);
    expect(await verifyCheckpointSignature({ ...foreign, keyId: checkpoint.keyId }, base64)).toBe(false);
    expect(await verifyCheckpointSignature({ ...checkpoint, signature: 'not a signature' }, base64)).toBe(
      false,
    );
    const result = await verifyLedger({ entries, checkpoints: [foreign], publicKey: base64 });
    expect(result.ok).toBe(false);
  });

  it('names the hashes with node:crypto: entry hash over canonical JSON, key id over the raw key', async () => {
    const [entry] = await buildLedger([4200]);
    const expected = createHash('sha256')
      .update(
        JSON.stringify({
          body: Object.fromEntries(Object.entries(entry!.body).sort()),
          index: 0,
          prevHash: GENESIS_HASH,
        }),
      )
      .digest('hex');
    expect(entry!.hash).toBe(expected);
    expect(await keyIdOf(raw)).toBe(createHash('sha256').update(raw).digest('hex').slice(0, 16));
    expect(await verifyChain([entry!])).toEqual([]);
    expect(await verifyChain([{ ...entry!, id: 'other' }])).toEqual([
      { index: 0, reason: "id other is not the body's eventId" },
    ]);
  });
});
