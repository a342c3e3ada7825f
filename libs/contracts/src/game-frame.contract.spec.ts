import { gameToPageMessage } from './game-frame.contract';

describe('the game frame messages', () => {
  it.each([
    [{ type: 'GAME_READY' }],
    [{ type: 'GAME_COMPLETED', score: 4321 }],
    [{ type: 'TOURNAMENT_SUBMIT_SCORE', score: 0 }],
    [{ type: 'AUTH_ERROR' }],
    [{ type: 'AUTH_ERROR', message: 'Session expired' }],
    [{ type: 'GAME_ERROR' }],
  ])('accepts %j', (message) => {
    expect(gameToPageMessage.safeParse(message).success).toBe(true);
  });

  it.each([
    ['no type', {}],
    ['an unknown type', { type: 'GIVE_PRIZE' }],
    ['a page message sent back', { type: 'AUTH', token: null, tournamentId: 'x' }],
    ['a text score', { type: 'TOURNAMENT_SUBMIT_SCORE', score: '4321' }],
    ['a negative score', { type: 'TOURNAMENT_SUBMIT_SCORE', score: -1 }],
    ['a fractional score', { type: 'TOURNAMENT_SUBMIT_SCORE', score: 1.5 }],
    ['a score past a stored integer', { type: 'TOURNAMENT_SUBMIT_SCORE', score: 2_147_483_648 }],
    ['an infinite score', { type: 'GAME_COMPLETED', score: Number.POSITIVE_INFINITY }],
    ['a string', 'GAME_READY'],
    ['null', null],
    ['an over-long error text', { type: 'AUTH_ERROR', message: 'x'.repeat(501) }],
  ])('refuses %s', (_what, message) => {
    expect(gameToPageMessage.safeParse(message).success).toBe(false);
  });
});
