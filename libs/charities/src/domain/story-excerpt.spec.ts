import { storyExcerpt } from './story-excerpt';

describe('story excerpt', () => {
  it('keeps a short caption whole, its spaces tidied', () => {
    expect(storyExcerpt('  Warm  meals\nfor 40 families. ')).toBe('Warm meals for 40 families.');
  });

  it('cuts a long caption on a word boundary, within 160 characters and an ellipsis', () => {
    const caption = `${'word '.repeat(31)}boundary and more text after it`;
    const excerpt = storyExcerpt(caption);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(161);
    expect(caption.startsWith(excerpt.slice(0, -1))).toBe(true);
    expect(caption[excerpt.length - 1]).toBe(' ');
  });

  it('cuts one endless word rather than answer nothing', () => {
    expect(storyExcerpt('x'.repeat(400))).toBe(`${'x'.repeat(160)}…`);
  });
});
