export type { BulkRebuild, Projector, TableNames, PublishedNotice } from './projector';
export type { Reactor } from './reactor';
export { ProjectionRunner } from './projection.runner';
export { ReactionRunner } from './reaction.runner';
export { LockSession, type HeldLock, type LockSessionOptions } from './lock-session';
export {
  ProjectionRunnerModule,
  PROJECTORS,
  runnerDependencies,
  type Reactions,
} from './projection-runner.module';
export { rebuildProjection, type RebuildResult } from './rebuild';
export {
  readProjectionStatuses,
  LAG_COUNT_LIMIT,
  type ProjectionStatus,
  type ProjectionState,
  type ProjectorTypes,
} from './projection-status';
export { redisChangePublisher, changesChannel, type ChangePublisher } from './change-publisher';
export {
  defaultRunnerOptions,
  LOCK_SESSION_APPLICATION_NAME,
  type RunnerOptions,
  type RunnerDependencies,
} from './runner-options';
export { ensureProjection } from './ensure-projection';
export { waitForReadModel, type ReadModelLag, type ReadModelWait } from './read-model-lag';
