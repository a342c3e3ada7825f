import { pairs, snake, tiles } from '@arena/games';
import { endOfRunMessages } from './shared/frame-protocol';
import { PairsPlay } from './pairs/pairs-play';
import { SnakePlay } from './snake/snake-play';
import { TilesPlay } from './tiles/tiles-play';

/** The check the app makes before posting: the replay of the recorded log gives the result shown. */
function replaysToShown(
  core: Parameters<typeof endOfRunMessages>[0],
  play: TilesPlay | SnakePlay | PairsPlay,
) {
  const messages = endOfRunMessages(core, play.seed, play.log.toArray(), play.result(), null);
  expect(messages).toEqual([expect.objectContaining({ type: 'GAME_COMPLETED', ...play.result() })]);
}

describe('TilesPlay', () => {
  it('records only moves that change the board, and replays to the score shown', () => {
    const play = new TilesPlay('tiles-seed');
    let clock = 0;
    for (let press = 0; press < 400 && !play.over; press++) {
      clock += 170;
      play.move(tiles.TILES_MOVES[press % 4]!, clock);
      // A move that cannot change the board is dropped, never recorded.
      const blocked = tiles.TILES_MOVES.find((move) => tiles.slide(play.state.board, move) === null);
      if (blocked) expect(play.move(blocked, clock)).toBeNull();
    }
    expect(play.log.length).toBe(play.state.moves);
    replaysToShown(tiles.tilesCore, play);
  });

  it('drops key presses beyond the human-rate limit instead of recording a log that would not replay', () => {
    const play = new TilesPlay('fast-fingers');
    for (let press = 0; press < 30; press++) play.move(press % 2 === 0 ? 'left' : 'right', press * 20);
    expect(play.log.length).toBeLessThanOrEqual(tiles.tilesCore.maxInputsPerSecond);
    replaysToShown(tiles.tilesCore, play);
  });

  it('ended early keeps its score, not completed', () => {
    const play = new TilesPlay('short');
    play.move('left', 100);
    play.move('up', 300);
    play.end();
    expect(play.over).toBe(true);
    expect(play.move('down', 500)).toBeNull();
    expect(play.result().completed).toBe(false);
    replaysToShown(tiles.tilesCore, play);
  });
});

describe('SnakePlay', () => {
  /** Plays on 60 frames a second the way the page's loop does, turning clockwise every few ticks for 6 s. */
  function playFrames(play: SnakePlay, untilMs: number) {
    const turns = ['down', 'left', 'up', 'right'] as const;
    let turn = 0;
    for (let clock = 0; clock <= untilMs && !play.over; clock += 16) {
      play.advance(clock);
      if (clock < 6000 && clock % 752 === 0 && play.turn(turns[turn % 4]!, clock + 3)) turn++;
    }
  }

  it('replays to what the player saw when the snake hits something', () => {
    const play = new SnakePlay('snake-seed');
    playFrames(play, 10 * 60 * 1000);
    expect(play.over).toBe(true);
    replaysToShown(snake.snakeCore, play);
  });

  it('ended early runs on into the wall ahead, as the replay does', () => {
    const play = new SnakePlay('snake-end');
    playFrames(play, 2000);
    const before = play.state.tick;
    play.end();
    expect(play.over).toBe(true);
    expect(play.state.end).toBe('wall');
    expect(play.state.tick).toBeGreaterThan(before);
    replaysToShown(snake.snakeCore, play);
  });

  it('does not record refused turns: a reversal, the same heading, a third waiting turn', () => {
    const play = new SnakePlay('snake-turns');
    expect(play.turn('left', 10)).toBe(false);
    expect(play.turn('right', 10)).toBe(false);
    expect(play.turn('up', 10)).toBe(true);
    expect(play.turn('left', 11)).toBe(true);
    expect(play.turn('down', 12)).toBe(false);
    expect(play.log.toArray().map((entry) => entry.input)).toEqual(['up', 'left']);
  });
});

describe('PairsPlay', () => {
  /** Flips every card once in order, then the pairs it has seen: a completed run. */
  it('replays to the finishing time shown', () => {
    const play = new PairsPlay('pairs-seed');
    let clock = 0;
    const seen = new Map<number, number>();
    for (let card = 0; card < pairs.PAIRS_CARD_COUNT && !play.over; card++) {
      clock += 600;
      if (play.flip(card, clock) === null) continue;
      seen.set(card, play.state.faces[card]!);
    }
    for (const [card, face] of seen) {
      if (play.state.matched[card]) continue;
      const other = [...seen.keys()].find((candidate) => candidate !== card && seen.get(candidate) === face);
      clock += 600;
      play.flip(card, clock);
      clock += 600;
      play.flip(other!, clock);
    }
    expect(play.over).toBe(true);
    expect(play.result()).toEqual({ score: clock, completed: true });
    replaysToShown(pairs.pairsCore, play);
  });

  it('refuses a flip while a mismatch is shown, and a face-up card', () => {
    const play = new PairsPlay('pairs-refusals');
    const faces = play.state.faces;
    const other = faces.findIndex((face) => face !== faces[0]);
    expect(play.flip(0, 100)).toBe('flip');
    expect(play.flip(0, 150)).toBeNull();
    expect(play.flip(other, 200)).toBe('miss');
    expect(play.faceUp(400)[0]).toBe(true);
    expect(play.flip(5, 400)).toBeNull();
    expect(play.faceUp(700)[0]).toBe(false);
    expect(play.flip(5, 700)).not.toBeNull();
    expect(play.log.length).toBe(3);
    replaysToShown(pairs.pairsCore, play);
  });

  it('ended early has no time and is not completed', () => {
    const play = new PairsPlay('pairs-early');
    play.flip(3, 250);
    play.end();
    expect(play.result()).toEqual({ score: 0, completed: false });
    replaysToShown(pairs.pairsCore, play);
  });
});
