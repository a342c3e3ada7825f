import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from './http-exception.filter';
import { refusesWithOkError } from './refusals-with-ok-error';
import { MALFORMED_TEXT_MESSAGE, holdsOnlyWellFormedText } from '@arena/text';

/**
 * One server-wide rule, before any guard or handler: a path value, query or body holding NUL or an
 * unpaired surrogate is answered 400. Such text reaches PostgreSQL as an error (a 500), and inside
 * a grouped append it would take other members' commands down with it.
 */
export function refuseMalformedText(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request, reply) => {
    if ([request.params, request.query, request.body].every(holdsOnlyWellFormedText)) return;
    const body: ErrorBody = { success: false, message: MALFORMED_TEXT_MESSAGE, statusCode: 400 };
    return reply
      .status(400)
      .send(refusesWithOkError(request) ? { ...body, ok: false, error: body.message } : body);
  });
}
