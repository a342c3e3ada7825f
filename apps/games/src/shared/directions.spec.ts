import { directionOfKey, swipeDirection } from './directions';

describe('directions', () => {
  it.each([
    ['ArrowUp', 'up'],
    ['ArrowDown', 'down'],
    ['ArrowLeft', 'left'],
    ['ArrowRight', 'right'],
    ['w', 'up'],
    ['A', 'left'],
    ['s', 'down'],
    ['D', 'right'],
  ])('key %s is %s', (key, direction) => {
    expect(directionOfKey(key)).toBe(direction);
  });

  it.each(['Enter', 'p', ' ', 'Shift'])('key %j is no direction', (key) => {
    expect(directionOfKey(key)).toBeNull();
  });

  it('reads a swipe along its longer axis and ignores short ones', () => {
    expect(swipeDirection(80, 10)).toBe('right');
    expect(swipeDirection(-80, 30)).toBe('left');
    expect(swipeDirection(5, -60)).toBe('up');
    expect(swipeDirection(-20, 90)).toBe('down');
    expect(swipeDirection(10, -12)).toBeNull();
  });
});
