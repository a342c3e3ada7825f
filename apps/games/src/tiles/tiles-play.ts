import { tiles } from '@arena/games';
import { InputLog } from '../shared/input-log';
import type { Cue, Play } from '../shared/play';

/** A run of Tile Merge: one recorded move per key press or swipe that changes the board. */
export class TilesPlay implements Play<tiles.TilesMove> {
  readonly state: tiles.TilesState;
  readonly log = new InputLog<tiles.TilesMove>(tiles.tilesCore);
  private endedEarly = false;

  constructor(readonly seed: string) {
    this.state = tiles.newGame(seed);
  }

  get over(): boolean {
    return this.endedEarly || tiles.isOver(this.state);
  }

  /**
   * Plays a move at the game clock `atMs`. A move that changes nothing is not recorded (the core refuses
   * it in a log), and neither is one beyond the human-rate limit. Returns what to play, or null.
   */
  move(move: tiles.TilesMove, atMs: number): Cue | null {
    if (this.over || !this.log.accepts(atMs)) return null;
    const before = this.state.score;
    if (!tiles.applyMove(this.state, move)) return null;
    this.log.record(atMs, move);
    return this.state.score > before ? 'merge' : 'move';
  }

  replay() {
    return tiles.tilesCore.replay(this.seed, this.log.toArray());
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
