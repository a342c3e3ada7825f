import * as z from 'zod/mini';
import { PACKED_LOG_FORMAT, PACKED_LOG_MAX_CHARS, PLAY_LOG_MAX_INPUTS } from './packed-log';
import { SNAKE_RELEASE_FORMAT, SNAKE_RELEASE_MAX_CHARS } from './releases';

/**
 * The postMessage protocol between the challenge detail page and the game it frames (spec §4 "Game
 * modal messaging", issue 10). Written with `zod/mini` because the web and the game app bundle it;
 * where the page may frame games from is `client-config.contract.ts`. Both sides check the sender's
 * origin first and then parse every message with these schemas; anything else is ignored.
 *
 * 1. The game posts GAME_READY.
 * 2. The page answers DEMO_MODE (signed out, or a demo), or opens a play on the server and answers AUTH
 *    with that play's game token, id and seed; if the server refuses the play, PLAY_UNAVAILABLE.
 * 3. Memory Pairs in a tournament (AUTH without a seed: the server keeps the layout): each flip posts
 *    REVEAL; the page asks the server (POST /api/plays/{playId}/reveal) and answers REVEALED with the
 *    card's face, or REVEAL_FAILED with why. Tile Merge in a tournament (AUTH without a seed: the server
 *    releases its randomness step by step) posts RELEASE for its opening (step 0, input `open`) and for
 *    each move; Snake posts RELEASE for its first food (step 0, `open`) and, after each food eaten, for
 *    the next with the turns before it (`releases.ts`); the page asks the server
 *    (POST /api/plays/{playId}/release) and answers RELEASED with the step's block, or RELEASE_FAILED.
 * 4. When a run ends the game posts GAME_COMPLETED (the page shows it); in a tournament it then posts
 *    TOURNAMENT_SUBMIT_SCORE with the play id, the token and the input log, packed (`packedLog`,
 *    `packed-log.ts`), and the page submits them as they came.
 *
 * Watching a run (issue 23): the page answers GAME_READY with WATCH_RUN instead, carrying a finished,
 * verified play's replay material (`PlayRun` of plays.contract.ts, never a key). The game then only
 * replays it, move by move: it takes no input and posts no result.
 */

/** Whole, non-negative and within a PostgreSQL integer: only shown by the page, the server replays. */
const score = z.number().check(z.int(), z.minimum(0), z.maximum(2_147_483_647));
const note = z.optional(z.string().check(z.maxLength(500)));
const shortText = z.string().check(z.minLength(1), z.maxLength(2000));

/** One input of a play's log as the game recorded it; the server checks each input against the game. */
const loggedInput = z.object({
  atMs: z.number().check(z.int(), z.minimum(0), z.maximum(24 * 60 * 60 * 1000)),
  input: z.unknown(),
});

/** What a game may post to the page. */
export const gameToPageMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('GAME_READY') }),
  /** A run finished: for TIME games `score` is the time in ms (0 when the run did not finish). */
  z.object({
    type: z.literal('GAME_COMPLETED'),
    score,
    completed: z.optional(z.boolean()),
    durationMs: z.optional(score),
  }),
  /**
   * The play's result: the page posts it to POST /api/plays/{playId}/result, with the log in the form it
   * came, exactly one of them: `packedLog` (what our games send) or the JSON `log`.
   */
  z
    .object({
      type: z.literal('TOURNAMENT_SUBMIT_SCORE'),
      playId: shortText,
      gameToken: shortText,
      log: z.optional(z.array(loggedInput).check(z.maxLength(PLAY_LOG_MAX_INPUTS))),
      packedLog: z.optional(
        z.string().check(z.minLength(2), z.maxLength(PACKED_LOG_MAX_CHARS), z.regex(PACKED_LOG_FORMAT)),
      ),
    })
    .check(z.refine((message) => (message.log === undefined) !== (message.packedLog === undefined))),
  /** Flip number `flip` of the play turns `card` over: the page asks the server for its face. */
  z.object({
    type: z.literal('REVEAL'),
    playId: shortText,
    gameToken: shortText,
    flip: z.number().check(z.int(), z.minimum(0), z.maximum(40_000)),
    card: z.number().check(z.int(), z.minimum(0), z.maximum(15)),
  }),
  /** Release `step` of the play with `input` (`open`, then each move): the page asks the server for its block. */
  z.object({
    type: z.literal('RELEASE'),
    playId: shortText,
    gameToken: shortText,
    step: z.number().check(z.int(), z.minimum(0), z.maximum(40_000)),
    /** Tile Merge's `open` or move; Snake's `open`, then `<tick eaten>:<turns>` (plays.contract.ts). */
    input: z.union([
      z.enum(['open', 'up', 'down', 'left', 'right']),
      z.string().check(z.maxLength(SNAKE_RELEASE_MAX_CHARS), z.regex(SNAKE_RELEASE_FORMAT)),
    ]),
  }),
  z.object({ type: z.literal('AUTH_ERROR'), message: note }),
  z.object({ type: z.literal('GAME_ERROR'), message: note }),
]);
export type GameToPageMessage = z.infer<typeof gameToPageMessage>;

/** What the page may post to the game, after GAME_READY. The member's access token never enters the frame. */
export const pageToGameMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('AUTH'),
    /** The play's game token (plays.contract.ts): scoped to this one play, expiring with it. */
    token: shortText,
    tournamentId: shortText,
    playId: shortText,
    /**
     * The seed the server fixed for this play: the game must start from it. Null for a game whose
     * hidden state the server keeps (Memory Pairs): the game reveals each card through the page.
     */
    seed: z.nullable(shortText),
    /** The head-to-head match this play counts for; null in score formats. */
    matchId: z.nullable(shortText),
    expiresAt: shortText,
  }),
  /** Signed out or a demo: play for fun with any seed; nothing is submitted. */
  z.object({ type: z.literal('DEMO_MODE'), tournamentId: shortText }),
  /**
   * Watch a finished, verified run (issue 23): the replay material of `GET /api/tournaments/{id}/runs/best`.
   * The game replays it through its core and shows any step of it; nothing is played or submitted.
   */
  z.object({
    type: z.literal('WATCH_RUN'),
    tournamentId: shortText,
    /** The catalog game the run was played in: a frame of another game refuses to show it. */
    game: z.string().check(z.minLength(1), z.maxLength(100)),
    playerName: z.string().check(z.minLength(1), z.maxLength(200)),
    /** Memory Pairs: the finished play's seed; null for a keystream game. */
    seed: z.nullable(shortText),
    /** Tile Merge and Snake: the 32 bits each step's generator was seeded with; null for Memory Pairs. */
    stepSeeds: z.nullable(
      z
        .array(z.number().check(z.int(), z.minimum(-2_147_483_648), z.maximum(2_147_483_647)))
        .check(z.maxLength(40_000)),
    ),
    packedLog: z
      .string()
      .check(z.minLength(2), z.maxLength(PACKED_LOG_MAX_CHARS), z.regex(PACKED_LOG_FORMAT)),
  }),
  /** The server's answer to REVEAL: the face of the flipped card. */
  z.object({
    type: z.literal('REVEALED'),
    flip: z.number().check(z.int(), z.minimum(0)),
    card: z.number().check(z.int(), z.minimum(0), z.maximum(15)),
    face: z.number().check(z.int(), z.minimum(0), z.maximum(7)),
  }),
  /** The server would not reveal the flip (the play ended, a flip the rules refuse …): the game says why. */
  z.object({
    type: z.literal('REVEAL_FAILED'),
    flip: z.number().check(z.int(), z.minimum(0)),
    message: shortText,
  }),
  /** The server's answer to RELEASE: the block step `step`'s randomness is drawn from. */
  z.object({
    type: z.literal('RELEASED'),
    step: z.number().check(z.int(), z.minimum(0)),
    input: z.string().check(z.minLength(1), z.maxLength(SNAKE_RELEASE_MAX_CHARS)),
    block: z.string().check(z.regex(/^[0-9a-f]{32}$/)),
  }),
  /** The server would not release the step (the play ended, a step out of order …): the game says why. */
  z.object({
    type: z.literal('RELEASE_FAILED'),
    step: z.number().check(z.int(), z.minimum(0)),
    message: shortText,
  }),
  /** The server would not open a play (not joined, tournament over, match played …): the game says why. */
  z.object({ type: z.literal('PLAY_UNAVAILABLE'), message: shortText }),
]);
export type PageToGameMessage = z.infer<typeof pageToGameMessage>;
