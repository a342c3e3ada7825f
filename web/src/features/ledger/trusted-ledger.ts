import type { LedgerCheckpoint } from '@arena/contracts';
import { isFrontier } from '@arena/contracts/ledger/merkle';
import type { TrustedLedger } from '@arena/contracts/ledger/verify-ledger';

/**
 * What this browser remembers of the ledger after a check that passed (issue 22's light verification): the
 * checkpoint it verified, that tree's right edge, the last entry's hash and the key it pinned
 * (`TrustedLedger`, as `ledger:verify --from-checkpoint` keeps in its file), and when. A later visit then
 * checks only what was added since. Under a versioned key; a value that does not read back whole is
 * discarded, and the next visit checks from scratch.
 */
export interface RememberedLedger {
  trusted: TrustedLedger;
  /** When the check that made it trusted ran (ISO 8601). */
  verifiedAt: string;
}

export const REMEMBERED_LEDGER_KEY = 'arena.ledger.trusted.v1';

const HEX64 = /^[0-9a-f]{64}$/;
/** A raw 32-byte Ed25519 key, base64url without padding. */
const RAW_KEY = /^[A-Za-z0-9_-]{43}$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isSize = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const isDate = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

function checkpointOf(value: unknown): LedgerCheckpoint | null {
  if (!isRecord(value)) return null;
  const { treeSize, rootHash, timestamp, keyId, signature } = value;
  if (!isSize(treeSize) || typeof rootHash !== 'string' || !HEX64.test(rootHash)) return null;
  if (!isDate(timestamp) || !isText(keyId) || !isText(signature)) return null;
  return { treeSize, rootHash, timestamp, keyId, signature };
}

/** The remembered state, rebuilt field by field from what storage held, or null when anything is off. */
export function parseRememberedLedger(value: unknown): RememberedLedger | null {
  if (!isRecord(value) || value.version !== 1 || !isDate(value.verifiedAt) || !isRecord(value.trusted))
    return null;
  const { checkpoint: rawCheckpoint, frontier, lastEntryHash, publicKey } = value.trusted;
  const checkpoint = checkpointOf(rawCheckpoint);
  if (!checkpoint || !isRecord(frontier) || !isSize(frontier.size) || !Array.isArray(frontier.hashes))
    return null;
  const hashes = frontier.hashes.filter((hash): hash is string => typeof hash === 'string');
  const edge = { size: frontier.size, hashes };
  if (hashes.length !== frontier.hashes.length || !isFrontier(edge) || edge.size !== checkpoint.treeSize)
    return null;
  if (typeof lastEntryHash !== 'string' || !HEX64.test(lastEntryHash)) return null;
  if (typeof publicKey !== 'string' || !RAW_KEY.test(publicKey)) return null;
  return { trusted: { checkpoint, frontier: edge, lastEntryHash, publicKey }, verifiedAt: value.verifiedAt };
}

/** Storage can be missing or refuse (private windows, quotas): then nothing is remembered. */
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readRememberedLedger(): RememberedLedger | null {
  const store = storage();
  const text = store?.getItem(REMEMBERED_LEDGER_KEY);
  if (!store || !text) return null;
  let remembered: RememberedLedger | null = null;
  try {
    remembered = parseRememberedLedger(JSON.parse(text));
  } catch {
    remembered = null;
  }
  if (!remembered) store.removeItem(REMEMBERED_LEDGER_KEY);
  return remembered;
}

export function rememberLedger(trusted: TrustedLedger, verifiedAt: Date): RememberedLedger {
  const remembered = { trusted, verifiedAt: verifiedAt.toISOString() };
  try {
    storage()?.setItem(REMEMBERED_LEDGER_KEY, JSON.stringify({ version: 1, ...remembered }));
  } catch {
    // Full or refused: this visit's result stands, the next one checks from scratch.
  }
  return remembered;
}

export function forgetRememberedLedger(): void {
  storage()?.removeItem(REMEMBERED_LEDGER_KEY);
}
