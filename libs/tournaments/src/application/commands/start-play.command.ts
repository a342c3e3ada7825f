import { Command } from '@nestjs/cqrs';
import type { StartedPlay } from '@arena/contracts/plays.contract';
import type { Member } from '@arena/identity';

/** Opens a play of the tournament's verified game (score formats) or of one of the member's matches. */
export class StartPlayCommand extends Command<StartedPlay> {
  constructor(
    readonly tournamentId: string,
    readonly matchId: string | null,
    readonly member: Member,
  ) {
    super();
  }
}
