import { seedDemoBrackets } from './demo-brackets';
import { seedDemoFormats } from './demo-formats';
import { seedDemoPrizeTournaments } from './demo-prize-tournaments';
import { seedDemoTournaments, type DemoSeedOptions, type DemoSeedResult } from './demo-tournaments';

/**
 * Every demo tournament `npm start` shows, in one place so the seed command and the browser tests
 * seed the same product: the score formats in every status, the operators' states (edited, cancelled,
 * TIME_ATTACK), each head-to-head format upcoming, mid-bracket and completed, and a completed
 * tournament of each prize model with its allocations. Safe to run again.
 */
export async function seedAllDemoTournaments(options: DemoSeedOptions): Promise<DemoSeedResult> {
  const { tournaments } = await seedDemoTournaments(options);
  tournaments.push(...(await seedDemoFormats(options)).tournaments);
  tournaments.push(...(await seedDemoBrackets(options)));
  tournaments.push(...(await seedDemoPrizeTournaments(options)).tournaments);
  return { tournaments };
}
