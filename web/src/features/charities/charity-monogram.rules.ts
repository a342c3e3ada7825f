/**
 * A charity's monogram (issue 23, item 8): its initials on a colour of its own, where a charity has no
 * logo. The colour comes from the EIN, so a charity keeps it across screens and two charities with one
 * name still differ; it is dark enough for white initials to pass WCAG AA (4.5:1) at any hue.
 */

/** Words that do not make an initial (unless the name has nothing else). */
const SMALL_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'inc', 'of', 'on', 'the', 'to', '&']);

/** Up to two initials: the first letters of the first two words that are not small words. */
export function monogramInitials(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}&]+/u)
    .filter(Boolean);
  const significant = words.filter((word) => !SMALL_WORDS.has(word.toLowerCase()));
  const chosen = (significant.length > 0 ? significant : words).slice(0, 2);
  const initials = chosen.map((word) => [...word][0]!.toUpperCase()).join('');
  return initials || '?';
}

/** A hue (0..359) from the EIN's digits: a stable hash, so one charity always gets one colour. */
export function monogramHue(ein: string): number {
  let hash = 2166136261;
  for (const char of ein.replace(/\D/g, '')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash % 360;
}

/** The monogram's background as #rrggbb: the EIN's hue at 55% saturation and 30% lightness. */
export function monogramColour(ein: string): string {
  return hslHex(monogramHue(ein), 0.55, 0.3);
}

export function hslHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const part = chroma * (1 - Math.abs(((hue / 60) % 2) - 1));
  const base = lightness - chroma / 2;
  const [r, g, b] =
    hue < 60
      ? [chroma, part, 0]
      : hue < 120
        ? [part, chroma, 0]
        : hue < 180
          ? [0, chroma, part]
          : hue < 240
            ? [0, part, chroma]
            : hue < 300
              ? [part, 0, chroma]
              : [chroma, 0, part];
  return `#${[r, g, b]
    .map((channel) =>
      Math.round((channel + base) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => {
      const value = parseInt(hex.slice(at, at + 2), 16) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}
