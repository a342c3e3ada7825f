import { seedDemoCharities } from '@arena/charities';
import { seedDemoDonations } from '@arena/donations';
import { seedDemoMembers, type DemoMember } from '@arena/identity';
import { seedDemoReferrals } from '@arena/referrals';
import { seedAllDemoTournaments, VerifiedRuns, type DemoSeedResult } from '@arena/tournaments';
import { EVENT_STORE, type EventStore } from '@arena/event-store';
import type { RunningWebApp } from './web-app';

export interface DemoData {
  members: Record<string, DemoMember>;
  tournaments: DemoSeedResult['tournaments'];
}

/**
 * `npm start`'s demo seed (apps/cli/src/seed.ts) in a browser test's app, which must run its worker
 * (startWebApp({ worker: true })): the worker projects the read models and delivers the local
 * payment driver's webhooks, as it does after `npm start`. Tables then have rows to lay out.
 */
export async function seedDemoData(web: RunningWebApp): Promise<DemoData> {
  const members = await seedDemoMembers(web.database.db);
  const { tournaments } = await seedAllDemoTournaments({
    players: members,
    eventStore: web.app.get<EventStore>(EVENT_STORE),
    runs: web.app.get(VerifiedRuns),
  });
  await seedDemoCharities(web.app, members);
  await seedDemoDonations(web.app, members);
  await seedDemoReferrals(web.app, members);
  return { members, tournaments };
}

/** Asks until `probe` answers something other than undefined (the worker projects in the background). */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('The worker did not project the demo data in time');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
