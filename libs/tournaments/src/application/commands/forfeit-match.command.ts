import { Command } from '@nestjs/cqrs';

export interface ForfeitMatchResult {
  /** False when the match was already decided (a second or late run) or its deadline is still ahead. */
  changed: boolean;
  /** True when the deadline has not come yet (the job ran early): the caller retries later. */
  early: boolean;
}

/** A match's deadline came: whoever has not played forfeits. `cause` is the job id. */
export class ForfeitMatchCommand extends Command<ForfeitMatchResult> {
  constructor(
    readonly tournamentId: string,
    readonly matchId: string,
    readonly cause: string,
  ) {
    super();
  }
}
