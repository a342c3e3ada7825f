import { createHmac, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { NotificationsService } from '@arena/notifications';
import { AuthMessages } from '../../domain/auth.messages';
import { checkCode, type CodeCheck } from '../../domain/code-check';
import { invalid, type IdentityError } from '../../domain/identity.errors';
import {
  CODE_TTL_MS,
  generateOneTimeCode,
  hashOneTimeCode,
  oneTimeCodeMatches,
  type CodeChannel,
} from '../../domain/one-time-code';
import type { OneTimeCodesRepository } from '../../infrastructure/one-time-codes.repository';

export type CodeAttempt = CodeCheck | { outcome: 'missing' };

/** Creating, sending and checking one-time codes; the callers own the session rules and the transaction. */
@Injectable()
export class OneTimeCodesService {
  private readonly logger = new Logger('OneTimeCodes');
  private readonly hashKey: string;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly notifications: NotificationsService,
  ) {
    this.hashKey =
      config.OTP_HASH_SECRET ??
      createHmac('sha256', config.JWT_ACCESS_SECRET).update('one-time-code-hash').digest('hex');
  }

  /** Stores the hash of a fresh code, superseding any live one, and returns the code itself for delivery. */
  async create(
    codes: OneTimeCodesRepository,
    sessionId: string,
    channel: CodeChannel,
    now: Date,
  ): Promise<string> {
    const live = await codes.live(sessionId, channel);
    if (live) await codes.supersede(live.id, now);
    const code = generateOneTimeCode();
    await codes.insert({
      id: randomUUID(),
      session_id: sessionId,
      channel,
      code_hash: hashOneTimeCode(this.hashKey, sessionId, channel, code),
      created_at: now,
      expires_at: new Date(now.getTime() + CODE_TTL_MS),
    });
    return code;
  }

  /**
   * Checks an attempt against the live code and records its effect (a failed try, or the code used).
   * `deliverable` is false for a login session of an unknown email or phone: no code was sent, so
   * nothing can match, yet the same work is done.
   */
  async attempt(
    codes: OneTimeCodesRepository,
    sessionId: string,
    channel: CodeChannel,
    otp: string,
    now: Date,
    deliverable = true,
  ): Promise<CodeAttempt> {
    const code = await codes.live(sessionId, channel);
    if (!code) return { outcome: 'missing' };
    const matches = oneTimeCodeMatches(this.hashKey, sessionId, channel, otp, code.code_hash) && deliverable;
    const check = checkCode(
      { failedAttempts: code.failed_attempts, expiresAt: code.expires_at, consumedAt: code.consumed_at },
      now,
      matches,
    );
    if (check.outcome === 'wrong') await codes.recordFailedAttempt(code.id);
    if (check.outcome === 'accepted') await codes.consume(code.id, now);
    return check;
  }

  /**
   * Stores the message in the outbox and queues it without holding up the answer, so a login for a
   * known address takes as long as one for an unknown address; a failure is logged (the member can resend).
   */
  deliverInBackground(channel: CodeChannel, destination: string, code: string): void {
    const text = `Your Charity Arena verification code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`;
    const sending =
      channel === 'email'
        ? this.notifications.sendEmail({
            to: destination,
            subject: 'Your Charity Arena verification code',
            text,
          })
        : this.notifications.sendSms({
            to: destination,
            text: `Charity Arena code: ${code} (valid 10 minutes)`,
          });
    sending.catch((error: unknown) =>
      this.logger.error({ err: error, channel }, 'could not queue a verification code'),
    );
  }
}

/** The answer to a refused attempt: an invalid-input refusal that says why. */
export function refusal(attempt: Exclude<CodeAttempt, { outcome: 'accepted' }>): IdentityError {
  switch (attempt.outcome) {
    case 'wrong':
      return invalid(attempt.attemptsLeft > 0 ? AuthMessages.wrongCode : AuthMessages.codeLocked);
    case 'locked':
      return invalid(AuthMessages.codeLocked);
    case 'expired':
      return invalid(AuthMessages.codeExpired);
    case 'used':
      return invalid(AuthMessages.codeUsed);
    case 'missing':
      return invalid(AuthMessages.wrongChannel);
    default: {
      const unhandled: never = attempt;
      throw new Error(`Unhandled code attempt ${JSON.stringify(unhandled)}`);
    }
  }
}
