import { GAME_CORES, type RunMaterial } from '@arena/games';
import { pairsTimeline } from '../pairs/pairs-watch';
import { snakeTimeline } from '../snake/snake-watch';
import { tilesTimeline } from '../tiles/tiles-watch';
import {
  clampPosition,
  formatClock,
  openRun,
  PLAYBACK_MAX_MS,
  PLAYBACK_MIN_MS,
  playbackDelayMs,
  positionText,
  type RunTimeline,
} from './run-watch';
import { verifiedRun } from './watch-runs.fixture';

const TILES = verifiedRun('tiles', 'watch-tiles');
const SNAKE = verifiedRun('snake', 'watch-snake');
const PAIRS = verifiedRun('pairs', 'watch-pairs');

const refusal = (opened: ReturnType<typeof openRun>) => (opened.ok ? null : opened.reason);

describe('openRun', () => {
  it.each([
    ['tiles', TILES.material, tilesTimeline],
    ['snake', SNAKE.material, snakeTimeline],
    ['pairs', PAIRS.material, pairsTimeline],
  ] as const)('opens a verified %s run from its first input to its last', (slug, material, build) => {
    const opened = openRun(GAME_CORES[slug], material, build as never);
    expect(opened.ok).toBe(true);
  });

  it.each([
    ['a Tile Merge run in the Snake page', 'snake', TILES.material],
    ['a Snake run in the Tile Merge page', 'tiles', SNAKE.material],
    ['a Memory Pairs run in the Tile Merge page', 'tiles', PAIRS.material],
  ] as const)('refuses %s', (_name, page, material) => {
    expect(refusal(openRun(GAME_CORES[page], material, tilesTimeline as never))).toBe(
      'This run was played in another game.',
    );
  });

  it.each<[string, Partial<RunMaterial>]>([
    ['a garbage packed log', { packedLog: 'Z2FyYmFnZSBsb2c' }],
    ['an empty packed log', { packedLog: '' }],
    ['a packed log of another version', { packedLog: `Ag${TILES.material.packedLog.slice(2)}` }],
    ['no step seeds', { stepSeeds: null }],
    ['too few step seeds for its moves', { stepSeeds: TILES.material.stepSeeds!.slice(0, 3) }],
  ])('refuses a Tile Merge run with %s, saying why', (_name, change) => {
    const reason = refusal(openRun(GAME_CORES.tiles, { ...TILES.material, ...change }, tilesTimeline));
    expect(reason).toMatch(/^This run does not replay: ./);
  });

  it('refuses a game it does not host and a Memory Pairs run without its seed', () => {
    const other = { ...TILES.material, game: 'chess' };
    expect(refusal(openRun(GAME_CORES.tiles, other, tilesTimeline))).toBe(
      'This run was played in another game.',
    );
    expect(refusal(openRun(GAME_CORES.pairs, { ...PAIRS.material, seed: null }, pairsTimeline))).toBe(
      'This run does not replay: The run carries no seed',
    );
  });
});

/** A timeline of `count` positions whose clock is the given stamps. */
function timelineOf(stamps: number[]): RunTimeline<null> {
  return {
    unit: 'Move',
    last: stamps.length - 1,
    clockMs: (position) => stamps[position]!,
    at: () => ({ state: null, stats: [{ label: 'Score', value: '1,204', live: false }] }),
  };
}

describe('playback', () => {
  const timeline = timelineOf([0, 300, 310, 20_000, 20_125]);

  it('shows each position for the game clock to the next, a long think shortened and a burst slowed', () => {
    expect([0, 1, 2, 3].map((position) => playbackDelayMs(timeline, position))).toEqual([
      300,
      PLAYBACK_MIN_MS,
      PLAYBACK_MAX_MS,
      125,
    ]);
  });

  it('stops at the last position', () => {
    expect(playbackDelayMs(timeline, 4)).toBeNull();
    expect(playbackDelayMs(timeline, 99)).toBeNull();
  });

  it.each([
    [Number.NaN, 0],
    [-5, 0],
    [2.7, 2],
    [1e9, 4],
    [Number.POSITIVE_INFINITY, 0],
  ])('reads a scrubber value of %s as position %s', (value, position) => {
    expect(clampPosition(timeline, value)).toBe(position);
  });

  it('says the position, its numbers and the clock in words', () => {
    const long = timelineOf([...Array.from({ length: 1204 }, (_, index) => index * 100), 125_000]);
    expect(positionText(long, 1000, long.at(1000).stats)).toBe('Move 1,000 of 1,204 · Score 1,204 · 1:40');
    expect(formatClock(125_999)).toBe('2:05');
    expect(formatClock(-1)).toBe('0:00');
  });
});
