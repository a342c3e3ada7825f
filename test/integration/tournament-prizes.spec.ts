import { randomUUID } from 'node:crypto';
import { ADMIN_KEY, startTournamentsHarness, type TournamentsHarness } from './tournaments.harness';

const admin = { authorization: `Bearer ${ADMIN_KEY}` };

/** Issue 9, prize models: the detail's breakdown before and after completion, and the events behind it. */
describe('tournament prizes through the API', () => {
  let h: TournamentsHarness;

  beforeAll(async () => {
    h = await startTournamentsHarness();
  });
  afterAll(() => h.close());

  const create = (payload: object) =>
    h.app.inject({ method: 'POST', url: '/api/admin/tournaments', headers: admin, payload });
  const detail = (id: string) => h.app.inject({ method: 'GET', url: `/api/tournaments/${id}` });
  const instant = (tournamentId: string, extra: object = {}) => ({
    tournamentId,
    title: 'Top three for the food banks',
    mode: 'INSTANT',
    format: 'SCORE_ATTACK',
    prizeModel: 'TOP_3_SPLIT',
    prizePoolCents: 10_001,
    maxParticipants: 3,
    game: {
      slug: 'arcade',
      name: 'Arcade',
      integrationUrl: 'https://arcade.example/play',
      maxScore: 10_000,
      external: true,
    },
    ...extra,
  });

  it('shows what the leaders would direct while live, then the PrizeAllocated lines once complete', async () => {
    const tournamentId = randomUUID();
    expect((await create(instant(tournamentId))).statusCode).toBe(201);
    const [ada, ben, cleo] = [await h.member('ada'), await h.member('ben'), await h.member('cleo')];
    for (const [player, charityId] of [
      [ada, '530196605'],
      [ben, undefined],
      [cleo, undefined],
    ] as const) {
      const joined = await h.app.inject({
        method: 'POST',
        url: `/api/tournaments/${tournamentId}/join`,
        headers: player.auth,
        payload: charityId ? { charityId } : {},
      });
      expect(joined.statusCode).toBe(200);
    }
    const score = (player: typeof ada, value: number) =>
      h.app.inject({
        method: 'POST',
        url: `/api/tournaments/${tournamentId}/scores`,
        headers: player.auth,
        payload: { score: value },
      });
    expect((await score(ada, 900)).statusCode).toBe(201);
    expect((await score(ben, 700)).statusCode).toBe(201);

    const live = await h.eventually(async () => {
      const body = (await detail(tournamentId)).json().data;
      expect(body.prizeBreakdown).toHaveLength(2);
      return body;
    });
    expect(live.prizeConfig).toEqual({ model: 'TOP_3_SPLIT', sharesBasisPoints: [5000, 3000, 2000] });
    expect(live.prizeBreakdownIsFinal).toBe(false);
    // Two players so far: the third share is spread over them (62.5% / 37.5% of $100.01).
    expect(live.prizeBreakdown).toEqual([
      {
        rank: 1,
        userId: ada.id,
        username: ada.username,
        score: 900,
        amount: 62.51,
        amountCents: 6251,
        amountDisplay: '$62',
        charityId: '530196605',
        // Named from the bundled nonprofit directory at join.
        charityName: 'American National Red Cross',
        charityUrl: '/charity-profile/530196605',
        // Onboarded charities' logos only (none here).
        charityLogoUrl: null,
      },
      {
        rank: 2,
        userId: ben.id,
        username: ben.username,
        score: 700,
        amount: 37.5,
        amountCents: 3750,
        amountDisplay: '$37',
        charityId: null,
        charityName: null,
        charityUrl: null,
        charityLogoUrl: null,
      },
    ]);

    // The third player's first score fills the last place: the tournament completes.
    expect((await score(cleo, 800)).json().data.tournamentStatus).toBe('COMPLETED');
    const final = await h.eventually(async () => {
      const body = (await detail(tournamentId)).json().data;
      expect(body.status).toBe('COMPLETED');
      expect(body.prizeBreakdown).toHaveLength(3);
      return body;
    });
    expect(final.prizeBreakdownIsFinal).toBe(true);
    expect(
      final.prizeBreakdown.map((line: { username: string; amountCents: number }) => [
        line.username,
        line.amountCents,
      ]),
    ).toEqual([
      [ada.username, 5001],
      [cleo.username, 3000],
      [ben.username, 2000],
    ]);

    const allocated = (await h.store.readStream(`tournament-${tournamentId}`)).filter(
      (event) => event.type === 'PrizeAllocated',
    );
    expect(allocated.map((event) => event.data)).toEqual([
      expect.objectContaining({
        rank: 1,
        userId: ada.id,
        amountCents: 5001,
        charityId: '530196605',
        charityName: 'American National Red Cross',
      }),
      expect.objectContaining({ rank: 2, userId: cleo.id, amountCents: 3000, charityId: null }),
      expect.objectContaining({ rank: 3, userId: ben.id, amountCents: 2000, charityId: null }),
    ]);
  });

  it('allocates to the charity chosen last before completion; after it, the choice is closed and the line stays', async () => {
    const tournamentId = randomUUID();
    expect(
      (await create(instant(tournamentId, { prizeModel: 'WINNER_TAKES_ALL', maxParticipants: 1 })))
        .statusCode,
    ).toBe(201);
    const ada = await h.member('ada');
    const choose = (charityId: string) =>
      h.app.inject({
        method: 'PUT',
        url: `/api/tournaments/${tournamentId}/charity`,
        headers: ada.auth,
        payload: { charityId },
      });
    await h.app.inject({
      method: 'POST',
      url: `/api/tournaments/${tournamentId}/join`,
      headers: ada.auth,
      payload: { charityId: '530196605' },
    });
    expect((await choose('131788491')).statusCode).toBe(200);
    await h.app.inject({
      method: 'POST',
      url: `/api/tournaments/${tournamentId}/scores`,
      headers: ada.auth,
      payload: { score: 10 },
    });
    const allocated = async () =>
      (await h.store.readStream(`tournament-${tournamentId}`))
        .filter((event) => event.type === 'PrizeAllocated')
        .map((event) => (event.data as { charityId: string }).charityId);
    expect(await allocated()).toEqual(['131788491']);
    expect((await choose('530196605')).statusCode).toBe(409);
    expect(await allocated()).toEqual(['131788491']);
  });

  it('shows no lines before the start, and the model defaults as its configuration', async () => {
    const tournamentId = randomUUID();
    const start = Date.now() + 3_600_000;
    const created = await create({
      ...instant(tournamentId),
      mode: 'SCHEDULED',
      prizeModel: 'FLAT_PAYOUTS',
      tournamentStart: new Date(start).toISOString(),
      tournamentEnd: new Date(start + 3_600_000).toISOString(),
    });
    expect(created.statusCode).toBe(201);
    const body = await h.eventually(async () => {
      const answer = await detail(tournamentId);
      expect(answer.statusCode).toBe(200);
      return answer.json().data;
    });
    expect(body.prizeConfig).toEqual({ model: 'FLAT_PAYOUTS', flatAmountCents: 1000 });
    expect(body.prizeBreakdown).toEqual([]);
    expect(body.prizeBreakdownIsFinal).toBe(false);
  });

  it("follows an operator's edit: the defaults follow a new pool, a given configuration replaces them", async () => {
    const tournamentId = randomUUID();
    const start = Date.now() + 3_600_000;
    await create({
      ...instant(tournamentId),
      mode: 'SCHEDULED',
      prizeModel: 'FLAT_PAYOUTS',
      tournamentStart: new Date(start).toISOString(),
      tournamentEnd: new Date(start + 3_600_000).toISOString(),
    });
    const edit = (payload: object) =>
      h.app.inject({
        method: 'PATCH',
        url: `/api/admin/tournaments/${tournamentId}`,
        headers: admin,
        payload,
      });
    const configShown = (expected: object) =>
      h.eventually(async () => {
        expect((await detail(tournamentId)).json().data.prizeConfig).toEqual(expected);
      });
    expect((await edit({ prizePoolCents: 50_000 })).statusCode).toBe(200);
    await configShown({ model: 'FLAT_PAYOUTS', flatAmountCents: 5000 });
    expect((await edit({ prizeConfig: { model: 'FLAT_PAYOUTS', flatAmountCents: 2500 } })).statusCode).toBe(
      200,
    );
    await configShown({ model: 'FLAT_PAYOUTS', flatAmountCents: 2500 });
    // A flat amount above the pool is refused on an edit as on creation.
    expect((await edit({ prizePoolCents: 2000 })).statusCode).toBe(400);
  });

  it('creating again with the same body and no configuration changes nothing (200)', async () => {
    const tournamentId = randomUUID();
    expect((await create(instant(tournamentId))).statusCode).toBe(201);
    const again = await create(instant(tournamentId));
    expect(again.statusCode).toBe(200);
    const other = await create(
      instant(tournamentId, { prizeConfig: { model: 'TOP_3_SPLIT', sharesBasisPoints: [6000, 3000, 1000] } }),
    );
    expect(other.statusCode).toBe(409);
  });

  it('the same create 50 times at once records one tournament: one 201, the rest 200', async () => {
    const tournamentId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => create(instant(tournamentId))));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 200)).toHaveLength(49);
    expect(
      (await h.store.readStream(`tournament-${tournamentId}`)).filter(
        (event) => event.type === 'TournamentCreated',
      ),
    ).toHaveLength(1);
  });

  it.each([
    [
      'a flat payout above the pool',
      { prizeModel: 'FLAT_PAYOUTS', prizeConfig: { model: 'FLAT_PAYOUTS', flatAmountCents: 10_002 } },
      'prizeConfig.flatAmountCents must not exceed the prize pool',
    ],
    [
      'shares that pay a worse place more',
      { prizeConfig: { model: 'TOP_3_SPLIT', sharesBasisPoints: [2000, 3000, 5000] } },
      'prizeConfig.sharesBasisPoints must not increase from one place to the next',
    ],
    [
      'milestones with one score twice',
      {
        prizeModel: 'MILESTONE_REWARDS',
        prizeConfig: {
          model: 'MILESTONE_REWARDS',
          milestones: [
            { score: 5, sharesBasisPoints: 5000 },
            { score: 5, sharesBasisPoints: 5000 },
          ],
        },
      },
      'Milestone scores must be distinct',
    ],
    [
      'FLEXIBLE_TOP_N shares for another number of places',
      {
        prizeModel: 'FLEXIBLE_TOP_N',
        prizeConfig: { model: 'FLEXIBLE_TOP_N', places: 2, sharesBasisPoints: [10_000] },
      },
      'prizeConfig.sharesBasisPoints must name one share per place (2)',
    ],
  ])('refuses %s with a 400 and records nothing', async (_name, extra, message) => {
    const tournamentId = randomUUID();
    const answer = await create(instant(tournamentId, extra));
    expect(answer.statusCode).toBe(400);
    expect(JSON.stringify(answer.json())).toContain(message);
    expect(await h.store.readStream(`tournament-${tournamentId}`)).toEqual([]);
  });
});
