import { addMonths, localPriceId } from './local-billing-objects';

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
