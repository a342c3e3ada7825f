/**
 * Every background job, declared in one place: queue names, job names and payload types.
 * Processors live in their contexts and run in apps/worker; each is idempotent (BullMQ delivers at
 * least once), so the guard lives in PostgreSQL or the event store, never in the queue.
 */
export enum QueueName {
  Tournaments = 'tournaments',
  Notifications = 'notifications',
  Maintenance = 'maintenance',
}

export enum JobName {
  StartTournament = 'tournament.start',
  EndTournament = 'tournament.end',
  MatchDeadline = 'tournament.match-deadline',
  DeliverEmail = 'notification.email',
  DeliverSms = 'notification.sms',
  PurgeExpiredSignIns = 'identity.purge-expired-sign-ins',
}

export interface JobPayloads {
  /** `scheduledFor`: the instant the job was queued for; absent in jobs queued before edits existed. */
  [JobName.StartTournament]: { tournamentId: string; scheduledFor?: string };
  [JobName.EndTournament]: { tournamentId: string; scheduledFor?: string };
  [JobName.MatchDeadline]: { tournamentId: string; matchId: string };
  [JobName.DeliverEmail]: { messageId: string };
  [JobName.DeliverSms]: { messageId: string };
  [JobName.PurgeExpiredSignIns]: Record<string, never>;
}

export const jobQueue: Record<JobName, QueueName> = {
  [JobName.StartTournament]: QueueName.Tournaments,
  [JobName.EndTournament]: QueueName.Tournaments,
  [JobName.MatchDeadline]: QueueName.Tournaments,
  [JobName.DeliverEmail]: QueueName.Notifications,
  [JobName.DeliverSms]: QueueName.Notifications,
  [JobName.PurgeExpiredSignIns]: QueueName.Maintenance,
};

/** Jobs the worker runs on a fixed period (BullMQ job schedulers, one per name, so restarts never double them). */
export const periodicJobs: ReadonlyArray<{ name: JobName.PurgeExpiredSignIns; everyMs: number }> = [
  { name: JobName.PurgeExpiredSignIns, everyMs: 60 * 60 * 1000 },
];
