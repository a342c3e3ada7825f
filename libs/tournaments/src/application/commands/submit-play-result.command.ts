import { Command } from '@nestjs/cqrs';
import type { PlayResultBody, VerifiedPlayResult } from '@arena/contracts/plays.contract';
import type { Member } from '@arena/identity';

/** A play's input log with its game token: replayed by the server, recorded once. */
export class SubmitPlayResultCommand extends Command<VerifiedPlayResult> {
  constructor(
    readonly playId: string,
    readonly member: Member,
    readonly body: PlayResultBody,
  ) {
    super();
  }
}
