export { FinanceModule } from './finance.module';
export { reconcile, type Reconciled } from './domain/reconciliation';
export { ledgerCsv, csvCell, dollars, type LedgerEvent } from './domain/ledger-csv';
