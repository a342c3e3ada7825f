import { NonprofitDirectory } from './nonprofit-directory';
import { readableName } from './nonprofit-name';

describe('the bundled nonprofit directory', () => {
  const directory = new NonprofitDirectory();

  it('finds a nonprofit by its EIN, with or without the dash', () => {
    expect(directory.findByEin('920041488')).toMatchObject({
      ein: '920041488',
      name: 'Norton Sound Health Corporation',
      city: 'Nome',
      state: 'AK',
    });
    expect(directory.findByEin('92-0041488')?.ein).toBe('920041488');
  });

  it('finds nothing for an EIN it does not hold or a value that is not an EIN', () => {
    expect(directory.findByEin('000000000')).toBeUndefined();
    expect(directory.findByEin('92004148')).toBeUndefined();
    expect(directory.findByEin('x920041488')).toBeUndefined();
    expect(directory.findByEin('')).toBeUndefined();
  });

  it('searches names case-insensitively, names starting with the term first', () => {
    const results = directory.search('norton sound', 5);
    expect(results[0]?.name).toBe('Norton Sound Health Corporation');
    expect(results.every((r) => r.name.toLowerCase().includes('norton sound'))).toBe(true);
  });

  it('searches by city and by EIN', () => {
    expect(directory.search('nome', 50).some((r) => r.ein === '920041488')).toBe(true);
    expect(directory.search('92-0041488', 5).map((r) => r.ein)).toEqual(['920041488']);
  });

  it('needs every word of the term to match', () => {
    expect(directory.search('norton zzzz', 5)).toEqual([]);
  });

  it('an empty term lists the largest nonprofits, up to the limit', () => {
    const results = directory.search('', 3);
    expect(results).toHaveLength(3);
    expect(results[0]!.revenueCents).toBeGreaterThanOrEqual(results[1]!.revenueCents);
  });

  it('keeps to the limit', () => {
    expect(directory.search('health', 7)).toHaveLength(7);
  });
});

describe('readable names', () => {
  it('title-cases the capitals of the data set', () => {
    expect(readableName('AMERICAN NATIONAL RED CROSS')).toBe('American National Red Cross');
  });

  it('keeps joining words small inside a name, initialisms in capitals', () => {
    expect(readableName('BOYS AND GIRLS CLUB OF THE USA')).toBe('Boys and Girls Club of the USA');
    expect(readableName('THE YMCA OF GREATER NEW YORK')).toBe('The YMCA of Greater New York');
  });

  it('capitalises after hyphens and dots', () => {
    expect(readableName('ST. JUDE-SMITH FUND')).toBe('St. Jude-Smith Fund');
  });
});
