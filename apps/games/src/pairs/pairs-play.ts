import { pairs, type ReplayVerdict } from '@arena/games';
import type { Reveal } from '../shared/frame-protocol';
import { InputLog } from '../shared/input-log';
import type { Cue, Play } from '../shared/play';

/**
 * A run of Memory Pairs: one recorded flip per card the rules let the player turn. A demo deals its
 * layout from its own seed; a tournament run starts with every face unknown and asks the server for
 * each flip (`reveal`): the flip is recorded once the face comes back, and no other flip is taken
 * while one is waiting (docs/fair-play.md).
 */
export class PairsPlay implements Play<pairs.PairsInput> {
  state: pairs.PairsState;
  readonly log = new InputLog<pairs.PairsInput>(pairs.pairsCore);
  private endedEarly = false;
  /** A flip asked of the server and not answered yet. */
  private waiting = false;

  constructor(private readonly source: { seed: string } | { reveal: Reveal }) {
    this.state = 'seed' in source ? pairs.newGame(source.seed) : pairs.hiddenGame();
  }

  get over(): boolean {
    return this.endedEarly || pairs.isOver(this.state);
  }

  /**
   * Flips a card at `atMs`. Refused flips (a face-up card, a mismatch still shown, faster than the
   * human-rate limit, one while another is being revealed) change nothing and are not recorded.
   * Returns what to play, or null; in a tournament run once the server has answered, when the flip is
   * recorded at the game clock then (`now()`): the face shows from that moment, so a mismatch is seen
   * for its whole time however long the answer took.
   */
  flip(card: number, atMs: number, now: () => number = () => atMs): Cue | null | Promise<Cue | null> {
    if (this.over || this.waiting || !this.log.accepts(atMs)) return null;
    if (pairs.flipRefusal(this.state, card, atMs) !== null) return null;
    if ('seed' in this.source) return this.turn(card, atMs);
    this.waiting = true;
    return this.source.reveal(this.state.flips, card).then(
      (face) => {
        this.waiting = false;
        if (this.endedEarly) return null;
        const shownAtMs = Math.max(atMs, now());
        if (!this.log.accepts(shownAtMs)) return null;
        this.state = pairs.withFace(this.state, card, face);
        return this.turn(card, shownAtMs);
      },
      () => {
        this.waiting = false; // not revealed: not played (the page says why)
        return null;
      },
    );
  }

  private turn(card: number, atMs: number): Cue | null {
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

  /** A demo replays on its seed; a tournament run on the faces the server showed, as the server will. */
  replay(): ReplayVerdict {
    const log = this.log.toArray();
    return 'seed' in this.source
      ? pairs.pairsCore.replay(this.source.seed, log)
      : pairs.replayShown(this.state.faces, log);
  }

  advance(): null {
    return null; // only the flips' stamps count; a shown mismatch is read from the clock when drawing
  }

  end(): void {
    this.endedEarly = true;
  }
}
