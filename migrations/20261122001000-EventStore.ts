import { sql, type Kysely } from 'kysely';

/**
 * The PostgreSQL event store (libs/event-store/src/postgres-event-store.ts).
 *
 * Global order is (transaction_id, global_position): readers only take rows whose writing transaction
 * is older than every transaction still in flight that could write here (events_read_horizon), so an
 * append that commits late is never skipped.
 * event_streams holds one row per stream: its row lock serialises appends to one stream, which is what
 * makes the expected-revision check race-free without retries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE event_streams (
      stream_id text PRIMARY KEY,
      stream_revision bigint NOT NULL
    );

    CREATE SEQUENCE events_global_position_seq AS bigint;

    CREATE TABLE events (
      transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
      global_position bigint NOT NULL DEFAULT nextval('events_global_position_seq'),
      event_id uuid NOT NULL,
      stream_id text NOT NULL,
      stream_revision bigint NOT NULL,
      event_type text NOT NULL,
      data jsonb NOT NULL,
      metadata jsonb NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (transaction_id, global_position),
      CONSTRAINT events_stream_revision_key UNIQUE (stream_id, stream_revision),
      CONSTRAINT events_event_id_key UNIQUE (event_id)
    );
    ALTER SEQUENCE events_global_position_seq OWNED BY events.global_position;

    -- Stored events are facts: the ledger and every projection are derived from them.
    CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'events are append-only (% refused)', TG_OP USING ERRCODE = 'restrict_violation';
    END;
    $$;
    CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
      FOR EACH ROW EXECUTE FUNCTION events_are_immutable();
    CREATE TRIGGER events_no_truncate BEFORE TRUNCATE ON events
      FOR EACH STATEMENT EXECUTE FUNCTION events_are_immutable();

    -- One round trip per append. Outcomes: appended, duplicate (every id already stored in this stream:
    -- the original result is returned), conflict (expected revision not met; current_revision says
    -- what it is, NULL for no stream). There is no look-up of the event ids before the write: the unique
    -- index on event_id already refuses a stored id (the adapter then answers a retry with the original
    -- result), and the position comes from the sequence rather than from re-reading the inserted rows.
    -- That halves the server's work per append, which is what limits throughput with many writers.
    CREATE FUNCTION append_to_stream(
      p_stream_id text,
      p_expected_kind text,
      p_expected_revision bigint,
      p_event_ids uuid[],
      p_event_types text[],
      p_data jsonb[],
      p_metadata jsonb[],
      OUT outcome text,
      OUT stream_revision bigint,
      OUT transaction_id xid8,
      OUT global_position bigint,
      OUT current_revision bigint
    ) LANGUAGE plpgsql AS $$
    DECLARE
      v_count int := cardinality(p_event_ids);
      v_revision bigint;
    BEGIN
      IF p_expected_kind = 'no_stream' THEN
        INSERT INTO event_streams AS s (stream_id, stream_revision) VALUES (p_stream_id, v_count - 1)
          ON CONFLICT (stream_id) DO NOTHING
          RETURNING s.stream_revision INTO v_revision;
      ELSIF p_expected_kind = 'any' THEN
        INSERT INTO event_streams AS s (stream_id, stream_revision) VALUES (p_stream_id, v_count - 1)
          ON CONFLICT (stream_id) DO UPDATE SET stream_revision = s.stream_revision + v_count
          RETURNING s.stream_revision INTO v_revision;
      ELSIF p_expected_kind = 'stream_exists' THEN
        UPDATE event_streams s SET stream_revision = s.stream_revision + v_count
          WHERE s.stream_id = p_stream_id
          RETURNING s.stream_revision INTO v_revision;
      ELSIF p_expected_kind = 'exact' THEN
        UPDATE event_streams s SET stream_revision = s.stream_revision + v_count
          WHERE s.stream_id = p_stream_id AND s.stream_revision = p_expected_revision
          RETURNING s.stream_revision INTO v_revision;
      ELSE
        RAISE EXCEPTION 'unknown expected revision kind %', p_expected_kind USING ERRCODE = 'invalid_parameter_value';
      END IF;

      IF v_revision IS NULL THEN
        -- A retry of a batch already stored lands here (the stream has moved past the revision it expected):
        -- answer it with the original result.
        IF (SELECT count(*) FROM events e WHERE e.event_id = ANY (p_event_ids) AND e.stream_id = p_stream_id) = v_count THEN
          outcome := 'duplicate';
          SELECT e.stream_revision, e.transaction_id, e.global_position
            INTO stream_revision, transaction_id, global_position
            FROM events e WHERE e.event_id = ANY (p_event_ids)
            ORDER BY e.stream_revision DESC LIMIT 1;
        ELSE
          outcome := 'conflict';
          SELECT s.stream_revision INTO current_revision FROM event_streams s WHERE s.stream_id = p_stream_id;
        END IF;
        RETURN;
      END IF;

      -- A stored event id fails this insert with a unique violation on events_event_id_key, which rolls
      -- the whole append back; the adapter then tells a retry from a misuse.
      INSERT INTO events (event_id, stream_id, stream_revision, event_type, data, metadata)
        SELECT u.event_id, p_stream_id, v_revision - v_count + u.ord, u.event_type, u.data, u.metadata
          FROM unnest(p_event_ids, p_event_types, p_data, p_metadata)
            WITH ORDINALITY AS u (event_id, event_type, data, metadata, ord)
          ORDER BY u.ord;
      outcome := 'appended';
      stream_revision := v_revision;
      transaction_id := pg_current_xact_id();
      -- The rows took their positions in order from this sequence, the last one just now in this session.
      global_position := currval('events_global_position_seq');
    END;
    $$;

    -- How far readers of the global log may go: below the oldest transaction that was in flight at the
    -- reader's snapshot and could have written to this database. pg_snapshot_xmin alone counts every
    -- database of the server, so a long transaction elsewhere (a CREATE DATABASE, a report) would hold
    -- back every subscriber here. An in-flight transaction is left out only when a backend connected to
    -- another database is seen running it; anything not proven foreign (a prepared transaction, one that
    -- has ended since the snapshot) still holds the horizon back, so no event can be skipped.
    CREATE FUNCTION events_read_horizon() RETURNS xid8 LANGUAGE sql STABLE AS $$
      SELECT coalesce(min(x.xid), pg_snapshot_xmax(pg_current_snapshot()))
      FROM pg_snapshot_xip(pg_current_snapshot()) AS x (xid)
      WHERE NOT EXISTS (
        SELECT 1 FROM pg_stat_get_activity(NULL) AS a
        WHERE a.backend_xid = x.xid::xid
          AND a.datid <> (SELECT d.oid FROM pg_database d WHERE d.datname = current_database())
      )
    $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP FUNCTION events_read_horizon();
    DROP FUNCTION append_to_stream(text, text, bigint, uuid[], text[], jsonb[], jsonb[]);
    DROP TABLE events;
    DROP FUNCTION events_are_immutable();
    DROP TABLE event_streams;
  `.execute(db);
}
