export { DonationsModule, DonationsWorkerModule } from './donations.module';
export { DonationsReadModule } from './donations-read.module';
export { DirectUndirectedShareProcessor } from './application/direct-share.processor';
export { RunTransferWindowProcessor } from './application/run-transfer-window.processor';
export { TransferWindowService, windowIdOf } from './application/transfer-window.service';
export { seedDemoDonations, DEMO_WINDOW_ID } from './seed/demo-donations';
// The event-log follower (checkpoint + one runner across processes), for other contexts' processors.
export { EventLogFollower, type FollowerOptions } from './infrastructure/event-log-follower';
