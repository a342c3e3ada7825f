export type { LedgerSigningKey } from './ledger-signing-key';

export const LEDGER_SIGNING_KEY = Symbol('LEDGER_SIGNING_KEY');
