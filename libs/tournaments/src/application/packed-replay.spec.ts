import fc from 'fast-check';
import {
  PackedLogReader,
  SeededRandom,
  encodePackedLog,
  gameCoreFor,
  tiles,
  type ReplayVerdict,
  type TimedInput,
} from '@arena/games';
import { hiddenRuleOf } from './hidden-plays';
import { keystreamBlocks, keystreamSeeds } from './play-keystream';
import { resultLog } from './result-log';

/**
 * Tile Merge replays a packed log straight from its bytes (`verifyPacked`, issue 24). It must be exactly
 * as strict as reading the log back into a list and verifying that (`resultLog`, then `verify`): the same
 * logs accepted with the same results, the same logs refused with the same reasons.
 */

const core = gameCoreFor('tiles')!;
const rule = hiddenRuleOf(core)!;
const KEY = '00112233445566778899aabbccddeeff';
const blockOf = (step: number) => keystreamBlocks(KEY, step, 1)[0]!;
const releasesOf = (log: readonly TimedInput<unknown>[]) => [
  'open',
  ...log.map((entry) => String(entry.input)),
];

/** The way every packed result was checked before: the bytes read back into a list, then verified. */
function throughTheList(packed: string, recorded: readonly string[]): ReplayVerdict {
  const read = resultLog('tiles', { packedLog: packed });
  return read.ok ? rule.verify(KEY, read.log, recorded) : { valid: false, reason: read.reason };
}

function expectSameVerdict(packed: string, recorded: readonly string[]): ReplayVerdict {
  const { verdict, blocks } = rule.verifyPacked!(KEY, packed, recorded);
  expect(verdict).toEqual(throughTheList(packed, recorded));
  // A valid verdict carries the blocks it replayed on: one more than the moves, what a watcher needs.
  expect(blocks && [...blocks]).toEqual(
    verdict.valid ? [...keystreamSeeds(KEY, verdict.result.ticks + 1)] : null,
  );
  return verdict;
}

/** A bot's session on the play's keystream: honest, so it replays (until we spoil it). */
function session(botSeed: string, stopAfter?: number): TimedInput<unknown>[] {
  return tiles.playTiles(blockOf, new SeededRandom(botSeed), { lapseOneIn: 5, paceMs: [100, 400], stopAfter })
    .log;
}

// A few sessions played once: a bot's play costs far more than its checks.
const sessions = [0, 1, 2, 3].map((index) => session(`bot ${index}`, 150 + index * 50));
const finished = session('to the end');

const bytesOf = (packed: string) => [...Buffer.from(packed, 'base64url')];
const spelled = (bytes: readonly number[]) => Buffer.from(bytes).toString('base64url');

/** Ways to spoil a packed log's bytes: each keeps what a sender controls and nothing more. */
const spoiledBytes = (bytes: number[]) =>
  fc.oneof(
    // cut short anywhere
    fc.nat({ max: bytes.length }).map((at) => bytes.slice(0, at)),
    // one byte set to anything (NUL, a varint's continuation, a code past the table)
    fc
      .tuple(
        fc.nat({ max: bytes.length - 1 }),
        fc.oneof(fc.constantFrom(0, 0x7f, 0x80, 0xff, 4, 5), fc.nat(255)),
      )
      .map(([at, value]) => bytes.map((byte, index) => (index === at ? value : byte))),
    // a huge varint (5 bytes; or a 4-byte step too long for the rate or the longest play) let in
    fc
      .tuple(
        fc.nat({ max: bytes.length }),
        fc.constantFrom([0xff, 0xff, 0xff, 0xff, 0x7f], [0xff, 0xff, 0xff, 0x7f], [0x80, 0x00], [0x00]),
        fc.nat(3),
      )
      .map(([at, varint, code]) => [...bytes.slice(0, at), ...varint, code, ...bytes.slice(at)]),
    // a byte dropped, or the version changed
    fc.nat({ max: bytes.length - 1 }).map((at) => bytes.filter((_, index) => index !== at)),
    fc.nat(255).map((version) => [version, ...bytes.slice(1)]),
  );

/** Ways to spoil the log itself before it is packed: too fast, too long, other moves, moves after the end. */
const spoiledLog = (log: TimedInput<unknown>[]) =>
  fc.oneof(
    // every stamp squeezed: faster than 10 a second from some input on
    fc
      .nat({ max: log.length - 1 })
      .map((from) =>
        log.map((entry, index) =>
          index < from ? entry : { ...entry, atMs: log[from]!.atMs + (index - from) * 90 },
        ),
      ),
    // a stamp pushed past the longest play (and every one after it)
    fc
      .nat({ max: log.length - 1 })
      .map((from) =>
        log.map((entry, index) => (index < from ? entry : { ...entry, atMs: entry.atMs + 30 * 60 * 1000 })),
      ),
    // one move changed (often to one that does not change the board)
    fc
      .tuple(fc.nat({ max: log.length - 1 }), fc.constantFrom(...tiles.TILES_MOVES))
      .map(([at, input]) => log.map((entry, index) => (index === at ? { ...entry, input } : entry))),
    // moves added at the end (after the game is over, for a finished session)
    fc
      .array(fc.constantFrom(...tiles.TILES_MOVES), { minLength: 1, maxLength: 5 })
      .map((moves) => [
        ...log,
        ...moves.map((input, index) => ({ atMs: log.at(-1)!.atMs + 200 * (index + 1), input })),
      ]),
  );

/** What the server recorded: the log's own releases, or releases a cheat would not match. */
const recordedFor = (log: readonly TimedInput<unknown>[]) =>
  fc.oneof(
    fc.constant(releasesOf(log)),
    fc.nat({ max: log.length }).map((cut) => releasesOf(log).slice(0, cut + 1)),
    fc.constant(releasesOf(log).slice(1)),
    fc.constant([] as string[]),
    fc
      .nat({ max: log.length })
      .map((at) => releasesOf(log).map((move, index) => (index === at ? 'left' : move))),
  );

describe('Tile Merge replayed straight from the packed bytes', () => {
  it("accepts honest sessions with the list's results, a finished one too", () => {
    for (const log of [...sessions, finished, []]) {
      const verdict = expectSameVerdict(encodePackedLog('tiles', log), releasesOf(log));
      expect(verdict.valid).toBe(true);
    }
    expect(expectSameVerdict(encodePackedLog('tiles', finished), releasesOf(finished))).toMatchObject({
      result: { completed: true, ticks: finished.length },
    });
  });

  it('refuses what the list refuses, for the same reason, on spoiled bytes', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...sessions, finished)
          .chain((log) =>
            fc.tuple(
              fc.constant(log),
              spoiledBytes(bytesOf(encodePackedLog('tiles', log))),
              recordedFor(log),
            ),
          ),
        ([, bytes, recorded]) => {
          expectSameVerdict(spelled(bytes), recorded);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('refuses what the list refuses, for the same reason, on spoiled logs and releases', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...sessions, finished).chain((log) => fc.tuple(spoiledLog(log), recordedFor(log))),
        ([log, recorded]) => {
          expectSameVerdict(encodePackedLog('tiles', log), recorded);
          // Released as logged: the checks past the releases (clock, replay) decide.
          expectSameVerdict(encodePackedLog('tiles', log), releasesOf(log));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('agrees with the list on any bytes at all, and on text that is not base64url', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(fc.nat(255), { maxLength: 60 }).map(spelled),
          fc.array(fc.nat(255), { maxLength: 60 }).map((bytes) => spelled([1, ...bytes])),
          fc.string({ maxLength: 40 }),
          fc.constantFrom('', '\u0000', 'AQ\u0000A', 'A', 'AQ=', 'AQAA', 'AQB'),
        ),
        (packed) => {
          const read = resultLog('tiles', { packedLog: packed });
          // Released as read, where the bytes read: the replay's own refusals then show.
          const recorded = read.ok ? releasesOf(read.log) : ['open'];
          expectSameVerdict(packed, recorded);
          expectSameVerdict(packed, ['open']);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('agrees on random moves at random paces, released as logged', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(300), fc.constantFrom(...tiles.TILES_MOVES)), { maxLength: 120 }),
        (steps) => {
          let atMs = 0;
          const log = steps.map(([step, input]) => ({ atMs: (atMs += step), input }));
          expectSameVerdict(encodePackedLog('tiles', log), releasesOf(log));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('agrees at the edges of the clock: ten moves in a second, the longest play', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 98, max: 102 }), { minLength: 11, maxLength: 40 }), (steps) => {
        let atMs = 0;
        const log = steps.map((step, index) => ({
          atMs: (atMs += step),
          input: tiles.TILES_MOVES[index % 4]!,
        }));
        expectSameVerdict(encodePackedLog('tiles', log), releasesOf(log));
      }),
      { numRuns: 200 },
    );
    const longest = 30 * 60 * 1000;
    for (const last of [longest - 1, longest, longest + 1]) {
      const log = [...sessions[0]!.slice(0, 5), { atMs: last, input: 'up' }];
      expectSameVerdict(encodePackedLog('tiles', log), releasesOf(log));
    }
  });

  it('computes no keystream for a log refused before its replay', () => {
    const log = sessions[0]!;
    const blocksFor = jest.fn((count: number) => keystreamSeeds(KEY, count));
    const replayPacked = core.keystream!.replayPacked!;
    const swapped = releasesOf(log).map((move, index) => (index === 3 ? 'nope' : move));
    expect(replayPacked(encodePackedLog('tiles', log), swapped, blocksFor).verdict).toEqual({
      valid: false,
      reason: 'Input 2 is not the move the server released',
    });
    const tooFast = log.map((entry, index) => ({ ...entry, atMs: index * 50 }));
    expect(replayPacked(encodePackedLog('tiles', tooFast), releasesOf(tooFast), blocksFor).verdict).toEqual({
      valid: false,
      reason: 'Inputs come faster than 10 a second',
    });
    expect(replayPacked(spelled([1, 0x80]), ['open'], blocksFor).verdict).toEqual({
      valid: false,
      reason: 'Input 0 is cut short in its clock step',
    });
    expect(blocksFor).not.toHaveBeenCalled();
    replayPacked(encodePackedLog('tiles', log), releasesOf(log), blocksFor);
    expect(blocksFor.mock.calls).toEqual([[log.length + 1]]);
  });

  it('reads the code of each input beside the input', () => {
    const reader = PackedLogReader.open('tiles', encodePackedLog('tiles', sessions[0]!));
    while (reader.next()) expect(tiles.TILES_MOVES[reader.code]).toBe(reader.input);
    expect(reader.refusal).toBeNull();
  });
});
