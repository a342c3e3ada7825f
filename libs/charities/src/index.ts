export { CharitiesModule } from './charities.module';
export { NonprofitDirectory, type NonprofitRecord } from './domain/nonprofit-directory';
export { readableName } from './domain/nonprofit-name';
export {
  CharityData,
  einDigits,
  type CharityDataAnswer,
  type CharityDataError,
  type CharityDataSource,
} from './application/ports/charity-data';
export {
  loadCharityDirectory,
  type CharityDirectoryLoad,
} from './infrastructure/local/charity-directory.loader';
export { CharityOnboardingModule } from './charity-onboarding.module';
export { CharityAccountsWorkerModule } from './charity-accounts-worker.module';
export {
  RecheckPaymentAccountsProcessor,
  RECHECK_BATCH,
} from './application/reactions/recheck-payment-accounts.processor';
export { CharityOnboardingService } from './application/commands/charity-onboarding.service';
export { seedDemoCharityCommunity } from './seed/demo-community';
export { seedDemoCharities } from './seed/demo-charities';
export { CharityReviewsService } from './application/commands/charity-reviews.service';
