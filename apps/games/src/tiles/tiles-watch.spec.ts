import { GAME_CORES, tiles, watchRun } from '@arena/games';
import { openRun } from '../shared/run-watch';
import { verifiedRun } from '../shared/watch-runs.fixture';
import { tilesTimeline } from './tiles-watch';

describe('a watched Tile Merge run', () => {
  const { material, log, score } = verifiedRun('tiles', 'tiles-watch-spec');
  const opened = openRun(GAME_CORES.tiles, material, tilesTimeline);
  if (!opened.ok) throw new Error(opened.reason);
  const { timeline } = opened;

  it('has a position per move, the last one showing the verified score', () => {
    expect(log.length).toBeGreaterThan(20);
    expect(timeline.last).toBe(log.length);
    expect(timeline.at(timeline.last).state.score).toBe(score);
    expect(timeline.at(timeline.last).stats[0]).toEqual({
      label: 'Score',
      value: score.toLocaleString('en-US'),
      live: false,
    });
  });

  it("shows at each move the score the core's replay of the moves before gives", () => {
    const replayed = watchRun(material);
    if (!replayed.ok) throw new Error(replayed.reason);
    for (let move = 0; move <= timeline.last; move++) {
      expect([move, timeline.at(move).state.score]).toEqual([move, replayed.run.at(move).score]);
    }
  });

  it('opens on two tiles and adds one after every move (merges take them away)', () => {
    const tilesOn = (move: number) => timeline.at(move).state.board.filter((value) => value !== 0).length;
    expect(tilesOn(0)).toBe(2);
    const before = timeline.at(4).state.board;
    const after = tiles.slide(before, log[4]!.input as tiles.TilesMove);
    expect(after).not.toBeNull();
    expect(tilesOn(5)).toBe(after!.board.filter((value) => value !== 0).length + 1);
  });

  it('stamps each move with its clock', () => {
    expect(timeline.clockMs(0)).toBe(0);
    expect(timeline.clockMs(3)).toBe(log[2]!.atMs);
    expect(timeline.clockMs(timeline.last)).toBe(log.at(-1)!.atMs);
  });
});
