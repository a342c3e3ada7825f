import { Command } from '@nestjs/cqrs';
import type { Member } from '@arena/identity';
import type { HiddenPlayRoute } from '../hidden-plays';

/**
 * One step of a hidden game's play, asked on `route` with the play's game token: a Memory Pairs flip
 * (`step` the flip number, `input` the card) or a Tile Merge release (`step`, `input` the move or
 * `open`). The server records the input and answers what it reveals (a face, a keystream block).
 */
export class RevealStepCommand extends Command<{ step: number; input: string; value: number | string }> {
  constructor(
    readonly playId: string,
    readonly member: Member,
    readonly route: HiddenPlayRoute,
    readonly gameToken: string,
    readonly step: number,
    readonly input: unknown,
  ) {
    super();
  }
}
