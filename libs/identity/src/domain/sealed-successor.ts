import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

/** The key is derived from the spent refresh token itself: only whoever presents it can open the seal. */
const keyOf = (spentRefreshToken: string) =>
  createHash('sha256').update('refresh-token-successor:').update(spentRefreshToken).digest();

/** AES-256-GCM over the pair, as base64url of iv ‖ tag ‖ ciphertext. */
export function sealSuccessor(spentRefreshToken: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(spentRefreshToken), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The pair, or undefined when the seal was not made with this token. */
export function openSuccessor(spentRefreshToken: string, sealed: string): TokenPair | undefined {
  const bytes = Buffer.from(sealed, 'base64url');
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(spentRefreshToken), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as TokenPair;
  } catch {
    return undefined;
  }
}
