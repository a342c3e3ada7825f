// What read models and other contexts may know of tournaments without loading the context: its events and
// the one ranking rule that live leaderboards share with the decider.
export * from './domain/tournament.events';
export {
  compareStandings,
  isBetterResult,
  lowerScoreWins,
  tieBreakKey,
  type RankedEntry,
} from './domain/tournament.standings';
