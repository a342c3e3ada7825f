export type { Projector, TableNames, PublishedNotice } from './projector';
export { ProjectionRunner } from './projection.runner';
export { ProjectionRunnerModule, PROJECTORS, runnerDependencies } from './projection-runner.module';
export { rebuildProjection, type RebuildResult } from './rebuild';
export {
  readProjectionStatuses,
  LAG_COUNT_LIMIT,
  type ProjectionStatus,
  type ProjectionState,
  type ProjectorTypes,
} from './projection-status';
export { redisChangePublisher, changesChannel, type ChangePublisher } from './change-publisher';
export { defaultRunnerOptions, type RunnerOptions, type RunnerDependencies } from './runner-options';
export { ensureProjection } from './ensure-projection';
