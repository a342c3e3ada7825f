import {
  PUBLIC_SEARCH_FACETED_QUERY,
  type CharityGraphqlAnswer,
  type CharitySearchVariables,
} from '@arena/contracts';
import { CharitySearchService } from './charity-search.service';
import type { PublishedLogos } from './published-logos.reader';
import { CharityData, type CharityDataAnswer } from '../ports/charity-data';
import { CharitySearchCache } from '../ports/charity-search-cache';

class MapCache extends CharitySearchCache {
  readonly entries = new Map<string, CharityGraphqlAnswer>();
  async get(key: string) {
    return this.entries.get(key);
  }
  async set(key: string, answer: CharityGraphqlAnswer) {
    this.entries.set(key, answer);
  }
}

class ScriptedData extends CharityData {
  readonly source = 'charity-navigator' as const;
  readonly ratingsAvailable = true;
  calls: CharitySearchVariables[] = [];
  constructor(private readonly answers: CharityDataAnswer[]) {
    super();
  }
  async search(variables: CharitySearchVariables) {
    this.calls.push(variables);
    return this.answers.shift()!;
  }
  async findByEin() {
    return null;
  }
}

const envelope = { size: 20, from: 0, term: 'red', result_count: 0, results: [] };
const request = { query: PUBLIC_SEARCH_FACETED_QUERY, variables: { term: 'red' } };

/** The read model's published logos, as the service asks for them. */
const logosFrom = (of: (eins: readonly string[]) => Promise<Map<string, string>>) =>
  ({ of }) as unknown as PublishedLogos;
const noLogos = logosFrom(async () => new Map());

describe('CharitySearchService', () => {
  it('answers a complete search as a GraphQL response and caches it', async () => {
    const data = new ScriptedData([{ envelope, errors: [] }]);
    const cache = new MapCache();
    const service = new CharitySearchService(data, cache, noLogos);
    const answer = await service.answer(request);
    expect(answer).toEqual({
      data: { publicSearchFaceted: envelope },
      extensions: { source: 'charity-navigator', ratingsAvailable: true },
    });
    expect(await service.answer(request)).toEqual(answer);
    expect(data.calls).toHaveLength(1);
    expect([...cache.entries.keys()][0]).toMatch(/^charity-navigator:[0-9a-f]{64}$/);
  });

  it('never caches partial data or errors: the next identical search asks again', async () => {
    const data = new ScriptedData([
      { envelope, errors: [{ message: 'Rating service unavailable' }] },
      { envelope: null, errors: [{ message: 'Charity Navigator did not answer in time' }] },
      { envelope, errors: [] },
    ]);
    const service = new CharitySearchService(data, new MapCache(), noLogos);
    expect(await service.answer(request)).toMatchObject({
      data: { publicSearchFaceted: envelope },
      errors: [{ message: 'Rating service unavailable' }],
    });
    expect(await service.answer(request)).toMatchObject({
      data: null,
      errors: [{ message: expect.any(String) }],
    });
    expect((await service.answer(request)).errors).toBeUndefined();
    expect(data.calls).toHaveLength(3);
  });

  it('adds the logos of results published on Charity Arena, also to a cached answer', async () => {
    const found = {
      ...envelope,
      result_count: 2,
      results: ['12-3456789', '987654321'].map((ein) => ({
        ein,
        name: `Charity ${ein}`,
        mission: null,
        organization_url: null,
        charity_navigator_url: null,
        encompass_score: null,
        encompass_star_rating: null,
        encompass_publication_date: null,
        cause: null,
        street: null,
        street2: null,
        city: null,
        state: null,
        zip: null,
        country: null,
        highest_level_alert: null,
      })),
    };
    let logo = '/api/charities/ein/123456789/logo?v=1';
    const logos = logosFrom(async (eins) => new Map([[eins[0]!.replace('-', ''), logo]]));
    const cache = new MapCache();
    const service = new CharitySearchService(
      new ScriptedData([{ envelope: found, errors: [] }]),
      cache,
      logos,
    );
    const logosOf = async () =>
      (await service.answer(request)).data?.publicSearchFaceted?.results.map((result) => result.logoUrl);
    expect(await logosOf()).toEqual([logo, null]);
    logo = '/api/charities/ein/123456789/logo?v=2';
    expect(await logosOf()).toEqual([logo, null]);
    // The cache keeps the answer as the source gave it.
    expect(JSON.stringify([...cache.entries.values()])).not.toContain('logoUrl');
  });
});
