import { tiles, type ReplayVerdict } from '@arena/games';
import type { Release } from '../shared/frame-protocol';
import { InputLog } from '../shared/input-log';
import type { Cue, Play } from '../shared/play';

/**
 * A run of Tile Merge: one recorded move per key press or swipe that changes the board. A demo draws
 * its tiles from its own seed; a tournament run gets them a step at a time from the server (`release`,
 * docs/fair-play.md): the opening before the run is shown (`TilesPlay.released`), then the block of
 * the tile after each move once the move is sent. The move is played (slid, its tile drawn) and
 * recorded when the block comes back, and no other move is taken while one is waiting.
 */
export class TilesPlay implements Play<tiles.TilesMove> {
  readonly state: tiles.TilesState;
  readonly log = new InputLog<tiles.TilesMove>(tiles.tilesCore);
  private endedEarly = false;
  /** A move sent to the server and not answered yet. */
  private waiting = false;

  constructor(private readonly source: { seed: string } | { blocks: string[]; release: Release }) {
    this.state =
      'seed' in source ? tiles.newGame(source.seed) : tiles.newGameOn((step) => source.blocks[step]!);
  }

  /** A tournament run: asks for the opening's block first; rejects when the server will not release it. */
  static async released(release: Release): Promise<TilesPlay> {
    const opening = await release(0, tiles.TILES_OPEN);
    return new TilesPlay({ blocks: [opening], release });
  }

  get over(): boolean {
    return this.endedEarly || tiles.isOver(this.state);
  }

  /**
   * Plays a move at the game clock `atMs`. A move that changes nothing is not recorded (the core refuses
   * it in a log), and neither is one beyond the human-rate limit nor one while another is waiting.
   * Returns what to play, or null; in a tournament run once the server has released the move's block.
   */
  move(move: tiles.TilesMove, atMs: number): Cue | null | Promise<Cue | null> {
    if (this.over || this.waiting || !this.log.accepts(atMs)) return null;
    if ('seed' in this.source) return this.play(move, atMs);
    if (tiles.slide(this.state.board, move) === null) return null;
    const { blocks, release } = this.source;
    const step = this.state.moves + 1;
    this.waiting = true;
    return release(step, move).then(
      (block) => {
        this.waiting = false;
        if (this.endedEarly) return null;
        blocks[step] = block;
        return this.play(move, atMs);
      },
      () => {
        this.waiting = false; // not released: not played (the page says why)
        return null;
      },
    );
  }

  private play(move: tiles.TilesMove, atMs: number): Cue | null {
    const before = this.state.score;
    if (!tiles.applyMove(this.state, move)) return null;
    this.log.record(atMs, move);
    return this.state.score > before ? 'merge' : 'move';
  }

  /** A demo replays on its seed; a tournament run on the blocks the server released, as the server will. */
  replay(): ReplayVerdict {
    const log = this.log.toArray();
    return 'seed' in this.source
      ? tiles.tilesCore.replay(this.source.seed, log)
      : tiles.tilesCore.keystream!.replayOn(this.source.blocks, log);
  }

  result() {
    return { score: tiles.scoreOf(this.state), completed: tiles.isOver(this.state) };
  }

  advance(): null {
    return null; // turn-based: nothing moves with the clock
  }

  end(): void {
    this.endedEarly = true;
  }
}
