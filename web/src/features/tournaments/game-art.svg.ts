import type { GameArtBoard, PairsArtBoard, SnakeArtBoard, TilesArtBoard } from '@arena/contracts/game-art';

/**
 * A board as one small SVG document, shown through an <img> (issue 23's performance item): drawn as React
 * elements, each card's board was 25–50 SVG nodes that React created, diffed on every countdown tick and
 * the browser styled and laid out, 300 of the 800 nodes of /challenges. As an image it is one node, decoded
 * once per game off the main thread and shared by every card of that game.
 */

/** Numbers in the markup: three decimals are finer than a pixel of the largest board. */
const n = (value: number) => String(Math.round(value * 1000) / 1000);

type Attributes = Record<string, string | number>;

function element(name: string, attributes: Attributes, text?: string): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? n(value) : value}"`)
    .join('');
  return text === undefined ? `<${name}${attrs}/>` : `<${name}${attrs}>${text}</${name}>`;
}

/** An image's SVG cannot use the page's fonts or styles: its text names its own font. */
const FONT = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';

/** Tile colours by the tile's power of two, from pale to deep. */
const TILE_FILLS = [
  '#eee4da',
  '#ede0c8',
  '#f2b179',
  '#f59563',
  '#f67c5f',
  '#f65e3b',
  '#edcf72',
  '#edcc61',
  '#edc850',
];

function tiles(board: TilesArtBoard): string[] {
  const gap = 2.5;
  const cell = (100 - gap * (board.size + 1)) / board.size;
  const parts = [element('rect', { width: 100, height: 100, rx: 6, fill: '#bbada0' })];
  board.cells.forEach((value, index) => {
    const x = gap + (index % board.size) * (cell + gap);
    const y = gap + Math.floor(index / board.size) * (cell + gap);
    const power = value === 0 ? 0 : Math.log2(value);
    const fill = value === 0 ? '#cdc1b4' : TILE_FILLS[Math.min(power - 1, TILE_FILLS.length - 1)]!;
    parts.push(element('rect', { x, y, width: cell, height: cell, rx: 3, fill }));
    if (value > 0) {
      parts.push(
        element(
          'text',
          {
            x: x + cell / 2,
            y: y + cell / 2,
            'dominant-baseline': 'central',
            'text-anchor': 'middle',
            'font-family': FONT,
            'font-size': value >= 100 ? 8 : 10,
            'font-weight': 700,
            fill: power <= 2 ? '#776e65' : '#ffffff',
          },
          String(value),
        ),
      );
    }
  });
  return parts;
}

function snake(board: SnakeArtBoard): string[] {
  const cell = 100 / board.size;
  const centre = (v: number) => v * cell + cell / 2;
  const path = board.body
    .map(({ x, y }, index) => `${index === 0 ? 'M' : 'L'}${n(centre(x))} ${n(centre(y))}`)
    .join(' ');
  const head = board.body[0];
  return [
    element('rect', { width: 100, height: 100, rx: 6, fill: '#10231d' }),
    element('rect', {
      x: 1,
      y: 1,
      width: 98,
      height: 98,
      rx: 5,
      fill: 'none',
      stroke: '#2e5b4c',
      'stroke-width': 1,
    }),
    element('path', {
      d: path,
      fill: 'none',
      stroke: '#4ade80',
      'stroke-width': cell * 0.8,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
    head
      ? element('circle', { cx: centre(head.x), cy: centre(head.y), r: cell * 0.55, fill: '#bbf7d0' })
      : '',
    board.food
      ? element('circle', {
          cx: centre(board.food.x),
          cy: centre(board.food.y),
          r: cell * 0.4,
          fill: '#f87171',
        })
      : '',
  ];
}

/** A face per pair: a colour and a shape, so a face reads without its colour. */
const FACE_FILLS = ['#f59e0b', '#38bdf8', '#f472b6', '#a3e635', '#c084fc', '#fb7185', '#2dd4bf', '#facc15'];

function face(value: number, cx: number, cy: number, size: number): string {
  const fill = FACE_FILLS[value % FACE_FILLS.length]!;
  const points = (corners: Array<[number, number]>) => corners.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
  switch (value % 4) {
    case 0:
      return element('circle', { cx, cy, r: size, fill });
    case 1:
      return element('rect', { x: cx - size, y: cy - size, width: size * 2, height: size * 2, fill });
    case 2:
      return element('polygon', {
        points: points([
          [cx, cy - size],
          [cx + size, cy + size],
          [cx - size, cy + size],
        ]),
        fill,
      });
    default:
      return element('polygon', {
        points: points([
          [cx, cy - size],
          [cx + size, cy],
          [cx, cy + size],
          [cx - size, cy],
        ]),
        fill,
      });
  }
}

function pairs(board: PairsArtBoard): string[] {
  const rows = Math.ceil(board.cards.length / board.columns);
  const gap = 3;
  const width = (100 - gap * (board.columns + 1)) / board.columns;
  const height = (100 - gap * (rows + 1)) / rows;
  const parts = [element('rect', { width: 100, height: 100, rx: 6, fill: '#1e1b4b' })];
  board.cards.forEach((value, index) => {
    const x = gap + (index % board.columns) * (width + gap);
    const y = gap + Math.floor(index / board.columns) * (height + gap);
    const cx = x + width / 2;
    const cy = y + height / 2;
    parts.push(
      element('rect', { x, y, width, height, rx: 2.5, fill: value === null ? '#4338ca' : '#f8fafc' }),
    );
    parts.push(
      value === null
        ? element('circle', { cx, cy, r: width * 0.16, fill: 'none', stroke: '#a5b4fc', 'stroke-width': 1.2 })
        : face(value, cx, cy, width * 0.3),
    );
  });
  return parts;
}

/** The board as an SVG document, 100×100 user units. */
export function boardSvg(board: GameArtBoard): string {
  const parts = board.kind === 'tiles' ? tiles(board) : board.kind === 'snake' ? snake(board) : pairs(board);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">${parts.join('')}</svg>`;
}

const urls = new WeakMap<GameArtBoard, string>();

/** The board as a `data:` URL for an <img>, built once per board. */
export function boardImageUrl(board: GameArtBoard): string {
  let url = urls.get(board);
  if (url === undefined) {
    url = `data:image/svg+xml,${encodeURIComponent(boardSvg(board))}`;
    urls.set(board, url);
  }
  return url;
}
