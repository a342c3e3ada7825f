export interface GiftReceipt {
  amountCents: number;
  receiptCode: string;
  receiptUrl: string;
  /** Null: the gift waits in the donation pool until Charity Arena directs it. */
  charityName: string | null;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The email a donor gets once their gift is paid: amount, receipt code and the receipt's page. */
export function giftReceiptEmail(receipt: GiftReceipt): { subject: string; text: string } {
  const where = receipt.charityName
    ? `It is directed to ${receipt.charityName} and will be sent in the next transfer window.`
    : "It joins Charity Arena's donation pool, which we direct to verified charities.";
  return {
    subject: `Your Charity Arena donation receipt ${receipt.receiptCode}`,
    text: [
      `Thank you for your gift of ${dollars(receipt.amountCents)}.`,
      where,
      `Receipt code: ${receipt.receiptCode}`,
      `Follow it on the public ledger: ${receipt.receiptUrl}`,
    ].join('\n\n'),
  };
}
