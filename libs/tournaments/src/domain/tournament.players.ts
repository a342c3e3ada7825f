export interface PlayerState {
  userId: string;
  username: string;
  charityId: string | null;
  charityName: string | null;
  joinedAt: string;
  attempts: number;
  bestScore: number;
  bestScoreAt: string | null;
}

const BUCKETS = 256;

/**
 * The players of one tournament as an immutable value. Copying a flat table on every score costs
 * O(players) (minutes to fold a stream with thousands of players), so the table is split into
 * buckets by a hash of the user id and a change copies only the bucket it touches.
 */
export interface PlayerTable {
  readonly buckets: ReadonlyArray<ReadonlyMap<string, PlayerState>>;
  readonly size: number;
}

const emptyBucket: ReadonlyMap<string, PlayerState> = new Map();

export const emptyPlayerTable: PlayerTable = {
  buckets: Array.from({ length: BUCKETS }, () => emptyBucket),
  size: 0,
};

// FNV-1a: cheap and well spread over UUIDs.
function bucketOf(userId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) hash = Math.imul(hash ^ userId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % BUCKETS;
}

export function getPlayer(table: PlayerTable, userId: string): PlayerState | undefined {
  return table.buckets[bucketOf(userId)]!.get(userId);
}

export function setPlayer(table: PlayerTable, player: PlayerState): PlayerTable {
  const index = bucketOf(player.userId);
  const bucket = table.buckets[index]!;
  const buckets = table.buckets.slice();
  buckets[index] = new Map(bucket).set(player.userId, player);
  return { buckets, size: table.size + (bucket.has(player.userId) ? 0 : 1) };
}

export function allPlayers(table: PlayerTable): PlayerState[] {
  return table.buckets.flatMap((bucket) => [...bucket.values()]);
}
