import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PUBLIC_SEARCH_FACETED_QUERY,
  charitySearchVariables,
  type CharitySearchResult,
  type CharitySearchVariables,
} from '@arena/contracts';
import { runCharityDataContract } from '../../testing/charity-data.contract';
import { CharityNavigatorData, CharityNavigatorFailures } from './charity-navigator-data';

const KEY = 'stl8_test-key-0123456789';

/** Results in the shape Charity Navigator's publicSearchFaceted answers them (rated charities). */
const recorded = (
  ein: string,
  name: string,
  stars: number | null,
  city: string,
  state: string,
): CharitySearchResult => ({
  ein,
  name,
  mission: `${name} works for its community.`,
  organization_url: `https://example.org/${ein}`,
  charity_navigator_url: `https://www.charitynavigator.org/ein/${ein}`,
  encompass_score: stars === null ? null : 70 + stars * 7,
  encompass_star_rating: stars,
  encompass_publication_date: stars === null ? null : '2025-06-01T00:00:00.000Z',
  cause: 'Human Services',
  street: '1 Main St',
  street2: null,
  city,
  state,
  zip: '20006',
  country: 'USA',
  highest_level_alert: null,
});
const CHARITIES = [
  recorded('530196605', 'American National Red Cross', 4, 'Washington', 'DC'),
  recorded('131635294', 'United Way Worldwide', 4, 'Alexandria', 'VA'),
  recorded('911914868', 'Habitat for Humanity International', 3, 'Americus', 'GA'),
  recorded('363673599', 'Feeding America', 4, 'Chicago', 'IL'),
  recorded('131760110', 'Save the Children Federation', 3, 'Fairfield', 'CT'),
  recorded('521693387', 'World Wildlife Fund', null, 'Washington', 'DC'),
];

interface Received {
  headers: IncomingMessage['headers'];
  body: { query: string; variables: Record<string, unknown> };
}

/** A local stand-in for Charity Navigator's GraphQL endpoint; `reply` decides each answer. */
async function fakeCharityNavigator(
  reply: (received: Received, res: ServerResponse) => void,
): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const entry = { headers: req.headers, body: JSON.parse(raw) };
      received.push(entry);
      if (req.headers.authorization !== KEY) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: 'Unauthorized' }] }));
        return;
      }
      reply(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** Searches the recorded results as Charity Navigator would: term in the name, or the EIN. */
function searchRecorded({ body }: Received, res: ServerResponse) {
  const { term = '', from = 0, result_size = 10 } = body.variables as Record<string, any>;
  const needle = String(term).toLowerCase();
  const hits = CHARITIES.filter(
    (c) => c.ein === needle || needle.split(/\s+/).every((word) => c.name.toLowerCase().includes(word)),
  );
  json(res, 200, {
    data: {
      publicSearchFaceted: {
        size: result_size,
        from,
        term,
        result_count: hits.length,
        results: hits.slice(from, from + result_size),
      },
    },
  });
}

runCharityDataContract('Charity Navigator (local stand-in)', async () => {
  const server = await fakeCharityNavigator(searchRecorded);
  return {
    driver: new CharityNavigatorData({ url: server.url, apiKey: KEY }),
    known: { ein: '530196605', name: 'American National Red Cross', term: 'red cross' },
    // Every recorded name has an "a".
    broadTerm: 'a',
    dispose: () => server.close(),
  };
});

describe('CharityNavigatorData', () => {
  const ask = (overrides: Partial<CharitySearchVariables> = {}) =>
    charitySearchVariables.parse({ term: 'red', ...overrides });

  it('sends its key in Authorization and its own copy of the published document, without our city and ZIP filters', async () => {
    const server = await fakeCharityNavigator(searchRecorded);
    try {
      const driver = new CharityNavigatorData({ url: server.url, apiKey: KEY });
      await driver.search(ask({ states: ['DC'], ratings: ['4'], cities: ['Washington'], zips: ['20006'] }));
      expect(server.received).toHaveLength(1);
      expect(server.received[0]!.headers.authorization).toBe(KEY);
      expect(server.received[0]!.headers['stellate-api-token']).toBeUndefined();
      expect(server.received[0]!.body.query).toBe(PUBLIC_SEARCH_FACETED_QUERY);
      expect(server.received[0]!.body.variables).toEqual({
        term: 'red',
        states: ['DC'],
        ratings: ['4'],
        result_size: 20,
        from: 0,
      });
    } finally {
      await server.close();
    }
  });

  it('keeps partial data beside its errors', async () => {
    const server = await fakeCharityNavigator((_received, res) =>
      json(res, 200, {
        data: {
          publicSearchFaceted: {
            size: 20,
            from: 0,
            term: 'red',
            result_count: 1,
            // A result whose rating did not resolve comes back with nulls (and one field missing).
            results: [{ ...CHARITIES[0], encompass_score: null, highest_level_alert: undefined }],
          },
        },
        errors: [
          {
            message: 'Rating service unavailable',
            path: ['publicSearchFaceted', 'results', 0, 'encompass_score'],
          },
        ],
      }),
    );
    try {
      const answer = await new CharityNavigatorData({ url: server.url, apiKey: KEY }).search(ask());
      expect(answer.envelope).toMatchObject({
        result_count: 1,
        results: [{ ein: '530196605', encompass_score: null, highest_level_alert: null }],
      });
      expect(answer.errors).toEqual([
        {
          message: 'Rating service unavailable',
          path: ['publicSearchFaceted', 'results', 0, 'encompass_score'],
        },
      ]);
    } finally {
      await server.close();
    }
  });

  it('answers errors only as no envelope and the errors', async () => {
    const server = await fakeCharityNavigator((_received, res) =>
      json(res, 200, { data: null, errors: [{ message: 'Variable "$term" got invalid value' }] }),
    );
    try {
      expect(await new CharityNavigatorData({ url: server.url, apiKey: KEY }).search(ask())).toEqual({
        envelope: null,
        errors: [{ message: 'Variable "$term" got invalid value' }],
      });
    } finally {
      await server.close();
    }
  });

  it('answers an HTTP 500 as an error naming the status, without its body', async () => {
    const server = await fakeCharityNavigator((_received, res) => {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html>upstream stack trace</html>');
    });
    try {
      expect(await new CharityNavigatorData({ url: server.url, apiKey: KEY }).search(ask())).toEqual({
        envelope: null,
        errors: [{ message: CharityNavigatorFailures.httpStatus(500) }],
      });
    } finally {
      await server.close();
    }
  });

  it('answers a refused key (401 with GraphQL errors) with those errors', async () => {
    const server = await fakeCharityNavigator(searchRecorded);
    try {
      const answer = await new CharityNavigatorData({ url: server.url, apiKey: 'stl8_wrong-key' }).search(
        ask(),
      );
      expect(answer).toEqual({ envelope: null, errors: [{ message: 'Unauthorized' }] });
    } finally {
      await server.close();
    }
  });

  it('answers malformed JSON as an unreadable answer', async () => {
    const server = await fakeCharityNavigator((_received, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"data": {"publicSearchFaceted": ');
    });
    try {
      expect(await new CharityNavigatorData({ url: server.url, apiKey: KEY }).search(ask())).toEqual({
        envelope: null,
        errors: [{ message: CharityNavigatorFailures.unreadable }],
      });
    } finally {
      await server.close();
    }
  });

  it('gives up after its timeout and says so', async () => {
    const server = await fakeCharityNavigator(() => {
      // Never answers.
    });
    try {
      const started = Date.now();
      const answer = await new CharityNavigatorData({ url: server.url, apiKey: KEY, timeoutMs: 200 }).search(
        ask(),
      );
      expect(answer).toEqual({ envelope: null, errors: [{ message: CharityNavigatorFailures.timeout }] });
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await server.close();
    }
  });

  it('answers an unreachable server as unreachable, and findByEin as null', async () => {
    const server = await fakeCharityNavigator(searchRecorded);
    await server.close();
    const driver = new CharityNavigatorData({ url: server.url, apiKey: KEY });
    expect(await driver.search(ask())).toEqual({
      envelope: null,
      errors: [{ message: CharityNavigatorFailures.unreachable }],
    });
    expect(await driver.findByEin('530196605')).toBeNull();
  });
});
