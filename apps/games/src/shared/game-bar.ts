import { button, element } from './dom';

/** One number of the bar; `live` ones are announced to screen readers when they change. */
export interface Stat {
  label: string;
  value: string;
  live: boolean;
}

/**
 * The bar above the board: the game's name, its numbers, and Pause, Sound and End game. The numbers are
 * redrawn only when they change, so the live region speaks only then.
 */
export class GameBar {
  readonly node = element('header', 'bar');
  private readonly liveStats = element('div', 'stats');
  private readonly quietStats = element('div', 'stats');
  private readonly pauseButton: HTMLButtonElement;
  private readonly soundButton: HTMLButtonElement;
  private readonly endButton: HTMLButtonElement;
  private readonly buttons = element('div', 'bar__actions');

  constructor(name: string, actions: { pause(): void; sound(): boolean; end(): void }) {
    this.liveStats.setAttribute('aria-live', 'polite');
    const stats = element('div', 'bar__stats');
    stats.append(this.liveStats, this.quietStats);
    this.pauseButton = button('Pause', 'button button--quiet', actions.pause);
    this.pauseButton.setAttribute('aria-keyshortcuts', 'P');
    this.soundButton = button('Sound off', 'button button--quiet', () => this.showSound(actions.sound()));
    this.soundButton.setAttribute('aria-pressed', 'false');
    this.endButton = button('End game', 'button button--quiet', actions.end);
    this.buttons.append(this.pauseButton, this.soundButton, this.endButton);
    this.node.append(element('h1', 'bar__title', name), stats, this.buttons);
    this.showPlaying(false, false);
  }

  showStats(stats: Stat[]): void {
    fill(
      this.liveStats,
      stats.filter((stat) => stat.live),
    );
    fill(
      this.quietStats,
      stats.filter((stat) => !stat.live),
    );
  }

  /** Pause and End game work only during a run; Pause reads Resume while paused. */
  showPlaying(playing: boolean, paused: boolean): void {
    this.pauseButton.disabled = !playing;
    this.pauseButton.textContent = paused ? 'Resume' : 'Pause';
    this.pauseButton.setAttribute('aria-pressed', String(paused));
    this.endButton.disabled = !playing;
  }

  /** Watching a run (issue 23): nothing to pause, hear or end, so the buttons go. */
  showWatching(): void {
    this.buttons.hidden = true;
  }

  private showSound(on: boolean): void {
    this.soundButton.textContent = on ? 'Sound on' : 'Sound off';
    this.soundButton.setAttribute('aria-pressed', String(on));
  }
}

function fill(container: HTMLElement, stats: Stat[]): void {
  const text = stats.map((stat) => `${stat.label}:${stat.value}`).join('|');
  if (container.dataset.text === text) return; // unchanged: leave the live region quiet
  container.dataset.text = text;
  container.replaceChildren(
    ...stats.map((stat) => {
      const item = element('p', 'stat');
      item.append(element('span', 'stat__label', stat.label), element('span', 'stat__value', stat.value));
      return item;
    }),
  );
}
