import type { VerifiedGameSlug } from '@arena/contracts/games.catalog';
import {
  PACKED_DELTA_MAX_BYTES,
  PACKED_INPUT_MAX_BYTES,
  PACKED_LOG_VERSION,
  PLAY_LOG_MAX_INPUTS,
} from '@arena/contracts/packed-log';
import type { TimedInput } from '../game-core';
import type { PairsInput } from '../pairs/pairs.core';
import type { SnakeDirection } from '../snake/snake.rules';
import type { TilesMove } from '../tiles/tiles.rules';

/**
 * The packed input log (issue 24; the layout: `@arena/contracts/packed-log`, docs/fair-play.md "The packed
 * log"). A 5-minute worst case is a few KB rather than the JSON log's 90, and reading it costs a fraction
 * of JSON.parse. Pure: no I/O, no Buffer (the game frame encodes in the browser, the server decodes).
 *
 * Each game's inputs are numbered by a fixed table below: the table is part of the format's version, so
 * reordering or shrinking one is a new version (adding codes at the end is not).
 */

/** One game's input codes: code n stands for `inputs[n]`. */
export interface PackedInputCodes {
  readonly inputs: readonly unknown[];
  /** The code of an input of the game; -1 for anything else. */
  codeOf(input: unknown): number;
}

function stringCodes(inputs: readonly string[]): PackedInputCodes {
  return { inputs, codeOf: (input) => (inputs as readonly unknown[]).indexOf(input) };
}

/** Memory Pairs: code n flips card n; the decoded inputs are shared, frozen `{ card: n }` objects. */
function cardCodes(count: number): PackedInputCodes {
  const inputs = Array.from({ length: count }, (_, card): PairsInput => Object.freeze({ card }));
  return {
    inputs,
    codeOf(input) {
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return -1;
      const card = (input as { card?: unknown }).card;
      if (typeof card !== 'number' || !Number.isInteger(card) || card < 0 || card >= count) return -1;
      for (const key in input) if (key !== 'card') return -1;
      return card;
    },
  };
}

/** Version 1's tables. */
export const PACKED_INPUT_CODES: Readonly<Record<VerifiedGameSlug, PackedInputCodes>> = {
  tiles: stringCodes(['up', 'down', 'left', 'right'] as const satisfies readonly TilesMove[]),
  snake: stringCodes(['up', 'right', 'down', 'left'] as const satisfies readonly SnakeDirection[]),
  pairs: cardCodes(16),
};

// Module-local copies: read for every input of every packed result, never through the import's binding.
const DELTA_MAX_BYTES = PACKED_DELTA_MAX_BYTES;
const MAX_INPUTS = PLAY_LOG_MAX_INPUTS;
/** A clock step at or past this does not fit PACKED_DELTA_MAX_BYTES bytes of varint. */
const DELTA_LIMIT = 2 ** (7 * DELTA_MAX_BYTES);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/**
 * Every UTF-16 code unit's 6 bits in base64url, -1 for a unit not of its alphabet: 64 KB, so a character
 * costs one lookup and no test (a third faster than a 128-entry table with a range test). Built on the
 * first decode: the game frame only encodes.
 */
let sixtets: Int8Array | null = null;

function sixtetTable(): Int8Array {
  if (sixtets === null) {
    sixtets = new Int8Array(65_536).fill(-1);
    for (let index = 0; index < ALPHABET.length; index++) sixtets[ALPHABET.charCodeAt(index)] = index;
  }
  return sixtets;
}

/**
 * The packed form of a play's log: what the game frame posts as `packedLog`. Throws, saying which input,
 * on a log no server would replay anyway: a stamp that is not a whole number or goes backwards, a step
 * too long to pack, an input not of the game, more inputs than PLAY_LOG_MAX_INPUTS.
 */
export function encodePackedLog(game: VerifiedGameSlug, entries: readonly TimedInput<unknown>[]): string {
  const codes = PACKED_INPUT_CODES[game];
  if (entries.length > PLAY_LOG_MAX_INPUTS)
    throw new Error(`The log holds more than ${PLAY_LOG_MAX_INPUTS.toLocaleString('en')} inputs`);
  const bytes = new Uint8Array(1 + entries.length * PACKED_INPUT_MAX_BYTES);
  bytes[0] = PACKED_LOG_VERSION;
  let length = 1;
  let previous = 0;
  for (let index = 0; index < entries.length; index++) {
    const { atMs, input } = entries[index]!;
    let delta = atMs - previous;
    if (!Number.isSafeInteger(atMs) || delta < 0)
      throw new Error(`Input ${index} is not stamped in whole ms after the input before it`);
    if (delta >= DELTA_LIMIT) throw new Error(`Input ${index} comes too long after the input before it`);
    const code = codes.codeOf(input);
    if (code < 0) throw new Error(`Input ${index} is not one of the game's inputs`);
    while (delta >= 0x80) {
      bytes[length++] = (delta & 0x7f) | 0x80;
      delta >>>= 7;
    }
    bytes[length++] = delta;
    bytes[length++] = code;
    previous = atMs;
  }
  return toBase64url(bytes, length);
}

export type PackedLogDecoding = { ok: true; log: TimedInput<unknown>[] } | { ok: false; reason: string };

/**
 * A packed log read back as the list the cores replay, or why it is not one (the reason of a 422
 * `The game log does not replay: <reason>`). The inputs are the table's own values, so the list costs one
 * small object per input and nothing else (docs/benchmarks.md, bench:replay).
 */
export function decodePackedLog(game: string, packed: string): PackedLogDecoding {
  const reader = PackedLogReader.open(game, packed);
  const log: TimedInput<unknown>[] = [];
  while (reader.next()) log.push({ atMs: reader.atMs, input: reader.input });
  return reader.refusal === null ? { ok: true, log } : { ok: false, reason: reader.refusal };
}

/**
 * Reads a packed log one input at a time, without building a list: `next()` moves to the next input
 * (its `index`, `atMs` and `input`) and answers false at the end, or at the first fault, which `refusal`
 * then names. A log that ends cleanly has `refusal` null.
 */
export class PackedLogReader {
  /** The input read last: -1 before the first. */
  index = -1;
  /** Its game clock, ms since the play started. */
  atMs = 0;
  input: unknown = undefined;
  /** Its code in the game's table (`PACKED_INPUT_CODES`): `input` is the table's entry at it. */
  code = -1;
  refusal: string | null = null;
  private offset = 1;

  private constructor(
    private readonly bytes: Uint8Array,
    private readonly inputs: readonly unknown[],
    refusal: string | null,
  ) {
    this.refusal = refusal;
  }

  static open(game: string, packed: string): PackedLogReader {
    const codes = Object.hasOwn(PACKED_INPUT_CODES, game)
      ? PACKED_INPUT_CODES[game as VerifiedGameSlug]
      : null;
    if (codes === null) return new PackedLogReader(new Uint8Array(0), [], `${game} has no packed log`);
    const bytes = fromBase64url(packed);
    if (typeof bytes === 'string') return new PackedLogReader(new Uint8Array(0), [], bytes);
    const version = bytes[0];
    const refusal =
      version === undefined
        ? 'The packed log is empty: it has no version byte'
        : version !== PACKED_LOG_VERSION
          ? `The packed log is of version ${version}; version ${PACKED_LOG_VERSION} is the one read here`
          : null;
    return new PackedLogReader(bytes, codes.inputs, refusal);
  }

  next(): boolean {
    if (this.refusal !== null) return false;
    const bytes = this.bytes;
    let offset = this.offset;
    if (offset >= bytes.length) return false;
    const index = this.index + 1;
    if (index >= MAX_INPUTS)
      return this.refuse(`The log holds more than ${MAX_INPUTS.toLocaleString('en')} inputs`);
    let delta = 0;
    for (let read = 0; ; read++) {
      if (read === DELTA_MAX_BYTES)
        return this.refuse(`Input ${index}'s clock step is longer than ${DELTA_MAX_BYTES} bytes`);
      if (offset >= bytes.length) return this.refuse(`Input ${index} is cut short in its clock step`);
      const byte = bytes[offset++]!;
      // At most 4 bytes: 28 bits, so the shifts stay within a positive 32-bit number.
      delta |= (byte & 0x7f) << (7 * read);
      if (byte < 0x80) {
        // One spelling per log: a zero last byte would spell the same step longer.
        if (byte === 0 && read > 0)
          return this.refuse(`Input ${index}'s clock step is not in its shortest form`);
        break;
      }
    }
    if (offset >= bytes.length) return this.refuse(`Input ${index} is cut short before its code`);
    const code = bytes[offset++]!;
    if (code >= this.inputs.length)
      return this.refuse(`Input ${index}'s code ${code} is not one of the game's inputs`);
    this.offset = offset;
    this.index = index;
    this.atMs += delta;
    this.code = code;
    this.input = this.inputs[code];
    return true;
  }

  private refuse(reason: string): false {
    this.refusal = reason;
    return false;
  }
}

/** `length` bytes as base64url without padding. */
function toBase64url(bytes: Uint8Array, length: number): string {
  const chars: string[] = [];
  let index = 0;
  for (; index + 2 < length; index += 3) {
    const bits = (bytes[index]! << 16) | (bytes[index + 1]! << 8) | bytes[index + 2]!;
    chars.push(
      ALPHABET[bits >> 18]!,
      ALPHABET[(bits >> 12) & 63]!,
      ALPHABET[(bits >> 6) & 63]!,
      ALPHABET[bits & 63]!,
    );
  }
  if (length - index === 2) {
    const bits = (bytes[index]! << 8) | bytes[index + 1]!;
    chars.push(ALPHABET[bits >> 10]!, ALPHABET[(bits >> 4) & 63]!, ALPHABET[(bits << 2) & 63]!);
  } else if (length - index === 1) {
    const bits = bytes[index]!;
    chars.push(ALPHABET[bits >> 2]!, ALPHABET[(bits << 4) & 63]!);
  }
  return chars.join('');
}

/** The bytes base64url text (no padding) spells, or why it spells none. */
function fromBase64url(text: string): Uint8Array | string {
  if (typeof text !== 'string') return 'The packed log is not a string';
  const rest = text.length % 4;
  if (rest === 1) return 'The packed log is cut short: its length is not one base64url spells';
  const table = sixtetTable();
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  const whole = text.length - rest;
  let length = 0;
  // Four characters, three bytes, at a time: this runs over every character of every packed result.
  for (let index = 0; index < whole; index += 4) {
    const a = table[text.charCodeAt(index)]!;
    const b = table[text.charCodeAt(index + 1)]!;
    const c = table[text.charCodeAt(index + 2)]!;
    const d = table[text.charCodeAt(index + 3)]!;
    if ((a | b | c | d) < 0) return notBase64url(text, index);
    bytes[length++] = (a << 2) | (b >> 4);
    bytes[length++] = ((b & 15) << 4) | (c >> 2);
    bytes[length++] = ((c & 3) << 6) | d;
  }
  if (rest > 0) {
    const a = table[text.charCodeAt(whole)]!;
    const b = table[text.charCodeAt(whole + 1)]!;
    const c = rest === 3 ? table[text.charCodeAt(whole + 2)]! : 0;
    if ((a | b | c) < 0) return notBase64url(text, whole);
    bytes[length++] = (a << 2) | (b >> 4);
    if (rest === 3) bytes[length++] = ((b & 15) << 4) | (c >> 2);
    // One spelling per log: the bits past the last byte are zero.
    if ((rest === 2 ? b & 15 : c & 3) !== 0) return 'The packed log has bits set past its last byte';
  }
  return bytes;
}

function notBase64url(text: string, from: number): string {
  const table = sixtetTable();
  let index = from;
  while (table[text.charCodeAt(index)]! >= 0) index++;
  return `Character ${index} of the packed log is not base64url`;
}
