import { holdsOnlyWellFormedText, isWellFormedText } from './well-formed-text';

describe('well-formed text', () => {
  it.each([
    ['a NUL', 'x\u0000'],
    ['a lone high surrogate', 'a\uD83D'],
    ['a lone high surrogate before another high one', '\uD83D\uD83D\uDE00x'.slice(0, 2)],
    ['a lone low surrogate', '\uDE00b'],
    ['surrogates in the wrong order', '\uDE00\uD83D'],
  ])('refuses %s', (_name, text) => {
    expect(isWellFormedText(text)).toBe(false);
  });

  it.each([
    ['plain text', 'Snake Sprint'],
    ['an emoji (a surrogate pair)', 'win \uD83D\uDE00'],
    ['empty', ''],
  ])('accepts %s', (_name, text) => {
    expect(isWellFormedText(text)).toBe(true);
  });

  it('looks into nested values and object keys, and skips raw bytes', () => {
    expect(holdsOnlyWellFormedText({ a: [1, { b: 'ok' }], c: null })).toBe(true);
    expect(holdsOnlyWellFormedText({ a: [1, { b: 'x\u0000' }] })).toBe(false);
    expect(holdsOnlyWellFormedText({ ['k\uDC00']: 1 })).toBe(false);
    expect(holdsOnlyWellFormedText(Buffer.from([0, 0xed, 0xa0, 0x80]))).toBe(true);
  });

  it('walks a very deep value without exhausting the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(holdsOnlyWellFormedText(deep)).toBe(false);
  });
});
