import { config as loadEnvFile } from 'dotenv';
import { loadConfig, type AppConfig } from '@arena/config';
import { createDatabase } from '@arena/database';
import { createEventStore } from '@arena/event-store';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CharityOnboardingModule, seedDemoCharities, seedDemoCharityCommunity } from '@arena/charities';
import { DonationsModule, seedDemoDonations } from '@arena/donations';
import { BillingModule } from '@arena/billing';
import { seedDemoMembers, seedDemoNewcomer } from '@arena/identity';
import { JobsService } from '@arena/jobs';
import { LedgerModule, signDemoCheckpoint } from '@arena/ledger';
import { NotificationsService, OutboxQueries } from '@arena/notifications';
import { PaymentsModule } from '@arena/payments';
import { PlatformModule } from '@arena/platform';
import { ReferralsModule, seedDemoReferrals } from '@arena/referrals';
import { seedAllDemoTournaments, VerifiedRuns } from '@arena/tournaments';
import { servingDonationsReadModel } from './seed-read-models';

// .env for local runs; variables already set in the environment win.
loadEnvFile({ quiet: true });

/** Demo data for `npm start`: safe to run again (every id is derived from a fixed name). */
async function main() {
  const config = loadConfig();
  const database = createDatabase(config.DATABASE_URL, 2);
  const eventStore = createEventStore(config);
  const jobs = new JobsService(config);
  try {
    const players = await seedDemoMembers(database.db);
    // The first-run profile (issue 23): a member who has not played, given or referred yet.
    const newcomer = await seedDemoNewcomer(database.db);
    console.log(`newcomer: ${newcomer.username} (no activity: the first-run profile)`);
    const { tournaments } = await seedAllDemoTournaments({
      players,
      eventStore,
      jobs,
      runs: new VerifiedRuns(database.db),
    });
    for (const t of tournaments) {
      console.log(`${t.appended > 0 ? 'seeded' : 'already there'}: ${t.title} (${t.status})`);
    }
    const notifications = new NotificationsService(new OutboxQueries(database.db), jobs);
    const community = await seedDemoCharityCommunity({
      db: database.db,
      config,
      notifications,
      members: players,
    });
    console.log(`favorite charities: ${community.favorites}; invitation: ${community.invited}`);
    await seedCharitiesAndDonations(config, players);
  } finally {
    await jobs.onApplicationShutdown();
    await eventStore.close();
    await database.close();
  }
}

/**
 * Onboarded charities, the money flow's demo (docs/ledger.md), then subscriptions and referral rewards
 * (docs/subscriptions.md, docs/referrals.md) go through the API's own services and the local payments
 * driver, composed as the API composes them (a Nest context with no HTTP server).
 */
async function seedCharitiesAndDonations(
  config: AppConfig,
  members: Parameters<typeof seedDemoCharities>[1],
) {
  @Module({
    imports: [
      PlatformModule.forRoot(config),
      PaymentsModule.forRoot(config),
      CharityOnboardingModule,
      DonationsModule,
      LedgerModule,
      BillingModule,
      ReferralsModule,
    ],
  })
  class SeedCharitiesModule {}
  const app = await NestFactory.createApplicationContext(SeedCharitiesModule, { logger: ['error'] });
  try {
    for (const charity of await seedDemoCharities(app, members)) {
      console.log(`charity: ${charity.name} (${charity.stage})`);
    }
    const { donations, checkpoint } = await servingDonationsReadModel(config, app, async () => {
      const donations = await seedDemoDonations(app, members);
      // The demo's receipts then show their entries verified in the browser (issue 23).
      return { donations, checkpoint: await signDemoCheckpoint(app) };
    });
    console.log(
      `donations: ${donations.webhooksApplied} payment webhooks applied; payout request: ${
        donations.payoutRequest
          ? `${donations.payoutRequest.member} ${donations.payoutRequest.amountCents}¢`
          : 'none'
      }; transfer window ${donations.window}; ${donations.giftsPaid} gifts paid; ${donations.monthlyGiftsStarted} monthly gift started`,
    );
    console.log(
      checkpoint
        ? `ledger checkpoint: ${checkpoint.treeSize} entries, root ${checkpoint.rootHash}`
        : 'ledger checkpoint: none (empty log)',
    );
    const referrals = await seedDemoReferrals(app, members);
    console.log(
      `subscriptions: ${referrals.subscriptions} (${referrals.webhooksApplied} webhooks applied); ` +
        `referrals set: ${referrals.referralsRegistered}; referrer's payout account: ${referrals.payoutAccount}`,
    );
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
