export { DonationsModule, DonationsWorkerModule } from './donations.module';
export { DonationsReadModule } from './donations-read.module';
export { DirectUndirectedShareProcessor } from './application/reactions/direct-share.processor';
export { RunTransferWindowProcessor } from './application/reactions/run-transfer-window.processor';
export { TransferWindowService, windowIdOf } from './application/reactions/transfer-window.service';
export { seedDemoDonations, DEMO_DONOR_NAME, DEMO_WINDOW_ID } from './seed/demo-donations';
export { PrizeFlowReactor } from './application/reactions/prize-flow.reactor';
