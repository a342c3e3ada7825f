import type { INestApplicationContext } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import { LocalPayments, Payments } from '@arena/payments';
import { CharityLogosService } from '../application/commands/charity-logos.service';
import { CharityOnboardingService } from '../application/commands/charity-onboarding.service';
import { CharityReviewsService } from '../application/commands/charity-reviews.service';
import { ImpactStoriesService } from '../application/commands/impact-stories.service';
import { CharityError } from '../domain/charity.errors';
import { drawDemoLogo } from './demo-logo';

interface DemoMember {
  accountId: string;
}

type Stage = 'verified' | 'awaiting-payout-account' | 'awaiting-review';

interface DemoCharity {
  manager: string;
  ein: string;
  organizationName: string;
  description: string;
  email: string;
  stage: Stage;
  /** A logo drawn at seed time in this colour (demo-logo.ts); without one the charity shows its monogram. */
  logoColour?: string;
  stories: readonly { title: string; caption: string; videoUrl: string | null }[];
}

/** EINs of the bundled data set, so the data set fills in where each one is. */
const DEMO_CHARITIES: readonly DemoCharity[] = [
  {
    manager: 'ada',
    ein: '530196605',
    // The directory's name: a known EIN is listed under its record's name whatever is typed (issue 21).
    organizationName: 'American National Red Cross',
    description: 'Disaster relief, blood drives and emergency shelter across the country.',
    email: 'giving@red-cross.demo.invalid',
    stage: 'verified',
    logoColour: '#1f6f78',
    stories: [
      {
        title: 'Shelter after the river flood',
        caption: 'Tournament donations kept three shelters open for 400 families for two weeks.',
        videoUrl: null,
      },
      {
        title: 'A winter of blood drives',
        caption: 'Forty drives in schools and gyms, and every unit went to a hospital within days.',
        videoUrl: 'https://video.demo.invalid/red-cross/blood-drives',
      },
    ],
  },
  {
    manager: 'ben',
    ein: '521693387',
    organizationName: 'World Wildlife Fund',
    description: 'Protecting wild places and the species that live there.',
    email: 'partners@wildlife-fund.demo.invalid',
    stage: 'awaiting-payout-account',
    stories: [],
  },
  {
    manager: 'chloe',
    ein: '363673599',
    organizationName: 'Feeding America',
    description: 'A network of food banks that feeds families in every county.',
    email: 'hello@feeding-america.demo.invalid',
    stage: 'awaiting-review',
    stories: [],
  },
];

/** What the demo operator wrote when approving (the demo emails are on no organization's website). */
const DEMO_APPROVAL = 'Demo: the operator called the organization and confirmed this contact.';

/**
 * Demo charities through the real onboarding, the operators' review and the local payments driver. The
 * demo addresses are on no organization's website, so each is held for an operator's review (issue 21):
 * one approved and verified with two stories and a logo drawn at seed time (its payout account becomes enabled when the worker
 * delivers the local driver's signed account.updated webhook to the API), one approved whose payout
 * account is not set up, and one whose payout account is set up and which waits for the review (the
 * operators' queue, `npm run charities:review -- list`). An EIN whose code may go (a website on record
 * with the email's domain) gets the code instead of the approval. Safe to run again: each step is skipped
 * when its effect is there, so a second run appends nothing; an onboarding that expired starts anew.
 */
export async function seedDemoCharities(
  app: INestApplicationContext,
  members: Record<string, DemoMember>,
): Promise<{ name: string; stage: Stage }[]> {
  const onboarding = app.get(CharityOnboardingService);
  const reviews = app.get(CharityReviewsService);
  const stories = app.get(ImpactStoriesService);
  const logos = app.get(CharityLogosService);
  const payments = app.get(Payments);
  const db = app.get<Kysely<any>>(DATABASE);
  const seeded: { name: string; stage: Stage }[] = [];

  for (const demo of DEMO_CHARITIES) {
    const manager = members[demo.manager];
    if (!manager) continue;
    const managed = await onboarding.managedCharities(manager.accountId);
    let status = managed.find((charity) => charity.ein === demo.ein && charity.closed === null);
    let verificationUrl: string | null = null;
    if (!status) {
      const linked = await onboarding.link(manager.accountId, {
        ein: demo.ein,
        organizationName: demo.organizationName,
        description: demo.description,
        category: 'nonprofit',
        email: demo.email,
      });
      verificationUrl = linked.verificationUrl;
      status = await onboarding.status(manager.accountId, linked.charityId);
    }

    if (demo.stage !== 'awaiting-payout-account' && payments instanceof LocalPayments) {
      const account = await payments.retrieveConnectedAccount(status.stripeAccountId);
      if (!account.detailsSubmitted) {
        verificationUrl ??= (await onboarding.link(manager.accountId, demoLinkBody(demo))).verificationUrl;
        if (verificationUrl) {
          const url = new URL(verificationUrl);
          await payments.completeOnboarding(status.stripeAccountId, url.searchParams.get('link') ?? '', {
            representativeName: 'Demo Representative',
            routingNumber: '110000000',
            accountNumber: '000123456789',
          });
        }
      }
    }

    if (!status.emailVerified && status.review !== 'APPROVED' && demo.stage !== 'awaiting-review') {
      if (status.verification === 'EMAIL_CODE') {
        await sendCode(onboarding, manager.accountId, status.charityId);
        const code = await newestCode(db, demo.email);
        if (code) await onboarding.verifyCode(manager.accountId, status.charityId, code);
      } else {
        await reviews.decide(demo.ein, { decision: 'approve', note: DEMO_APPROVAL }, 'demo-seed');
      }
    }

    for (const story of demo.stories) await stories.publish(manager.accountId, demo.ein, story);
    // The same image again records nothing.
    if (demo.logoColour) {
      await logos.replace(manager.accountId, status.charityId, await drawDemoLogo(demo.logoColour));
    }
    seeded.push({ name: demo.organizationName, stage: demo.stage });
  }
  return seeded;
}

const demoLinkBody = (demo: DemoCharity) => ({
  ein: demo.ein,
  organizationName: demo.organizationName,
  description: demo.description,
  category: 'nonprofit' as const,
  email: demo.email,
});

/** A code sent less than a minute ago (a quick re-run) is still the one to type. */
async function sendCode(onboarding: CharityOnboardingService, managerId: string, charityId: string) {
  try {
    await onboarding.sendCode(managerId, charityId);
  } catch (error) {
    if (!(error instanceof CharityError && error.kind === 'too_many')) throw error;
  }
}

/** The code as the charity reads it in its mailbox (the local outbox), as a person would type it. */
async function newestCode(db: Kysely<any>, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('notification_outbox')
    .select('body')
    .where('recipient', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return /\b(\d{6})\b/.exec(String(row?.body ?? ''))?.[1];
}
