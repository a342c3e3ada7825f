import type { Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AppConfig } from '@arena/config';
import { DonationMessages, reconciliationReport } from '@arena/contracts';
import { donationStreamId, type DonationEvent } from '@arena/donations/events';
import { EVENT_STORE, type EventStore } from '@arena/event-store';
import { memberRoles } from '@arena/identity';
import { createMember, type TestMember } from '@arena/identity/testing';
import { Payments } from '@arena/payments';
import { ensureProjection } from '@arena/projection-runner';
import { projectors } from '@arena/projections/registry';
import { financeMoneyEventsProjector } from '@arena/projections/finance-money-events/finance-money-events.projection';
import { catchUpReadModel } from './read-model-catch-up.harness';
import { clearRedisPrefix, createTestDatabase, testAppConfig, type TestDatabase } from '@arena/testing';
import { createApiApp } from '../../apps/api/src/bootstrap';

/** The finance routes through the real API: the finance role, the reconciliation report and the CSV export. */
describe('finance: reconciliation and the ledger export', () => {
  let database: TestDatabase;
  let config: AppConfig;
  let api: NestFastifyApplication;
  let baseUrl: string;
  let finance: TestMember;
  let plain: TestMember;
  const donationId = randomUUID();

  beforeAll(async () => {
    database = await createTestDatabase(4);
    config = testAppConfig(database.url);
    for (const projector of projectors) await ensureProjection(database.db, projector);
    api = await createApiApp(config);
    await api.listen(0, '127.0.0.1');
    baseUrl = (await api.getUrl()).replace('[::1]', '127.0.0.1');
    [finance, plain] = await Promise.all([
      createMember(database.db, config.JWT_ACCESS_SECRET),
      createMember(database.db, config.JWT_ACCESS_SECRET),
    ]);
    await memberRoles(database.db).grant(finance.email, 'finance', 'spec', new Date());
    const gift: DonationEvent = {
      type: 'DonationReceived',
      data: {
        donationId,
        amountCents: 2500,
        currency: 'usd',
        donorEmail: 'donor@example.org',
        donorMemberId: plain.id,
        charityEin: null,
        checkoutSessionId: 'cs_test_spec',
        paymentIntentId: 'pi_test_spec_0001',
        providerEventId: 'evt_spec',
        receiptCode: 'R-SPEC',
        receivedAt: new Date().toISOString(),
      },
    };
    await api
      .get<EventStore>(EVENT_STORE, { strict: false })
      .appendToStream(donationStreamId(donationId), [{ id: randomUUID(), ...gift }]);
    // What the worker's runner does: the export and reconciliation read the money events read model only.
    await catchUpReadModel(
      database.db as Kysely<any>,
      api.get<EventStore>(EVENT_STORE, { strict: false }),
      financeMoneyEventsProjector,
    );
    // The provider's side, as the payments driver would list it: the gift's charge, 1 cent short.
    jest.spyOn(api.get(Payments, { strict: false }), 'listBalanceTransactions').mockResolvedValue({
      data: [
        {
          id: 'txn_1',
          type: 'charge',
          amountCents: 2499,
          sourceId: 'ch_test_spec_0001',
          paymentIntentId: 'pi_test_spec_0001',
          created: new Date(),
        },
      ],
      hasMore: false,
    });
  });

  afterAll(async () => {
    await api.close();
    await clearRedisPrefix(config.REDIS_PREFIX);
    await database.drop();
  });

  const get = (path: string, member?: TestMember) =>
    fetch(`${baseUrl}/api${path}`, {
      headers: member ? { authorization: `Bearer ${member.accessToken}` } : {},
    });

  it('answers the reconciliation to the finance role only: 401 for a guest, 403 for a plain member', async () => {
    const guest = await get('/finance/reconciliation');
    expect(guest.status).toBe(401);
    const refused = await get('/finance/reconciliation', plain);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      success: false,
      message: DonationMessages.financeOnly,
      statusCode: 403,
    });

    const answer = await get('/finance/reconciliation', finance);
    expect(answer.status).toBe(200);
    const report = reconciliationReport.parse(((await answer.json()) as { data: unknown }).data);
    expect(report.ledger.receivedCents).toBe(2500);
    expect(report.differences).toEqual([
      expect.objectContaining({
        kind: 'amount-mismatch',
        donationId,
        ledgerCents: 2500,
        providerCents: 2499,
      }),
    ]);
  });

  it('reconciles a period: the last 31 days by default, paged through the provider, at most 93 days, bad dates a 400', async () => {
    const payments = api.get(Payments, { strict: false });
    const listed = jest.spyOn(payments, 'listBalanceTransactions');
    listed.mockClear();
    const answer = await get('/finance/reconciliation', finance);
    const report = reconciliationReport.parse(((await answer.json()) as { data: unknown }).data);
    const days = (Date.parse(report.to) - Date.parse(report.from)) / 86_400_000;
    expect(days).toBe(31);
    expect(listed).toHaveBeenCalledWith(expect.objectContaining({ limit: 100 }));
    expect(listed.mock.calls[0]![0].from.getTime()).toBeGreaterThan(Date.now() - 32 * 86_400_000);

    listed.mockClear();
    const period = await get('/finance/reconciliation?from=2026-11-01&to=2026-11-30', finance);
    expect(period.status).toBe(200);
    expect(listed).toHaveBeenCalledWith(
      expect.objectContaining({
        from: new Date('2026-11-01T00:00:00.000Z'),
        to: new Date('2026-12-01T00:00:00.000Z'),
      }),
    );
    for (const query of [
      'from=2026-01-01&to=2026-12-31',
      'from=2026-11-24&to=2026-11-23',
      'from=yesterday',
    ]) {
      const refused = await get(`/finance/reconciliation?${query}`, finance);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({ success: false, statusCode: 400 });
    }
  });

  it('exports the ledger as CSV: anonymised for the public, with donors for the finance role', async () => {
    const publicCsv = await get('/ledger/export.csv');
    expect(publicCsv.status).toBe(200);
    expect(publicCsv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(publicCsv.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.csv"/);
    const text = await publicCsv.text();
    expect(text).toContain(`,DonationReceived,${donationId},25.00,`);
    expect(text).toContain('pi_t…0001');
    expect(text).not.toContain('donor@example.org');
    expect(text).not.toContain(plain.id);

    const plainCsv = await (await get('/ledger/export.csv', plain)).text();
    expect(plainCsv).not.toContain('donor@example.org');

    const full = await (await get('/ledger/export.csv', finance)).text();
    expect(full).toContain(`,pi_test_spec_0001,donor@example.org,${plain.id}`);
  });

  it('issue 21: the finance export shows an erased donor under the erased name, without their email or id', async () => {
    await database.db
      .insertInto('erased_members' as never)
      .values({ member_id: plain.id, erased_name: 'deleted-specmember01', erased_at: new Date() } as never)
      .execute();
    try {
      const full = await (await get('/ledger/export.csv', finance)).text();
      expect(full).toContain(`,DonationReceived,${donationId},25.00,`);
      expect(full).toContain(',pi_test_spec_0001,,deleted-specmember01');
      expect(full).not.toContain('donor@example.org');
      expect(full).not.toContain(plain.id);
    } finally {
      await database.db
        .deleteFrom('erased_members' as never)
        .where('member_id' as never, '=', plain.id as never)
        .execute();
    }
  });

  it('refuses bad dates with a 400 in the one error shape', async () => {
    for (const query of ['from=yesterday', 'to=2026-13-01', 'from=2026-11-24&to=2026-11-23']) {
      const answer = await get(`/ledger/export.csv?${query}`);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ success: false, statusCode: 400 });
    }
    const empty = await (await get('/ledger/export.csv?from=2000-01-01&to=2000-01-02')).text();
    expect(empty.trimEnd().split('\r\n')).toHaveLength(1);
  });

  it('limits exports per client address with a 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) statuses.push((await get('/ledger/export.csv')).status);
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(10);
  });
});
