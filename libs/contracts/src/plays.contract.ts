import { z } from 'zod';
import { PACKED_LOG_FORMAT, PACKED_LOG_MAX_CHARS, PLAY_LOG_MAX_INPUTS } from './packed-log';
import { SNAKE_RELEASE_FORMAT, SNAKE_RELEASE_MAX_CHARS } from './releases';
import { TOURNAMENT_STATUSES } from './tournaments.contract';

/**
 * Play sessions (issue 10, docs/fair-play.md). The server opens a play before a game starts: it fixes
 * the seed, records when the play started and when it expires, and hands out a game token scoped to that
 * one play. The result is the play's input log, never a number: the server replays it with the game's
 * core and records the score it computed, once.
 */

/** The longest log the server reads: bigger bodies are refused by size (413) before they are parsed. */
export const PLAY_RESULT_MAX_BYTES = 1024 * 1024;
export { PLAY_LOG_MAX_INPUTS };

/** POST /api/tournaments/{id}/plays and POST /api/tournaments/{id}/matches/{matchId}/plays take no body. */
export const startedPlay = z
  .object({
    playId: z.uuid(),
    tournamentId: z.uuid(),
    /** The head-to-head match the play's result goes to; null in score formats. */
    matchId: z.string().nullable(),
    /** The catalog game (`games.catalog.ts`). */
    game: z.string(),
    /**
     * The seed the core starts from; the server fixed it before play. Null for a game whose hidden
     * state stays on the server (Memory Pairs): its client learns each card by revealing it.
     */
    seed: z.string().nullable(),
    startedAt: z.iso.datetime(),
    /** After this the result is refused (409). */
    expiresAt: z.iso.datetime(),
    /**
     * Short-lived token scoped to this play of this member (and sign-in): the page hands it to the game
     * frame in AUTH, and the result carries it back. Never the member's access token.
     */
    gameToken: z.string(),
  })
  .meta({ id: 'StartedPlay' });
export type StartedPlay = z.infer<typeof startedPlay>;

/**
 * One input of the log: `{ atMs, input }`, the game clock in whole ms since the play started and the
 * game's own input. Only the list's length is checked here: the game's core checks every entry as it
 * replays (a non-object, a clock out of order or past the longest play, an input not of the game), and
 * checking each entry twice cost as much as the replay itself (docs/benchmarks.md, bench:replay).
 */
const loggedInput = z.unknown().meta({
  description: "{ atMs: whole ms since the play started, input: the game's input } — checked by the replay",
});

/** Why a result body is refused when it sends both forms of the log, or neither. */
export const ONE_LOG_FORM = 'Send the game log once: as log or as packedLog';

/**
 * POST /api/plays/{playId}/result (access token of the play's member): the log as `packedLog` (what the
 * game frame sends) or as the JSON `log`, exactly one of them. The packed string is checked here for its
 * length and alphabet only; its bytes are read as the play replays (a malformed one answers 422
 * `The game log does not replay: <reason>`).
 */
export const playResultBody = z
  .object({
    gameToken: z.string().min(1).max(2000),
    log: z.array(loggedInput).max(PLAY_LOG_MAX_INPUTS).optional().meta({
      description:
        'The log as JSON, `[{ atMs, input }]`: kept for external tools and scripts; the game frame sends packedLog',
    }),
    packedLog: z
      .string()
      .min(2)
      .max(PACKED_LOG_MAX_CHARS)
      .regex(PACKED_LOG_FORMAT, 'The packed log is not base64url')
      .optional()
      .meta({
        description:
          'The log packed (docs/fair-play.md "The packed log"): base64url without padding of a version byte (1), then per input its clock step in ms since the input before (an unsigned LEB128 varint, at most 4 bytes) and its code (one byte)',
      }),
  })
  .refine((body) => (body.log === undefined) !== (body.packedLog === undefined), { message: ONE_LOG_FORM })
  .meta({ id: 'PlayResultBody' });
export type PlayResultBody = z.infer<typeof playResultBody>;

/** The most flips a Memory Pairs play may reveal: a flip a tenth of a second for its five minutes. */
export const PLAY_MAX_REVEALS = 3_000;

/**
 * POST /api/plays/{playId}/reveal (access token of the play's member): flip number `flip` (0 for the
 * first flip of the play, then 1, 2 …) turns `card` over. Flips are revealed in order, each once.
 */
export const revealBody = z
  .object({
    gameToken: z.string().min(1).max(2000),
    flip: z
      .number()
      .int()
      .min(0)
      .max(PLAY_MAX_REVEALS - 1),
    card: z.number().int().min(0).max(15),
  })
  .meta({ id: 'RevealBody' });
export type RevealBody = z.infer<typeof revealBody>;

/** The card's face (0 to 7): the same answer for the same flip, however often it is asked. */
export const revealedCard = z
  .object({
    playId: z.uuid(),
    flip: z.number().int(),
    card: z.number().int(),
    face: z.number().int(),
  })
  .meta({ id: 'RevealedCard' });
export type RevealedCard = z.infer<typeof revealedCard>;

/**
 * The most releases a keystream play may ask for (Tile Merge: the opening, then a move a tenth of a
 * second for its thirty minutes).
 */
export const PLAY_MAX_RELEASES = 18_001;

/** A Snake release's input (food k, k ≥ 1: `releases.ts`); the game's rules check it further. */
export const snakeReleaseInput = z.string().max(SNAKE_RELEASE_MAX_CHARS).regex(SNAKE_RELEASE_FORMAT);

/**
 * POST /api/plays/{playId}/release (access token of the play's member), for a game whose randomness the
 * server releases as play goes. Tile Merge: step 0 asks for the opening with the input `open`; step `k`
 * (1, 2 …) records move `k` (`up`, `down`, `left`, `right`) and answers the block the tile after it is
 * drawn from. Snake: step 0 (`open`) answers food 0's block; step `k` records the turns before food
 * `k - 1` was eaten and its tick (`snakeReleaseInput`) and answers food k's. Steps are released in
 * order, each once.
 */
export const releaseBody = z
  .object({
    gameToken: z.string().min(1).max(2000),
    step: z
      .number()
      .int()
      .min(0)
      .max(PLAY_MAX_RELEASES - 1),
    input: z.union([z.enum(['open', 'up', 'down', 'left', 'right']), snakeReleaseInput]),
  })
  .meta({ id: 'ReleaseBody' });
export type ReleaseBody = z.infer<typeof releaseBody>;

/**
 * Block `step` of the play's keystream (16 bytes, 32 hex digits): it seeds the step's randomness (the
 * opening tiles, or the tile after the move). The same answer for the same step and input, however
 * often it is asked.
 */
export const releasedBlock = z
  .object({
    playId: z.uuid(),
    step: z.number().int(),
    input: z.string(),
    block: z.string().regex(/^[0-9a-f]{32}$/),
  })
  .meta({ id: 'ReleasedBlock' });
export type ReleasedBlock = z.infer<typeof releasedBlock>;

/** What the server computed from the log, and what it did with it. */
export const verifiedPlayResult = z
  .object({
    playId: z.uuid(),
    tournamentId: z.uuid(),
    matchId: z.string().nullable(),
    /** Points, or for TIME games the finishing time in ms (0 when the run did not finish). */
    score: z.number().int(),
    completed: z.boolean(),
    durationMs: z.number().int(),
    /** Score formats: the player's attempt number and best after this play; null in head-to-head. */
    attempt: z.number().int().nullable(),
    bestScore: z.number().nullable(),
    /** Head-to-head: true when both players have played and the match is decided. */
    decided: z.boolean().nullable(),
    tournamentStatus: z.enum(TOURNAMENT_STATUSES),
  })
  .meta({ id: 'VerifiedPlayResult' });
export type VerifiedPlayResult = z.infer<typeof verifiedPlayResult>;

/**
 * GET /api/plays/{playId}/run and GET /api/tournaments/{id}/runs/best (public, issue 23), and
 * GET /api/tournaments/{id}/runs/mine (the signed-in member's own best, theirs only): what the game
 * frame needs to replay a finished, verified play move by move through the same core
 * (docs/fair-play.md, "Watching a run"). Only a play whose result the server replayed and recorded is
 * served; a running, expired or unknown play answers 404 `Run not found`. Each play has a seed of its
 * own, so a finished play's hidden state says nothing about any other play.
 */
export const playRun = z
  .object({
    playId: z.uuid(),
    tournamentId: z.uuid(),
    /** The catalog game (`games.catalog.ts`). */
    game: z.string(),
    /** The player's public display name (an erased member's erased name). */
    playerName: z.string(),
    /** What the server's replay computed: points, or for TIME games the finishing time in ms. */
    score: z.number().int(),
    completed: z.boolean(),
    durationMs: z.number().int(),
    /** Memory Pairs: the finished play's seed its layout is dealt from; null for a keystream game. */
    seed: z.string().nullable(),
    /**
     * Tile Merge and Snake: the 32 bits each step's generator was seeded with (step 0 opens the game,
     * step k follows input k): only the steps the play used. Null for Memory Pairs.
     */
    stepSeeds: z.array(z.number().int()).nullable(),
    /** The input log in its packed form (`packed-log.ts`), as the server verified it. */
    packedLog: z.string().max(PACKED_LOG_MAX_CHARS).regex(PACKED_LOG_FORMAT),
    verifiedAt: z.iso.datetime(),
  })
  .meta({ id: 'PlayRun' });
export type PlayRun = z.infer<typeof playRun>;

/**
 * Messages the play routes answer with (4xx, the one error shape). A replay refusal answers 422 with
 * `The game log does not replay: <reason>`.
 */
export const PlayMessages = {
  notFound: 'Play not found',
  /** A run that is not a finished, verified play (or an id that names none): 404. */
  runNotFound: 'Run not found',
  notYours: 'This play belongs to another member',
  wrongToken: 'The game token is not for this play',
  alreadySubmitted: 'A result for this play was already submitted',
  superseded: 'A newer play replaced this one',
  expired: 'This play has expired',
  doesNotReplay: (reason: string) => `The game log does not replay: ${reason}`,
  /** A result with both `log` and `packedLog`, or neither (400). */
  oneLogForm: ONE_LOG_FORM,
  tooFast: 'The game log claims more play time than has passed since the play started',
  nothingToReveal: "This game's play has nothing hidden to reveal",
  revealOutOfOrder: (next: number) => `Flips are revealed in order: the next is flip ${next}`,
  revealedOtherCard: (flip: number, card: number) => `Flip ${flip} was already revealed: card ${card}`,
  revealRefused: (reason: string) => `This flip is not allowed: ${reason}`,
  releaseOutOfOrder: (next: number) => `Steps are released in order: the next is step ${next}`,
  releasedOtherInput: (step: number, input: string) => `Step ${step} was already released: ${input}`,
  releaseRefused: (reason: string) => `This release is not allowed: ${reason}`,
  /** Opening a play of an operator's external game: only the games Charity Arena serves are played here. */
  notVerifiedGame: 'This game is not played on Charity Arena: its scores come from its own site',
  verifiedOnly: (game: string) => `Scores for ${game} are verified by replay: play the game to submit one`,
} as const;
