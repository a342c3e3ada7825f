import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { JobHandler, JobPayloads } from '@arena/jobs';
import { JobName } from '@arena/jobs';
import { StartTournamentCommand } from '../application/commands/start-tournament.command';
import { startJobId } from './tournament.scheduler';

/** `tournament.start`: a scheduled tournament goes live. Running it again appends nothing. */
@Injectable()
export class StartTournamentProcessor implements JobHandler<JobName.StartTournament> {
  readonly jobName = JobName.StartTournament;

  constructor(private readonly commands: CommandBus) {}

  async handle({ tournamentId, scheduledFor }: JobPayloads[JobName.StartTournament]): Promise<string> {
    const result = await this.commands.execute(
      new StartTournamentCommand(tournamentId, startJobId(tournamentId), scheduledFor),
    );
    if (result.changed) return `started tournament ${tournamentId}`;
    return result.status === 'UPCOMING'
      ? `tournament ${tournamentId} no longer starts at ${scheduledFor}: nothing to do`
      : `tournament ${tournamentId} was already ${result.status}: nothing to do`;
  }
}
