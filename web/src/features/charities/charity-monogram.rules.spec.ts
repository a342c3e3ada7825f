import {
  contrastRatio,
  hslHex,
  monogramColour,
  monogramHue,
  monogramInitials,
} from './charity-monogram.rules';

describe('charity monograms', () => {
  it('takes the first letters of the first two words that are not small words', () => {
    expect(monogramInitials('American National Red Cross')).toBe('AN');
    expect(monogramInitials('The Salvation Army')).toBe('SA');
    expect(monogramInitials('Friends of the Earth')).toBe('FE');
    expect(monogramInitials('Feeding America, Inc.')).toBe('FA');
    expect(monogramInitials('UNICEF')).toBe('U');
    expect(monogramInitials('école du monde')).toBe('ED');
    expect(monogramInitials('The Of')).toBe('TO');
    expect(monogramInitials('  ')).toBe('?');
  });

  it('gives one EIN one colour, with or without its dash, and other EINs other colours', () => {
    expect(monogramColour('12-3456789')).toBe(monogramColour('123456789'));
    const hues = new Set(['530196605', '131623829', '920086076', '131644147', '362167048'].map(monogramHue));
    expect(hues.size).toBe(5);
  });

  it('keeps white initials at AA contrast on every hue it can draw', () => {
    for (let hue = 0; hue < 360; hue++) {
      expect(contrastRatio('#ffffff', hslHex(hue, 0.55, 0.3))).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(hslHex(0, 1, 0.5)).toBe('#ff0000');
    expect(hslHex(240, 1, 0.5)).toBe('#0000ff');
  });
});
