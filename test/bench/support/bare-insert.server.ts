/**
 * The yardstick of bench:scores: a bare Fastify route doing one single-row INSERT per request, with
 * no NestJS, no auth and no event store, run as its own process like the API. Started by
 * http-scores.bench.ts with DATABASE_URL, DATABASE_POOL_SIZE and PORT; prints "ready" when listening.
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
  const app = Fastify();
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
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  console.log('ready');
  process.once('SIGTERM', () => void app.close().then(() => pool.end()));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
