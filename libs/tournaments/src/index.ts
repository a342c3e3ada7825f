export * from './domain/tournament.events';
export * from './domain/bracket/bracket.events';
export type * from './domain/tournament.commands';
export {
  compareStandings,
  isBetterResult,
  lowerScoreWins,
  tieBreakKey,
  type RankedEntry,
} from './domain/tournament.standings';
export { TournamentError } from './domain/tournament.errors';
export { TournamentsModule } from './tournaments.module';
export { StartTournamentProcessor } from './infrastructure/start-tournament.processor';
export { EndTournamentProcessor } from './infrastructure/end-tournament.processor';
export { Clock } from './application/clock';
export { MatchDeadlineProcessor } from './infrastructure/match-deadline.processor';
export {
  seedDemoTournaments,
  demoTournamentId,
  type DemoPlayers,
  type DemoSeedOptions,
  type DemoSeedResult,
} from './seed/demo-tournaments';
export { seedAllDemoTournaments } from './seed/demo-seed';
export { VerifiedRuns } from './infrastructure/verified-runs';
