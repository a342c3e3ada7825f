import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { JobHandler, JobPayloads } from '@arena/jobs';
import { JobName } from '@arena/jobs';
import { EndTournamentCommand } from '../application/commands/end-tournament.command';
import { endJobId } from './tournament.scheduler';

/** `tournament.end`: a scheduled tournament completes with its final standings. Running it again appends nothing. */
@Injectable()
export class EndTournamentProcessor implements JobHandler<JobName.EndTournament> {
  readonly jobName = JobName.EndTournament;

  constructor(private readonly commands: CommandBus) {}

  async handle({ tournamentId, scheduledFor }: JobPayloads[JobName.EndTournament]): Promise<string> {
    const result = await this.commands.execute(
      new EndTournamentCommand(tournamentId, endJobId(tournamentId), scheduledFor),
    );
    if (result.changed) return `completed tournament ${tournamentId}`;
    return result.status === 'COMPLETED' || result.status === 'CANCELLED'
      ? `tournament ${tournamentId} was already ${result.status}: nothing to do`
      : `tournament ${tournamentId} no longer ends at ${scheduledFor}: nothing to do`;
  }
}
