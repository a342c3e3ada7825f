import { allRows, emptyTable, getRow, setRow, type BucketedTable } from './bucketed-table';

export interface PlayerState {
  userId: string;
  username: string;
  charityId: string | null;
  charityName: string | null;
  joinedAt: string;
  attempts: number;
  bestScore: number;
  bestScoreAt: string | null;
  /** The player's one open play (tournament.plays.ts): a newer PlayStarted supersedes it. */
  openPlayId?: string | null;
}

/** The players of one tournament by user id (see bucketed-table.ts for why it is bucketed). */
export type PlayerTable = BucketedTable<PlayerState>;

export const emptyPlayerTable: PlayerTable = emptyTable;

export const getPlayer = (table: PlayerTable, userId: string): PlayerState | undefined =>
  getRow(table, userId);

export const setPlayer = (table: PlayerTable, player: PlayerState): PlayerTable =>
  setRow(table, player.userId, player);

export const allPlayers = (table: PlayerTable): PlayerState[] => allRows(table);
