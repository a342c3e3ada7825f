import type { LedgerEntry, LedgerEntryBody } from '../ledger.contract';
import { sha256, toHex, utf8 } from './bytes';
import { canonicalJson } from './canonical-json';

/** The first entry's prevHash. */
export const GENESIS_HASH = '0'.repeat(64);

/** SHA-256 of the canonical JSON of { index, prevHash, body }, lowercase hex. */
export async function entryHash(entry: {
  index: number;
  prevHash: string;
  body: LedgerEntryBody;
}): Promise<string> {
  return toHex(
    await sha256(utf8(canonicalJson({ index: entry.index, prevHash: entry.prevHash, body: entry.body }))),
  );
}

export interface ChainProblem {
  index: number;
  reason: string;
}

/**
 * Checks a run of consecutive entries: indexes count up from `startIndex` (0 unless checking a page),
 * each entry names the previous one's hash (the genesis hash before the first, unless `prevHash` says
 * what came before), each stored hash is recomputed from the entry, and the id is the event's id.
 * Returns every problem found, first first; an empty list means the chain holds.
 */
export async function verifyChain(
  entries: readonly LedgerEntry[],
  start: { startIndex?: number; prevHash?: string } = {},
): Promise<ChainProblem[]> {
  const problems: ChainProblem[] = [];
  let expectedIndex = start.startIndex ?? 0;
  let prevHash = start.prevHash ?? GENESIS_HASH;
  for (const entry of entries) {
    if (entry.index !== expectedIndex) {
      problems.push({ index: entry.index, reason: `expected index ${expectedIndex}, found ${entry.index}` });
    }
    if (entry.prevHash !== prevHash) {
      problems.push({ index: entry.index, reason: `prevHash does not name the previous entry's hash` });
    }
    if (entry.id !== entry.body.eventId) {
      problems.push({ index: entry.index, reason: `id ${entry.id} is not the body's eventId` });
    }
    if ((await entryHash(entry)) !== entry.hash) {
      problems.push({ index: entry.index, reason: 'hash does not match the entry' });
    }
    expectedIndex = entry.index + 1;
    prevHash = entry.hash;
  }
  return problems;
}
