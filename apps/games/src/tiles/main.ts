import { GAME_CATALOG } from '@arena/contracts/games.catalog';
import { tiles } from '@arena/games';
import type { GameCore } from '@arena/games';
import { runWatcher } from '../shared/run-watch';
import { runGame, type GameUi } from '../shared/shell';
import { tileMotions } from './tile-motions';
import { TilesPlay } from './tiles-play';
import { tilesTimeline } from './tiles-watch';

/** Tile colours by value: cool and calm for small tiles, warmer as they grow; text contrast ≥ 4.5:1. */
const COLOURS: Readonly<Record<number, [background: string, text: string]>> = {
  2: ['#3a4764', '#eef2f8'],
  4: ['#3b5578', '#eef2f8'],
  8: ['#2c6e73', '#f2fffd'],
  16: ['#23806f', '#f2fffd'],
  32: ['#2f9070', '#ffffff'],
  64: ['#77c79a', '#0b2619'],
  128: ['#e9dba8', '#2b2206'],
  256: ['#f3c77c', '#2b1d04'],
  512: ['#f4a66a', '#2b1405'],
  1024: ['#ef8d78', '#2b0c05'],
  2048: ['#f7a1b5', '#2b0712'],
};
const BIG_TILE: [string, string] = ['#d7c4f0', '#1d0f33'];
/** A tile's slide, in ms (game.css `.tile` transition): merged tiles show their new value after it. */
const SLIDE_MS = 110;

interface TileNode {
  value: number;
  node: HTMLElement;
}

function place(node: HTMLElement, index: number): void {
  const row = Math.floor(index / tiles.TILES_SIZE);
  const col = index % tiles.TILES_SIZE;
  // A tile is 21.25% of the board and the gap 3%: one cell further is 100% + 3/21.25 of the tile.
  // `translate`, not `transform`: the pop and bump animations `scale` the tile about its own centre.
  node.style.translate = `calc(${col} * 114.1176%) calc(${row} * 114.1176%)`;
}

function paint(tile: TileNode): void {
  const [background, text] = COLOURS[tile.value] ?? BIG_TILE;
  tile.node.style.background = background;
  tile.node.style.color = text;
  const label = tile.node.firstElementChild as HTMLElement;
  label.textContent = String(tile.value);
  // Sized to the tile (a size container): longer numbers get smaller digits.
  label.style.fontSize = `${[44, 44, 40, 32, 25, 20][String(tile.value).length] ?? 17}cqi`;
}

function tilesUi(): GameUi<tiles.TilesMove, TilesPlay> {
  let board: HTMLElement;
  let shown: TilesPlay | null = null;
  let cells = new Map<number, TileNode>();

  /** A tile that pops in on its cell. */
  function createTile(index: number, value: number): TileNode {
    const node = document.createElement('div');
    node.className = 'tile tile--new';
    node.append(document.createElement('span'));
    const tile = { value, node };
    place(node, index);
    paint(tile);
    board.append(node);
    return tile;
  }

  /** Draws a board from scratch (a new run, or a position of a run watched). */
  function reset(values: readonly number[]): void {
    for (const tile of cells.values()) tile.node.remove();
    cells = new Map();
    values.forEach((value, index) => {
      if (value !== 0) cells.set(index, createTile(index, value));
    });
  }

  /** Slides the tiles of `before` by `move` onto the play's board, and pops in the new tile. */
  function animate(before: readonly number[], move: tiles.TilesMove, play: TilesPlay): void {
    const next = new Map<number, TileNode>();
    for (const motion of tileMotions(before, move)) {
      const tile = cells.get(motion.from)!;
      place(tile.node, motion.to);
      if (!motion.merged) {
        next.set(motion.to, tile);
        continue;
      }
      // The tile merged into: it shows the doubled value once both arrive; the other one goes away.
      const survivor = next.get(motion.to)!;
      survivor.value *= 2;
      tile.node.style.zIndex = '0';
      setTimeout(() => {
        tile.node.remove();
        paint(survivor);
        survivor.node.classList.remove('tile--merged');
        void survivor.node.offsetWidth; // restart the bump animation
        survivor.node.classList.add('tile--merged');
      }, SLIDE_MS);
    }
    play.state.board.forEach((value, index) => {
      if (value !== 0 && !next.has(index)) next.set(index, createTile(index, value));
    });
    cells = next;
  }

  return {
    game: GAME_CATALOG.tiles,
    core: tiles.tilesCore,
    newPlay: (seed) => new TilesPlay({ seed }),
    newHiddenPlay: (page) => TilesPlay.released(page.release),
    mount(element) {
      board = element;
      board.tabIndex = -1;
      board.setAttribute('aria-label', 'Tile Merge board');
      for (let index = 0; index < 16; index++) {
        const cell = document.createElement('div');
        cell.className = 'tiles-cell';
        place(cell, index);
        board.append(cell);
      }
    },
    render(play) {
      if (play === shown) return;
      shown = play;
      reset(play.state.board);
    },
    direction(play, direction, clockMs) {
      const before = [...play.state.board];
      const cue = play.move(direction, clockMs);
      if (!(cue instanceof Promise)) {
        if (cue) animate(before, direction, play);
        return cue;
      }
      // A tournament run: the move plays once the server has released its tile.
      return cue.then((played) => {
        if (played && play === shown) animate(before, direction, play);
        return played;
      });
    },
    stats: (play) => [
      { label: 'Score', value: play.state.score.toLocaleString('en-US'), live: true },
      { label: 'Top tile', value: String(Math.max(...play.state.board)), live: false },
    ],
    resultText: (play) =>
      `Score ${play.state.score.toLocaleString('en-US')} · best tile ${Math.max(...play.state.board)}`,
    watch: runWatcher(tiles.tilesCore as GameCore<unknown>, tilesTimeline, (state) => reset(state.board)),
  };
}

runGame(tilesUi(), document.getElementById('game')!);
