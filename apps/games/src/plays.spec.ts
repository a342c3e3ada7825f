import { pairs, snake, tiles, type TimedInput } from '@arena/games';
import { endOfRunMessages } from './shared/frame-protocol';
import { PairsPlay } from './pairs/pairs-play';
import { SnakePlay } from './snake/snake-play';
import { TilesPlay } from './tiles/tiles-play';

/** The check the app makes before posting: the replay of the recorded log gives the result shown. */
function replaysToShown(play: TilesPlay | SnakePlay | PairsPlay) {
  const log: readonly TimedInput<unknown>[] = play.log.toArray();
  const game = play instanceof TilesPlay ? 'tiles' : play instanceof SnakePlay ? 'snake' : 'pairs';
  const messages = endOfRunMessages(game, play.replay(), log, play.result(), null);
  expect(messages).toEqual([expect.objectContaining({ type: 'GAME_COMPLETED', ...play.result() })]);
}

describe('TilesPlay', () => {
  it('records only moves that change the board, and replays to the score shown', () => {
    const play = new TilesPlay({ seed: 'tiles-seed' });
    let clock = 0;
    for (let press = 0; press < 400 && !play.over; press++) {
      clock += 170;
      play.move(tiles.TILES_MOVES[press % 4]!, clock);
      // A move that cannot change the board is dropped, never recorded.
      const blocked = tiles.TILES_MOVES.find((move) => tiles.slide(play.state.board, move) === null);
      if (blocked) expect(play.move(blocked, clock)).toBeNull();
    }
    expect(play.log.length).toBe(play.state.moves);
    replaysToShown(play);
  });

  it('drops key presses beyond the human-rate limit instead of recording a log that would not replay', () => {
    const play = new TilesPlay({ seed: 'fast-fingers' });
    for (let press = 0; press < 30; press++) play.move(press % 2 === 0 ? 'left' : 'right', press * 20);
    expect(play.log.length).toBeLessThanOrEqual(tiles.tilesCore.maxInputsPerSecond);
    replaysToShown(play);
  });

  it('ended early keeps its score, not completed', () => {
    const play = new TilesPlay({ seed: 'short' });
    play.move('left', 100);
    play.move('up', 300);
    play.end();
    expect(play.over).toBe(true);
    expect(play.move('down', 500)).toBeNull();
    expect(play.result().completed).toBe(false);
    replaysToShown(play);
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
    const play = new SnakePlay({ seed: 'snake-seed' });
    playFrames(play, 10 * 60 * 1000);
    expect(play.over).toBe(true);
    replaysToShown(play);
  });

  it('ended early runs on into the wall ahead, as the replay does', () => {
    const play = new SnakePlay({ seed: 'snake-end' });
    playFrames(play, 2000);
    const before = play.state.tick;
    play.end();
    expect(play.over).toBe(true);
    expect(play.state.end).toBe('wall');
    expect(play.state.tick).toBeGreaterThan(before);
    replaysToShown(play);
  });

  it('does not record refused turns: a reversal, the same heading, a third waiting turn', () => {
    const play = new SnakePlay({ seed: 'snake-turns' });
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
    const play = new PairsPlay({ seed: 'pairs-seed' });
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
    replaysToShown(play);
  });

  it('refuses a flip while a mismatch is shown, and a face-up card', () => {
    const play = new PairsPlay({ seed: 'pairs-refusals' });
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
    replaysToShown(play);
  });

  it('ended early has no time and is not completed', () => {
    const play = new PairsPlay({ seed: 'pairs-early' });
    play.flip(3, 250);
    play.end();
    expect(play.result()).toEqual({ score: 0, completed: false });
    replaysToShown(play);
  });
});

describe('PairsPlay of a tournament run (the layout kept on the server)', () => {
  const SEED = 'kept-by-the-server';

  /** The server's side: the seed it keeps, the flips it revealed; `fail` refuses the next reveal. */
  function server() {
    const revealed: number[] = [];
    const asked: Array<[number, number]> = [];
    let fail = false;
    const reveal = (flip: number, card: number) => {
      asked.push([flip, card]);
      if (fail) {
        fail = false;
        return Promise.reject(new Error('This play has expired'));
      }
      const answer = pairs.pairsReveals.reveal(SEED, revealed, card);
      if (!answer.ok || flip !== revealed.length) return Promise.reject(new Error('refused'));
      revealed.push(card);
      return Promise.resolve(answer.value);
    };
    return { revealed, asked, reveal, failNext: () => (fail = true) };
  }

  it('knows no face before a flip, asks the server for each one, and replays as the server will on its seed', async () => {
    const kept = server();
    const play = new PairsPlay({ reveal: kept.reveal });
    expect(play.state.faces.every((face) => face === pairs.UNREVEALED)).toBe(true);
    const layout = pairs.layoutOf(SEED);
    let clock = 0;
    // Every card once, then the pairs seen: each flip, even of a face already known, goes to the server.
    for (let card = 0; card < pairs.PAIRS_CARD_COUNT && !play.over; card++) {
      clock += 600;
      await play.flip(card, clock);
    }
    for (let card = 0; card < pairs.PAIRS_CARD_COUNT && !play.over; card++) {
      if (play.state.matched[card]) continue;
      const other = layout.findIndex((face, index) => index !== card && face === layout[card]);
      clock += 600;
      await play.flip(card, clock);
      clock += 600;
      await play.flip(other, clock);
    }
    expect(play.over).toBe(true);
    const log = play.log.toArray();
    expect(kept.revealed).toEqual(log.map((entry) => entry.input.card));
    expect(pairs.pairsReveals.logRefusal(log, kept.revealed)).toBeNull();
    expect(play.replay()).toEqual(pairs.pairsCore.replay(SEED, log));
    replaysToShown(play);
  });

  it('takes no other flip while one is being revealed, and records nothing the server would not reveal', async () => {
    const kept = server();
    const play = new PairsPlay({ reveal: kept.reveal });
    const first = play.flip(0, 100);
    expect(play.flip(1, 150)).toBeNull();
    await expect(first).resolves.toBe('flip');
    kept.failNext();
    await expect(play.flip(1, 300)).resolves.toBeNull();
    expect(play.log.length).toBe(1);
    // The same flip asked again (the player clicks again) is revealed this time.
    await expect(play.flip(1, 400)).resolves.not.toBeNull();
    expect(kept.asked).toEqual([
      [0, 0],
      [1, 1],
      [1, 1],
    ]);
    expect(play.log.length).toBe(2);
  });

  it('records a flip at the clock its face was shown, so a slow answer never shortens a mismatch', async () => {
    const kept = server();
    const play = new PairsPlay({ reveal: kept.reveal });
    const layout = pairs.layoutOf(SEED);
    const other = layout.findIndex((face) => face !== layout[0]);
    await play.flip(0, 100, () => 900);
    await play.flip(other, 1000, () => 1700);
    expect(play.log.toArray().map((entry) => entry.atMs)).toEqual([900, 1700]);
    // Shown at 1,700 ms, the mismatch stays up for its whole time from then.
    expect(play.faceUp(1700 + pairs.MISMATCH_SHOW_MS - 1)[other]).toBe(true);
    expect(play.faceUp(1700 + pairs.MISMATCH_SHOW_MS)[other]).toBe(false);
  });
});

describe('TilesPlay of a tournament run (tiles released by the server)', () => {
  /** The server's side: a block per step, the inputs it recorded; `failNext` refuses the next release. */
  function server() {
    const recorded: string[] = [];
    let fail = false;
    const blockOf = (step: number) => `${step}`.padStart(32, 'a');
    const release = (step: number, input: string) => {
      if (fail || step !== recorded.length) {
        fail = false;
        return Promise.reject(new Error('refused'));
      }
      recorded.push(input);
      return Promise.resolve(blockOf(step));
    };
    return { recorded, release, blockOf, failNext: () => (fail = true) };
  }

  it('opens on the released block 0, sends each move before its tile is drawn, and replays as the server will', async () => {
    const kept = server();
    const play = await TilesPlay.released(kept.release);
    expect(kept.recorded).toEqual(['open']);
    expect(play.state.board).toEqual(tiles.newGameOn(kept.blockOf).board);
    let atMs = 0;
    for (let press = 0; press < 40 && !play.over; press++) {
      const move = tiles.TILES_MOVES.find((candidate) => tiles.slide(play.state.board, candidate) !== null)!;
      atMs += 200;
      const cue = play.move(move, atMs);
      expect(cue).toBeInstanceOf(Promise);
      // Nothing is played before the server answers: the board is as it was, the move unrecorded.
      expect(play.log.toArray()).toHaveLength(press);
      await cue;
    }
    const log = play.log.toArray();
    expect(kept.recorded).toEqual(['open', ...log.map((entry) => entry.input)]);
    const blocks = kept.recorded.map((_input, step) => kept.blockOf(step));
    expect(play.replay()).toEqual(tiles.tilesCore.keystream!.replayOn(blocks, log));
    expect(play.replay()).toMatchObject({ valid: true, result: { score: play.state.score } });
  });

  it('takes no other move while one waits, and plays nothing the server would not release', async () => {
    const kept = server();
    const play = await TilesPlay.released(kept.release);
    const legal = tiles.TILES_MOVES.filter((candidate) => tiles.slide(play.state.board, candidate) !== null);
    const waiting = play.move(legal[0]!, 200);
    expect(play.move(legal[1] ?? legal[0]!, 300)).toBeNull();
    await waiting;
    kept.failNext();
    const board = play.state.board;
    const refused = play.move(
      tiles.TILES_MOVES.find((m) => tiles.slide(board, m) !== null)!,
      500,
    );
    await expect(refused).resolves.toBeNull();
    expect(play.state.board).toEqual(board);
    expect(play.log.toArray()).toHaveLength(1);
  });
});

describe('SnakePlay of a tournament run (food released by the server)', () => {
  /** The server's side: a block per food, the inputs it recorded; answers wait until `answer()`. */
  function server() {
    const recorded: string[] = [];
    const waiting: (() => void)[] = [];
    const blockOf = (step: number) => `${step}`.padStart(8, '0').padEnd(32, 'b');
    let refuseFrom = Infinity;
    const release = (step: number, input: string) => {
      if (step !== recorded.length || step >= refuseFrom) return Promise.reject(new Error('refused'));
      recorded.push(input);
      return new Promise<string>((resolve) => waiting.push(() => resolve(blockOf(step))));
    };
    const answer = async () => {
      waiting.splice(0).forEach((resolve) => resolve());
      await Promise.resolve();
      await Promise.resolve();
    };
    return { recorded, release, blockOf, answer, refuseFrom: (step: number) => (refuseFrom = step) };
  }

  const STEP = { up: [0, -1], right: [1, 0], down: [0, 1], left: [-1, 0] } as const;
  /** Turns toward the food (or on straight) by a free cell, once a tick. */
  function steer(play: SnakePlay, clock: number) {
    const head = snake.snakeCells(play.state)[0]!;
    const food = snake.snakeFood(play.state) ?? { x: 10, y: 10 };
    const free = (direction: snake.SnakeDirection) => {
      const [dx, dy] = STEP[direction];
      const [x, y] = [head.x + dx, head.y + dy];
      const inside = x >= 0 && y >= 0 && x < snake.SNAKE_GRID_SIZE && y < snake.SNAKE_GRID_SIZE;
      return inside && play.state.occupied[y * snake.SNAKE_GRID_SIZE + x] !== 1;
    };
    const distance = (direction: snake.SnakeDirection) =>
      Math.abs(head.x + STEP[direction][0] - food.x) + Math.abs(head.y + STEP[direction][1] - food.y);
    const best = snake.SNAKE_DIRECTIONS.filter(
      (direction) =>
        free(direction) &&
        (direction === play.state.heading || snake.snakeTurnRefusal(play.state, direction) === null),
    ).sort((a, b) => distance(a) - distance(b))[0];
    if (best && best !== play.state.heading) play.turn(best, clock);
  }

  /** Frames every 16 ms, heading for the food; the clock stands still while the play holds it. */
  async function playFrames(
    play: SnakePlay,
    kept: ReturnType<typeof server>,
    untilMs: number,
    stop = () => false,
  ) {
    let held = 0;
    let steered = -1;
    for (let clock = 0; clock <= untilMs && !play.over && !stop();) {
      play.advance(clock);
      if (play.holdsClock) {
        held++;
        await kept.answer();
        continue;
      }
      if (play.state.tick !== steered) {
        steered = play.state.tick;
        steer(play, clock);
      }
      clock += 16;
    }
    return held;
  }

  it('opens on food 0, asks for each next food with the turns before it, waits for late answers, and replays as the server will', async () => {
    const kept = server();
    const opening = kept.release(0, 'open');
    await kept.answer();
    const play = new SnakePlay({ openingBlock: await opening, release: kept.release });
    expect(snake.snakeFood(play.state)).toEqual(
      snake.snakeFood(snake.newSnakeGameOn((food) => snake.snakeBlockSeed(kept.blockOf(food)))),
    );
    const held = await playFrames(play, kept, 120_000);
    expect(play.over).toBe(true);
    expect(play.state.eaten).toBeGreaterThan(3);
    // Every answer came late (on the next frame): the snake waited for each food it ate after the first.
    expect(held).toBeGreaterThanOrEqual(play.state.eaten - 1);
    const log = play.log.toArray();
    const blocks = kept.recorded.map((_input, step) => kept.blockOf(step));
    expect(kept.recorded).toEqual(
      snake.snakeReleasesOf(
        (food) => (food < blocks.length ? snake.snakeBlockSeed(blocks[food]!) : undefined),
        log,
      ),
    );
    const onServer = snake.snakeCore.keystream!.replayOn(blocks, log, kept.recorded);
    expect(onServer).toEqual(play.replay());
    expect(onServer).toMatchObject({ valid: true, result: { score: snake.snakeScore(play.state) } });
  });

  it('ended early while an answer is on its way, ends when it comes; a refused food is never drawn', async () => {
    const kept = server();
    kept.refuseFrom(3);
    const play = new SnakePlay({ openingBlock: kept.blockOf(0), release: kept.release });
    kept.recorded.push('open');
    // Until food 1 is asked for (food 0 eaten, the tick after it run), then End game.
    await playFrames(play, kept, 120_000, () => kept.recorded.length === 2);
    play.end();
    const runOn = play.state.tick;
    expect(play.over).toBe(false);
    await kept.answer();
    play.advance(0);
    expect(play.over).toBe(true);
    expect(play.state.tick).toBeGreaterThan(runOn);
    replaysToShown(play);

    const other = server();
    other.refuseFrom(3);
    const second = new SnakePlay({ openingBlock: other.blockOf(0), release: other.release });
    other.recorded.push('open');
    await playFrames(second, other, 60_000);
    second.end();
    // Food 3 was refused: the snake ran on without it, and the server's replay agrees.
    expect([second.over, second.state.eaten, snake.snakeFood(second.state)]).toEqual([true, 3, null]);
    expect(second.replay()).toMatchObject({ valid: true, result: { score: 30 } });
    expect(
      snake.snakeCore.keystream!.replayOn(
        other.recorded.map((_i, step) => other.blockOf(step)),
        second.log.toArray(),
        other.recorded,
      ),
    ).toEqual(second.replay());
  });
});
