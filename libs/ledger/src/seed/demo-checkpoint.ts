import type { INestApplicationContext } from '@nestjs/common';
import type { LedgerCheckpoint } from '@arena/contracts';
import { DATABASE } from '@arena/database';
import { EVENT_STORE, START, comparePositions, type EventStore } from '@arena/event-store';
import { waitForReadModel } from '@arena/projection-runner';
import { LedgerService } from '../ledger.service';

/** The ledger's read model (projections/donation-ledger), whose stored tree a checkpoint signs. */
const LEDGER_READ_MODEL = 'donation_ledger';

/**
 * The demo's receipts show their entries verified at once (issue 23), rather than after the worker's first
 * checkpoint a minute after start: once the ledger's read model has every event appended so far, sign it.
 * Something must be projecting the ledger meanwhile (the worker, or the seed's own runner). Null when the
 * log is empty. Cost: one indexed row read per poll, then the signing (O(log n) stored rows).
 */
export async function signDemoCheckpoint(
  app: INestApplicationContext,
  maxWaitMs = 60_000,
): Promise<LedgerCheckpoint | null> {
  const head = await app.get<EventStore>(EVENT_STORE).committedHeadPosition();
  if (comparePositions(head, START) <= 0) return null;
  const lag = await waitForReadModel(app.get(DATABASE), LEDGER_READ_MODEL, { head, maxWaitMs, pollMs: 200 });
  if (!lag.reached)
    throw new Error(`The ledger's read model did not reach the log's head in ${maxWaitMs} ms`);
  return (await app.get(LedgerService).signCheckpoint()).checkpoint;
}
