import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { errorBody } from './envelope';
import { HTTP_ROUTES, type HttpRoute, type RawAnswer } from './http.contract';

const isRaw = (answer: HttpRoute['answer']): answer is RawAnswer => 'contentType' in answer;

const SECURITY: Record<HttpRoute['access'], ZodOpenApiOperationObject['security']> = {
  public: [],
  member: [{ accessToken: [] }],
  'optional-member': [{}, { accessToken: [] }],
  admin: [{ adminKey: [] }],
  operator: [{ metricsToken: [] }],
  finance: [{ accessToken: [] }],
};

function pathParameters(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  return names.length ? z.object(Object.fromEntries(names.map((name) => [name, z.string()]))) : undefined;
}

function operation(route: HttpRoute): ZodOpenApiOperationObject {
  const answer = route.answer;
  const success = isRaw(answer)
    ? { description: answer.description, content: { [answer.contentType]: {} } }
    : { description: 'Success', content: { 'application/json': { schema: answer } } };
  const path = pathParameters(route.path);
  return {
    summary: route.summary,
    tags: [route.tag],
    security: SECURITY[route.access],
    ...((path || route.query) && {
      requestParams: { ...(path && { path }), ...(route.query && { query: route.query }) },
    }),
    ...(route.body && {
      requestBody: { required: true, content: { 'application/json': { schema: route.body } } },
    }),
    responses: {
      ...Object.fromEntries((route.statuses ?? [200]).map((status) => [status, success])),
      '4XX': {
        description: 'Refused: the message says why',
        content: { 'application/json': { schema: route.refusal ?? errorBody } },
      },
    },
  };
}

/** The HTTP contract as an OpenAPI 3.1 document, generated from the same schemas the API parses with. */
export function openApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const route of HTTP_ROUTES)
    paths[route.path] = { ...paths[route.path], [route.method]: operation(route) };
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Charity Arena API',
      version: '1.0.0',
      description:
        'Every answer is `{ success, message?, data }`; every refusal is `{ success: false, message, statusCode }`.',
    },
    paths,
    components: {
      securitySchemes: {
        accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        adminKey: { type: 'http', scheme: 'bearer', description: 'ADMIN_API_KEY' },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
      },
    },
  });
}
