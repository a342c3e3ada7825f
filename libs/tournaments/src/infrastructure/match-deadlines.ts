import { Injectable } from '@nestjs/common';
import { JobName, JobsService } from '@arena/jobs';
import type { TournamentEvent } from '../domain/tournament.events';

// BullMQ refuses ':' in custom job ids (its key separator), so the parts are joined with '-'.
export const matchDeadlineJobId = (tournamentId: string, matchId: string) =>
  `${JobName.MatchDeadline}-${tournamentId}-${matchId}`;

/**
 * One delayed job per scheduled match, at its deadline, with an id derived from the match: enqueuing
 * it again (a retried advance) adds nothing, and the job's command is a no-op once the match is decided.
 */
@Injectable()
export class MatchDeadlines {
  constructor(private readonly jobs: JobsService) {}

  async schedule(matches: readonly { tournamentId: string; matchId: string; deadline: string }[], now: Date) {
    for (const { tournamentId, matchId, deadline } of matches) {
      await this.jobs.enqueue(
        JobName.MatchDeadline,
        { tournamentId, matchId },
        {
          jobId: matchDeadlineJobId(tournamentId, matchId),
          delay: Math.max(0, Date.parse(deadline) - now.getTime()),
        },
      );
    }
  }

  scheduledIn(events: readonly TournamentEvent[]) {
    return events.flatMap((event) => (event.type === 'MatchScheduled' ? [event.data] : []));
  }
}
