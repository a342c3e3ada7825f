import {
  CHARITY_BY_EIN_QUERY,
  CharityMessages,
  PUBLIC_SEARCH_FACETED_QUERY,
  charitySearchVariables,
} from '@arena/contracts';
import { CharitySearchError } from '../../domain/charity-search.errors';
import { normalisedVariables, readCharitySearchOperation } from './charity-search-operation';

const refusal = (request: Parameters<typeof readCharitySearchOperation>[0]) => {
  try {
    readCharitySearchOperation(request);
  } catch (error) {
    if (error instanceof CharitySearchError) return { kind: error.kind, message: error.message };
    throw error;
  }
  return undefined;
};
const unsupported = { kind: 'invalid', message: CharityMessages.unsupportedGraphqlOperation };

describe('readCharitySearchOperation', () => {
  it("reads the page's search document and its variables (single-item lists, rating 4, c3, orderBy)", () => {
    expect(
      readCharitySearchOperation({
        query: PUBLIC_SEARCH_FACETED_QUERY,
        variables: {
          term: 'food bank',
          states: ['CA'],
          causes: ['Human Services'],
          ratings: ['4'],
          c3: true,
          result_size: 20,
          from: 40,
          orderBy: 'rating',
          cities: ['Oakland'],
          zips: ['94612'],
        },
        operationName: 'PublicSearchFaceted',
      }),
    ).toEqual({
      term: 'food bank',
      states: ['CA'],
      causes: ['Human Services'],
      ratings: ['4'],
      c3: true,
      result_size: 20,
      from: 40,
      orderBy: 'rating',
      cities: ['Oakland'],
      zips: ['94612'],
    });
  });

  it("searches for 'charity' when the term is empty or missing", () => {
    expect(
      readCharitySearchOperation({ query: PUBLIC_SEARCH_FACETED_QUERY, variables: { term: '  ' } }),
    ).toMatchObject({
      term: 'charity',
      from: 0,
      result_size: 20,
    });
  });

  it('reads the by-EIN look-up as a one-result search for the EIN', () => {
    expect(
      readCharitySearchOperation({ query: CHARITY_BY_EIN_QUERY, variables: { ein: '530196605' } }),
    ).toEqual(charitySearchVariables.parse({ term: '530196605', result_size: 1 }));
  });

  it('reads literal arguments and fragments on the envelope types', () => {
    const query = `
      query { publicSearchFaceted(term: "red cross", states: ["DC"], result_size: 5) { ...Page } }
      fragment Page on PublicSearchFacetedResults { result_count results { ein name __typename } }`;
    expect(readCharitySearchOperation({ query })).toMatchObject({
      term: 'red cross',
      states: ['DC'],
      result_size: 5,
    });
  });

  it.each([
    ['a mutation', 'mutation { publicSearchFaceted(term: "x") { size } }'],
    ['a subscription', 'subscription { publicSearchFaceted(term: "x") { size } }'],
    ['introspection', '{ __schema { types { name } } }'],
    ['__type', '{ __type(name: "Query") { name } }'],
    ['__typename at the root', '{ __typename }'],
    ['another field', '{ nonprofits(eins: ["530196605"]) { name } }'],
    ['an unknown field of the envelope', '{ publicSearchFaceted(term: "x") { size secret } }'],
    [
      'two root fields',
      '{ publicSearchFaceted(term: "x") { size } other: publicSearchFaceted(term: "y") { size } }',
    ],
    ['the field twice under one name', '{ a: publicSearchFaceted(term: "x") { size } }'],
    [
      'two operations',
      'query A { publicSearchFaceted(term: "x") { size } } query B { publicSearchFaceted(term: "y") { size } }',
    ],
    [
      'a fragment on another type',
      '{ publicSearchFaceted(term: "x") { ...F } } fragment F on Query { __typename }',
    ],
    ['a directive on the root field', '{ publicSearchFaceted(term: "x") @skip(if: true) { size } }'],
    ['a syntax error', '{ publicSearchFaceted(term: "x") { size }'],
    ['an unknown argument', '{ publicSearchFaceted(term: "x", admin: true) { size } }'],
    ['a document over 10,000 characters', `{ publicSearchFaceted(term: "x") { size } }${' '.repeat(10_000)}`],
    ['an empty document', ''],
    ['a query that is not text', 42],
  ])('refuses %s', (_name, query) => {
    expect(refusal({ query })).toEqual(unsupported);
  });

  it('refuses an operationName the document does not hold', () => {
    expect(
      refusal({ query: PUBLIC_SEARCH_FACETED_QUERY, variables: { term: 'x' }, operationName: 'Other' }),
    ).toEqual(unsupported);
  });

  it.each([
    ['a negative from', { term: 'x', from: -1 }],
    ['a from beyond any page', { term: 'x', from: 50_000 }],
    ['a result size over 32 bits', { term: 'x', result_size: 10_000_000_000 }],
    ['a result size over the page limit', { term: 'x', result_size: 500 }],
    ['a list of numbers', { term: 'x', states: [1] }],
    ['a city list of eleven', { term: 'x', cities: Array.from({ length: 11 }, (_, i) => `City ${i}`) }],
    ['a term over 200 characters', { term: 'x'.repeat(201) }],
  ])('refuses variables with %s as invalid', (_name, variables) => {
    expect(refusal({ query: PUBLIC_SEARCH_FACETED_QUERY, variables })).toMatchObject({ kind: 'invalid' });
  });

  it('refuses variables that are not an object', () => {
    expect(refusal({ query: PUBLIC_SEARCH_FACETED_QUERY, variables: ['x'] })).toMatchObject({
      kind: 'invalid',
    });
  });
});

describe('normalisedVariables', () => {
  it('gives one key to the same search however its lists are ordered or cased', () => {
    const a = charitySearchVariables.parse({ term: 'Red Cross', states: ['DC', 'va'] });
    const b = charitySearchVariables.parse({ states: ['VA', 'dc'], term: 'red cross' });
    expect(normalisedVariables(a)).toBe(normalisedVariables(b));
    expect(normalisedVariables(a)).not.toBe(normalisedVariables({ ...a, from: 20 }));
  });
});
