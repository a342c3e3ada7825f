import { bool, intIn, numberOrText, oneOf, searchSchema, stringifySearch, text } from './search-params';

const referralCodeParam = text({ trim: true, min: 1, max: 64 });

describe('search params', () => {
  it('keeps the params it knows and drops the rest and the malformed', () => {
    const schema = searchSchema({ q: text({ max: 5 }), n: intIn(1, 3), b: bool });
    expect(schema.parse({ q: 'abc', n: 2, b: false, other: 'x' })).toEqual({ q: 'abc', n: 2, b: false });
    expect(schema.parse({ q: 'abcdef', n: 2.5, b: 'true' })).toEqual({});
    // The router merges the answer over the raw search: a malformed param must be there, as undefined.
    const malformed = schema.parse({ q: ['x'], n: '2' });
    expect(Object.entries(malformed)).toEqual([
      ['q', undefined],
      ['n', undefined],
    ]);
    expect(Object.keys(schema.parse({}))).toEqual([]);
  });

  it('reads digits the router parsed as a number as their text', () => {
    expect(text({ max: 4 })(2024)).toBe('2024');
    expect(text({ max: 3 })(2024)).toBeUndefined();
    expect(text()(Number.NaN)).toBeUndefined();
  });

  it('writes digits plain and quotes only other strings that read as JSON', () => {
    expect(stringifySearch({ ein: '530196605', cancelled: 1 })).toBe('?ein=530196605&cancelled=1');
    expect(stringifySearch({ term: '2024' })).toBe('?term=2024');
    // Digits that would not read back the same stay strings: a leading zero is not JSON, 2^53 + 1 would round.
    expect(stringifySearch({ ein: '012345678' })).toBe('?ein=012345678');
    expect(stringifySearch({ id: '9007199254740993' })).toBe('?id=%229007199254740993%22');
    expect(stringifySearch({ flag: 'true', term: 'food bank' })).toBe('?flag=%22true%22&term=food+bank');
    expect(stringifySearch({ filter: { a: 1 } })).toBe(`?filter=${encodeURIComponent('{"a":1}')}`);
  });

  it('reads text trimmed when asked, with its lengths checked after trimming', () => {
    expect(referralCodeParam('  CODE1 ')).toBe('CODE1');
    expect(referralCodeParam('   ')).toBeUndefined();
    expect(referralCodeParam('x'.repeat(65))).toBeUndefined();
    expect(text({ min: 1 })('')).toBeUndefined();
    expect(text({ pattern: /^a+$/ })('aab')).toBeUndefined();
  });

  it('compares listed values exactly', () => {
    const step = oneOf([1, 2, '1', true]);
    expect(step(1)).toBe(1);
    expect(step('1')).toBe('1');
    expect(step('2')).toBeUndefined();
    expect(step(false)).toBeUndefined();
  });

  it('reads digits whether the router parsed them as a number or a string', () => {
    const ein = numberOrText(/^\d{9}$/);
    expect(ein(920162721)).toBe('920162721');
    expect(ein('012345678')).toBe('012345678');
    expect(ein(1.5)).toBeUndefined();
    expect(ein(['920162721'])).toBeUndefined();
    const donate = searchSchema({ ein, cancelled: oneOf([1, '1', true]) });
    expect(donate.parse({ ein: 920162721, cancelled: 1 })).toEqual({ ein: '920162721', cancelled: 1 });
    expect(donate.parse({ ein: '92-0162721', cancelled: 2 })).toEqual({});
  });

  it('reads a whole number in its range and trimmed texts', () => {
    const findCharitySearch = searchSchema({
      term: text({ trim: true, max: 200 }),
      state: text({ trim: true, max: 50 }),
      rating: intIn(1, 5),
      searched: bool,
    });
    expect(findCharitySearch.parse({ term: ' food ', rating: 3, searched: true })).toEqual({
      term: 'food',
      rating: 3,
      searched: true,
    });
    expect(findCharitySearch.parse({ rating: 6, state: 'x'.repeat(51) })).toEqual({});
    expect(findCharitySearch.parse({ rating: 0 })).toEqual({});
  });
});
