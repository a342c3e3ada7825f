import type { GameArtBoard } from '@arena/contracts/game-art';
import { GAME_ART_BOARDS } from '@arena/contracts/game-art.boards';
import { boardImageUrl, boardSvg } from './game-art.svg';

/** The elements of a markup string by name, each with its attributes and text. */
function elements(svg: string, name: string): Array<{ attributes: Record<string, string>; text: string }> {
  const found = [
    ...svg.matchAll(new RegExp(`<${name}((?: [a-z-]+="[^"]*")*)(?:/>|>([^<]*)</${name}>)`, 'g')),
  ];
  return found.map(([, attributes = '', text = '']) => ({
    attributes: Object.fromEntries(
      [...attributes.matchAll(/ ([a-z-]+)="([^"]*)"/g)].map(([, k, v]) => [k!, v!]),
    ),
    text,
  }));
}

describe('game art as an image', () => {
  it('writes the Tile Merge board its core played: a tile per cell, the numbers of the non-empty ones in order', () => {
    const board = GAME_ART_BOARDS.tiles;
    if (board.kind !== 'tiles') throw new Error('tiles board expected');
    const svg = boardSvg(board);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"')).toBe(true);
    // The background and one square per cell.
    expect(elements(svg, 'rect')).toHaveLength(1 + board.cells.length);
    expect(elements(svg, 'text').map(({ text }) => Number(text))).toEqual(board.cells.filter((v) => v > 0));
    // An image cannot use the page's font: the text names its own.
    expect(
      elements(svg, 'text').every(({ attributes }) => attributes['font-family']?.includes('sans-serif')),
    ).toBe(true);
  });

  it("draws the snake's body as one path through each cell's centre, head first, with its head and the food", () => {
    const board: GameArtBoard = {
      kind: 'snake',
      size: 10,
      body: [
        { x: 2, y: 1 },
        { x: 1, y: 1 },
        { x: 1, y: 2 },
      ],
      food: { x: 7, y: 7 },
      score: 30,
    };
    const svg = boardSvg(board);
    expect(elements(svg, 'path').map(({ attributes }) => attributes.d)).toEqual(['M25 15 L15 15 L15 25']);
    const circles = elements(svg, 'circle').map(({ attributes }) => [attributes.cx, attributes.cy]);
    expect(circles).toEqual([
      ['25', '15'],
      ['75', '75'],
    ]);
  });

  it('draws Memory Pairs face down as backs and face up as a shape per face', () => {
    const board: GameArtBoard = { kind: 'pairs', columns: 2, cards: [null, 0, 1, null], pairsFound: 0 };
    const svg = boardSvg(board);
    // The cards are the rounded squares after the background; face 1's square is not rounded.
    const cards = elements(svg, 'rect').filter(({ attributes }) => attributes.rx === '2.5');
    expect(cards.map(({ attributes }) => attributes.fill)).toEqual([
      '#4338ca',
      '#f8fafc',
      '#f8fafc',
      '#4338ca',
    ]);
    // Face 0 a circle, face 1 a square; the two backs an outlined ring each.
    expect(elements(svg, 'circle').filter(({ attributes }) => attributes.fill === 'none')).toHaveLength(2);
    expect(elements(svg, 'circle').filter(({ attributes }) => attributes.fill !== 'none')).toHaveLength(1);
    expect(elements(svg, 'rect')).toHaveLength(1 + 4 + 1);
  });

  it('gives each board one data URL, built once, that decodes back to its markup', () => {
    const board = GAME_ART_BOARDS.pairs;
    const url = boardImageUrl(board);
    expect(boardImageUrl(board)).toBe(url);
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(boardSvg(board));
  });
});
