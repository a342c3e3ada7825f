import { randomUUID } from 'node:crypto';
import type { DemoPlayers } from './demo-tournaments';

/** Identity's six demo members as the seed specs need them: fresh account ids, the demo usernames. */
export function testDemoPlayers(): DemoPlayers {
  return Object.fromEntries(
    ['ada', 'ben', 'chloe', 'dev', 'emma', 'felix'].map((key) => [
      key,
      { accountId: randomUUID(), username: `demo_${key}` },
    ]),
  );
}
