import type { PlayResultBody } from '@arena/contracts/plays.contract';
import { decodePackedLog, type PackedLogDecoding, type TimedInput } from '@arena/games';

/**
 * The log a result carries, as the game's core replays it: the packed form (`packedLog`, what the game
 * frame sends) read back with the game's code table, or the JSON `log` as it came (kept for external
 * tools). A packed log that does not read is refused with why, as a log that does not replay is (422).
 * The contract let exactly one of the two through; the JSON entries are the replay's to check.
 */
export function resultLog(game: string, body: Pick<PlayResultBody, 'log' | 'packedLog'>): PackedLogDecoding {
  if (body.packedLog !== undefined) return decodePackedLog(game, body.packedLog);
  return { ok: true, log: (body.log ?? []) as TimedInput<unknown>[] };
}
