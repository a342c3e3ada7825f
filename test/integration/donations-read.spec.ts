import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { RecordedEvent } from '@arena/event-store';
import { projectEvents } from '@arena/projection-runner/testing';
import { donationsProjector } from '@arena/projections/donations/donations.projection';
import { DonationMessages } from '@arena/contracts';
import { donationStreamId, type DonationEvent } from '@arena/donations/events';
import { donationIdFrom } from '../../libs/donations/src/application/donation-ids';
import { startIdentityHarness, type IdentityHarness } from './identity-harness';
import { newMember, type TestMember } from './charity-members.harness';

/** The home ledger, receipts, a member's own donations and the story carousel, over HTTP. */
describe('donation read routes', () => {
  let harness: IdentityHarness;
  let [ada, ben]: TestMember[] = [];
  const ein = '530196605';

  const recorded = (event: DonationEvent, revision: number): RecordedEvent => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {},
    streamId: donationStreamId(event.data.donationId),
    revision,
    position: { commit: 1n, prepare: 1n },
    createdAt: new Date(),
  });
  const gift = (
    donorMemberId: string,
    receiptCode: string,
    cents: number,
    donationId: string = randomUUID(),
  ): RecordedEvent[] => {
    return [
      recorded(
        {
          type: 'DonationReceived',
          data: {
            donationId,
            amountCents: cents,
            currency: 'usd',
            donorEmail: 'private@example.org',
            donorMemberId,
            charityEin: ein,
            checkoutSessionId: `cs_${donationId}`,
            paymentIntentId: `pi_${donationId}`,
            providerEventId: `evt_${donationId}`,
            receiptCode,
            receivedAt: '2026-11-23T10:00:00.000Z',
          },
        },
        0,
      ),
      recorded(
        {
          type: 'DonationDirected',
          data: {
            donationId,
            amountCents: cents,
            charityEin: ein,
            charityName: 'American Red Cross',
            directedBy: { kind: 'donor', memberId: donorMemberId, displayName: null },
            source: { kind: 'gift', checkoutSessionId: `cs_${donationId}` },
            receiptCode,
            directedAt: '2026-11-23T10:00:00.000Z',
          },
        },
        1,
      ),
    ];
  };

  beforeAll(async () => {
    harness = await startIdentityHarness({});
    [ada, ben] = [await newMember(harness, 'ada'), await newMember(harness, 'ben')];
    await projectEvents(harness.database.db, donationsProjector, [
      ...gift(ada!.id, 'R-ADA1', 2500),
      ...gift(ben!.id, 'R-BEN1', 1000),
    ]);
  });
  afterAll(() => harness.close());

  it('answers the public ledger and its cards without donor identities', async () => {
    const list = await harness.call('GET', '/donations?limit=10');
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(2);
    expect(JSON.stringify(list.body)).not.toMatch(new RegExp(`${ada!.id}|private@example.org`));
    expect(list.body.data.donations[0]).toMatchObject({ directedBy: 'Anonymous donor', status: 'held' });
    const summary = await harness.call('GET', '/donations/summary');
    expect(summary.body.data).toEqual({
      totalVerifiedCents: 0,
      nonprofitsImpacted: 1,
      pendingBalanceCents: 3500,
      donationPoolCents: 0,
    });
    expect((await harness.call('GET', '/donations/winners')).body.data).toEqual({ winners: [], total: 0 });
  });

  it('answers a receipt, and 404 for an unknown or malformed code', async () => {
    const receipt = await harness.call('GET', '/donations/receipts/R-ADA1');
    expect(receipt.status).toBe(200);
    expect(receipt.body.data.history.map((entry: { status: string }) => entry.status)).toEqual([
      'received',
      'directed',
    ]);
    for (const code of ['R-NOPE', 'R%20%27x', 'R-%00']) {
      const missing = await harness.call('GET', `/donations/receipts/${code}`);
      expect(missing.status).toBeGreaterThanOrEqual(400);
      expect(missing.status).toBeLessThan(500);
      expect(missing.body.success).toBe(false);
    }
    expect((await harness.call('GET', '/donations/receipts/R-NOPE')).body).toEqual({
      success: false,
      message: DonationMessages.receiptNotFound,
      statusCode: 404,
    });
  });

  it("answers a checkout session's gift once recorded, 404 before and for a malformed id", async () => {
    const sessionId = 'cs_test_recorded_later';
    const before = await harness.call('GET', `/donations/checkout/${sessionId}`);
    expect(before.body).toEqual({
      success: false,
      message: DonationMessages.receiptNotFound,
      statusCode: 404,
    });

    const donorId = randomUUID();
    const recordedGift = gift(donorId, 'R-SESSION1', 4000, donationIdFrom(`checkout:${sessionId}`));
    await projectEvents(harness.database.db, donationsProjector, recordedGift);
    const after = await harness.call('GET', `/donations/checkout/${sessionId}`);
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ receiptCode: 'R-SESSION1', amountCents: 4000, status: 'held' });
    expect(JSON.stringify(after.body)).not.toMatch(new RegExp(`${donorId}|private@example.org`));

    for (const id of ['pi_test_recorded_later', 'cs_', 'cs_a%27b', `cs_${'x'.repeat(201)}`]) {
      const missing = await harness.call('GET', `/donations/checkout/${id}`);
      // The server's URL length limit answers 414 for the longest, before the route's own 404.
      expect([404, 414]).toContain(missing.status);
      expect(missing.body.success).toBe(false);
    }
  });

  it('shows a member only their own donations, and nothing to a guest', async () => {
    const mine = await harness.call('GET', '/donations/mine', undefined, ada!.auth);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ heldCents: 2500, donationCount: 1, charitiesSupported: 1 });
    expect(mine.body.data.history.map((row: { receiptCode: string }) => row.receiptCode)).toEqual(['R-ADA1']);
    const theirs = await harness.call('GET', '/donations/mine', undefined, ben!.auth);
    expect(theirs.body.data.history.map((row: { receiptCode: string }) => row.receiptCode)).toEqual([
      'R-BEN1',
    ]);
    expect((await harness.call('GET', '/donations/mine')).status).toBe(401);
  });

  it('refuses bad paging and filters with a 400 in the one error shape', async () => {
    for (const query of ['limit=0', 'limit=101', 'offset=-1', 'status=lost', 'status=%00', 'limit=1%00']) {
      const answer = await harness.call('GET', `/donations?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ success: false, statusCode: 400 });
    }
    expect((await harness.call('GET', '/donations/winners?limit=1000')).status).toBe(400);
  });

  it('lists published stories most liked first; likes are once per member, 404 unknown, 401 guests', async () => {
    const charityId = randomUUID();
    const now = new Date();
    const db = harness.database.db as any;
    await db
      .insertInto('charity_onboardings')
      .values({ charity_id: charityId, ein, manager_id: ada!.id, stripe_account_id: null, created_at: now })
      .execute();
    const story = (title: string, minutesAgo: number) => ({
      id: randomUUID(),
      charity_id: charityId,
      title,
      caption: `${title} `.repeat(40),
      video_url: null,
      content_hash: randomUUID(),
      published_by: ada!.id,
      published_at: new Date(now.getTime() - minutesAgo * 60_000),
    });
    const [older, newer] = [story('Older', 10), story('Newer', 1)];
    await db.insertInto('charity_impact_stories').values([older, newer]).execute();
    // The charities read model's row of the published charity (as onboarding leaves it).
    await sql`INSERT INTO charities (charity_id, ein, name, description, category, manager_id, published,
      created_at, updated_at, last_revision)
      VALUES (${charityId}, ${ein}, 'American Red Cross', '', 'Human Services', ${ada!.id}, true, now(), now(), 0)`.execute(
      db,
    );

    const guestList = await harness.call('GET', '/impact-stories');
    expect(guestList.body.data.stories.map((entry: { title: string }) => entry.title)).toEqual([
      'Newer',
      'Older',
    ]);
    expect(guestList.body.data.stories[0].excerpt.length).toBeLessThanOrEqual(161);

    for (let i = 0; i < 2; i++) {
      const liked = await harness.call('POST', `/impact-stories/${older.id}/like`, undefined, ben!.auth);
      expect(liked.body.data).toEqual({ storyId: older.id, likes: 1, likedByMe: true });
    }
    const list = await harness.call('GET', '/impact-stories', undefined, ben!.auth);
    expect(
      list.body.data.stories.map((entry: { title: string; likedByMe: boolean }) => [
        entry.title,
        entry.likedByMe,
      ]),
    ).toEqual([
      ['Older', true],
      ['Newer', false],
    ]);
    for (let i = 0; i < 2; i++) {
      const unliked = await harness.call('DELETE', `/impact-stories/${older.id}/like`, undefined, ben!.auth);
      expect(unliked.body.data).toEqual({ storyId: older.id, likes: 0, likedByMe: false });
    }
    expect((await harness.call('POST', `/impact-stories/${older.id}/like`)).status).toBe(401);
    for (const id of [randomUUID(), 'not-a-story']) {
      expect((await harness.call('POST', `/impact-stories/${id}/like`, undefined, ben!.auth)).status).toBe(
        404,
      );
    }
  });
});
