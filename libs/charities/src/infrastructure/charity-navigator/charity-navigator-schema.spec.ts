import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import {
  Kind,
  assertValidSchema,
  buildSchema,
  getArgumentValues,
  getVariableValues,
  graphql,
  parse,
  validate,
  type ExecutionResult,
  type FieldNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import { charitySearchVariables, type CharitySearchVariables } from '@arena/contracts';
import { loadConfig } from '@arena/config';
import { CharityNavigatorData, charityNavigatorOptions } from './charity-navigator-data';

/**
 * The driver's query documents and variables against Charity Navigator's schema as published (2023). The
 * schema is an outside artefact kept beside the checkout, never in this repository: `../shared/data/conformance/`
 * from the repository's root (its README gives the source and licence). Without it this suite fails.
 */
const REPO_ROOT = resolve(__dirname, '../../../../..');
const SCHEMA_PATH = resolve(REPO_ROOT, '../shared/data/conformance/charity-navigator-2023.graphqls');

function publishedSchema(): GraphQLSchema {
  if (!existsSync(SCHEMA_PATH))
    throw new Error(
      `Charity Navigator's published schema is missing: ${SCHEMA_PATH}. This test validates the driver's ` +
        'queries against it; put the shared conformance data (../shared/data/conformance/) beside the checkout.',
    );
  const schema = buildSchema(readFileSync(SCHEMA_PATH, 'utf8'));
  assertValidSchema(schema);
  return schema;
}

const KEY = 'cn_test-key-0123456789';
const DEFAULT_CHARITY_NAVIGATOR_URL = 'https://api.charitynavigator.org/graphql';
const MINIMAL_ENV = {
  DATABASE_URL: 'postgres://127.0.0.1:5432/arena',
  REDIS_URL: 'redis://127.0.0.1:6379',
  JWT_ACCESS_SECRET: 'x'.repeat(32),
};

/** Results as the published schema types them: scores and star ratings are strings there. */
const PUBLISHED_RESULTS = [
  {
    ein: '530196605',
    name: 'American National Red Cross',
    mission: 'Prevents and alleviates human suffering in the face of emergencies.',
    organization_url: 'https://www.redcross.org',
    charity_navigator_url: 'https://www.charitynavigator.org/ein/530196605',
    encompass_score: '91.5',
    encompass_star_rating: '4',
    encompass_publication_date: '2025-06-01T00:00:00.000Z',
    cause: 'Disaster Relief',
    street: '431 18th St NW',
    street2: null,
    city: 'Washington',
    state: 'DC',
    zip: '20006',
    country: 'USA',
    highest_level_advisory: null,
    highest_level_alert: null,
    encompass_rating_id: 'r-1',
  },
  {
    ein: '131635294',
    name: 'United Way Worldwide',
    mission: null,
    organization_url: 'https://www.unitedway.org',
    charity_navigator_url: 'https://www.charitynavigator.org/ein/131635294',
    encompass_score: '86',
    encompass_star_rating: '3',
    encompass_publication_date: '2025-05-01T00:00:00.000Z',
    cause: 'Human Services',
    street: '701 N Fairfax St',
    street2: null,
    city: 'Alexandria',
    state: 'VA',
    zip: '22314',
    country: 'USA',
    highest_level_advisory: null,
    highest_level_alert: 'LOW',
    encompass_rating_id: 'r-2',
  },
];

interface Received {
  method: string | undefined;
  path: string | undefined;
  headers: IncomingHttpHeaders;
  query: string;
  variables: Record<string, unknown>;
  /** What executing the request against the published schema gave. */
  result: ExecutionResult;
}

/**
 * A stand-in for Charity Navigator that executes each request against the published schema (so its answers
 * have exactly the published shape), answering publicSearchFaceted from PUBLISHED_RESULTS.
 */
async function publishedSchemaServer(schema: GraphQLSchema) {
  const received: Received[] = [];
  const rootValue = {
    publicSearchFaceted: (args: { term: string; states: string[]; result_size: number; from: number }) => {
      const term = args.term.toLowerCase();
      const hits = PUBLISHED_RESULTS.filter(
        (r) =>
          (r.ein === term || term.split(/\s+/).every((word) => r.name.toLowerCase().includes(word))) &&
          (args.states.length === 0 || args.states.includes(r.state)),
      );
      return {
        size: args.result_size,
        from: args.from,
        term: args.term,
        result_count: hits.length,
        results: hits.slice(args.from, args.from + args.result_size),
      };
    },
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw) as { query: string; variables?: Record<string, unknown> };
      const variables = body.variables ?? {};
      void graphql({ schema, source: body.query, variableValues: variables, rootValue }).then((result) => {
        received.push({
          method: req.method,
          path: req.url,
          headers: req.headers,
          query: body.query,
          variables,
          result,
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result));
      });
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    host: `127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * Validates one request the driver sent with graphql's own rules: the document against the schema, the
 * variables against the operation's definitions (no undeclared ones: graphql-js would drop them silently),
 * then the root field's arguments as the server would coerce them (a null sent for a non-null argument
 * fails here). Answers those arguments.
 */
function validateRequest(schema: GraphQLSchema, { query, variables }: Received): Record<string, unknown> {
  const document = parse(query);
  expect(validate(schema, document).map((error) => error.message)).toEqual([]);
  const operations = document.definitions.filter(
    (definition): definition is OperationDefinitionNode => definition.kind === Kind.OPERATION_DEFINITION,
  );
  expect(operations).toHaveLength(1);
  const operation = operations[0]!;
  expect(operation.operation).toBe('query');

  const declared = (operation.variableDefinitions ?? []).map((definition) => definition.variable.name.value);
  expect(Object.keys(variables).filter((name) => !declared.includes(name))).toEqual([]);
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables);
  expect(coerced.errors?.map((error) => error.message)).toBeUndefined();

  const [field] = operation.selectionSet.selections as FieldNode[];
  expect(field?.name.value).toBe('publicSearchFaceted');
  const definition = schema.getQueryType()!.getFields()[field!.name.value]!;
  return getArgumentValues(definition, field!, coerced.coerced);
}

const ask = (overrides: Partial<CharitySearchVariables> = {}) => charitySearchVariables.parse(overrides);
/** publicSearchFaceted's arguments as the published schema defaults them. */
const DEFAULTS = {
  term: '',
  states: [],
  sizes: [],
  causes: [],
  ratings: [],
  c3: false,
  result_size: 10,
  from: 0,
  beacons: [],
  advisories: [],
  order_by: 'relevance',
};

describe("Charity Navigator's published schema (2023) and the driver's requests", () => {
  let schema: GraphQLSchema;
  let server: Awaited<ReturnType<typeof publishedSchemaServer>>;
  let driver: CharityNavigatorData;

  beforeAll(async () => {
    schema = publishedSchema();
    server = await publishedSchemaServer(schema);
    driver = new CharityNavigatorData({ url: server.url, apiKey: KEY });
  });
  afterAll(() => server?.close());
  beforeEach(() => server && server.received.splice(0));

  const searches: Array<[string, CharitySearchVariables, Record<string, unknown>]> = [
    ["the page's first load (default term, page size)", ask(), { term: 'charity', result_size: 20 }],
    ['a term', ask({ term: 'red cross' }), { term: 'red cross', result_size: 20 }],
    [
      'every filter, and our city and ZIP filters (not sent)',
      ask({
        term: 'red',
        states: ['DC', 'VA'],
        sizes: ['large'],
        causes: ['Disaster Relief'],
        ratings: ['4', '3'],
        c3: true,
        beacons: ['la'],
        advisories: ['LOW'],
        orderBy: 'rating',
        cities: ['Washington'],
        zips: ['20006'],
      }),
      {
        term: 'red',
        states: ['DC', 'VA'],
        sizes: ['large'],
        causes: ['Disaster Relief'],
        ratings: ['4', '3'],
        c3: true,
        beacons: ['la'],
        advisories: ['LOW'],
        order_by: 'rating',
        result_size: 20,
      },
    ],
    [
      'a later page',
      ask({ term: 'united', from: 40, result_size: 5 }),
      { term: 'united', from: 40, result_size: 5 },
    ],
    ['an empty term', ask({ term: '  ' }), { term: '', result_size: 20 }],
  ];

  it.each(searches)('%s: a valid document and variables', async (_name, variables, expected) => {
    await driver.search(variables);
    expect(server.received).toHaveLength(1);
    const received = server.received[0]!;
    expect(validateRequest(schema, received)).toEqual({ ...DEFAULTS, ...expected });
    expect(received.result.errors).toBeUndefined();
  });

  it('the by-EIN look-up: a valid document and variables, the EIN as the term and one result', async () => {
    const found = await driver.findByEin('53-0196605');
    expect(server.received).toHaveLength(1);
    const received = server.received[0]!;
    expect(validateRequest(schema, received)).toEqual({ ...DEFAULTS, term: '530196605', result_size: 1 });
    expect(received.result.errors).toBeUndefined();
    expect(found).toMatchObject({ ein: '530196605', name: 'American National Red Cross' });
  });

  it("reads the published answer into the product's envelope (string scores as numbers)", async () => {
    const answer = await driver.search(ask({ term: 'red cross' }));
    expect(answer.errors).toEqual([]);
    const { highest_level_advisory: _a, encompass_rating_id: _b, ...published } = PUBLISHED_RESULTS[0]!;
    expect(answer.envelope).toEqual({
      size: 20,
      from: 0,
      term: 'red cross',
      result_count: 1,
      results: [{ ...published, encompass_score: 91.5, encompass_star_rating: 4 }],
    });
  });

  it('POSTs JSON to the configured host and path with the key in Authorization', async () => {
    await driver.search(ask({ term: 'red' }));
    const [received] = server.received;
    expect(received).toMatchObject({ method: 'POST', path: '/graphql' });
    expect(received!.headers.host).toBe(server.host);
    expect(received!.headers['content-type']).toBe('application/json');
    expect(received!.headers.authorization).toBe(KEY);
    expect(received!.headers['stellate-api-token']).toBeUndefined();
  });

  it("by default the configuration sends to Charity Navigator's current host, the key alone in Authorization", async () => {
    const options = charityNavigatorOptions(loadConfig({ ...MINIMAL_ENV, CHARITY_NAVIGATOR_API_KEY: KEY }));
    expect(options).not.toBeNull();
    const asked: string[] = [];
    // Records where the driver sends, then hands the same request to the local stand-in.
    const forward: typeof fetch = (input, init) => {
      asked.push(String(input));
      return fetch(server.url, init);
    };
    await new CharityNavigatorData({ ...options!, fetch: forward }).search(ask({ term: 'red' }));
    expect(asked).toEqual([DEFAULT_CHARITY_NAVIGATOR_URL]);
    expect(server.received[0]!.headers.authorization).toBe(KEY);
    expect(charityNavigatorOptions(loadConfig(MINIMAL_ENV))).toBeNull();
  });

  it('sends the key in the configured header, after the configured scheme', async () => {
    const options = charityNavigatorOptions(
      loadConfig({
        ...MINIMAL_ENV,
        CHARITY_NAVIGATOR_API_KEY: KEY,
        CHARITY_NAVIGATOR_URL: server.url,
        CHARITY_NAVIGATOR_API_KEY_HEADER: 'Stellate-Api-Token',
        CHARITY_NAVIGATOR_API_KEY_SCHEME: 'Bearer',
      }),
    );
    await new CharityNavigatorData(options!).search(ask({ term: 'red' }));
    expect(server.received[0]!.headers['stellate-api-token']).toBe(`Bearer ${KEY}`);
    expect(server.received[0]!.headers.authorization).toBeUndefined();
  });
});
