import { GAME_CATALOG } from '@arena/contracts/games.catalog';
import { pairs } from '@arena/games';
import type { GameCore } from '@arena/games';
import { runWatcher } from '../shared/run-watch';
import { runGame, type GameUi } from '../shared/shell';
import { formatTime } from './format-time';
import { PairsPlay } from './pairs-play';
import { pairsTimeline } from './pairs-watch';

/** The eight faces: a symbol and a colour each, so a pair is told apart by shape and by colour. */
const FACES: readonly { symbol: string; name: string; colour: string }[] = [
  { symbol: '●', name: 'circle', colour: '#b4233c' },
  { symbol: '▲', name: 'triangle', colour: '#1d5fbf' },
  { symbol: '■', name: 'square', colour: '#1e7a46' },
  { symbol: '◆', name: 'diamond', colour: '#8a3fbf' },
  { symbol: '★', name: 'star', colour: '#a05a00' },
  { symbol: '♥', name: 'heart', colour: '#c2185b' },
  { symbol: '♣', name: 'club', colour: '#0f6b6b' },
  { symbol: '♠', name: 'spade', colour: '#2b3550' },
];

/** What a card not yet revealed would draw: never shown, since only revealed cards are face up. */
const HIDDEN_FACE = { symbol: '', name: 'face down', colour: '' };

const movesOf = (play: PairsPlay) => Math.ceil(play.state.flips / 2);

function pairsUi(): GameUi<pairs.PairsInput, PairsPlay> {
  const cards: HTMLButtonElement[] = [];

  /** Draws every card: `up` the ones face up; `disabled` while none may be flipped; `showMiss` a mismatch. */
  function drawCards(
    state: pairs.PairsState,
    up: readonly boolean[],
    disabled: boolean,
    showMiss: boolean,
  ): void {
    const mismatch = state.mismatch;
    cards.forEach((node, card) => {
      // A card face up was revealed; a face down one may be unknown (a tournament run).
      const face = FACES[state.faces[card]!] ?? HIDDEN_FACE;
      const matched = state.matched[card]!;
      const missed = showMiss && mismatch !== null && up[card]! && mismatch.cards.includes(card) && !matched;
      const row = Math.floor(card / pairs.PAIRS_COLUMNS) + 1;
      const column = (card % pairs.PAIRS_COLUMNS) + 1;
      const shown = matched ? `${face.name}, matched` : up[card] ? face.name : 'face down';
      const label = `Row ${row}, column ${column}: ${shown}`;
      const className = `card${up[card] ? ' card--up' : ''}${matched ? ' card--matched' : ''}${missed ? ' card--miss' : ''}`;
      // Drawn every frame: touch the DOM only when the card changed (it would restart its flip otherwise).
      if (node.className === className && node.disabled === disabled && node.ariaLabel === label) return;
      node.className = className;
      node.disabled = disabled;
      node.ariaLabel = label;
      node.textContent = up[card] ? face.symbol : '';
      node.style.color = up[card] && !matched && !missed ? face.colour : '';
    });
  }

  return {
    game: GAME_CATALOG.pairs,
    core: pairs.pairsCore,
    newPlay: (seed) => new PairsPlay({ seed }),
    newHiddenPlay: (page) => new PairsPlay({ reveal: page.reveal }),
    mount(board, host) {
      board.setAttribute('role', 'group');
      board.setAttribute('aria-label', 'Memory Pairs cards');
      for (let card = 0; card < pairs.PAIRS_CARD_COUNT; card++) {
        const node = document.createElement('button');
        node.type = 'button';
        node.className = 'card';
        node.tabIndex = card === 0 ? 0 : -1;
        node.addEventListener('click', () =>
          host.act((play, clockMs) => play.flip(card, clockMs, () => host.clockMs())),
        );
        cards.push(node);
        board.append(node);
      }
      // Arrow keys move between cards (one tab stop for the grid); Enter or Space flips the focused one.
      board.addEventListener('keydown', (event) => {
        const at = cards.indexOf(document.activeElement as HTMLButtonElement);
        const step = {
          ArrowLeft: -1,
          ArrowRight: 1,
          ArrowUp: -pairs.PAIRS_COLUMNS,
          ArrowDown: pairs.PAIRS_COLUMNS,
        }[event.key];
        if (at < 0 || step === undefined) return;
        event.preventDefault();
        const next = cards[(at + step + cards.length) % cards.length]!;
        cards.forEach((card) => (card.tabIndex = card === next ? 0 : -1));
        next.focus();
      });
    },
    render(play, clockMs, paused) {
      // Paused, every card is hidden: the result is a time, so memorising must cost time.
      const up = paused ? cards.map(() => false) : play.over ? cards.map(() => true) : play.faceUp(clockMs);
      drawCards(play.state, up, paused, !paused);
    },
    stats: (play, clockMs) => [
      { label: 'Pairs', value: `${play.state.pairsFound}/8`, live: true },
      { label: 'Moves', value: String(movesOf(play)), live: false },
      { label: 'Time', value: formatTime(play.over ? play.state.clockMs : clockMs), live: false },
    ],
    resultText: (play) =>
      play.result().completed
        ? `Time ${formatTime(play.state.clockMs)} · ${movesOf(play)} moves`
        : `Not finished: ${play.state.pairsFound} of 8 pairs found.`,
    // Watched, no card may be flipped: each position shows the cards as they were at its flip.
    watch: runWatcher(pairs.pairsCore as GameCore<unknown>, pairsTimeline, ({ state, up }) =>
      drawCards(state, up, true, true),
    ),
  };
}

runGame(pairsUi(), document.getElementById('game')!);
