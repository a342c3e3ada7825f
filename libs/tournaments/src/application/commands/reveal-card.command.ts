import { Command } from '@nestjs/cqrs';
import type { RevealBody, RevealedCard } from '@arena/contracts/plays.contract';
import type { Member } from '@arena/identity';

/** A flip of a hidden game's play (Memory Pairs): the server answers the card's face and records the flip. */
export class RevealCardCommand extends Command<RevealedCard> {
  constructor(
    readonly playId: string,
    readonly member: Member,
    readonly body: RevealBody,
  ) {
    super();
  }
}
