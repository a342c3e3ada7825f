import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { JobHandler, JobPayloads } from '@arena/jobs';
import { JobName } from '@arena/jobs';
import { ForfeitMatchCommand } from '../application/commands/forfeit-match.command';
import { matchDeadlineJobId } from './match-deadlines';

/**
 * `tournament.match-deadline`: whoever has not played the match forfeits, and the bracket moves on.
 * A second or late run changes nothing; a run before the deadline (clock skew) fails so BullMQ
 * retries it with backoff.
 */
@Injectable()
export class MatchDeadlineProcessor implements JobHandler<JobName.MatchDeadline> {
  readonly jobName = JobName.MatchDeadline;

  constructor(private readonly commands: CommandBus) {}

  async handle({ tournamentId, matchId }: JobPayloads[JobName.MatchDeadline]): Promise<string> {
    const result = await this.commands.execute(
      new ForfeitMatchCommand(tournamentId, matchId, matchDeadlineJobId(tournamentId, matchId)),
    );
    if (result.early) throw new Error(`match ${matchId} of ${tournamentId}: its deadline has not come yet`);
    return result.changed
      ? `match ${matchId} of ${tournamentId} decided at its deadline`
      : `match ${matchId} of ${tournamentId} was already decided, or the tournament is over: nothing to do`;
  }
}
