import { button, element } from './dom';
import type { Stat } from './game-bar';
import { clampPosition, playbackDelayMs, positionText, type WatchedRunView } from './run-watch';

/**
 * The controls under the board while a run is watched (issue 23): Play/Pause (also the space key), a
 * scrubber over every position of the run, and the position in words. The positions, their pace and
 * their words come from run-watch.ts; this only wires them to the DOM.
 */
export class WatchControls {
  readonly node = element('section', 'watch');
  private readonly playButton: HTMLButtonElement;
  private readonly scrubber = element('input', 'watch__scrubber');
  private readonly status = element('p', 'watch__status');
  private position = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly view: WatchedRunView,
    playerName: string,
    private readonly onShow: (stats: Stat[]) => void,
    private readonly onEnd: (text: string) => void,
  ) {
    this.node.setAttribute('aria-labelledby', 'watch-title');
    const title = element('h2', 'watch__title', `${playerName}’s verified run`);
    title.id = 'watch-title';
    const note = element('span', 'watch__note', 'Replayed move by move: nothing is played or submitted.');
    this.playButton = button('Play', 'button watch__play', () => this.toggle());
    this.playButton.setAttribute('aria-keyshortcuts', 'Space');
    const { scrubber } = this;
    scrubber.type = 'range';
    scrubber.id = 'watch-position';
    scrubber.min = '0';
    scrubber.max = String(view.timeline.last);
    scrubber.step = '1';
    const label = element('label', 'visually-hidden', `Position in ${playerName}’s run`);
    label.htmlFor = scrubber.id;
    scrubber.addEventListener('input', () => {
      this.pause();
      this.go(Number(scrubber.value));
    });
    const row = element('div', 'watch__row');
    row.append(this.playButton, label, scrubber);
    this.node.append(title, note, row, this.status);
    this.go(0);
  }

  /** Play from here (from the start once at the end), or pause. */
  toggle(): void {
    if (this.timer !== null) {
      this.pause();
      return;
    }
    if (this.position >= this.view.timeline.last) this.go(0);
    this.playButton.textContent = 'Pause';
    this.next();
  }

  focus(): void {
    this.playButton.focus();
  }

  private pause(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.playButton.textContent = 'Play';
  }

  private next(): void {
    const delay = playbackDelayMs(this.view.timeline, this.position);
    if (delay === null) {
      this.pause();
      this.onEnd(`End of the run. ${this.scrubber.getAttribute('aria-valuetext') ?? ''}`);
      return;
    }
    this.timer = setTimeout(() => {
      this.go(this.position + 1);
      this.next();
    }, delay);
  }

  private go(position: number): void {
    const { timeline } = this.view;
    this.position = clampPosition(timeline, position);
    const stats = this.view.show(this.position);
    // The bar shows the numbers; the scrubber's value says them too, for a screen reader.
    this.scrubber.value = String(this.position);
    this.scrubber.setAttribute('aria-valuetext', positionText(timeline, this.position, stats));
    this.status.textContent = positionText(timeline, this.position, []);
    this.onShow(stats);
  }
}
