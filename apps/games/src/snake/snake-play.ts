import { snake, type ReplayVerdict } from '@arena/games';
import type { Release } from '../shared/frame-protocol';
import { InputLog } from '../shared/input-log';
import type { Cue, Play } from '../shared/play';

/** A tournament run's food: the blocks released so far (null: refused, so never drawn) and the inputs. */
interface ReleasedFood {
  /** Block k for food k: hex as released, null when the server would not release it, absent while asked. */
  blocks: (string | null)[];
  release: Release;
  /** The inputs of the releases the server answered, in order: what the result's log is checked against. */
  released: string[];
  /** How many releases were asked (answered or not). */
  asked: number;
}

/**
 * A run of Snake, driven the way `snake.core.ts` replays (see the header of snake.rules.ts): the snake
 * runs every tick due at the game clock; a turn first runs the ticks due at its stamp, then is queued
 * and recorded unless the rules (or the human-rate limit) refuse it.
 *
 * A demo draws its food from its own seed. A tournament run gets each food from the server
 * (docs/fair-play.md): food 0 before the run is shown (`SnakePlay.released`); once the snake has eaten
 * food k - 1 on tick t and tick t + 1 has run, it asks for food k with the eating tick and the turns
 * logged since the last release (every turn stamped before tick t + 1). Food k is drawn at the start of
 * tick t + 2: if the answer is late the snake waits there (`holdsClock`: the shell holds the game clock),
 * and a turn at a clock the snake cannot reach yet is not taken.
 */
export class SnakePlay implements Play<snake.SnakeDirection> {
  readonly state: snake.SnakeState;
  readonly log = new InputLog<snake.SnakeDirection>(snake.snakeCore);
  private readonly food: ReleasedFood | null;
  /** The game clock of the last advance: the snake waits only once its next tick is due. */
  private clockMs = 0;
  private endedEarly = false;
  private sentTurns = 0;

  constructor(source: { seed: string } | { openingBlock: string; release: Release }) {
    if ('seed' in source) {
      this.food = null;
      this.seed = source.seed;
      this.state = snake.newSnakeGame(source.seed);
      return;
    }
    const food: ReleasedFood = {
      blocks: [source.openingBlock],
      release: source.release,
      released: [snake.SNAKE_OPEN],
      asked: 1,
    };
    this.food = food;
    this.seed = null;
    this.state = snake.newSnakeGameOn((index) => {
      const block = food.blocks[index];
      return block === undefined ? undefined : block === null ? null : snake.snakeBlockSeed(block);
    });
  }

  readonly seed: string | null;

  /** A tournament run: asks for food 0's block first; rejects when the server will not release it. */
  static async released(release: Release): Promise<SnakePlay> {
    const openingBlock = await release(0, snake.SNAKE_OPEN);
    return new SnakePlay({ openingBlock, release });
  }

  get over(): boolean {
    return snake.isSnakeOver(this.state);
  }

  /** True while the snake's next tick is due and waits for its food to be released. */
  get holdsClock(): boolean {
    return snake.snakeWaitsForFood(this.state) && this.clockMs >= (this.state.tick + 1) * snake.SNAKE_TICK_MS;
  }

  /** Runs the ticks due at `atMs`; says what the player should hear about them. */
  advance(atMs: number): Cue | null {
    const eaten = this.state.eaten;
    if (this.endedEarly) this.runOn();
    else this.advanceTo(atMs);
    return this.state.eaten > eaten ? 'eat' : null;
  }

  /** A turn at `atMs`: true when it was accepted (and recorded). */
  turn(direction: snake.SnakeDirection, atMs: number): boolean {
    if (this.endedEarly) return false;
    this.advanceTo(atMs);
    // Waiting for food, the snake has not reached the turn's clock: the replay could not place it.
    if (this.state.tick < Math.floor(atMs / snake.SNAKE_TICK_MS) && !this.over) return false;
    if (this.over || snake.snakeTurnRefusal(this.state, direction) !== null) return false;
    if (!this.log.accepts(atMs)) return false;
    snake.turnSnake(this.state, direction);
    this.log.record(atMs, direction);
    return true;
  }

  /**
   * Ended early, the replay lets the snake run on until the game is over (into the wall ahead): so do
   * we, asking for any food it eats on the way (the run ends when the answers are in).
   */
  end(): void {
    this.endedEarly = true;
    this.runOn();
  }

  /** A demo replays on its seed; a tournament run on the blocks the server released, as the server will. */
  replay(): ReplayVerdict {
    const log = this.log.toArray();
    if (!this.food) return snake.snakeCore.replay(this.seed!, log);
    const { blocks, released } = this.food;
    const answered = blocks.slice(0, released.length).filter((block) => block !== null);
    return snake.snakeCore.keystream!.replayOn(answered, log, released);
  }

  result() {
    return { score: snake.snakeScore(this.state), completed: this.state.end !== 'time' };
  }

  private runOn(): void {
    this.advanceTo(snake.snakeCore.maxDurationMs);
  }

  private advanceTo(atMs: number): void {
    this.clockMs = Math.max(this.clockMs, atMs);
    snake.advanceSnake(this.state, atMs);
    this.askForFood();
  }

  /** Asks for the next food once the snake ate the last and the tick after it has run. */
  private askForFood(): void {
    const food = this.food;
    if (!food || food.asked > food.released.length) return; // a demo, or an answer still to come
    if (!snake.snakeReleaseDue(this.state, food.asked)) return;
    const step = food.asked;
    const input = snake.snakeReleaseInput(this.state.lastEatTick, this.log.toArray().slice(this.sentTurns));
    this.sentTurns = this.log.length;
    food.asked++;
    food.release(step, input).then(
      (block) => {
        food.blocks[step] = block;
        food.released.push(input);
      },
      () => {
        // Not released: that food is never drawn and nothing more is asked (the page says why).
        food.blocks[step] = null;
      },
    );
  }
}
