import { fillPath, pathFor, routes } from './http.routes';

describe('the route table', () => {
  it('fills in path params, each encoded as one segment', () => {
    expect(pathFor(routes.tournaments.detail, { id: 'a/b c' })).toBe('/api/tournaments/a%2Fb%20c');
    expect(pathFor(routes.tournaments.playerStats, { id: 't1', playerId: 42 })).toBe(
      '/api/tournaments/t1/players/42/stats',
    );
    expect(pathFor(routes.ledger.exportCsv)).toBe('/api/ledger/export.csv');
  });

  it('refuses a path whose param is missing rather than call a wrong URL', () => {
    expect(() => fillPath(routes.plays.startMatch.path, { id: 't1' })).toThrow(
      '/api/tournaments/{id}/matches/{matchId}/plays needs the path parameter matchId',
    );
  });

  it('types the params from the template', () => {
    // @ts-expect-error the detail needs its id
    expect(() => pathFor(routes.tournaments.detail)).toThrow();
    // @ts-expect-error a route without params takes none
    pathFor(routes.auth.profile, { id: 'x' });
  });
});
