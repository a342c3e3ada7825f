import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@arena/event-store';
import { projectEvents } from '@arena/projection-runner/testing';
import { charityDonationsProjector } from '@arena/projections/charity-donations/charity-donations.projection';
import { CharityMessages } from '@arena/contracts';
import { donationStreamId, type DonationDirected } from '@arena/donations/events';
import { startIdentityHarness, type IdentityHarness } from './identity-harness';

/** The charity profile's cards and the rankings, as the API answers them from the donations read model. */
describe('donations to charities over HTTP', () => {
  let harness: IdentityHarness;
  const ein = '530196605';
  const tournamentId = randomUUID();
  const winner = { userId: randomUUID(), username: 'ada' };

  const recorded = (type: string, data: object, streamId: string, revision = 0): RecordedEvent => ({
    id: randomUUID(),
    type,
    data,
    metadata: {},
    streamId,
    revision,
    position: { commit: 1n, prepare: 1n },
    createdAt: new Date(),
  });

  beforeAll(async () => {
    harness = await startIdentityHarness({});
    await projectEvents(harness.database.db, charityDonationsProjector, [
      recorded('TournamentCreated', { tournamentId, title: 'Snake Cup' }, `tournament-${tournamentId}`),
      ...[1, 2].map((rank) => {
        const donationId = randomUUID();
        const directed: DonationDirected['data'] = {
          donationId,
          amountCents: 4000 / rank,
          charityEin: ein,
          charityName: 'American Red Cross',
          directedBy: { kind: 'winner', memberId: winner.userId, username: winner.username },
          source: {
            kind: 'prize',
            tournamentId,
            tournamentTitle: 'Snake Cup',
            rank,
            memberId: winner.userId,
          },
          receiptCode: `R-${donationId.slice(0, 8)}`,
          directedAt: `2026-11-22T11:00:0${rank}.000Z`,
        };
        return recorded('DonationDirected', directed, donationStreamId(donationId));
      }),
    ]);
  });
  afterAll(() => harness.close());

  it("counts the shares directed to a nonprofit that has not onboarded yet in its profile's totals", async () => {
    const profile = await harness.call('GET', `/charities/ein/${ein}`);
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({
      onboarded: false,
      isActive: true,
      isVerified: false,
      totalReceivedCents: 6000,
      donationCount: 2,
    });
  });

  it('answers the ledger, searched and paged, with the dashed EIN too', async () => {
    const all = await harness.call('GET', `/charities/ein/53-0196605/ledger?limit=1`);
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBe(2);
    expect(all.body.data.entries).toEqual([
      expect.objectContaining({ donor: 'ada', source: 'Snake Cup', impact: '2nd place', amountCents: 2000 }),
    ]);
    const searched = await harness.call('GET', `/charities/ein/${ein}/ledger?search=1st`);
    expect(searched.body.data.entries.map((entry: { impact: string }) => entry.impact)).toEqual([
      '1st place',
    ]);
  });

  it('answers supporters, donors and rankings', async () => {
    const supporters = await harness.call('GET', `/charities/ein/${ein}/supporters`);
    expect(supporters.body.data.supporters).toEqual([
      { id: winner.userId, name: 'ada', note: 'Tournament winner', at: '2026-11-22T11:00:02.000Z' },
    ]);
    const donors = await harness.call('GET', `/charities/ein/${ein}/donors`);
    expect(donors.body.data.top).toEqual([expect.objectContaining({ name: 'ada', amountCents: 6000 })]);
    expect(donors.body.data.recent).toHaveLength(2);
    const rankings = await harness.call('GET', '/charities/rankings');
    expect(rankings.body.data.rankings).toEqual([
      { rank: 1, ein, name: 'American Red Cross', raisedCents: 6000, supporters: 1 },
    ]);
  });

  it('answers empty cards for a well-formed EIN nobody gave to yet', async () => {
    const other = '123456789';
    expect((await harness.call('GET', `/charities/ein/${other}/ledger`)).body.data).toEqual({
      entries: [],
      total: 0,
    });
    expect((await harness.call('GET', `/charities/ein/${other}/supporters`)).body.data).toEqual({
      supporters: [],
    });
    expect((await harness.call('GET', `/charities/ein/${other}/donors`)).body.data).toEqual({
      recent: [],
      top: [],
    });
  });

  it('refuses a malformed EIN or bad paging with a 400', async () => {
    for (const path of ['ledger', 'supporters', 'donors']) {
      const answer = await harness.call('GET', `/charities/ein/12345/${path}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ success: false, message: CharityMessages.malformedEin, statusCode: 400 });
    }
    for (const query of ['limit=0', 'limit=101', 'offset=-1', `search=${'s'.repeat(101)}`, 'search=%00']) {
      expect((await harness.call('GET', `/charities/ein/${ein}/ledger?${query}`)).status).toBe(400);
    }
  });
});
