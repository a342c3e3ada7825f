import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@arena/event-store';
import type { CharityEvent } from '@arena/charities/events';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { charityDonationsProjector } from '../charity-donations/charity-donations.projection';
import { charitiesProjector } from './charities.projection';
import {
  findCharityByEin,
  findCharityById,
  listPublishedCharities,
  publishedLogoUrls,
} from './charities.queries';

const names = { charities: 'charities' } as const;
const at = '2026-11-23T10:00:00.000Z';
const manager = '11111111-1111-4111-8111-111111111111';

describe('charities projection', () => {
  let database: TestDatabase;
  const revisions = new Map<string, number>();

  beforeAll(async () => {
    database = await createTestDatabase(2);
    await charitiesProjector.createTables(database.db, names);
    await charitiesProjector.createIndexes!(database.db, names);
    // The donations read model, whose totals the charities answer with.
    await charityDonationsProjector.createTables(database.db, {
      charity_donations: 'charity_donations',
      charity_donation_sources: 'charity_donation_sources',
    });
  });
  afterAll(() => database.drop());

  const record = (ein: string, event: CharityEvent): RecordedEvent => {
    const revision = revisions.get(ein) ?? 0;
    revisions.set(ein, revision + 1);
    return {
      id: randomUUID(),
      type: event.type,
      data: event.data,
      metadata: {},
      streamId: `charity-${ein}`,
      revision,
      position: { commit: 1n, prepare: BigInt(revision) },
      createdAt: new Date(),
    };
  };
  const apply = (events: RecordedEvent[]) =>
    database.db.transaction().execute((trx) => charitiesProjector.apply(trx, events, names));

  /** Starts a charity; `verified` also enables payouts and confirms its email, `published` only confirms. */
  async function onboard(ein: string, name: string, city: string, how: 'started' | 'published' | 'verified') {
    const charityId = randomUUID();
    const events: CharityEvent[] = [
      {
        type: 'CharityOnboardingStarted',
        data: {
          charityId,
          ein,
          organizationName: name,
          description: '',
          category: 'nonprofit',
          email: 'desk@example.org',
          managerId: manager,
          address: null,
          city,
          state: 'NY',
          zipCode: null,
          at,
        },
      },
      { type: 'CharityPaymentAccountLinked', data: { charityId, stripeAccountId: `acct_${ein}`, at } },
    ];
    if (how === 'verified') {
      events.push({
        type: 'CharityPaymentAccountUpdated',
        data: {
          charityId,
          stripeAccountId: `acct_${ein}`,
          chargesEnabled: true,
          payoutsEnabled: true,
          detailsSubmitted: true,
          providerEventId: `evt_${ein}`,
          providerCreated: 1,
          at,
        },
      });
    }
    if (how !== 'started') {
      events.push(
        { type: 'CharityEmailVerified', data: { charityId, email: 'desk@example.org', at } },
        { type: 'CharityPublished', data: { charityId, at } },
      );
    }
    const recorded = events.map((event) => record(ein, event));
    await apply(recorded);
    return { charityId, recorded };
  }

  it('lists published charities only, verified first, then by name, with paging and a term', async () => {
    await onboard('100000001', 'Zebra Rescue', 'Albany', 'verified');
    await onboard('100000002', 'Apple Orchard Fund', 'Buffalo', 'published');
    await onboard('100000003', 'Hidden Helpers', 'Albany', 'started');
    await onboard('100000004', 'Meadow Trust', 'Albany', 'verified');

    const all = await listPublishedCharities(database.db, { term: '', limit: 10, offset: 0 });
    expect(all.total).toBe(3);
    expect(all.charities.map((c) => c.name)).toEqual(['Meadow Trust', 'Zebra Rescue', 'Apple Orchard Fund']);
    expect(all.charities.map((c) => c.isVerified)).toEqual([true, true, false]);

    const page = await listPublishedCharities(database.db, { term: '', limit: 1, offset: 1 });
    expect(page).toMatchObject({ total: 3, charities: [{ name: 'Zebra Rescue' }] });

    const albany = await listPublishedCharities(database.db, { term: 'albany', limit: 10, offset: 0 });
    expect(albany.charities.map((c) => c.name)).toEqual(['Meadow Trust', 'Zebra Rescue']);
    const byName = await listPublishedCharities(database.db, { term: 'orchard', limit: 10, offset: 0 });
    expect(byName.charities.map((c) => c.name)).toEqual(['Apple Orchard Fund']);
    const wildcard = await listPublishedCharities(database.db, { term: '%', limit: 10, offset: 0 });
    expect(wildcard.total).toBe(0);
  });

  it('answers a charity by id and by EIN, masking the account and counting no donations yet', async () => {
    const { charityId } = await onboard('200000001', 'Harbor Light', 'Troy', 'verified');
    const charity = await findCharityById(database.db, charityId);
    expect(charity).toMatchObject({
      id: charityId,
      ein: '20-0000001',
      city: 'Troy',
      stripeAccountId: 'acct…0001',
      paymentAccountStatus: 'VERIFIED',
      emailVerified: true,
      isVerified: true,
      totalReceivedCents: 0,
      donationCount: 0,
    });
    expect((await findCharityByEin(database.db, '200000001'))?.managerId).toBe(manager);
    expect(await findCharityById(database.db, randomUUID())).toBeUndefined();
  });

  it("answers with the donations directed to the charity's EIN", async () => {
    const { charityId } = await onboard('400000001', 'Giving Tree', 'Rome', 'verified');
    for (const [id, amount] of [
      ['d1', 1500],
      ['d2', 2500],
    ] as const) {
      await database.db
        .insertInto('charity_donations' as never)
        .values({
          id,
          ein: '400000001',
          source: 'Direct Donate',
          amount_cents: amount,
          impact: 'Donation',
          donated_at: new Date(),
          status: 'cleared',
          last_revision: 0,
        } as never)
        .execute();
    }
    expect(await findCharityById(database.db, charityId)).toMatchObject({
      totalReceivedCents: 4000,
      donationCount: 2,
    });
  });

  it('changes nothing when events are delivered again, and never goes back to an older revision', async () => {
    const { charityId, recorded } = await onboard('300000001', 'Echo Fund', 'Utica', 'verified');
    const before = await findCharityById(database.db, charityId);
    await apply(recorded);
    await apply([recorded[2]!]);
    expect(await findCharityById(database.db, charityId)).toEqual(before);
    // The account update (revision 2) redelivered after the publish does not undo anything either.
    expect(before?.isVerified).toBe(true);
  });

  it('keeps the newest logo, and shows it to others only once the charity is published (issue 23)', async () => {
    const logoChanged = (charityId: string, logoId: string): CharityEvent => ({
      type: 'CharityLogoChanged',
      data: { charityId, logoId, contentType: 'image/png', at },
    });
    const published = await onboard('500000001', 'Lantern House', 'Ithaca', 'published');
    const pending = await onboard('500000002', 'Claimed Only', 'Ithaca', 'started');
    const [first, second] = ['1'.repeat(32), '2'.repeat(32)];
    await apply([record('500000001', logoChanged(published.charityId, first))]);
    await apply([record('500000001', logoChanged(published.charityId, second))]);
    await apply([record('500000002', logoChanged(pending.charityId, first))]);

    const url = `/api/charities/ein/500000001/logo?v=${second}`;
    expect((await findCharityById(database.db, published.charityId))?.logoUrl).toBe(url);
    expect((await findCharityById(database.db, pending.charityId))?.logoUrl).toBeNull();
    expect([...(await publishedLogoUrls(database.db, ['50-0000001', '500000002', '100000003']))]).toEqual([
      ['500000001', url],
    ]);
    expect(await publishedLogoUrls(database.db, [])).toEqual(new Map());
  });

  it('falls back to no logo when its removal is recorded, and takes the next one after it (issue 23)', async () => {
    const { charityId } = await onboard('500000003', 'Harbor Light', 'Ithaca', 'published');
    const logoId = '3'.repeat(32);
    await apply([
      record('500000003', {
        type: 'CharityLogoChanged',
        data: { charityId, logoId, contentType: 'image/png', at },
      }),
    ]);
    const removed = record('500000003', { type: 'CharityLogoRemoved', data: { charityId, at } });
    await apply([removed]);
    expect((await findCharityById(database.db, charityId))?.logoUrl).toBeNull();
    expect(await publishedLogoUrls(database.db, ['500000003'])).toEqual(new Map());
    // Delivered again, the removal changes nothing more.
    await apply([removed]);
    expect((await findCharityById(database.db, charityId))?.logoUrl).toBeNull();
  });
});
