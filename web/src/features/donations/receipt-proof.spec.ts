import { generateKeyPairSync, sign } from 'node:crypto';
import type { LedgerEntry, LedgerInclusionProof, LedgerKeys } from '@arena/contracts';
import { fromBase64Url, toBase64Url } from '@arena/contracts/ledger/bytes';
import { checkpointMessageBytes, keyIdOf } from '@arena/contracts/ledger/checkpoint';
import { entryHash, GENESIS_HASH } from '@arena/contracts/ledger/entries';
import { auditPath, leafHash, merkleRoot } from '@arena/contracts/ledger/merkle';
import { verifyReceiptEntry } from './receipt-proof';

const DONATION = 'donation-1';

/** A ledger of five entries (entries 1 and 3 are this receipt's), signed at tree size 5. */
async function ledger() {
  const entries: LedgerEntry[] = [];
  let prevHash = GENESIS_HASH;
  for (let index = 0; index < 5; index++) {
    const body = {
      type: 'DonationReceived',
      eventId: `event-${index}`,
      donationId: index % 2 === 1 ? DONATION : `other-${index}`,
      amountCents: 500,
      status: 'held',
      charityEin: null,
      charityName: null,
      directedBy: 'Anonymous donor',
      receiptCode: `R-${index}`,
      providerId: null,
      at: '2026-11-27T10:00:00.000Z',
    };
    const hash = await entryHash({ index, prevHash, body });
    entries.push({ index, id: body.eventId, body, prevHash, hash });
    prevHash = hash;
  }
  const leaves = await Promise.all(entries.map((entry) => leafHash(entry.hash)));
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const raw = fromBase64Url(publicKey.export({ format: 'jwk' }).x!);
  const unsigned = {
    treeSize: 5,
    rootHash: await merkleRoot(leaves),
    timestamp: '2026-11-27T11:00:00.000Z',
    keyId: await keyIdOf(raw),
  };
  const checkpoint = {
    ...unsigned,
    signature: toBase64Url(sign(null, checkpointMessageBytes(unsigned), privateKey)),
  };
  const keys: LedgerKeys['keys'] = [
    {
      algorithm: 'Ed25519',
      keyId: checkpoint.keyId,
      publicKey: toBase64Url(raw),
      current: true,
      firstTreeSize: 5,
      lastTreeSize: 5,
    },
  ];
  const proofOf = async (index: number): Promise<LedgerInclusionProof> => ({
    entry: entries[index]!,
    checkpoint,
    leafIndex: index,
    auditPath: await auditPath(index, leaves),
  });
  return { entries, leaves, keys, proofOf };
}

const flip = (hex: string) => `${hex[0] === '0' ? '1' : '0'}${hex.slice(1)}`;

describe('verifyReceiptEntry', () => {
  it("proves the receipt's entry in the signed checkpoint, with the leaf recomputed from the entry", async () => {
    const { keys, leaves, proofOf } = await ledger();
    const proof = await proofOf(3);
    const check = await verifyReceiptEntry({ entryId: 'event-3', donationId: DONATION }, proof, keys);
    expect(check).toEqual({
      state: 'good',
      entry: proof.entry,
      checkpoint: proof.checkpoint,
      leafHash: leaves[3],
      auditPath: proof.auditPath,
    });
  });

  it('refuses a proof whose path has one hash changed', async () => {
    const { keys, proofOf } = await ledger();
    const proof = await proofOf(1);
    proof.auditPath[0] = flip(proof.auditPath[0]!);
    const check = await verifyReceiptEntry({ entryId: 'event-1', donationId: DONATION }, proof, keys);
    expect(check).toMatchObject({
      state: 'bad',
      reason: expect.stringMatching(/^The proof path does not lead/),
    });
  });

  it('refuses an entry whose content was changed after it was hashed (the page shows what is proven)', async () => {
    const { keys, proofOf } = await ledger();
    const proof = await proofOf(1);
    proof.entry.body.amountCents = 50_000;
    const check = await verifyReceiptEntry({ entryId: 'event-1', donationId: DONATION }, proof, keys);
    expect(check).toMatchObject({
      state: 'bad',
      reason: expect.stringMatching(/content does not give its hash/),
    });
  });

  it('refuses a checkpoint whose signature does not match, or whose key is not published', async () => {
    const { keys, proofOf } = await ledger();
    const forged = await proofOf(3);
    forged.checkpoint = { ...forged.checkpoint, timestamp: '2026-11-27T12:00:00.000Z' };
    expect(
      await verifyReceiptEntry({ entryId: 'event-3', donationId: DONATION }, forged, keys),
    ).toMatchObject({
      state: 'bad',
      reason: expect.stringMatching(/is not signed by key/),
    });
    expect(
      await verifyReceiptEntry({ entryId: 'event-3', donationId: DONATION }, await proofOf(3), []),
    ).toMatchObject({ state: 'bad', reason: expect.stringMatching(/which the ledger does not publish/) });
  });

  it("refuses another entry's proof, another donation's entry, and a proof for another leaf", async () => {
    const { keys, proofOf } = await ledger();
    expect(
      await verifyReceiptEntry({ entryId: 'event-1', donationId: DONATION }, await proofOf(3), keys),
    ).toMatchObject({ state: 'bad', reason: 'The proof is for entry event-3, not event-1.' });
    expect(
      await verifyReceiptEntry({ entryId: 'event-2', donationId: DONATION }, await proofOf(2), keys),
    ).toMatchObject({ state: 'bad', reason: expect.stringMatching(/records donation other-2/) });
    const moved = await proofOf(1);
    moved.leafIndex = 3;
    expect(await verifyReceiptEntry({ entryId: 'event-1', donationId: DONATION }, moved, keys)).toMatchObject(
      {
        state: 'bad',
        reason: 'The proof is for leaf 3, but the entry is #1.',
      },
    );
  });
});
