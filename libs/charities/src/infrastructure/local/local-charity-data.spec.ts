import { charitySearchVariables, type CharitySearchVariables } from '@arena/contracts';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import type { Kysely } from 'kysely';
import { runCharityDataContract } from '../../testing/charity-data.contract';
import type { CharityDirectoryTables } from './charity-directory.tables';
import { LocalCharityData } from './local-charity-data';

runCharityDataContract('Local (bundled IRS data set)', async () => {
  const database = await createTestDatabase(2);
  return {
    driver: new LocalCharityData(database.db as Kysely<CharityDirectoryTables>),
    known: { ein: '530196605', name: 'American National Red Cross', term: 'red cross' },
    broadTerm: 'health',
    dispose: () => database.drop(),
  };
});

describe('LocalCharityData search (real PostgreSQL, the bundled data set)', () => {
  let database: TestDatabase;
  let local: LocalCharityData;
  const search = async (overrides: Partial<CharitySearchVariables>) =>
    (await local.search(charitySearchVariables.parse(overrides))).envelope!;

  beforeAll(async () => {
    database = await createTestDatabase(2);
    local = new LocalCharityData(database.db as Kysely<CharityDirectoryTables>);
  });
  afterAll(() => database.drop());

  it('holds every row of the data set', async () => {
    const all = await search({ term: 'charity', result_size: 1 });
    expect(all.result_count).toBe(4966);
  });

  it("browses every cause in turn for the page's default term: the largest of each, then the next", async () => {
    const page = await search({ term: 'charity', result_size: 10 });
    expect(page.results).toHaveLength(10);
    expect(page.term).toBe('charity');
    const causes = page.results.map((result) => result.cause);
    // The largest nonprofits overall are all hospital systems: the first page shows one per cause instead.
    expect(new Set(causes).size).toBe(causes.length);
    expect(causes).toEqual(expect.arrayContaining(['Health', 'Education', 'Human Services', 'Environment']));
    // Donor-advised fund sponsors (the largest "Community" nonprofit is one) come last within their cause.
    const firstPages = await search({ term: 'charity', result_size: 40 });
    expect(firstPages.results.filter((result) => /gift fund|donor advised/i.test(result.name))).toEqual([]);
    expect((await search({ term: 'fidelity gift fund' })).results[0]?.name).toMatch(/Charitable Gift Fund/);

    const next = await search({ term: 'charity', result_size: 10, from: 10 });
    expect(next.result_count).toBe(4966);
    const seen = new Set(page.results.map((result) => result.ein));
    expect(next.results.some((result) => seen.has(result.ein))).toBe(false);
  });

  it('finds nonprofits by their cause, a word not in their names', async () => {
    const animals = await search({ term: 'animal', result_size: 50 });
    expect(animals.result_count).toBeGreaterThan(0);
    const names = animals.results.map((result) => result.name);
    // None of the animal-related nonprofits says "animal" in its name, e.g. the humane societies.
    expect(names.some((name) => !/animal/i.test(name))).toBe(true);
  });

  it('ranks the nonprofits with any of the words when none has all of them', async () => {
    const page = await search({ term: 'animal shelter', result_size: 50 });
    expect(page.result_count).toBeGreaterThan(0);
    const animals = await search({ term: 'animal', result_size: 50 });
    const shelters = await search({ term: 'shelter', result_size: 50 });
    const either = new Set([...animals.results, ...shelters.results].map((result) => result.ein));
    expect(page.results.every((result) => either.has(result.ein))).toBe(true);
    // Load More on such a search goes on with the same nonprofits.
    const second = await search({ term: 'animal shelter', result_size: 5, from: 5 });
    expect(second.result_count).toBe(page.result_count);
    expect(second.results.map((result) => result.ein)).toEqual(page.results.slice(5, 10).map((r) => r.ein));
  });

  it('matches words of the name by prefix, best name match first', async () => {
    const page = await search({ term: 'habitat humanity' });
    expect(page.results[0]).toMatchObject({
      ein: '911914868',
      name: expect.stringMatching(/^Habitat for Humanity/),
    });
    expect((await search({ term: 'habit' })).results.map((r) => r.ein)).toContain('911914868');
  });

  it('finds a misspelt name through trigrams', async () => {
    const page = await search({ term: 'americn natonal red cros' });
    expect(page.results.map((r) => r.ein)).toContain('530196605');
  });

  it('matches on the city too, ranked before names only like the term', async () => {
    const page = await search({ term: 'anchorage', result_size: 50 });
    const inAnchorage = page.results.map((r) => r.city === 'Anchorage' || /anchorage/i.test(r.name));
    expect(inAnchorage.filter(Boolean).length).toBeGreaterThan(5);
    // Trigrams also let in names like "Anchorum": they come after every real match.
    expect(
      inAnchorage.indexOf(false) === -1 || inAnchorage.lastIndexOf(true) < inAnchorage.indexOf(false),
    ).toBe(true);
  });

  it('finds a nonprofit by its EIN, dashed or not, and only that one', async () => {
    for (const term of ['530196605', '53-0196605']) {
      const page = await search({ term });
      expect(page.result_count).toBe(1);
      expect(page.results[0]).toMatchObject({ ein: '530196605', city: 'Washington', state: 'DC' });
    }
  });

  it('filters by state, city, ZIP (first five digits) and cause', async () => {
    const inAlaska = await search({ term: 'charity', states: ['ak'], result_size: 50 });
    expect(inAlaska.result_count).toBe(60);
    expect(inAlaska.results.every((r) => r.state === 'AK')).toBe(true);

    const inJuneau = await search({ term: 'charity', cities: ['JUNEAU'], result_size: 50 });
    expect(inJuneau.result_count).toBeGreaterThan(0);
    expect(inJuneau.results.every((r) => r.city === 'Juneau')).toBe(true);

    const byZip = await search({ term: 'charity', zips: ['20006-5310'], result_size: 50 });
    expect(byZip.results.map((r) => r.ein)).toContain('530196605');
    expect(byZip.results.every((r) => r.zip?.startsWith('20006'))).toBe(true);

    const arts = await search({ term: 'charity', causes: ['Arts & Culture'], result_size: 50 });
    expect(arts.result_count).toBeGreaterThan(0);
    expect(arts.results.every((r) => r.cause === 'Arts & Culture')).toBe(true);

    // ntee_major_group is a cause too (finer than category where the IRS row has a code).
    const healthCare = await search({
      term: 'charity',
      causes: ['Health Care'],
      states: ['AK'],
      result_size: 50,
    });
    expect(healthCare.results.map((r) => r.ein)).toContain('920162721');
  });

  it('ignores the ratings filter and answers null ratings', async () => {
    const page = await search({ term: 'red cross', ratings: ['4'] });
    expect(page.results.map((r) => r.ein)).toContain('530196605');
    expect(page.results[0]).toMatchObject({
      encompass_score: null,
      encompass_star_rating: null,
      encompass_publication_date: null,
      highest_level_alert: null,
      mission: null,
    });
    expect(local.ratingsAvailable).toBe(false);
  });

  it('keeps result_count past the last page', async () => {
    const page = await search({ term: 'charity', states: ['AK'], from: 100 });
    expect(page).toMatchObject({ result_count: 60, results: [], from: 100 });
  });
});
