import { addMonths, localChargeObject, localDisputeObject, localPriceId } from './local-billing-objects';

describe('the local subscription periods', () => {
  it.each([
    ['2026-01-15T10:30:00.000Z', 1, '2026-02-15T10:30:00.000Z'],
    ['2026-01-31T10:30:00.000Z', 1, '2026-02-28T10:30:00.000Z'],
    ['2026-01-31T10:30:00.000Z', 3, '2026-04-30T10:30:00.000Z'],
    ['2028-01-31T00:00:00.000Z', 1, '2028-02-29T00:00:00.000Z'],
    ['2026-11-30T23:59:59.999Z', 2, '2027-01-30T23:59:59.999Z'],
    ['2026-12-31T12:00:00.000Z', 12, '2027-12-31T12:00:00.000Z'],
  ])('%s plus %i months is %s (the anchor day, or the month’s last)', (from, months, to) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(to);
  });

  it('keeps the anchor day however many periods pass, as periods count from the anchor', () => {
    const anchor = new Date('2026-01-31T00:00:00.000Z');
    expect([1, 2, 3].map((n) => addMonths(anchor, n).toISOString().slice(0, 10))).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
  });

  it('names one price per plan and amount', () => {
    expect(localPriceId('PREMIUM_PLUS', 999)).toBe('price_local_premium_plus_999');
  });
});

describe("the local charge and dispute, against Stripe's fixtures (issue 20)", () => {
  // The top-level keys of resources.charge and resources.dispute in Stripe's fixtures (stripe/openapi
  // fixtures3.json, the pinned API version): a local object has no key Stripe's lacks.
  const CHARGE_KEYS =
    'amount amount_captured amount_refunded application application_fee application_fee_amount balance_transaction billing_details calculated_statement_descriptor captured created currency customer description disputed failure_balance_transaction failure_code failure_message fraud_details id livemode metadata object on_behalf_of outcome paid payment_intent payment_method payment_method_details receipt_email receipt_number receipt_url refunded refunds review shipping source source_transfer statement_descriptor statement_descriptor_suffix status transfer_data transfer_group'.split(
      ' ',
    );
  const DISPUTE_KEYS =
    'amount balance_transactions charge created currency enhanced_eligibility_types evidence evidence_details id is_charge_refundable livemode metadata object payment_intent payment_method_details reason status'.split(
      ' ',
    );
  const at = new Date('2026-11-24T09:00:00.000Z');
  const charge = {
    id: 'ch_local_1',
    invoice_id: null,
    customer_id: null,
    payment_intent_id: 'pi_local_1',
    amount_cents: 2500,
    amount_refunded_cents: 500,
    metadata: { kind: 'gift', memberId: 'm-1' },
    created_at: at,
  };

  it('shapes a charge with only Stripe’s keys, and what the handlers read', () => {
    const object = localChargeObject(charge, [
      { id: 're_local_1', charge_id: 'ch_local_1', amount_cents: 500, created_at: at },
    ]);
    expect(Object.keys(object).filter((key) => !CHARGE_KEYS.includes(key))).toEqual([]);
    expect(object).toMatchObject({
      amount: 2500,
      amount_refunded: 500,
      refunded: false,
      payment_intent: 'pi_local_1',
      customer: null,
      metadata: { kind: 'gift', memberId: 'm-1' },
    });
  });

  it('shapes a dispute with every key of Stripe’s', () => {
    const object = localDisputeObject(
      {
        id: 'du_local_1',
        charge_id: 'ch_local_1',
        amount_cents: 2000,
        status: 'won',
        created_at: at,
        closed_at: at,
      },
      charge,
      [
        { id: 'txn_1', amount_cents: -2000, created_at: at },
        { id: 'txn_2', amount_cents: 2000, created_at: at },
      ],
    );
    expect(Object.keys(object).sort()).toEqual([...DISPUTE_KEYS].sort());
    expect(object).toMatchObject({
      amount: 2000,
      charge: 'ch_local_1',
      payment_intent: 'pi_local_1',
      status: 'won',
    });
    expect(object.balance_transactions.map((txn) => [txn.type, txn.amount, txn.source])).toEqual([
      ['adjustment', -2000, 'du_local_1'],
      ['adjustment', 2000, 'du_local_1'],
    ]);
  });
});
