import { GAME_ART_BOARDS } from '@arena/contracts/game-art.boards';
import { VERIFIED_GAME_SLUGS } from '@arena/contracts';
import { GAME_ART_SEED, gameArtBoards, gameArtModule, pairsArt, snakeArt, tilesArt } from './game-art';
import { canMove } from './tiles/tiles.rules';

describe('game art played by each core', () => {
  it('has art for every hosted game, and the committed boards are what the cores play (npm run art:games)', () => {
    const boards = gameArtBoards();
    expect(Object.keys(boards).sort()).toEqual([...VERIFIED_GAME_SLUGS].sort());
    expect(GAME_ART_BOARDS).toEqual(boards);
  });

  it('is the same art from the same seed, and other art from another', () => {
    expect(tilesArt()).toEqual(tilesArt(GAME_ART_SEED));
    expect(tilesArt('another seed').cells).not.toEqual(tilesArt().cells);
    expect(snakeArt('another seed').body).not.toEqual(snakeArt().body);
  });

  it('draws a Tile Merge board the rules reach: powers of two, merged tiles, still playable', () => {
    const art = tilesArt();
    expect(art.cells).toHaveLength(art.size * art.size);
    for (const value of art.cells) expect(value === 0 || Number.isInteger(Math.log2(value))).toBe(true);
    expect(Math.max(...art.cells)).toBeGreaterThanOrEqual(32);
    expect(art.score).toBeGreaterThan(0);
    expect(canMove(art.cells)).toBe(true);
  });

  it('draws a Snake that grew by eating, on the grid, with no cell twice and its food elsewhere', () => {
    const art = snakeArt();
    expect(art.body.length).toBeGreaterThan(3);
    expect(art.score).toBe((art.body.length - 3) * 10);
    const cells = art.body.map(({ x, y }) => {
      expect(x >= 0 && x < art.size && y >= 0 && y < art.size).toBe(true);
      return y * art.size + x;
    });
    expect(new Set(cells).size).toBe(cells.length);
    expect(art.food).not.toBeNull();
    expect(cells).not.toContain(art.food!.y * art.size + art.food!.x);
  });

  it('draws Memory Pairs with the found pairs face up, two cards of each face, the rest face down', () => {
    const art = pairsArt(GAME_ART_SEED, 3);
    expect(art.pairsFound).toBe(3);
    const up = art.cards.filter((face) => face !== null);
    expect(up.sort()).toEqual([0, 0, 1, 1, 2, 2]);
    expect(art.cards).toHaveLength(16);
  });

  it('writes a typed module of the boards', () => {
    const source = gameArtModule();
    expect(source).toContain('export const GAME_ART_BOARDS');
    expect(source).toContain('"kind":"tiles"');
  });
});
