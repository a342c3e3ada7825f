import { Injectable } from '@nestjs/common';
import { JobName, JobsService } from '@arena/jobs';
import type { TournamentCreated } from '../domain/tournament.events';

// BullMQ refuses ':' in custom job ids (its key separator). These name the cause of a start or an end
// (the seed of its event ids), whichever job brought it.
export const startJobId = (tournamentId: string) => `${JobName.StartTournament}-${tournamentId}`;
export const endJobId = (tournamentId: string) => `${JobName.EndTournament}-${tournamentId}`;

/** A queued job's id: the tournament and the instant it runs at, so a moved start is a new job. */
export const scheduledJobId = (base: string, at: string) => `${base}-${Date.parse(at)}`;

/**
 * Puts a scheduled tournament's start and end on the queue as delayed jobs whose ids derive from the
 * tournament and the instant, so scheduling it again (a retried create, the seed run twice) adds
 * nothing. An operator's edit that moves a time queues a job for the new instant; the job for the old
 * one is removed here when it is still waiting, and if it runs anyway it does nothing (the decider
 * sees that its instant is no longer the tournament's).
 */
@Injectable()
export class TournamentScheduler {
  constructor(private readonly jobs: JobsService) {}

  async schedule(tournament: TournamentCreated['data'], now: Date, previous?: TournamentCreated['data']) {
    if (tournament.mode !== 'SCHEDULED' || !tournament.tournamentStart || !tournament.tournamentEnd) return;
    const { tournamentId } = tournament;
    const delayUntil = (iso: string) => Math.max(0, Date.parse(iso) - now.getTime());
    const jobs = [
      { name: JobName.StartTournament, base: startJobId(tournamentId), at: tournament.tournamentStart },
      { name: JobName.EndTournament, base: endJobId(tournamentId), at: tournament.tournamentEnd },
    ] as const;
    for (const [index, job] of jobs.entries()) {
      const before = index === 0 ? previous?.tournamentStart : previous?.tournamentEnd;
      if (before && before !== job.at) {
        await this.jobs.removeDelayed(job.name, scheduledJobId(job.base, before));
        // A job queued before its id named the instant.
        await this.jobs.removeDelayed(job.name, job.base);
      }
      await this.jobs.enqueue(
        job.name,
        { tournamentId, scheduledFor: job.at },
        { jobId: scheduledJobId(job.base, job.at), delay: delayUntil(job.at) },
      );
    }
  }
}
