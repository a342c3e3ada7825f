import type { FastifyReply } from 'fastify';

/** The local driver's hosted pages carry one-use tokens: never cached, never sent on as a referrer. */
export function sendLocalPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .send(html);
}

export function sendLocalRedirect(reply: FastifyReply, location: string) {
  return reply.status(303).header('Location', location).header('Cache-Control', 'no-store').send();
}
