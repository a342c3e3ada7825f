import { generateKeyPairSync } from 'node:crypto';
import {
  checkpointMessageBytes,
  keyIdOf,
  fromBase64Url,
  verifyCheckpointSignature,
} from '@arena/contracts/ledger';
import { ledgerSigningKey } from './ledger-signing-key';

const unsigned = { treeSize: 3, rootHash: 'cd'.repeat(32), timestamp: '2026-11-23T16:00:00.000Z' };
const secret = 'j'.repeat(64);

async function signsVerifiably(setting: string | undefined) {
  const key = ledgerSigningKey({ LEDGER_SIGNING_KEY: setting, JWT_ACCESS_SECRET: secret });
  const checkpoint = { ...unsigned, keyId: key.publicKey.keyId };
  const signed = { ...checkpoint, signature: key.sign(checkpointMessageBytes(checkpoint)) };
  expect(key.publicKey.keyId).toBe(await keyIdOf(fromBase64Url(key.publicKey.publicKey)));
  expect(await verifyCheckpointSignature(signed, key.publicKey.publicKey)).toBe(true);
  return key.publicKey;
}

describe('the ledger signing key', () => {
  it('reads a PKCS#8 PEM or a hex seed, and signs checkpoints the shared verifier accepts', async () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const fromPem = await signsVerifiably(pem);
    const fromSeed = await signsVerifiably('0f'.repeat(32));
    expect(fromPem.keyId).not.toBe(fromSeed.keyId);
    expect(fromSeed.pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('derives the same local key from JWT_ACCESS_SECRET in every process, and another for another secret', async () => {
    const derived = await signsVerifiably(undefined);
    expect(ledgerSigningKey({ LEDGER_SIGNING_KEY: undefined, JWT_ACCESS_SECRET: secret }).publicKey).toEqual(
      derived,
    );
    expect(
      ledgerSigningKey({ LEDGER_SIGNING_KEY: undefined, JWT_ACCESS_SECRET: 'k'.repeat(64) }).publicKey.keyId,
    ).not.toBe(derived.keyId);
  });

  it('refuses a key that is not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    });
    expect(() => ledgerSigningKey({ LEDGER_SIGNING_KEY: rsa.toString(), JWT_ACCESS_SECRET: secret })).toThrow(
      'LEDGER_SIGNING_KEY is not an Ed25519 key',
    );
  });
});
