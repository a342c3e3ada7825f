/**
 * The IRS data set writes names in capitals ("AMERICAN RED CROSS"); people read "American Red Cross".
 * Small joining words stay lower case inside a name, known initialisms stay capitals, and a word
 * of three letters or more without a vowel (an initialism such as "NWTF") is left as it is;
 * two-letter abbreviations such as "ST" read "St".
 */
const LOWER_INSIDE = new Set([
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);
const INITIALISMS = new Set([
  'USA',
  'US',
  'YMCA',
  'YWCA',
  'NAACP',
  'AIDS',
  'HIV',
  'LLC',
  'II',
  'III',
  'IV',
  'PBS',
  'NPR',
  'UNICEF',
  'DC',
  'PR',
  'NY',
  'LA',
  'SF',
  'UCLA',
  'USC',
  'MIT',
  'NYU',
  'SPCA',
  'ASPCA',
  'KIPP',
  'CASA',
  'VFW',
  'PTA',
  'PTO',
  'UN',
  'WGBH',
  'WNET',
  'KQED',
  'WETA',
  'RN',
  'MD',
  'AFL',
  'CIO',
]);

function titleWord(word: string, first: boolean): string {
  const bare = word.replace(/[^A-Za-z]/g, '');
  if (INITIALISMS.has(bare)) return word;
  if (bare.length > 2 && !/[AEIOUY]/i.test(bare)) return word;
  const lower = word.toLowerCase();
  if (!first && LOWER_INSIDE.has(lower)) return lower;
  // Capitalise after the start and after an apostrophe-free separator: "ST. JUDE-SMITH" → "St. Jude-Smith".
  return lower.replace(
    /(^|[-/(.&])([a-z])/g,
    (_match, before: string, letter: string) => before + letter.toUpperCase(),
  );
}

export function readableName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((word, index) => titleWord(word, index === 0))
    .join(' ');
}
