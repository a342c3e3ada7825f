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
// The prize models' pure rules: the prizes read model fills in an old tournament's defaults.
export {
  allocatePrizes,
  prizeConfigOf,
  type PrizeAmount,
  type RankedPlayer,
} from './domain/prize-allocation';
export * from './domain/bracket/bracket.events';
