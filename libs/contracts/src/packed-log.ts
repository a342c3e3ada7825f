/**
 * The packed form of a play's input log (issue 24, docs/fair-play.md "The packed log"), shared by the
 * HTTP and frame contracts and the codec in `@arena/games` (`input-log/packed-log.ts`). No schema library
 * here: the HTTP contract uses zod, the frame's zod/mini.
 *
 * Bytes, written as base64url without padding: the format's version (PACKED_LOG_VERSION), then per input
 * the ms since the input before it (the first: since the play started) as an unsigned LEB128 varint of at
 * most PACKED_DELTA_MAX_BYTES bytes in its shortest form, then the input's code, one byte (each game's
 * table is in the codec).
 */

/** The one version this server reads and the game writes. */
export const PACKED_LOG_VERSION = 1;

/** A clock step's varint: 4 bytes hold 28 bits, over 74 hours in ms (the longest play is one hour). */
export const PACKED_DELTA_MAX_BYTES = 4;

/** The most bytes one input takes: its longest clock step and its code. */
export const PACKED_INPUT_MAX_BYTES = PACKED_DELTA_MAX_BYTES + 1;

/**
 * The most inputs one log may hold, JSON or packed (beyond any honest play of the catalog's games);
 * plays.contract.ts exports it too.
 */
export const PLAY_LOG_MAX_INPUTS = 40_000;

/** The most bytes of a packed log: the version byte and the most inputs at their longest. */
export const PACKED_LOG_MAX_BYTES = 1 + PLAY_LOG_MAX_INPUTS * PACKED_INPUT_MAX_BYTES;

/** The longest packed log as base64url without padding (four characters per three bytes, rounded up). */
export const PACKED_LOG_MAX_CHARS = Math.ceil((PACKED_LOG_MAX_BYTES * 4) / 3);

/** base64url's alphabet, no padding: what a packed log is spelled with. */
export const PACKED_LOG_FORMAT = /^[A-Za-z0-9_-]*$/;
