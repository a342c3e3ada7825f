import type { DonationEvent } from '@arena/donations/events';
import { csvCell, dollars, ledgerCsv, type LedgerEvent } from './ledger-csv';

const at = (day: number) => new Date(Date.UTC(2026, 10, day, 12));
const events: LedgerEvent[] = [
  {
    id: 'ev-1',
    at: at(20),
    event: {
      type: 'DonationReceived',
      data: {
        donationId: 'd1',
        amountCents: 2505,
        currency: 'usd',
        donorEmail: 'donor@example.org',
        donorMemberId: 'member-1',
        charityEin: '530196605',
        checkoutSessionId: 'cs_test_123456789',
        paymentIntentId: 'pi_3Q2K000000000XYZ',
        providerEventId: 'evt_1',
        receiptCode: 'R-7Q2K',
        receivedAt: at(20).toISOString(),
      },
    },
  },
  {
    id: 'ev-2',
    at: at(21),
    event: {
      type: 'DonationDirected',
      data: {
        donationId: 'd1',
        amountCents: 2505,
        charityEin: '530196605',
        charityName: '=HYPERLINK("x") Red Cross, Inc',
        directedBy: { kind: 'donor', memberId: 'member-1', displayName: 'Ada' },
        source: { kind: 'gift', checkoutSessionId: 'cs_test_123456789' },
        receiptCode: 'R-7Q2K',
        directedAt: at(21).toISOString(),
      },
    },
  },
  {
    id: 'ev-3',
    at: at(23),
    event: {
      type: 'PayoutCleared',
      data: {
        donationId: 'd1',
        transferId: 'tr_1ABCDEFGH',
        providerEventId: 'evt_2',
        clearedAt: at(23).toISOString(),
      },
    } as DonationEvent,
  },
];

describe('ledgerCsv: the ledger export', () => {
  it('anonymises the public export: no donor email or member id, provider ids masked', () => {
    const csv = ledgerCsv(events, { full: false });
    const [header, first, second, third] = csv.trimEnd().split('\r\n');
    expect(header).toBe(
      'date,entry,event_id,type,donation_id,amount_usd,status,nonprofit,ein,directed_by,receipt_code,provider_id',
    );
    expect(first).toBe('2026-11-20T12:00:00.000Z,0,ev-1,DonationReceived,d1,25.05,,,,,R-7Q2K,pi_3…0XYZ');
    // A formula-looking name is defused and quoted; the facts carry forward to later rows.
    expect(second).toBe(
      `2026-11-21T12:00:00.000Z,1,ev-2,DonationDirected,d1,25.05,held,"'=HYPERLINK(""x"") Red Cross, Inc",530196605,Ada,R-7Q2K,`,
    );
    expect(third).toContain(',cleared,');
    expect(csv).not.toContain('donor@example.org');
    expect(csv).not.toContain('member-1');
  });

  it('gives the finance role donors and full provider ids, and keeps entry numbers when filtered by date', () => {
    const csv = ledgerCsv(events, { full: true, from: '2026-11-21', to: '2026-11-21' });
    const [header = '', row = '', ...rest] = csv.trimEnd().split('\r\n');
    expect(header.endsWith(',provider_id,donor_email,member_id')).toBe(true);
    expect(rest).toEqual([]);
    expect(row.startsWith('2026-11-21T12:00:00.000Z,1,ev-2,')).toBe(true);
    expect(row.endsWith(',donor@example.org,member-1')).toBe(true);
    const full = ledgerCsv(events, { full: true });
    expect(full).toContain(',pi_3Q2K000000000XYZ,');
  });

  it('issue 21: shows an erased member under the erased name: no email, id or display name of theirs', () => {
    const erased = new Map([['member-1', 'deleted-member1']]);
    const full = ledgerCsv(events, { full: true, erased });
    expect(full).not.toContain('donor@example.org');
    expect(full).not.toContain('member-1');
    expect(full).not.toContain(',Ada,');
    const rows = full.trimEnd().split('\r\n').slice(1);
    expect(rows.every((row) => row.endsWith(',deleted-member1'))).toBe(true);
    expect(rows[1]).toContain(',deleted-member1,R-7Q2K,');
    const publicCsv = ledgerCsv(events, { full: false, erased });
    expect(publicCsv).not.toContain(',Ada,');
    // Someone else erased: nothing changes.
    expect(ledgerCsv(events, { full: true, erased: new Map([['member-2', 'deleted-x']]) })).toBe(
      ledgerCsv(events, { full: true }),
    );
  });

  it('writes cents as dollars exactly and defuses every formula prefix', () => {
    expect([dollars(0), dollars(5), dollars(100), dollars(123456789)]).toEqual([
      '0.00',
      '0.05',
      '1.00',
      '1234567.89',
    ]);
    expect(['=1+1', '+1', '-1', '@SUM(A1)', 'plain', null].map(csvCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      'plain',
      '',
    ]);
  });

  it('issue 20: a failed payout reads pending (payout failed) with the payout; a reversal takes its amount back', () => {
    const later: LedgerEvent[] = [
      ...events,
      {
        id: 'ev-4',
        at: at(24),
        event: {
          type: 'DonationPayoutFailed',
          data: {
            donationId: 'd1',
            transferId: 'tr_1ABCDEFGH',
            stripeAccountId: 'acct_1',
            payoutId: 'po_1FAILED0',
            failureCode: 'no_account',
            failureMessage: null,
            providerEventId: 'evt_3',
            failedAt: at(24).toISOString(),
          },
        },
      },
      {
        id: 'ev-5',
        at: at(25),
        event: {
          type: 'DonationTransferReversed',
          data: {
            donationId: 'd1',
            transferId: 'tr_1ABCDEFGH',
            reversalId: 'trr_1REVERSE',
            amountCents: 505,
            totalReversedCents: 505,
            providerEventId: 'evt_4',
            reversedAt: at(25).toISOString(),
          },
        },
      },
    ];
    const rows = ledgerCsv(later, { full: true }).trim().split('\r\n');
    expect(rows[4]).toContain(',DonationPayoutFailed,d1,25.05,pending (payout failed),');
    expect(rows[4]).toContain(',po_1FAILED0,');
    expect(rows[5]).toContain(',DonationTransferReversed,d1,5.05,reversed,');
    expect(rows[5]).toContain(',trr_1REVERSE,');
  });
});
