import { createHash, createPrivateKey, createPublicKey, hkdfSync, sign, type KeyObject } from 'node:crypto';
import type { AppConfig } from '@arena/config';
import type { LedgerPublicKey } from '@arena/contracts';

/** DER of a PKCS#8 Ed25519 private key, before its 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface LedgerSigningKey {
  sign(message: Uint8Array): string;
  publicKey: LedgerPublicKey;
}

const fromSeed = (seed: Buffer) =>
  createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });

function privateKeyOf(config: Pick<AppConfig, 'LEDGER_SIGNING_KEY' | 'JWT_ACCESS_SECRET'>): KeyObject {
  const setting = config.LEDGER_SIGNING_KEY?.trim();
  if (setting && /^[0-9a-fA-F]{64}$/.test(setting)) return fromSeed(Buffer.from(setting, 'hex'));
  if (setting) {
    const key = createPrivateKey(setting);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('LEDGER_SIGNING_KEY is not an Ed25519 key');
    return key;
  }
  // A laptop needs no setting: every process of one deployment derives the same key (production refuses this).
  const seed = hkdfSync('sha256', config.JWT_ACCESS_SECRET, '', 'arena:ledger:signing-key', 32);
  return fromSeed(Buffer.from(seed));
}

/** The key checkpoints are signed with, and its public half as GET /api/ledger/public-key shows it. */
export function ledgerSigningKey(
  config: Pick<AppConfig, 'LEDGER_SIGNING_KEY' | 'JWT_ACCESS_SECRET'>,
): LedgerSigningKey {
  const privateKey = privateKeyOf(config);
  const publicKey = createPublicKey(privateKey);
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return {
    sign: (message) => sign(null, message, privateKey).toString('base64url'),
    publicKey: {
      algorithm: 'Ed25519',
      keyId: createHash('sha256').update(raw).digest('hex').slice(0, 16),
      publicKey: raw.toString('base64url'),
      pem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    },
  };
}
