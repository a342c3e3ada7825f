import { randomBytes } from 'node:crypto';
import { VERIFIED_GAME_SLUGS } from '@arena/contracts';
import { encodePackedLog, gameCoreFor, honestLog, seededUniform, type TimedInput } from '@arena/games';
import { hiddenRuleOf } from './hidden-plays';
import { keystreamBlocks } from './play-keystream';
import { resultLog } from './result-log';

/**
 * A result's log, JSON or packed, reaches the hidden game's check (issue 21) as the same list: the
 * released (or revealed) inputs are checked, in order, on the packed form too.
 */

/** An honest session of the game on a fresh key, and what the server recorded as it answered it. */
function session(slug: (typeof VERIFIED_GAME_SLUGS)[number], bot: string) {
  const key = randomBytes(16).toString('hex');
  const core = gameCoreFor(slug)!;
  const steps = (step: number) => keystreamBlocks(key, step, 1)[0]!;
  const log = honestLog(slug, core.keystream ? steps : key, seededUniform(bot), { skill: 0.8 });
  const recorded = core.keystream
    ? core.keystream.releasesOf(steps, log)
    : log.map((entry) => String((entry.input as { card: number }).card));
  return { key, core, rule: hiddenRuleOf(core)!, log, recorded };
}

const verifiedFrom = (
  { key, core, rule, recorded }: ReturnType<typeof session>,
  body: { log?: unknown[]; packedLog?: string },
) => {
  const read = resultLog(core.slug, body);
  return read.ok ? rule.verify(key, read.log, recorded) : { valid: false, reason: read.reason };
};

describe.each(VERIFIED_GAME_SLUGS)('the result log of %s', (slug) => {
  it('verifies the packed form of an honest session to what its JSON form verifies to', () => {
    for (let bot = 0; bot < 10; bot++) {
      const play = session(slug, `bot ${bot}`);
      const json = verifiedFrom(play, { log: JSON.parse(JSON.stringify(play.log)) as unknown[] });
      expect(json.valid).toBe(true);
      expect(verifiedFrom(play, { packedLog: encodePackedLog(slug, play.log) })).toEqual(json);
    }
  });

  it('refuses, packed as in JSON, a log whose inputs are not the ones the server recorded', () => {
    let checked = 0;
    for (let bot = 0; checked < 5; bot++) {
      const play = session(slug, `liar ${bot}`);
      if (play.log.length < 4) continue;
      // One input changed for another of the game's, its clock kept.
      const changed = JSON.stringify(play.log[2]!.input);
      const other = play.log.find((entry) => JSON.stringify(entry.input) !== changed)?.input;
      if (other === undefined) continue;
      const lying: TimedInput<unknown>[] = play.log.map((entry, index) =>
        index === 2 ? { atMs: entry.atMs, input: other } : entry,
      );
      const json = verifiedFrom(play, { log: lying });
      expect(json.valid).toBe(false);
      expect(verifiedFrom(play, { packedLog: encodePackedLog(slug, lying) })).toEqual(json);
      checked++;
    }
  });

  it('refuses a packed log that does not read, with why', () => {
    const play = session(slug, 'spoiled');
    expect(verifiedFrom(play, { packedLog: 'Ag' })).toEqual({
      valid: false,
      reason: 'The packed log is of version 2; version 1 is the one read here',
    });
  });
});
