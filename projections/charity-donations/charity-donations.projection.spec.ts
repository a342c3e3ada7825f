import { randomInt, randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@arena/event-store';
import { projectEvents } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import type { TournamentCreated, TournamentEvent } from '@arena/tournaments/events';
import { donationStreamId, type DonationDirected, type DonationEvent } from '@arena/donations/events';
import { charityDonationsProjector } from './charity-donations.projection';
import {
  charityDonors,
  charityLedger,
  charityRankings,
  charitySupporters,
  impactOfRank,
  totalsFor,
} from './charity-donations.queries';

const page = { search: '', limit: 20, offset: 0 };
const newEin = () => String(randomInt(100_000_000, 999_999_999));

describe('charity donations projection', () => {
  let database: TestDatabase;
  const projector = charityDonationsProjector;

  beforeAll(async () => {
    database = await createTestDatabase(2);
  });
  afterAll(() => database.drop());

  let revision = 0;
  const record = (event: TournamentEvent | DonationEvent): RecordedEvent => ({
    id: randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {},
    streamId:
      'tournamentId' in event.data
        ? `tournament-${event.data.tournamentId}`
        : donationStreamId(event.data.donationId),
    revision: revision++,
    position: { commit: 1n, prepare: BigInt(revision) },
    createdAt: new Date(),
  });
  const apply = (events: RecordedEvent[]) => projectEvents(database.db, projector, events);

  const created = (tournamentId: string, title: string): TournamentCreated => ({
    type: 'TournamentCreated',
    data: {
      tournamentId,
      title,
      description: '',
      thumbnail: null,
      mode: 'INSTANT',
      format: 'SCORE_ATTACK',
      prizeModel: 'TOP_3_SPLIT',
      prizePoolCents: 5000,
      maxParticipants: 10,
      requiredPlan: 'FREE',
      rules: '',
      game: { slug: 'snake', name: 'Snake', integrationUrl: '/games/snake', maxScore: 100 },
      tournamentStart: null,
      tournamentEnd: null,
      tieBreakSeed: 'ab'.repeat(16),
      createdAt: '2026-11-22T10:00:00.000Z',
    },
  });
  const edited = (tournamentId: string, title: string) =>
    ({
      type: 'TournamentEdited',
      data: { tournamentId, changes: { title }, editedAt: '2026-11-22T10:30:00.000Z' },
    }) as TournamentEvent;
  interface Winner {
    userId: string;
    username: string;
  }
  /** A winner's prize share directed to their chosen charity (the donation's first event). */
  const allocated = (
    tournamentId: string,
    rank: number,
    amountCents: number,
    winner: Winner,
    charity: { ein: string; name: string },
    directedAt: string,
    title = 'Tournament title when won',
  ): DonationDirected => ({
    type: 'DonationDirected',
    data: {
      donationId: randomUUID(),
      amountCents,
      charityEin: charity.ein,
      charityName: charity.name,
      directedBy: { kind: 'winner', memberId: winner.userId, username: winner.username },
      source: { kind: 'prize', tournamentId, tournamentTitle: title, rank, memberId: winner.userId },
      receiptCode: `R-${randomUUID().slice(0, 8)}`,
      directedAt,
    },
  });
  const winner = (username: string): Winner => ({ userId: randomUUID(), username });

  it('says a rank as the ledger does', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(impactOfRank)).toEqual([
      '1st place',
      '2nd place',
      '3rd place',
      '4th place',
      '11th place',
      '12th place',
      '13th place',
      '21st place',
      '22nd place',
      '23rd place',
      '101st place',
      '111th place',
    ]);
  });

  it('records each prize directed to a charity, held, under its tournament title, newest first', async () => {
    const [ein, tournamentId] = [newEin(), randomUUID()];
    const charity = { ein, name: 'Harbor Food Bank' };
    const [ada, ben] = [winner('ada'), winner('ben')];
    const first = record(allocated(tournamentId, 1, 3000, ada, charity, '2026-11-22T11:00:00.000Z'));
    await apply([
      record(created(tournamentId, 'Snake Cup')),
      first,
      record(allocated(tournamentId, 2, 1500, ben, charity, '2026-11-22T11:00:01.000Z')),
    ]);
    const ledger = await charityLedger(database.db, ein, page);
    expect(ledger.total).toBe(2);
    expect(ledger.entries).toEqual([
      {
        id: expect.any(String),
        date: '2026-11-22T11:00:01.000Z',
        amountCents: 1500,
        donor: 'ben',
        source: 'Snake Cup',
        impact: '2nd place',
        status: 'held',
      },
      {
        id: (first.data as DonationDirected['data']).donationId,
        date: '2026-11-22T11:00:00.000Z',
        amountCents: 3000,
        donor: 'ada',
        source: 'Snake Cup',
        impact: '1st place',
        status: 'held',
      },
    ]);
    expect(await totalsFor(database.db, [ein, newEin()])).toEqual(
      new Map([[ein, { totalCents: 4500, count: 2 }]]),
    );
  });

  it('changes nothing when events are delivered again', async () => {
    const [ein, tournamentId] = [newEin(), randomUUID()];
    const events = [
      record(created(tournamentId, 'Tiles Night')),
      record(
        allocated(tournamentId, 1, 2500, winner('dee'), { ein, name: 'Hope' }, '2026-11-22T12:00:00.000Z'),
      ),
    ];
    await apply(events);
    await apply(events);
    expect((await charityLedger(database.db, ein, page)).total).toBe(1);
    expect(await totalsFor(database.db, [ein])).toEqual(new Map([[ein, { totalCents: 2500, count: 1 }]]));
  });

  it("names a tournament's donations by its edited title, and ignores an older edit delivered late", async () => {
    const [ein, tournamentId] = [newEin(), randomUUID()];
    const olderEdit = record(edited(tournamentId, 'Working title'));
    const creation = record(created(tournamentId, 'Draft'));
    // The creation is recorded after the edit here only to give the edit the lower revision.
    await apply([creation]);
    const rename = record(edited(tournamentId, 'Winter Classic'));
    await apply([
      rename,
      record(
        allocated(tournamentId, 1, 1000, winner('eve'), { ein, name: 'Hope' }, '2026-11-22T13:00:00.000Z'),
      ),
    ]);
    expect((await charityLedger(database.db, ein, page)).entries[0]!.source).toBe('Winter Classic');
    await apply([record(edited(tournamentId, 'Winter Classic 2026'))]);
    expect((await charityLedger(database.db, ein, page)).entries[0]!.source).toBe('Winter Classic 2026');
    await apply([olderEdit]);
    expect((await charityLedger(database.db, ein, page)).entries[0]!.source).toBe('Winter Classic 2026');
  });

  it('searches the ledger over donor, source and impact, and pages it', async () => {
    const ein = newEin();
    const [snake, tiles] = [randomUUID(), randomUUID()];
    const charity = { ein, name: 'River Trust' };
    const [ada, ben] = [winner('ada_100%'), winner('ben')];
    await apply([
      record(created(snake, 'Snake Cup')),
      record(created(tiles, 'Tiles Night')),
      record(allocated(snake, 1, 3000, ada, charity, '2026-11-22T11:00:00.000Z')),
      record(allocated(snake, 2, 2000, ben, charity, '2026-11-22T11:00:01.000Z')),
      record(allocated(tiles, 1, 1000, ben, charity, '2026-11-22T11:00:02.000Z')),
    ]);
    const search = async (term: string) =>
      (await charityLedger(database.db, ein, { ...page, search: term })).entries.map(
        (entry) => `${entry.donor}/${entry.source}/${entry.impact}`,
      );
    expect(await search('BEN')).toEqual(['ben/Tiles Night/1st place', 'ben/Snake Cup/2nd place']);
    expect(await search('snake')).toEqual(['ben/Snake Cup/2nd place', 'ada_100%/Snake Cup/1st place']);
    expect(await search('1st')).toEqual(['ben/Tiles Night/1st place', 'ada_100%/Snake Cup/1st place']);
    // LIKE's wildcards are searched as the characters they are.
    expect(await search('%')).toEqual(['ada_100%/Snake Cup/1st place']);
    expect(await search('_')).toEqual(['ada_100%/Snake Cup/1st place']);
    expect(await search('nobody')).toEqual([]);

    const second = await charityLedger(database.db, ein, { search: '', limit: 2, offset: 2 });
    expect(second.total).toBe(3);
    expect(second.entries.map((entry) => entry.amountCents)).toEqual([3000]);
  });

  it('lists each supporter once with their latest time, and the recent and top donors', async () => {
    const ein = newEin();
    const [one, two] = [randomUUID(), randomUUID()];
    const charity = { ein, name: 'Open Shelter' };
    const [ada, ben] = [winner('ada'), winner('ben')];
    await apply([
      record(created(one, 'Snake Cup')),
      record(created(two, 'Pairs Day')),
      record(allocated(one, 1, 3000, ada, charity, '2026-11-22T11:00:00.000Z')),
      record(allocated(one, 2, 2000, ben, charity, '2026-11-22T11:00:01.000Z')),
      record(allocated(two, 1, 4000, ben, charity, '2026-11-23T09:00:00.000Z')),
    ]);
    expect(await charitySupporters(database.db, ein)).toEqual({
      supporters: [
        { id: ben.userId, name: 'ben', note: 'Tournament winner', at: '2026-11-23T09:00:00.000Z' },
        { id: ada.userId, name: 'ada', note: 'Tournament winner', at: '2026-11-22T11:00:00.000Z' },
      ],
    });
    const donors = await charityDonors(database.db, ein);
    expect(donors.recent.map((donor) => [donor.name, donor.amountCents, donor.note])).toEqual([
      ['ben', 4000, '1st place, Pairs Day'],
      ['ben', 2000, '2nd place, Snake Cup'],
      ['ada', 3000, '1st place, Snake Cup'],
    ]);
    expect(donors.top.map((donor) => [donor.id, donor.name, donor.amountCents])).toEqual([
      [ben.userId, 'ben', 6000],
      [ada.userId, 'ada', 3000],
    ]);
  });

  it('shows an erased member under the erased name on every card, and finds them only by it', async () => {
    const ein = newEin();
    const cup = randomUUID();
    const charity = { ein, name: 'Quiet Harbor' };
    const [gone, kept] = [winner('realname'), winner('keeper')];
    await apply([
      record(created(cup, 'Snake Cup')),
      record(allocated(cup, 1, 3000, gone, charity, '2026-11-22T11:00:00.000Z')),
      record(allocated(cup, 2, 2000, kept, charity, '2026-11-22T11:00:01.000Z')),
    ]);
    await database.db
      .insertInto('erased_members' as never)
      .values({ member_id: gone.userId, erased_name: 'deleted-0123456789ab', erased_at: new Date() } as never)
      .execute();
    const ledger = await charityLedger(database.db, ein, page);
    expect(ledger.entries.map((entry) => entry.donor)).toEqual(['keeper', 'deleted-0123456789ab']);
    expect((await charityLedger(database.db, ein, { ...page, search: 'realname' })).entries).toEqual([]);
    expect((await charitySupporters(database.db, ein)).supporters.map((s) => s.name)).toEqual([
      'keeper',
      'deleted-0123456789ab',
    ]);
    const donors = await charityDonors(database.db, ein);
    expect(donors.top.map((donor) => donor.name)).toEqual(['deleted-0123456789ab', 'keeper']);
  });

  it('ranks charities by the money directed to them, with their supporter counts', async () => {
    const [big, small] = [newEin(), newEin()];
    const tournamentId = randomUUID();
    const [ada, ben] = [winner('ada'), winner('ben')];
    await apply([
      record(created(tournamentId, 'Rank Cup')),
      record(
        allocated(
          tournamentId,
          1,
          900_000,
          ada,
          { ein: big, name: 'Big Relief' },
          '2026-11-22T11:00:00.000Z',
        ),
      ),
      record(
        allocated(
          tournamentId,
          2,
          800_000,
          ben,
          { ein: big, name: 'Big Relief' },
          '2026-11-22T11:00:00.000Z',
        ),
      ),
      record(
        allocated(
          tournamentId,
          3,
          700_000,
          ada,
          { ein: small, name: 'Small Aid' },
          '2026-11-22T11:00:00.000Z',
        ),
      ),
    ]);
    const { rankings } = await charityRankings(database.db);
    const ours = rankings.filter((entry) => entry.ein === big || entry.ein === small);
    expect(
      ours.map(({ ein, name, raisedCents, supporters }) => ({ ein, name, raisedCents, supporters })),
    ).toEqual([
      { ein: big, name: 'Big Relief', raisedCents: 1_700_000, supporters: 2 },
      { ein: small, name: 'Small Aid', raisedCents: 700_000, supporters: 1 },
    ]);
    expect(rankings.map((entry) => entry.rank)).toEqual(rankings.map((_, index) => index + 1));
    expect(rankings[0]!.raisedCents).toBeGreaterThanOrEqual(rankings.at(-1)!.raisedCents);
  });

  it('names gifts and platform-directed money, and follows the transfer window', async () => {
    const ein = newEin();
    const gift: DonationDirected = {
      type: 'DonationDirected',
      data: {
        donationId: randomUUID(),
        amountCents: 2500,
        charityEin: ein,
        charityName: 'Harbor Food Bank',
        directedBy: { kind: 'donor', memberId: randomUUID(), displayName: 'Giver' },
        source: { kind: 'gift', checkoutSessionId: 'cs_test_1' },
        receiptCode: 'R-GIFT1',
        directedAt: '2026-11-23T09:00:00.000Z',
      },
    };
    const platform: DonationDirected = {
      type: 'DonationDirected',
      data: {
        ...gift.data,
        donationId: randomUUID(),
        amountCents: 700,
        directedBy: { kind: 'platform', reason: 'undirected-30-days' },
        source: { kind: 'prize-balance', memberId: randomUUID(), shares: [] },
        receiptCode: 'R-PLAT1',
        directedAt: '2026-11-23T08:00:00.000Z',
      },
    };
    const { donationId } = gift.data;
    const transfer = { transferId: 'tr_1', providerEventId: null };
    const giftEvents = [
      record(gift),
      record({
        type: 'DonationTransferInitiated',
        data: {
          donationId,
          windowId: '2026-11-23',
          transferId: 'tr_1',
          charityEin: ein,
          stripeAccountId: 'acct_1',
          amountCents: 2500,
          transferAmountCents: 2500,
          initiatedAt: '2026-11-23T10:00:00.000Z',
        },
      }),
      record({
        type: 'DonationTransferFailed',
        data: { donationId, ...transfer, reason: 'reversed', failedAt: '2026-11-23T11:00:00.000Z' },
      }),
    ];
    await apply([...giftEvents, record(platform)]);
    const statuses = async () =>
      (await charityLedger(database.db, ein, page)).entries.map((entry) => [
        entry.donor,
        entry.source,
        entry.impact,
        entry.status,
      ]);
    expect(await statuses()).toEqual([
      ['Anonymous', 'Direct Donate', 'Direct gift', 'held'],
      ['Charity Arena', 'Prize balance', 'Prize winnings', 'held'],
    ]);
    // Neither is a member the charity can thank.
    expect(await charitySupporters(database.db, ein)).toEqual({ supporters: [] });
    const cleared = record({
      type: 'PayoutCleared',
      data: {
        donationId,
        transferId: 'tr_1',
        providerEventId: 'evt_1',
        clearedAt: '2026-11-24T10:00:00.000Z',
      },
    });
    await apply([cleared]);
    // A redelivered older status does not move it back.
    await apply(giftEvents);
    expect((await statuses())[0]).toEqual(['Anonymous', 'Direct Donate', 'Direct gift', 'cleared']);
  });

  it('answers empty cards for a charity nobody directed money to yet', async () => {
    const ein = newEin();
    expect(await charityLedger(database.db, ein, page)).toEqual({ entries: [], total: 0 });
    expect(await charitySupporters(database.db, ein)).toEqual({ supporters: [] });
    expect(await charityDonors(database.db, ein)).toEqual({ recent: [], top: [] });
    expect(await totalsFor(database.db, [])).toEqual(new Map());
  });
});
