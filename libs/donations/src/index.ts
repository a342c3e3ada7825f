export { DonationsModule, DonationsWorkerModule } from './donations.module';
export { DonationsReadModule } from './donations-read.module';
export { DirectUndirectedShareProcessor } from './application/direct-share.processor';
export { RunTransferWindowProcessor } from './application/run-transfer-window.processor';
export { TransferWindowService, windowIdOf } from './application/transfer-window.service';
export { seedDemoDonations, DEMO_WINDOW_ID } from './seed/demo-donations';
export { PrizeFlowReactor } from './application/reactions/prize-flow.reactor';
