const BUCKETS = 256;

/**
 * A keyed table as an immutable value. Copying a flat table on every event costs O(rows) (minutes to
 * fold a stream with thousands of players or plays), so the table is split into buckets by a hash of
 * the key and a change copies only the bucket it touches.
 */
export interface BucketedTable<Row> {
  readonly buckets: ReadonlyArray<ReadonlyMap<string, Row>>;
  readonly size: number;
}

const emptyBucket: ReadonlyMap<string, never> = new Map<string, never>();

export const emptyTable: BucketedTable<never> = {
  buckets: Array.from({ length: BUCKETS }, () => emptyBucket),
  size: 0,
};

// FNV-1a: cheap and well spread over UUIDs.
function bucketOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % BUCKETS;
}

export function getRow<Row>(table: BucketedTable<Row>, key: string): Row | undefined {
  return table.buckets[bucketOf(key)]!.get(key);
}

export function setRow<Row>(table: BucketedTable<Row>, key: string, row: Row): BucketedTable<Row> {
  const index = bucketOf(key);
  const bucket = table.buckets[index]!;
  const buckets = table.buckets.slice();
  buckets[index] = new Map(bucket).set(key, row);
  return { buckets, size: table.size + (bucket.has(key) ? 0 : 1) };
}

export function allRows<Row>(table: BucketedTable<Row>): Row[] {
  return table.buckets.flatMap((bucket) => [...bucket.values()]);
}
