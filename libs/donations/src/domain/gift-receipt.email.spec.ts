import { giftReceiptEmail, type GiftReceipt } from './gift-receipt.email';

const receipt = (overrides: Partial<GiftReceipt> = {}): GiftReceipt => ({
  amountCents: 2500,
  receiptCode: 'R-7Q2K9XWA',
  receiptUrl: 'https://arena.example/ledger/receipts/R-7Q2K9XWA',
  charityName: 'Red Cross',
  ...overrides,
});

describe('the gift receipt email', () => {
  it('names the receipt code in the subject', () => {
    expect(giftReceiptEmail(receipt()).subject).toBe('Your Charity Arena donation receipt R-7Q2K9XWA');
  });

  it('states the amount in dollars with both cent digits', () => {
    const amountLine = (amountCents: number) =>
      giftReceiptEmail(receipt({ amountCents })).text.split('\n\n')[0];
    expect(amountLine(2500)).toBe('Thank you for your gift of $25.00.');
    expect(amountLine(1)).toBe('Thank you for your gift of $0.01.');
    expect(amountLine(5)).toBe('Thank you for your gift of $0.05.');
    expect(amountLine(1999)).toBe('Thank you for your gift of $19.99.');
    expect(amountLine(100_000_000)).toBe('Thank you for your gift of $1000000.00.');
  });

  it('tells where a directed gift goes', () => {
    expect(giftReceiptEmail(receipt()).text).toContain(
      'It is directed to Red Cross and will be sent in the next transfer window.',
    );
  });

  it('tells that a gift without a charity joins the donation pool', () => {
    const { text } = giftReceiptEmail(receipt({ charityName: null }));
    expect(text).toContain("It joins Charity Arena's donation pool, which we direct to verified charities.");
    expect(text).not.toContain('It is directed to');
  });

  it('gives the receipt code and the link to the public ledger, in paragraphs', () => {
    expect(giftReceiptEmail(receipt()).text.split('\n\n')).toEqual([
      'Thank you for your gift of $25.00.',
      'It is directed to Red Cross and will be sent in the next transfer window.',
      'Receipt code: R-7Q2K9XWA',
      'Follow it on the public ledger: https://arena.example/ledger/receipts/R-7Q2K9XWA',
    ]);
  });
});
