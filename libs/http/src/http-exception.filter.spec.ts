import { Logger, type ArgumentsHost } from '@nestjs/common';
import { DomainError, type DomainErrorKind } from './domain-error';
import { HttpExceptionFilter } from './http-exception.filter';
import { TooManyRequestsException } from './too-many-requests.exception';

class ExampleError extends DomainError {}

/** What the filter answered: status, headers and body, through a fake Fastify reply. */
function answerTo(exception: unknown, config: Record<string, unknown> = {}) {
  const answer = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
  const reply = {
    header(name: string, value: string) {
      answer.headers[name] = value;
      return reply;
    },
    status(code: number) {
      answer.status = code;
      return reply;
    },
    send(body: unknown) {
      answer.body = body;
      return reply;
    },
  };
  const request = { method: 'POST', url: '/api/example', routeOptions: { config } };
  const host = {
    switchToHttp: () => ({ getResponse: () => reply, getRequest: () => request }),
  } as unknown as ArgumentsHost;
  new HttpExceptionFilter().catch(exception, host);
  return answer;
}

const statusOfKind: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  too_many: 429,
  provider_failed: 502,
  unavailable: 503,
};

describe('HttpExceptionFilter', () => {
  it.each(Object.entries(statusOfKind) as [DomainErrorKind, number][])(
    "answers a domain error of kind '%s' with %i and its message",
    (kind, status) => {
      expect(answerTo(new ExampleError(kind, 'What the member reads'))).toEqual({
        status,
        headers: {},
        body: { success: false, message: 'What the member reads', statusCode: status },
      });
    },
  );

  it("keeps the subclass's name, which the logs show", () => {
    expect(new ExampleError('conflict', 'Busy')).toMatchObject({ name: 'ExampleError', kind: 'conflict' });
  });

  it('answers Retry-After, in whole seconds and at least one, when a refusal says when to try again', () => {
    expect(answerTo(new ExampleError('too_many', 'Slow down', 2.2)).headers).toEqual({ 'Retry-After': '3' });
    expect(answerTo(new ExampleError('too_many', 'Slow down', 0)).headers).toEqual({ 'Retry-After': '1' });
    expect(answerTo(new TooManyRequestsException('Slow down', 5)).headers).toEqual({ 'Retry-After': '5' });
  });

  it("adds the spec's ok: false and error to a refusal of a route that asks for them, and only there", () => {
    const refusal = new ExampleError('invalid', 'Too small');
    expect(answerTo(refusal, { refusalsWithOkError: true }).body).toEqual({
      success: false,
      message: 'Too small',
      statusCode: 400,
      ok: false,
      error: 'Too small',
    });
    expect(answerTo(refusal).body).toEqual({ success: false, message: 'Too small', statusCode: 400 });
  });

  it('answers anything unexpected with a plain 500 that tells nothing of its internals', () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    expect(answerTo(new Error('connection to db-7.internal refused'))).toEqual({
      status: 500,
      headers: {},
      body: { success: false, message: 'Internal server error', statusCode: 500 },
    });
  });
});
