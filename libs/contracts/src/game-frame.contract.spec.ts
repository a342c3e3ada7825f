import { gameToPageMessage, pageToGameMessage } from './game-frame.contract';

const play = { playId: 'p-1', gameToken: 'token' };

describe('the game frame messages, from the game', () => {
  it.each([
    [{ type: 'GAME_READY' }],
    [{ type: 'GAME_COMPLETED', score: 4321 }],
    [{ type: 'GAME_COMPLETED', score: 41_250, completed: true, durationMs: 41_250 }],
    [{ type: 'TOURNAMENT_SUBMIT_SCORE', ...play, log: [] }],
    [{ type: 'TOURNAMENT_SUBMIT_SCORE', ...play, log: [{ atMs: 120, input: 'left' }] }],
    [{ type: 'TOURNAMENT_SUBMIT_SCORE', ...play, packedLog: 'AXgC' }],
    [{ type: 'TOURNAMENT_SUBMIT_SCORE', ...play, packedLog: 'AQ' }],
    [{ type: 'AUTH_ERROR' }],
    [{ type: 'AUTH_ERROR', message: 'Session expired' }],
    [{ type: 'GAME_ERROR' }],
    [{ type: 'REVEAL', ...play, flip: 0, card: 15 }],
    [{ type: 'RELEASE', ...play, step: 0, input: 'open' }],
    [{ type: 'RELEASE', ...play, step: 12, input: 'left' }],
    [{ type: 'RELEASE', ...play, step: 3, input: '37:1210u,1830l' }],
    [{ type: 'RELEASE', ...play, step: 1, input: '9:' }],
  ])('accepts %j', (message) => {
    expect(gameToPageMessage.safeParse(message).success).toBe(true);
  });

  it.each([
    ['no type', {}],
    ['an unknown type', { type: 'GIVE_PRIZE' }],
    ['a page message sent back', { type: 'DEMO_MODE', tournamentId: 'x' }],
    ['a bare score to submit', { type: 'TOURNAMENT_SUBMIT_SCORE', score: 4321 }],
    ['a submission without its token', { type: 'TOURNAMENT_SUBMIT_SCORE', playId: 'p', log: [] }],
    ['a log that is not a list', { type: 'TOURNAMENT_SUBMIT_SCORE', ...play, log: 'left,left' }],
    ['a submission without its log', { type: 'TOURNAMENT_SUBMIT_SCORE', ...play }],
    ['a log sent twice', { type: 'TOURNAMENT_SUBMIT_SCORE', ...play, log: [], packedLog: 'AQ' }],
    ['a packed log not in base64url', { type: 'TOURNAMENT_SUBMIT_SCORE', ...play, packedLog: 'AQ==' }],
    ['an empty packed log', { type: 'TOURNAMENT_SUBMIT_SCORE', ...play, packedLog: '' }],
    ['a packed log that is a list', { type: 'TOURNAMENT_SUBMIT_SCORE', ...play, packedLog: ['AQ'] }],
    ['a negative clock', { type: 'TOURNAMENT_SUBMIT_SCORE', ...play, log: [{ atMs: -1, input: 'up' }] }],
    ['a fractional clock', { type: 'TOURNAMENT_SUBMIT_SCORE', ...play, log: [{ atMs: 1.5, input: 'up' }] }],
    ['a text score', { type: 'GAME_COMPLETED', score: '4321' }],
    ['a fractional score', { type: 'GAME_COMPLETED', score: 1.5 }],
    ['a score past a stored integer', { type: 'GAME_COMPLETED', score: 2_147_483_648 }],
    ['an infinite score', { type: 'GAME_COMPLETED', score: Number.POSITIVE_INFINITY }],
    ['a string', 'GAME_READY'],
    ['null', null],
    ['an over-long error text', { type: 'AUTH_ERROR', message: 'x'.repeat(501) }],
    ['a reveal of a card that is not one', { type: 'REVEAL', ...play, flip: 0, card: 16 }],
    ['a reveal without its token', { type: 'REVEAL', playId: 'p', flip: 0, card: 1 }],
    ['a reveal of a fractional flip', { type: 'REVEAL', ...play, flip: 0.5, card: 1 }],
    ['a release of an input tiles does not have', { type: 'RELEASE', ...play, step: 1, input: 'diagonal' }],
    ['a release without its token', { type: 'RELEASE', playId: 'p', step: 1, input: 'up' }],
    [
      'a snake release with a turn that is not a direction',
      { type: 'RELEASE', ...play, step: 1, input: '9:120x' },
    ],
    ['a snake release with a trailing comma', { type: 'RELEASE', ...play, step: 1, input: '9:120u,' }],
    ['a release of a negative step', { type: 'RELEASE', ...play, step: -1, input: 'up' }],
  ])('refuses %s', (_what, message) => {
    expect(gameToPageMessage.safeParse(message).success).toBe(false);
  });

  it('refuses a log longer than any honest play', () => {
    const log = Array.from({ length: 40_001 }, (_, atMs) => ({ atMs, input: 'up' }));
    expect(gameToPageMessage.safeParse({ type: 'TOURNAMENT_SUBMIT_SCORE', ...play, log }).success).toBe(
      false,
    );
  });
});

describe('the game frame messages, from the page', () => {
  const auth = {
    type: 'AUTH',
    token: 'token',
    tournamentId: 't-1',
    playId: 'p-1',
    seed: 'seed',
    matchId: null,
    expiresAt: '2026-11-23T10:00:00.000Z',
  };
  /** A verified run to watch (issue 23): a keystream game's step seeds, or Memory Pairs' seed. */
  const watch = {
    type: 'WATCH_RUN',
    tournamentId: 't-1',
    game: 'tiles',
    playerName: 'Ada',
    seed: null,
    stepSeeds: [-2_147_483_648, 0, 2_147_483_647],
    packedLog: 'AXgC',
  };

  it.each([
    [auth],
    [{ ...auth, matchId: 'm-3' }],
    // Memory Pairs: the server keeps the seed.
    [{ ...auth, seed: null }],
    [{ type: 'DEMO_MODE', tournamentId: 't-1' }],
    [{ type: 'REVEALED', flip: 3, card: 9, face: 7 }],
    [{ type: 'REVEAL_FAILED', flip: 3, message: 'This play has expired' }],
    [{ type: 'RELEASED', step: 3, input: 'up', block: '0123456789abcdef0123456789abcdef' }],
    [{ type: 'RELEASED', step: 3, input: '37:1210u,1830l', block: '0123456789abcdef0123456789abcdef' }],
    [{ type: 'RELEASE_FAILED', step: 3, message: 'This play has expired' }],
    [watch],
    [{ ...watch, game: 'pairs', seed: 'seed', stepSeeds: null }],
  ])('accepts %j', (message) => {
    expect(pageToGameMessage.safeParse(message).success).toBe(true);
  });

  it.each([
    ['AUTH without a token', { ...auth, token: null }],
    ['AUTH without a seed', { ...auth, seed: '' }],
    ['a game message sent back', { type: 'GAME_READY' }],
    ['an unavailable play without a reason', { type: 'PLAY_UNAVAILABLE' }],
    ['a face that is not one', { type: 'REVEALED', flip: 3, card: 9, face: 8 }],
    ['a failed reveal without a reason', { type: 'REVEAL_FAILED', flip: 3 }],
    ['a block that is not 32 hex digits', { type: 'RELEASED', step: 3, input: 'up', block: 'abc' }],
    ['a failed release without a reason', { type: 'RELEASE_FAILED', step: 3 }],
    ['a run to watch without its log', { ...watch, packedLog: undefined }],
    ['a run to watch with a log not in base64url', { ...watch, packedLog: 'AX==' }],
    ['a run to watch with a step seed past 32 bits', { ...watch, stepSeeds: [2_147_483_648] }],
    ['a run to watch with a fractional step seed', { ...watch, stepSeeds: [1.5] }],
    ['a run to watch without a player', { ...watch, playerName: '' }],
    ['a run to watch with an empty seed', { ...watch, seed: '' }],
  ])('refuses %s', (_what, message) => {
    expect(pageToGameMessage.safeParse(message).success).toBe(false);
  });
});
