import fc from 'fast-check';
import {
  PACKED_LOG_FORMAT,
  PACKED_LOG_MAX_CHARS,
  PLAY_LOG_MAX_INPUTS,
  VERIFIED_GAME_SLUGS,
  type VerifiedGameSlug,
} from '@arena/contracts';
import { honestLog, seededUniform } from '../bots';
import type { TimedInput } from '../game-core';
import { GAME_CORES } from '../game-cores';
import { decodePackedLog, encodePackedLog, PACKED_INPUT_CODES, PackedLogReader } from './packed-log';

/** base64url of raw bytes, written apart from the codec so the refusals are tested on bytes we chose. */
const spelled = (bytes: number[]) => Buffer.from(bytes).toString('base64url');

const refusalOf = (game: string, packed: string) => {
  const decoded = decodePackedLog(game, packed);
  if (decoded.ok) throw new Error(`decoded ${JSON.stringify(decoded.log)}`);
  return decoded.reason;
};

/** Any log of the game's inputs, stamps in order, steps from 0 up to the longest a varint of 4 bytes holds. */
const anyLog = (game: VerifiedGameSlug) =>
  fc
    .array(
      fc.record({
        step: fc.oneof(fc.nat({ max: 300 }), fc.nat({ max: 2 ** 28 - 1 })),
        code: fc.nat({ max: PACKED_INPUT_CODES[game].inputs.length - 1 }),
      }),
      { maxLength: 400 },
    )
    .map((steps) => {
      let atMs = 0;
      return steps.map(({ step, code }) => {
        atMs += step;
        return { atMs, input: structuredClone(PACKED_INPUT_CODES[game].inputs[code]) };
      });
    });

describe.each(VERIFIED_GAME_SLUGS)('the packed log of %s', (game) => {
  it('decodes to the log it encodes, for any log of the game', () => {
    fc.assert(
      fc.property(anyLog(game), (log) => {
        const packed = encodePackedLog(game, log);
        expect(packed).toMatch(PACKED_LOG_FORMAT);
        expect(decodePackedLog(game, packed)).toEqual({ ok: true, log });
        // The node's own base64url reads the same bytes: the alphabet and the missing padding are standard.
        expect(Buffer.from(packed, 'base64url').toString('base64url')).toBe(packed);
      }),
      { numRuns: 200 },
    );
  });

  it("replays as the JSON log does, for the bots' sessions", () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (seed, bot, skill) => {
          const log = honestLog(game, seed, seededUniform(bot), { skill });
          const decoded = decodePackedLog(game, encodePackedLog(game, log));
          if (!decoded.ok) throw new Error(decoded.reason);
          const core = GAME_CORES[game];
          const json = core.replay(seed, JSON.parse(JSON.stringify(log)) as TimedInput<unknown>[]);
          expect(json.valid).toBe(true);
          expect(core.replay(seed, decoded.log)).toEqual(json);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('reads a play of 5 minutes at 10 inputs a second into a few KB', () => {
    const input = PACKED_INPUT_CODES[game].inputs[1];
    const log = Array.from({ length: 3000 }, (_, index) => ({ atMs: (index + 1) * 100, input }));
    const packed = encodePackedLog(game, log);
    // A version byte, then a byte of clock step and a byte of code per input.
    expect(packed.length).toBe(Math.ceil(((1 + 3000 * 2) * 4) / 3));
    expect(JSON.stringify(log).length).toBeGreaterThan(10 * packed.length);
  });
});

describe('the packed log', () => {
  it('numbers the inputs by fixed tables', () => {
    expect(encodePackedLog('tiles', [{ atMs: 5, input: 'right' }])).toBe(spelled([1, 5, 3]));
    expect(encodePackedLog('snake', [{ atMs: 5, input: 'right' }])).toBe(spelled([1, 5, 1]));
    expect(encodePackedLog('pairs', [{ atMs: 5, input: { card: 12 } }])).toBe(spelled([1, 5, 12]));
    // 300 ms: 0b10_0101100, low seven bits first.
    expect(encodePackedLog('tiles', [{ atMs: 300, input: 'up' }])).toBe(spelled([1, 0xac, 0x02, 0]));
    expect(encodePackedLog('tiles', [])).toBe('AQ');
  });

  it('refuses a version it does not read, and an empty log', () => {
    expect(refusalOf('tiles', spelled([2, 5, 3]))).toBe(
      'The packed log is of version 2; version 1 is the one read here',
    );
    expect(refusalOf('tiles', spelled([0]))).toBe(
      'The packed log is of version 0; version 1 is the one read here',
    );
    expect(refusalOf('tiles', '')).toBe('The packed log is empty: it has no version byte');
  });

  it('refuses a log cut short in a clock step or before a code', () => {
    expect(refusalOf('tiles', spelled([1, 5, 3, 0x85]))).toBe('Input 1 is cut short in its clock step');
    expect(refusalOf('tiles', spelled([1, 5, 3, 0x85, 0x80]))).toBe('Input 1 is cut short in its clock step');
    expect(refusalOf('tiles', spelled([1, 5]))).toBe('Input 0 is cut short before its code');
  });

  it('refuses a code past the game’s table', () => {
    expect(refusalOf('tiles', spelled([1, 5, 4]))).toBe("Input 0's code 4 is not one of the game's inputs");
    expect(refusalOf('snake', spelled([1, 5, 0, 5, 255]))).toBe(
      "Input 1's code 255 is not one of the game's inputs",
    );
    expect(refusalOf('pairs', spelled([1, 5, 16]))).toBe("Input 0's code 16 is not one of the game's inputs");
    expect(refusalOf('chess', spelled([1]))).toBe('chess has no packed log');
  });

  it('refuses a clock step longer than 4 bytes, or longer than it needs', () => {
    expect(refusalOf('tiles', spelled([1, 0xff, 0xff, 0xff, 0xff, 0x0f, 0]))).toBe(
      "Input 0's clock step is longer than 4 bytes",
    );
    expect(refusalOf('tiles', spelled([1, 0x85, 0x00, 0]))).toBe(
      "Input 0's clock step is not in its shortest form",
    );
    // The longest step that fits: 2^28 - 1 ms, read back whole (no sign, no overflow).
    const longest = decodePackedLog('tiles', spelled([1, 0xff, 0xff, 0xff, 0x7f, 0, 0x01, 0]));
    expect(longest).toEqual({
      ok: true,
      log: [
        { atMs: 2 ** 28 - 1, input: 'up' },
        { atMs: 2 ** 28, input: 'up' },
      ],
    });
  });

  it('refuses characters outside base64url: NUL, padding, the other alphabet, other scripts', () => {
    for (const [text, at] of [
      ['AQ\u0000D', 2],
      ['AQU=', 3],
      ['AQ+D', 2],
      ['A/UD', 1],
      ['AQ é', 2],
      ['AQ\u{1F600}', 2],
    ] as const) {
      expect(refusalOf('tiles', text)).toBe(`Character ${at} of the packed log is not base64url`);
    }
    expect(refusalOf('tiles', 'AQUDB')).toBe(
      'The packed log is cut short: its length is not one base64url spells',
    );
    // 'AR' spells the byte 1 with a bit set past it: not the one spelling of [1].
    expect(refusalOf('tiles', 'AR')).toBe('The packed log has bits set past its last byte');
  });

  it('refuses more inputs than a log may hold', () => {
    const bytes = [1, ...Array.from({ length: PLAY_LOG_MAX_INPUTS + 1 }, () => [0, 0]).flat()];
    expect(refusalOf('tiles', spelled(bytes))).toBe('The log holds more than 40,000 inputs');
    const full = Array.from({ length: PLAY_LOG_MAX_INPUTS }, () => ({ atMs: 0, input: 'up' }));
    expect(() => encodePackedLog('tiles', [...full, { atMs: 0, input: 'up' }])).toThrow(
      'The log holds more than 40,000 inputs',
    );
    // The longest log the contract lets through, every step at its longest, is within its length limit.
    const longest = Array.from({ length: PLAY_LOG_MAX_INPUTS }, (_, index) => ({
      atMs: (index + 1) * (2 ** 28 - 1),
      input: 'up',
    }));
    expect(encodePackedLog('tiles', longest).length).toBe(PACKED_LOG_MAX_CHARS);
  });

  it('will not encode a log no server replays', () => {
    expect(() =>
      encodePackedLog('tiles', [
        { atMs: 5, input: 'up' },
        { atMs: 4, input: 'up' },
      ]),
    ).toThrow('Input 1 is not stamped in whole ms after the input before it');
    expect(() => encodePackedLog('tiles', [{ atMs: -1, input: 'up' }])).toThrow('Input 0 is not stamped');
    expect(() => encodePackedLog('tiles', [{ atMs: 1.5, input: 'up' }])).toThrow('Input 0 is not stamped');
    expect(() => encodePackedLog('tiles', [{ atMs: 2 ** 28, input: 'up' }])).toThrow(
      'Input 0 comes too long after the input before it',
    );
    expect(() => encodePackedLog('tiles', [{ atMs: 1, input: 'sideways' }])).toThrow(
      "Input 0 is not one of the game's inputs",
    );
    expect(() => encodePackedLog('pairs', [{ atMs: 1, input: { card: 3, face: 1 } }])).toThrow(
      "Input 0 is not one of the game's inputs",
    );
  });

  it('reads one input at a time, stopping at the first fault with the inputs before it read', () => {
    const reader = PackedLogReader.open('snake', spelled([1, 10, 0, 0x80, 0x01, 3, 7, 9]));
    const read: Array<[number, number, unknown]> = [];
    while (reader.next()) read.push([reader.index, reader.atMs, reader.input]);
    expect(read).toEqual([
      [0, 10, 'up'],
      [1, 138, 'left'],
    ]);
    expect(reader.refusal).toBe("Input 2's code 9 is not one of the game's inputs");
    expect(reader.next()).toBe(false);
  });
});
