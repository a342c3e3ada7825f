import { pairs } from '@arena/games';
import { InputLog } from '../shared/input-log';
import type { Cue, Play } from '../shared/play';

/** A run of Memory Pairs: one recorded flip per card the rules let the player turn. */
export class PairsPlay implements Play<pairs.PairsInput> {
  state: pairs.PairsState;
  readonly log = new InputLog<pairs.PairsInput>(pairs.pairsCore);
  private endedEarly = false;

  constructor(readonly seed: string) {
    this.state = pairs.newGame(seed);
  }

  get over(): boolean {
    return this.endedEarly || pairs.isOver(this.state);
  }

  /**
   * Flips a card at `atMs`. Refused flips (a face-up card, a mismatch still shown, faster than the
   * human-rate limit) change nothing and are not recorded. Returns what to play, or null.
   */
  flip(card: number, atMs: number): Cue | null {
    if (this.over || !this.log.accepts(atMs)) return null;
    const before = this.state;
    const outcome = pairs.applyInput(before, { atMs, input: { card } });
    if (!outcome.ok) return null;
    this.state = outcome.state;
    this.log.record(atMs, { card });
    if (this.state.pairsFound > before.pairsFound) return 'match';
    return this.state.mismatch && this.state.mismatch !== before.mismatch ? 'miss' : 'flip';
  }

  faceUp(atMs: number): boolean[] {
    return pairs.faceUp(this.state, atMs);
  }

  result() {
    return { score: pairs.scoreOf(this.state), completed: pairs.isOver(this.state) };
  }

  advance(): null {
    return null; // only the flips' stamps count; a shown mismatch is read from the clock when drawing
  }

  end(): void {
    this.endedEarly = true;
  }
}
