import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { HTTP_ROUTES } from '@arena/contracts';
import { createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';
// The OpenAPI Initiative's schema of a 3.1 document, as the validator package ships it.
import openApi31Schema from '@seriousme/openapi-schema-validator/schemas/v3.1/schema.json';

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refsIn(item, found));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

describe('the HTTP contract (libs/contracts) and the API', () => {
  let database: TestDatabase;
  let api: NestFastifyApplication;

  beforeAll(async () => {
    database = await createTestDatabase(2);
    api = await createApiApp(testAppConfig(database.url));
  });

  afterAll(async () => {
    await api.close();
    await database.drop();
  });

  it('publishes a valid OpenAPI 3.1 document at /api/openapi.json', async () => {
    const response = await api.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');

    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addFormat('media-range', true);
    const validDocument = ajv.compile(openApi31Schema);
    expect(validDocument(document) ? [] : validDocument.errors).toEqual([]);

    // The document's own schema leaves Schema Objects open: each must be valid JSON Schema 2020-12.
    const schemas: Record<string, object> = document.components.schemas;
    expect(Object.keys(schemas).length).toBeGreaterThan(20);
    for (const [name, schema] of Object.entries(schemas)) {
      expect({ name, valid: ajv.validateSchema(schema) }).toEqual({ name, valid: true });
    }
    for (const ref of new Set(refsIn(document))) {
      expect(ref).toMatch(/^#\/components\/schemas\//);
      expect(schemas[ref.replace('#/components/schemas/', '')]).toBeDefined();
    }
    for (const route of HTTP_ROUTES) expect(document.paths[route.path][route.method]).toBeDefined();
  });

  it('documents the rules the API parses bodies with', async () => {
    const document = (await api.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const signUp = document.components.schemas.SignUpBody;
    expect(signUp.required).toEqual(expect.arrayContaining(['username', 'email', 'phoneNumber']));
    // The spec's own sign-up carries no consent boxes: the form's are optional.
    expect(signUp.required).not.toContain('acceptedTerms');
    expect(signUp.properties.acceptedTerms.type).toBe('boolean');
    expect(signUp.properties.username.pattern).toBe('^[A-Za-z0-9_]{3,30}$');
  });

  it('serves a readable page at /api/docs that needs no script and nothing from elsewhere', async () => {
    const response = await api.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.body).not.toMatch(/<script|<link|src="|url\(/i);
    for (const route of HTTP_ROUTES)
      expect(response.body).toContain(`${route.method.toUpperCase()} ${route.path}`);
    expect(response.body).toContain('id="SignUpBody"');
  });
});
