import { charitySearchEnvelope, charitySearchVariables, type CharitySearchVariables } from '@arena/contracts';
import type { CharityData } from '../application/ports/charity-data';

export interface CharityDataContractHarness {
  driver: CharityData;
  /** A nonprofit the driver's data holds, and a term that finds it. */
  known: { ein: string; name: string; term: string };
  /** A term that matches more than four nonprofits, for paging. */
  broadTerm: string;
  dispose(): Promise<void>;
}

const variables = (overrides: Partial<CharitySearchVariables>): CharitySearchVariables =>
  charitySearchVariables.parse(overrides);

/** The behaviour every charity data driver must show; each driver's spec runs it against its own data. */
export function runCharityDataContract(name: string, setUp: () => Promise<CharityDataContractHarness>): void {
  describe(`${name} charity data contract`, () => {
    let harness: CharityDataContractHarness;
    beforeAll(async () => {
      harness = await setUp();
    });
    afterAll(async () => {
      await harness?.dispose();
    });

    it('finds a known nonprofit by a term, in the envelope the page reads', async () => {
      const { envelope, errors } = await harness.driver.search(variables({ term: harness.known.term }));
      expect(errors).toEqual([]);
      expect(charitySearchEnvelope.parse(envelope)).toEqual(envelope);
      expect(envelope!.results.map((result) => result.ein)).toContain(harness.known.ein);
      expect(envelope!.result_count).toBeGreaterThanOrEqual(envelope!.results.length);
    });

    it('pages with from and result_size: no result twice, the same total, from echoed', async () => {
      const first = await harness.driver.search(
        variables({ term: harness.broadTerm, from: 0, result_size: 2 }),
      );
      const second = await harness.driver.search(
        variables({ term: harness.broadTerm, from: 2, result_size: 2 }),
      );
      expect(first.envelope!.results).toHaveLength(2);
      expect(second.envelope!.results).toHaveLength(2);
      expect(second.envelope!.from).toBe(2);
      expect(second.envelope!.result_count).toBe(first.envelope!.result_count);
      const firstEins = first.envelope!.results.map((result) => result.ein);
      for (const result of second.envelope!.results) expect(firstEins).not.toContain(result.ein);
    });

    it('answers an empty page, not an error, when nothing matches', async () => {
      const { envelope, errors } = await harness.driver.search(variables({ term: 'zzqxjv wqkzzv' }));
      expect(errors).toEqual([]);
      expect(envelope).toMatchObject({ result_count: 0, results: [] });
    });

    it('has ratings only when it says so', async () => {
      const { envelope } = await harness.driver.search(
        variables({ term: harness.broadTerm, result_size: 10 }),
      );
      const rated = envelope!.results.some((result) => result.encompass_star_rating !== null);
      if (!harness.driver.ratingsAvailable) expect(rated).toBe(false);
      else expect(rated).toBe(true);
    });

    it('looks a nonprofit up by EIN, with or without the dash', async () => {
      const { ein, name: charityName } = harness.known;
      expect(await harness.driver.findByEin(ein)).toMatchObject({ ein, name: charityName });
      expect(await harness.driver.findByEin(`${ein.slice(0, 2)}-${ein.slice(2)}`)).toMatchObject({ ein });
    });

    it('answers null for an unknown or malformed EIN', async () => {
      expect(await harness.driver.findByEin('000000001')).toBeNull();
      expect(await harness.driver.findByEin('12345')).toBeNull();
      expect(await harness.driver.findByEin("53-0196605' OR 1=1")).toBeNull();
    });
  });
}
