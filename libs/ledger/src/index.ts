export { LedgerModule, LedgerWorkerModule } from './ledger.module';
export { LedgerService } from './ledger.service';
export { LedgerCheckpointsRepository } from './ledger-checkpoints.repository';
export { SignLedgerCheckpointProcessor } from './sign-ledger-checkpoint.processor';
export { ledgerSigningKey } from './ledger-signing-key';
export { signDemoCheckpoint } from './seed/demo-checkpoint';
