import { GAME_CORES, pairs } from '@arena/games';
import { openRun } from '../shared/run-watch';
import { verifiedRun } from '../shared/watch-runs.fixture';
import { formatTime } from './format-time';
import { pairsTimeline } from './pairs-watch';

describe('a watched Memory Pairs run', () => {
  const { material, log, score } = verifiedRun('pairs', 'pairs-watch-spec');
  const opened = openRun(GAME_CORES.pairs, material, pairsTimeline);
  if (!opened.ok) throw new Error(opened.reason);
  const { timeline } = opened;

  it('ends on every pair found, in the verified time', () => {
    expect(score).toBeGreaterThan(0);
    expect(timeline.last).toBe(log.length);
    const { state, up } = timeline.at(timeline.last).state;
    expect(state.pairsFound).toBe(8);
    expect(up.every(Boolean)).toBe(true);
    expect(timeline.at(timeline.last).stats.at(-1)).toEqual({
      label: 'Time',
      value: formatTime(score),
      live: false,
    });
  });

  it('opens on every card face down, and shows each flipped card face up at its flip', () => {
    expect(timeline.at(0).state.up.some(Boolean)).toBe(false);
    for (let flip = 1; flip <= timeline.last; flip++) {
      const card = (log[flip - 1]!.input as pairs.PairsInput).card;
      expect([flip, timeline.at(flip).state.up[card]]).toEqual([flip, true]);
    }
  });

  it('shows a mismatch: both cards up at the flip that misses, not matched', () => {
    const miss = Array.from({ length: timeline.last }, (_, index) => index + 1).find(
      (flip) => timeline.at(flip).state.state.mismatch !== null,
    );
    expect(miss).toBeDefined();
    const { state, up } = timeline.at(miss!).state;
    for (const card of state.mismatch!.cards) expect([up[card], state.matched[card]]).toEqual([true, false]);
  });
});
