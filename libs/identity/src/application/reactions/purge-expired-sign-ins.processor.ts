import { Inject, Injectable } from '@nestjs/common';
import { JobName, type JobHandler } from '@arena/jobs';
import { CLOCK, type Clock } from '../../domain/clock';
import { RefreshTokenFamiliesRepository } from '../../infrastructure/refresh-token-families.repository';
import { SignInSessionsRepository } from '../../infrastructure/sign-in-sessions.repository';

/** Kept a day past expiry, then deleted: a late attempt still gets the expired-session answer meanwhile. */
export const EXPIRED_SIGN_IN_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Hourly: sign-up/login sessions, their codes and refresh-token families past their expiry. */
@Injectable()
export class PurgeExpiredSignInsProcessor implements JobHandler<JobName.PurgeExpiredSignIns> {
  readonly jobName = JobName.PurgeExpiredSignIns;

  constructor(
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly sessions: SignInSessionsRepository,
    private readonly refreshTokens: RefreshTokenFamiliesRepository,
  ) {}

  async handle(): Promise<string> {
    const before = new Date(this.clock.now().getTime() - EXPIRED_SIGN_IN_RETENTION_MS);
    const sessions = await this.sessions.purgeExpired(before);
    const refreshFamilies = await this.refreshTokens.purgeExpired(before);
    return `deleted ${sessions} expired sign-in sessions and ${refreshFamilies} expired refresh-token families`;
  }
}
