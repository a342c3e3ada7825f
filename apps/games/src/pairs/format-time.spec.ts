import { formatTime } from './format-time';

describe('formatTime', () => {
  it.each([
    [0, '0:00.0'],
    [9_999, '0:09.9'],
    [42_730, '0:42.7'],
    [60_000, '1:00.0'],
    [299_999, '4:59.9'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatTime(ms)).toBe(text);
  });
});
