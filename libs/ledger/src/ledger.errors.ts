import { DomainError } from '@arena/http';

/** Refusals of the public ledger's proofs, answered by kind (`DomainError`). */
export class LedgerError extends DomainError<'not_found' | 'invalid'> {}

export const entryNotFound = () => new LedgerError('not_found', 'No ledger entry has this id');
export const entryNotCheckpointed = () =>
  new LedgerError(
    'not_found',
    'This entry is not in a signed checkpoint yet; the next checkpoint will include it',
  );
export const rangeReversed = () => new LedgerError('invalid', 'from must not be greater than to');
export const noCheckpointOfSize = (treeSize: number) =>
  new LedgerError('invalid', `No signed checkpoint has tree size ${treeSize}`);
