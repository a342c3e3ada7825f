import { Injectable, Logger } from '@nestjs/common';

export type SignUpListener = (memberId: string) => Promise<void>;

/**
 * Other contexts hear of a new account here (referrals registers the referral at once). Called after the
 * account's transaction committed, best effort: a listener's failure is logged and never fails the
 * sign-up, so listeners must also catch up on their own (referrals registers lazily before accruing).
 */
@Injectable()
export class SignUpListeners {
  private readonly logger = new Logger('SignUpListeners');
  private readonly listeners: SignUpListener[] = [];

  register(listener: SignUpListener): void {
    this.listeners.push(listener);
  }

  notify(memberId: string): void {
    for (const listener of this.listeners) {
      void listener(memberId).catch((error: unknown) =>
        this.logger.warn(`sign-up listener failed for ${memberId}: ${String(error)}`),
      );
    }
  }
}
