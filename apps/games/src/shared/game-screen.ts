import { element } from './dom';

/**
 * The screen over the board (start, paused, end?, game over, unavailable): a heading, lines of text and
 * buttons. While it shows, the board behind it is inert; when it goes, keys go back to the board.
 */
export class GameScreen {
  readonly node = element('div', 'overlay');

  constructor(
    private readonly board: HTMLElement,
    private readonly id: string,
  ) {
    this.node.setAttribute('role', 'dialog');
    this.node.setAttribute('aria-modal', 'false');
  }

  /** Shows the screen; the first button gets the focus. */
  show(heading: string, lines: string[], buttons: HTMLButtonElement[] = []): void {
    const headingNode = element('h2', 'overlay__title', heading);
    headingNode.id = this.id;
    this.node.setAttribute('aria-labelledby', this.id);
    const row = element('div', 'overlay__actions');
    row.append(...buttons);
    this.node.replaceChildren(headingNode, ...lines.map((line) => element('p', 'overlay__text', line)), row);
    this.node.hidden = false;
    this.board.inert = true;
    buttons[0]?.focus();
  }

  hide(): void {
    this.node.hidden = true;
    this.node.replaceChildren();
    this.board.inert = false;
    // Keys go to the board: to its one tab stop when it has one (the cards), else to the board itself.
    const target = this.board.querySelector<HTMLElement>('[tabindex="0"]') ?? this.board;
    target.focus({ preventScroll: true });
  }
}
