import { readableName } from './nonprofit-name';

describe('readable nonprofit names', () => {
  it('capitalises a joining word that opens the name', () => {
    expect(readableName('THE NATURE CONSERVANCY')).toBe('The Nature Conservancy');
    expect(readableName('A WISH COME TRUE')).toBe('A Wish Come True');
  });

  it('leaves a word of three letters or more without a vowel as it is: an initialism', () => {
    expect(readableName('NWTF FOUNDATION')).toBe('NWTF Foundation');
  });

  it('counts Y as a vowel, so such a word is title-cased', () => {
    expect(readableName('LYNN SHELTER')).toBe('Lynn Shelter');
  });

  it('reads a two-letter abbreviation as a word', () => {
    expect(readableName('ST JOSEPH HOUSE')).toBe('St Joseph House');
  });

  it('keeps a known initialism as written, dots included', () => {
    expect(readableName('UNICEF USA')).toBe('UNICEF USA');
    expect(readableName('FRIENDS OF U.S.A. PARKS')).toBe('Friends of U.S.A. Parks');
  });

  it('capitalises after a slash, an ampersand and an opening parenthesis', () => {
    expect(readableName('ARTS/CULTURE & SCIENCE (HOPE) FUND')).toBe('Arts/Culture & Science (Hope) Fund');
    expect(readableName('A&M ALUMNI')).toBe('A&M Alumni');
  });

  it('trims the name and joins its words with single spaces', () => {
    expect(readableName('  HABITAT   FOR\tHUMANITY  ')).toBe('Habitat for Humanity');
  });
});
