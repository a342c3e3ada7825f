import { GAME_CATALOG } from '@arena/contracts';
import { TournamentError } from '../domain/tournament.errors';
import { tournamentGame } from './tournament-game';

describe("a new tournament's game", () => {
  it('takes what a catalog game leaves out from the catalog, and is not external', () => {
    const { name, integrationUrl, maxScore } = GAME_CATALOG.tiles;
    expect(tournamentGame({ slug: 'tiles' })).toEqual({
      slug: 'tiles',
      name,
      integrationUrl,
      maxScore,
      external: false,
    });
    expect(tournamentGame({ slug: 'tiles', name: 'Tiles Cup edition' }).name).toBe('Tiles Cup edition');
  });

  it('keeps what the operator said of external, for the decider to refuse on a catalog game', () => {
    expect(tournamentGame({ slug: 'snake', external: true }).external).toBe(true);
  });

  it('needs an external game to say so and to give its name, integrationUrl and maxScore', () => {
    expect(() => tournamentGame({ slug: 'chess', name: 'Chess', integrationUrl: '/c', maxScore: 5 })).toThrow(
      new TournamentError('invalid', 'Unknown game: chess'),
    );
    expect(() => tournamentGame({ slug: 'chess', external: true, name: 'Chess' })).toThrow(
      'An external game needs its name, integrationUrl and maxScore',
    );
    const chess = { slug: 'chess', name: 'Chess', integrationUrl: '/c', maxScore: 5, external: true };
    expect(tournamentGame(chess)).toEqual(chess);
  });
});
