import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CharityData } from '@arena/charities';
import { CHARITY_BY_EIN_QUERY, CharityMessages, charityGraphqlAnswer } from '@arena/contracts';
import { createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';

/**
 * Charity Navigator's own publicSearchFaceted document as its API documentation publishes it (non-null
 * variables, order_by from $orderBy), sent as a client of their API would send it.
 */
const PUBLISHED_PUBLIC_SEARCH_FACETED = `query PublicSearchFaceted(
  $term: String!
  $states: [String!]!
  $sizes: [String!]!
  $causes: [String!]!
  $ratings: [String!]!
  $c3: Boolean!
  $result_size: Int!
  $from: Int!
  $beacons: [String!]!
  $advisories: [String!]!
  $orderBy: String!
) {
  publicSearchFaceted(
    term: $term
    states: $states
    sizes: $sizes
    causes: $causes
    ratings: $ratings
    c3: $c3
    result_size: $result_size
    from: $from
    beacons: $beacons
    advisories: $advisories
    order_by: $orderBy
  ) {
    size
    from
    term
    result_count
    results {
      ein
      name
      mission
      organization_url
      charity_navigator_url
      encompass_score
      encompass_star_rating
      encompass_publication_date
      cause
      street
      street2
      city
      state
      zip
      country
      highest_level_alert
    }
  }
}`;

const publishedVariables = (overrides: Record<string, unknown> = {}) => ({
  term: 'red cross',
  states: [],
  sizes: [],
  causes: [],
  ratings: [],
  c3: true,
  result_size: 10,
  from: 0,
  beacons: [],
  advisories: [],
  orderBy: 'rating',
  ...overrides,
});

describe('POST /api/charities/charity-navigator/graphql (local data set)', () => {
  let database: TestDatabase;
  let app: NestFastifyApplication;
  let limitedApp: NestFastifyApplication;
  let ip = 0;
  /** Each call from its own address unless told, so the per-IP limit only shows where a test wants it. */
  const post = async (payload: unknown, target = app, remoteAddress = `198.51.100.${++ip % 250}`) => {
    const response = await target.inject({
      method: 'POST',
      url: '/api/charities/charity-navigator/graphql',
      remoteAddress,
      payload: payload as Record<string, unknown>,
    });
    return { status: response.statusCode, body: response.json(), headers: response.headers };
  };

  beforeAll(async () => {
    database = await createTestDatabase(4);
    app = await createApiApp(testAppConfig(database.url, { CHARITY_SEARCH_PER_MINUTE: '1000' }));
    limitedApp = await createApiApp(testAppConfig(database.url, { CHARITY_SEARCH_PER_MINUTE: '3' }));
  });
  afterAll(async () => {
    await app?.close();
    await limitedApp?.close();
    await database.drop();
  });

  it("answers Charity Navigator's published document with the envelope, from the bundled data set", async () => {
    const { status, body } = await post({
      query: PUBLISHED_PUBLIC_SEARCH_FACETED,
      variables: publishedVariables(),
      operationName: 'PublicSearchFaceted',
    });
    expect(status).toBe(200);
    expect(charityGraphqlAnswer.parse(body)).toEqual(body);
    expect(body.errors).toBeUndefined();
    expect(body.extensions).toEqual({ source: 'local', ratingsAvailable: false });
    expect(body.data.publicSearchFaceted).toMatchObject({ size: 10, from: 0, term: 'red cross' });
    expect(body.data.publicSearchFaceted.results[0]).toMatchObject({
      ein: '530196605',
      name: 'American National Red Cross',
      city: 'Washington',
      state: 'DC',
      encompass_star_rating: null,
    });
  });

  it("answers the page's first load (rating 4, size 20) with nonprofits, not an empty list", async () => {
    const { status, body } = await post({
      query: PUBLISHED_PUBLIC_SEARCH_FACETED,
      variables: publishedVariables({ term: '', ratings: ['4'], result_size: 20 }),
    });
    expect(status).toBe(200);
    expect(body.data.publicSearchFaceted.term).toBe('charity');
    expect(body.data.publicSearchFaceted.results).toHaveLength(20);
    expect(body.data.publicSearchFaceted.result_count).toBe(4966);
  });

  it('answers the by-EIN look-up', async () => {
    const { status, body } = await post({ query: CHARITY_BY_EIN_QUERY, variables: { ein: '53-0196605' } });
    expect(status).toBe(200);
    expect(body.data.publicSearchFaceted.results).toEqual([expect.objectContaining({ ein: '530196605' })]);
  });

  it.each([
    ['a mutation', 'mutation { publicSearchFaceted(term: "x") { size } }'],
    ['introspection', '{ __schema { queryType { name } } }'],
    ['another field', '{ nonprofits(eins: ["530196605"]) { name } }'],
    [
      'two operations',
      'query A { publicSearchFaceted(term: "a") { size } } query B { publicSearchFaceted(term: "b") { size } }',
    ],
    [
      'a fragment on another type',
      '{ publicSearchFaceted(term: "x") { ...F } } fragment F on Query { __typename }',
    ],
    ['a document over 10,000 characters', `{ publicSearchFaceted(term: "x") { size } }${'#'.repeat(10_001)}`],
    ['no document', undefined],
  ])('refuses %s with 400 and the spec-shaped error', async (_name, query) => {
    const { status, body } = await post({ query, variables: {} });
    expect(status).toBe(400);
    expect(body).toEqual({
      success: false,
      message: CharityMessages.unsupportedGraphqlOperation,
      statusCode: 400,
    });
  });

  it.each([
    ['a negative from', { from: -20 }],
    ['a huge result size', { result_size: 99_999_999_999 }],
    ['a term with a NUL byte', { term: 'red\u0000cross' }],
    ['states that are not text', { states: [{ $ne: null }] }],
  ])('refuses variables with %s with 400', async (_name, overrides) => {
    const { status, body } = await post({
      query: PUBLISHED_PUBLIC_SEARCH_FACETED,
      variables: publishedVariables(overrides),
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, statusCode: 400 });
  });

  it('serves a second identical search from Redis, and a different one from the data set', async () => {
    const search = jest.spyOn(app.get(CharityData), 'search');
    try {
      const variables = publishedVariables({ term: 'feeding america', states: ['IL'] });
      const first = await post({ query: PUBLISHED_PUBLIC_SEARCH_FACETED, variables });
      // Same search, lists and names normalised: one key.
      const second = await post({
        query: PUBLISHED_PUBLIC_SEARCH_FACETED,
        variables: { ...variables, states: ['il'] },
      });
      expect(first.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(search).toHaveBeenCalledTimes(1);

      await post({ query: PUBLISHED_PUBLIC_SEARCH_FACETED, variables: { ...variables, from: 10 } });
      expect(search).toHaveBeenCalledTimes(2);
    } finally {
      search.mockRestore();
    }
  });

  it('limits searches per client address with 429 and Retry-After', async () => {
    const from = (remoteAddress: string) =>
      post({ query: CHARITY_BY_EIN_QUERY, variables: { ein: '530196605' } }, limitedApp, remoteAddress);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await from('203.0.113.7')).status);
    expect(statuses).toEqual([200, 200, 200]);
    const refused = await from('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      message: CharityMessages.tooManyRequests,
      statusCode: 429,
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('203.0.113.8')).status).toBe(200);
  });
});
