/**
 * The yardstick of bench:scores and bench:plays: bare Fastify routes doing one single-row INSERT per
 * request, with no NestJS, no auth and no event store, run as its own process like the API. A score is
 * one number; a play's result is its whole body (the log), parsed by Fastify and stored as jsonb. Started
 * by http-scores.bench.ts and plays.bench.ts with DATABASE_URL, DATABASE_POOL_SIZE and PORT; prints
 * "ready" when listening.
 */
import Fastify from 'fastify';
import { Pool } from 'pg';

async function main() {
  const pool = new Pool({
    connectionString: process.env.DATABASE_URL,
    max: Number(process.env.DATABASE_POOL_SIZE),
  });
  await pool.query(`
    CREATE TABLE IF NOT EXISTS bare_scores (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      tournament_id uuid NOT NULL,
      score integer NOT NULL,
      submitted_at timestamptz NOT NULL DEFAULT now()
    )`);
  await pool.query(`
    CREATE TABLE IF NOT EXISTS bare_results (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      play_id uuid NOT NULL,
      body jsonb NOT NULL,
      submitted_at timestamptz NOT NULL DEFAULT now()
    )`);
  // The API's own limit on a result's body (PLAY_RESULT_MAX_BYTES), so both parse the same bodies.
  const app = Fastify({ bodyLimit: 1024 * 1024 });
  app.post<{ Params: { id: string }; Body: { score: number } }>(
    '/api/tournaments/:id/scores',
    async (request, reply) => {
      const { rows } = await pool.query<{ id: string }>(
        'INSERT INTO bare_scores (tournament_id, score) VALUES ($1, $2) RETURNING id',
        [request.params.id, request.body.score],
      );
      reply.code(201);
      return { success: true, data: { id: rows[0]!.id, score: request.body.score } };
    },
  );
  app.post<{ Params: { playId: string }; Body: unknown }>(
    '/api/plays/:playId/result',
    async (request, reply) => {
      const { rows } = await pool.query<{ id: string }>(
        'INSERT INTO bare_results (play_id, body) VALUES ($1, $2) RETURNING id',
        [request.params.playId, request.body],
      );
      reply.code(201);
      return { success: true, data: { id: rows[0]!.id, playId: request.params.playId } };
    },
  );
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  console.log('ready');
  process.once('SIGTERM', () => void app.close().then(() => pool.end()));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
