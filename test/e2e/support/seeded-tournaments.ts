import type { TournamentSummary } from '@arena/contracts';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@arena/event-store';
import { seedDemoMembers } from '@arena/identity';
import { projectEvents } from '@arena/projection-runner/testing';
import { projectors } from '@arena/projections/registry';
import { seedAllDemoTournaments, VerifiedRuns, type DemoSeedResult } from '@arena/tournaments';
import type { RunningWebApp } from './web-app';

const PAGE = 500;

/**
 * The demo seed of `npm start` (apps/cli/src/seed.ts) in a browser test's app: identity's demo
 * members, every demo tournament in the app's own event store with its verified runs to watch (issue
 * 23), and every read model projected from them once (the worker, which would do it live, does not run
 * here; nor do the start and end jobs). Answers the demo members too, to sign in as one.
 */
export async function seedTournaments(
  web: RunningWebApp,
): Promise<DemoSeedResult & { players: Awaited<ReturnType<typeof seedDemoMembers>> }> {
  const eventStore = web.app.get<EventStore>(EVENT_STORE);
  const players = await seedDemoMembers(web.database.db);
  const runs = new VerifiedRuns(web.database.db);
  const seeded = await seedAllDemoTournaments({ players, eventStore, runs });
  const events = await readEveryEvent(eventStore);
  for (const projector of projectors) await projectEvents(web.database.db, projector, events);
  return { ...seeded, players };
}

async function readEveryEvent(eventStore: EventStore): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  for (;;) {
    const after = events.at(-1)?.position;
    const page = await eventStore.readAll({ maxCount: PAGE, ...(after === undefined ? {} : { after }) });
    events.push(...page);
    if (page.length < PAGE) return events;
  }
}

/** What the API lists, as a guest sees it: the browser test's expectations come from here. */
export async function listTournaments(
  web: RunningWebApp,
  status?: TournamentSummary['status'],
): Promise<TournamentSummary[]> {
  const response = await fetch(`${web.baseUrl}/api/tournaments${status ? `?status=${status}` : ''}`);
  if (!response.ok) throw new Error(`GET /api/tournaments answered ${response.status}`);
  const body = (await response.json()) as { data: { tournaments: TournamentSummary[] } };
  return body.data.tournaments;
}
