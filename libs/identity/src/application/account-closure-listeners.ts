import { Injectable, Logger } from '@nestjs/common';

export type AccountClosureListener = (memberId: string) => Promise<void>;

/**
 * Other contexts hear here that a member closed their account (issue 21: billing cancels every live
 * subscription at once). Called by every close call, after the closure committed, and awaited; a
 * listener's failure is logged and never fails the closing, so each listener also catches up on its own
 * (billing's reconciliation of closed members' subscriptions) and must be idempotent (50 concurrent
 * closes call it 50 times).
 */
@Injectable()
export class AccountClosureListeners {
  private readonly logger = new Logger('AccountClosureListeners');
  private readonly listeners: AccountClosureListener[] = [];

  register(listener: AccountClosureListener): void {
    this.listeners.push(listener);
  }

  async notify(memberId: string): Promise<void> {
    await Promise.all(
      this.listeners.map((listener) =>
        listener(memberId).catch((error: unknown) =>
          this.logger.warn({ err: error, memberId }, 'an account closure listener failed'),
        ),
      ),
    );
  }
}
