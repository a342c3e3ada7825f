import { lastValueFrom, Subject } from 'rxjs';
import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { InFlightRequests } from './in-flight-requests.interceptor';

describe('InFlightRequests', () => {
  const handler = () => {
    const result = new Subject<string>();
    const next: CallHandler = { handle: () => result.asObservable() };
    return { result, next };
  };

  it('lets shutdown go on at once when nothing runs', async () => {
    await expect(new InFlightRequests().onApplicationShutdown()).resolves.toBeUndefined();
  });

  it('holds shutdown until the running handlers finish, errors included', async () => {
    const tracker = new InFlightRequests();
    const first = handler();
    const second = handler();
    const firstDone = lastValueFrom(tracker.intercept({} as ExecutionContext, first.next));
    const secondDone = lastValueFrom(tracker.intercept({} as ExecutionContext, second.next)).catch(
      () => 'failed',
    );
    expect(tracker.count).toBe(2);

    let shutDown = false;
    const shutdown = tracker.onApplicationShutdown().then(() => (shutDown = true));
    first.result.next('ok');
    first.result.complete();
    await firstDone;
    await new Promise((resolve) => setImmediate(resolve));
    expect(shutDown).toBe(false);

    second.result.error(new Error('boom'));
    await secondDone;
    await shutdown;
    expect(shutDown).toBe(true);
    expect(tracker.count).toBe(0);
  });
});
