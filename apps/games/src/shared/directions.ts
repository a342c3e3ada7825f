/** The four directions tiles and snake are played with (the same strings both cores take). */
export type Direction = 'up' | 'down' | 'left' | 'right';

const KEYS: Readonly<Record<string, Direction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  w: 'up',
  s: 'down',
  a: 'left',
  d: 'right',
};

/** The direction of a key (`KeyboardEvent.key`): arrows or WASD, either case; null for any other key. */
export function directionOfKey(key: string): Direction | null {
  const direction = KEYS[key.length === 1 ? key.toLowerCase() : key];
  return direction ?? null;
}

/** Shorter moves are taps or scrolls, not swipes (CSS px). */
export const SWIPE_MIN_PX = 24;

/** The direction of a swipe from its travel (dx right, dy down), along its longer axis; null when too short. */
export function swipeDirection(dx: number, dy: number, minPx = SWIPE_MIN_PX): Direction | null {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < minPx) return null;
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? 'right' : 'left';
  return dy > 0 ? 'down' : 'up';
}
