import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { finalize, type Observable } from 'rxjs';

/** Longest a shutdown waits for handlers still running. */
export const IN_FLIGHT_GRACE_MS = 10_000;

/**
 * Counts handlers still running. On shutdown the HTTP server stops first, but a handler whose client
 * already hung up keeps running; provided by the root module, this waits for such handlers before
 * the deeper modules close the event store and the database under them.
 */
@Injectable()
export class InFlightRequests implements NestInterceptor, OnApplicationShutdown {
  private running = 0;
  private readonly waiters: Array<() => void> = [];

  get count(): number {
    return this.running;
  }

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    this.running += 1;
    return next.handle().pipe(
      finalize(() => {
        this.running -= 1;
        if (this.running === 0) this.waiters.splice(0).forEach((wake) => wake());
      }),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.running === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.waiters.push(resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, IN_FLIGHT_GRACE_MS))),
    ]);
    clearTimeout(timer);
  }
}
