import { decodePackedLog, encodePackedLog, tiles } from '@arena/games';
import {
  endOfRunMessages,
  nextMode,
  PageReveals,
  readPageMessage,
  type AuthMessage,
  type PlayMode,
  type WatchRunMessage,
} from './frame-protocol';

const APP = 'https://arena.example.org';
const SEED = 'seed-1';
const AUTH: AuthMessage = {
  type: 'AUTH',
  token: 'game-token',
  tournamentId: 'tournament-1',
  playId: 'play-1',
  seed: SEED,
  matchId: null,
  expiresAt: '2026-11-23T10:00:00.000Z',
};

/** A verified run to watch (issue 23), as the page sends it: a few step seeds and a packed log. */
const WATCH: WatchRunMessage = {
  type: 'WATCH_RUN',
  tournamentId: 'tournament-1',
  game: 'tiles',
  playerName: 'Ada',
  seed: null,
  stepSeeds: [1, -2, 2_147_483_647],
  packedLog: 'AQ',
};

describe('readPageMessage', () => {
  it('takes a valid message from the app origin', () => {
    expect(readPageMessage({ origin: APP, data: AUTH }, APP)).toEqual(AUTH);
    // Memory Pairs: the server keeps the seed.
    expect(readPageMessage({ origin: APP, data: { ...AUTH, seed: null } }, APP)).toEqual({
      ...AUTH,
      seed: null,
    });
    expect(readPageMessage({ origin: APP, data: { type: 'DEMO_MODE', tournamentId: 't' } }, APP)).toEqual({
      type: 'DEMO_MODE',
      tournamentId: 't',
    });
  });

  it.each([
    ['another origin', 'https://evil.example.org'],
    ['the opaque origin', 'null'],
    ['the app origin on another port', 'https://arena.example.org:8443'],
  ])('ignores a valid message from %s', (_name, origin) => {
    expect(readPageMessage({ origin, data: AUTH }, APP)).toBeNull();
    expect(readPageMessage({ origin, data: WATCH }, APP)).toBeNull();
  });

  it('takes a run to watch from the app origin', () => {
    expect(readPageMessage({ origin: APP, data: WATCH }, APP)).toEqual(WATCH);
  });

  it.each([
    ['a string', JSON.stringify(AUTH)],
    ['null', null],
    ['an unknown type', { type: 'SUBMIT_EVERYTHING' }],
    ['AUTH without its seed', { ...AUTH, seed: undefined }],
    ['AUTH with an empty token', { ...AUTH, token: '' }],
    ['PLAY_UNAVAILABLE without a message', { type: 'PLAY_UNAVAILABLE' }],
    ['a message the game sends itself', { type: 'GAME_READY' }],
    ['REVEALED with a face that is not one', { type: 'REVEALED', flip: 0, card: 1, face: 8 }],
    ['WATCH_RUN with a packed log that is not base64url', { ...WATCH, packedLog: 'AQ==' }],
    ['WATCH_RUN with a step seed past 32 bits', { ...WATCH, stepSeeds: [2 ** 31] }],
    ['WATCH_RUN with a step seed that is not whole', { ...WATCH, stepSeeds: [0.5] }],
    ['WATCH_RUN with 40,001 step seeds', { ...WATCH, stepSeeds: Array.from({ length: 40_001 }, () => 0) }],
    ['WATCH_RUN without its game', { ...WATCH, game: undefined }],
  ])('ignores %s from the app origin', (_name, data) => {
    expect(readPageMessage({ origin: APP, data }, APP)).toBeNull();
  });
});

describe('nextMode', () => {
  const connecting: PlayMode = { kind: 'connecting' };

  it('follows the first answer to GAME_READY', () => {
    expect(nextMode(connecting, AUTH)).toEqual({ kind: 'tournament', auth: AUTH });
    expect(nextMode(connecting, { type: 'DEMO_MODE', tournamentId: 't' })).toEqual({ kind: 'demo' });
    expect(nextMode(connecting, { type: 'PLAY_UNAVAILABLE', message: 'You have not joined' })).toEqual({
      kind: 'unavailable',
      message: 'You have not joined',
    });
  });

  it('keeps a tournament run on its first play and a demo a demo', () => {
    const tournament = nextMode(connecting, AUTH);
    expect(nextMode(tournament, { ...AUTH, playId: 'play-2', seed: 'seed-2' })).toBe(tournament);
    expect(nextMode(tournament, { type: 'DEMO_MODE', tournamentId: 't' })).toBe(tournament);
    const demo: PlayMode = { kind: 'demo' };
    expect(nextMode(demo, AUTH)).toBe(demo);
  });

  it('watches a run only when that is the first answer, and then never plays', () => {
    expect(nextMode(connecting, WATCH)).toEqual({ kind: 'watch', run: WATCH });
    // A run to watch after AUTH or a demo is ignored: the play goes on as it was.
    const tournament = nextMode(connecting, AUTH);
    expect(nextMode(tournament, WATCH)).toBe(tournament);
    const demo: PlayMode = { kind: 'demo' };
    expect(nextMode(demo, WATCH)).toBe(demo);
    // Watching, no AUTH, demo or other run turns it into a play.
    const watching = nextMode(connecting, WATCH);
    for (const later of [
      AUTH,
      { type: 'DEMO_MODE', tournamentId: 't' } as const,
      { ...WATCH, playerName: 'Eve' },
    ])
      expect(nextMode(watching, later)).toBe(watching);
  });
});

describe('endOfRunMessages', () => {
  /** A short honest run of Tile Merge: the moves that change the board, a second apart. */
  function honestTilesRun(seed: string) {
    const state = tiles.newGame(seed);
    const log: { atMs: number; input: tiles.TilesMove }[] = [];
    for (let step = 0; step < 40 && !tiles.isOver(state); step++) {
      const move = tiles.TILES_MOVES.find((candidate) => tiles.slide(state.board, candidate) !== null)!;
      tiles.applyMove(state, move);
      log.push({ atMs: (step + 1) * 1000, input: move });
    }
    return { log, shown: { score: tiles.scoreOf(state), completed: tiles.isOver(state) } };
  }

  it('posts the result and then the submission in a tournament run', () => {
    const { log, shown } = honestTilesRun(SEED);
    expect(endOfRunMessages('tiles', tiles.tilesCore.replay(SEED, log), log, shown, AUTH)).toEqual([
      {
        type: 'GAME_COMPLETED',
        score: shown.score,
        completed: shown.completed,
        durationMs: log.at(-1)!.atMs,
      },
      {
        type: 'TOURNAMENT_SUBMIT_SCORE',
        playId: 'play-1',
        gameToken: 'game-token',
        packedLog: encodePackedLog('tiles', log),
      },
    ]);
    // The packed log reads back as the log played.
    const submission = endOfRunMessages('tiles', tiles.tilesCore.replay(SEED, log), log, shown, AUTH)[1]!;
    expect(
      submission.type === 'TOURNAMENT_SUBMIT_SCORE' && decodePackedLog('tiles', submission.packedLog!),
    ).toEqual({
      ok: true,
      log,
    });
  });

  it('posts GAME_ERROR, and no submission, when the log cannot be packed', () => {
    const { shown } = honestTilesRun(SEED);
    const replayed = { valid: true as const, result: { ...shown, durationMs: 0, ticks: 1 } };
    const messages = endOfRunMessages('tiles', replayed, [{ atMs: -5, input: 'up' }], shown, AUTH);
    expect(messages).toEqual([
      {
        type: 'GAME_ERROR',
        message: 'The run does not replay: Input 0 is not stamped in whole ms after the input before it',
      },
    ]);
  });

  it('posts only the result in a demo', () => {
    const { log, shown } = honestTilesRun('demo-seed');
    const messages = endOfRunMessages('tiles', tiles.tilesCore.replay('demo-seed', log), log, shown, null);
    expect(messages.map((message) => message.type)).toEqual(['GAME_COMPLETED']);
  });

  it('posts GAME_ERROR, and no submission, when the replay disagrees with the score shown', () => {
    const { log, shown } = honestTilesRun(SEED);
    const messages = endOfRunMessages(
      'tiles',
      tiles.tilesCore.replay(SEED, log),
      log,
      { ...shown, score: shown.score + 4 },
      AUTH,
    );
    expect(messages).toEqual([{ type: 'GAME_ERROR', message: expect.stringContaining('another result') }]);
  });

  it('posts GAME_ERROR when the log does not replay', () => {
    const { log, shown } = honestTilesRun(SEED);
    const messages = endOfRunMessages('tiles', tiles.tilesCore.replay('another-seed', log), log, shown, AUTH);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.type).toBe('GAME_ERROR');
  });
});

describe('PageReveals', () => {
  const HIDDEN = { ...AUTH, seed: null };

  it("posts each flip as REVEAL and settles it with the page's answer for that flip and card alone", async () => {
    const posted: unknown[] = [];
    const reveals = new PageReveals((message) => posted.push(message), HIDDEN);
    const face = reveals.reveal(0, 9);
    expect(posted).toEqual([{ type: 'REVEAL', playId: 'play-1', gameToken: 'game-token', flip: 0, card: 9 }]);
    // Answers for another flip or another card are not this flip's.
    expect(reveals.receive({ type: 'REVEALED', flip: 1, card: 9, face: 2 })).toBe(true);
    expect(reveals.receive({ type: 'REVEALED', flip: 0, card: 8, face: 2 })).toBe(true);
    expect(reveals.receive({ type: 'REVEALED', flip: 0, card: 9, face: 5 })).toBe(true);
    await expect(face).resolves.toBe(5);
    expect(reveals.receive({ type: 'DEMO_MODE', tournamentId: 't' })).toBe(false);
  });

  it('rejects a flip the page could not reveal, with its reason', async () => {
    const reveals = new PageReveals(() => undefined, HIDDEN);
    const face = reveals.reveal(3, 1);
    reveals.receive({ type: 'REVEAL_FAILED', flip: 3, message: 'This play has expired' });
    await expect(face).rejects.toThrow('This play has expired');
  });

  it('leaves the mode as it is on an answer to a reveal', () => {
    const tournament = nextMode({ kind: 'connecting' }, HIDDEN);
    expect(nextMode(tournament, { type: 'REVEALED', flip: 0, card: 0, face: 0 })).toBe(tournament);
  });

  it("posts each Tile Merge step as RELEASE and settles it with the page's block for that step and input alone", async () => {
    const posted: unknown[] = [];
    const reveals = new PageReveals((message) => posted.push(message), HIDDEN);
    const block = reveals.release(4, 'left');
    expect(posted).toEqual([
      { type: 'RELEASE', playId: 'play-1', gameToken: 'game-token', step: 4, input: 'left' },
    ]);
    const answer = (step: number, input: string) => ({
      type: 'RELEASED' as const,
      step,
      input,
      block: `${step}`.padStart(32, '0'),
    });
    expect(reveals.receive(answer(5, 'left'))).toBe(true);
    expect(reveals.receive(answer(4, 'up'))).toBe(true);
    expect(reveals.receive(answer(4, 'left'))).toBe(true);
    await expect(block).resolves.toBe('4'.padStart(32, '0'));
    const refused = reveals.release(5, 'down');
    reveals.receive({ type: 'RELEASE_FAILED', step: 5, message: 'This play has expired' });
    await expect(refused).rejects.toThrow('This play has expired');
    const tournament = nextMode({ kind: 'connecting' }, HIDDEN);
    expect(nextMode(tournament, answer(0, 'open'))).toBe(tournament);
  });
});
