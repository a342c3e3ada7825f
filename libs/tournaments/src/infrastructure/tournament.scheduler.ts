import { Injectable } from '@nestjs/common';
import { JobName, JobsService } from '@arena/jobs';
import type { TournamentCreated } from '../domain/tournament.events';

// BullMQ refuses ':' in custom job ids (its key separator).
export const startJobId = (tournamentId: string) => `${JobName.StartTournament}-${tournamentId}`;
export const endJobId = (tournamentId: string) => `${JobName.EndTournament}-${tournamentId}`;

/**
 * Puts a scheduled tournament's start and end on the queue as delayed jobs whose ids derive from the
 * tournament, so scheduling it again (a retried create, the seed run twice) adds nothing.
 */
@Injectable()
export class TournamentScheduler {
  constructor(private readonly jobs: JobsService) {}

  async schedule(tournament: TournamentCreated['data'], now: Date): Promise<void> {
    if (tournament.mode !== 'SCHEDULED' || !tournament.tournamentStart || !tournament.tournamentEnd) return;
    const payload = { tournamentId: tournament.tournamentId };
    const delayUntil = (iso: string) => Math.max(0, Date.parse(iso) - now.getTime());
    await this.jobs.enqueue(JobName.StartTournament, payload, {
      jobId: startJobId(tournament.tournamentId),
      delay: delayUntil(tournament.tournamentStart),
    });
    await this.jobs.enqueue(JobName.EndTournament, payload, {
      jobId: endJobId(tournament.tournamentId),
      delay: delayUntil(tournament.tournamentEnd),
    });
  }
}
