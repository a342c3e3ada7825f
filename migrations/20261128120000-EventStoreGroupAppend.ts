import { sql, type Kysely } from 'kysely';

/**
 * Group commit across streams (issue 24; libs/event-store/src/postgres-event-store.ts). Appends that wait
 * while the store's connections are busy go to the database together: one statement, one transaction and
 * one WAL flush for the group instead of one each.
 *
 * Each append of the group is `append_to_stream` itself, run in a subtransaction of its own, so each keeps
 * its own outcome: a conflict, a stored id or any other error of one append rolls back only that append
 * and is answered to it alone (error_code, error_constraint, error_message); the rest commit. The appends
 * take their streams' row locks in stream order (ties in the group's order), so two groups written at once
 * by two processes cannot deadlock on each other.
 *
 * The events of the group are flattened into one list per column; append n's events are the next
 * p_counts[n] of them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION append_to_streams(
      p_stream_ids text[],
      p_expected_kinds text[],
      p_expected_revisions bigint[],
      p_counts int[],
      p_event_ids uuid[],
      p_event_types text[],
      p_data jsonb[],
      p_metadata jsonb[]
    ) RETURNS TABLE (
      ord int,
      outcome text,
      stream_revision bigint,
      transaction_id xid8,
      global_position bigint,
      current_revision bigint,
      error_code text,
      error_constraint text,
      error_message text
    ) LANGUAGE plpgsql AS $$
    DECLARE
      v_first int[] := '{}';
      v_next int := 1;
      v_last int;
      v_append int;
      v_result record;
    BEGIN
      FOR v_append IN 1 .. coalesce(cardinality(p_stream_ids), 0) LOOP
        v_first := v_first || v_next;
        v_next := v_next + p_counts[v_append];
      END LOOP;
      FOR v_append IN
        SELECT u.n::int FROM unnest(p_stream_ids) WITH ORDINALITY AS u (stream_id, n) ORDER BY u.stream_id, u.n
      LOOP
        ord := v_append;
        outcome := NULL; stream_revision := NULL; transaction_id := NULL; global_position := NULL;
        current_revision := NULL; error_code := NULL; error_constraint := NULL; error_message := NULL;
        v_last := v_first[v_append] + p_counts[v_append] - 1;
        BEGIN
          SELECT a.* INTO v_result FROM append_to_stream(
            p_stream_ids[v_append], p_expected_kinds[v_append], p_expected_revisions[v_append],
            p_event_ids[v_first[v_append] : v_last], p_event_types[v_first[v_append] : v_last],
            p_data[v_first[v_append] : v_last], p_metadata[v_first[v_append] : v_last]
          ) AS a;
          outcome := v_result.outcome;
          stream_revision := v_result.stream_revision;
          transaction_id := v_result.transaction_id;
          global_position := v_result.global_position;
          current_revision := v_result.current_revision;
        EXCEPTION WHEN OTHERS THEN
          GET STACKED DIAGNOSTICS error_code = RETURNED_SQLSTATE, error_constraint = CONSTRAINT_NAME,
            error_message = MESSAGE_TEXT;
        END;
        RETURN NEXT;
      END LOOP;
    END;
    $$;
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP FUNCTION append_to_streams(text[], text[], bigint[], int[], uuid[], text[], jsonb[], jsonb[]);
  `.execute(db);
}
