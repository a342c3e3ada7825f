export { CharitiesModule } from './charities.module';
export { NonprofitDirectory, type NonprofitRecord } from './domain/nonprofit-directory';
export { readableName } from './domain/nonprofit-name';
