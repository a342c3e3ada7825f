import type { LegalSection } from '../legal/legal-document';

export const complianceSections: LegalSection[] = [
  {
    id: 'terms',
    title: 'Terms',
    body: [
      {
        kind: 'p',
        text: 'Charity Arena is a fundraising facilitator. Members compete in skill-based games, and the results decide which verified US 501(c)(3) nonprofits receive donations that Charity Arena makes from its own revenue.',
      },
      {
        kind: 'ul',
        items: [
          'Nothing on Charity Arena is gambling, a sweepstake, a lottery or an investment.',
          'Results depend on skill. Every score in a game we host is checked by replaying the game before it counts. A partner\'s game played on its own site is marked on its tournament: "Signed by the game" when the partner\'s game server signs each result and we check that signature, or "Unverified" when we take the score as it is sent, without any check.',
          'Winners direct platform-held funds to nonprofits. They never receive cash, gift cards or prizes.',
          'Cheating, fake or duplicate accounts and other abuse lead to removed scores and closed accounts.',
        ],
      },
      {
        kind: 'p',
        text: 'This is a summary. The Terms of Use (v2.0) are the full agreement, together with the Privacy Policy and the Referral Program Terms.',
      },
    ],
  },
  {
    id: 'donation-and-disbursement-policy',
    title: 'Donation & Disbursement Policy',
    body: [
      {
        kind: 'p',
        text: 'Donations are made by Charity Arena from its own revenue: membership fees and other platform funds. They are not tax-deductible for members or other users. Gifts made on the donate page go into the platform-held donation pool, which is given only to verified nonprofits; we cannot promise that a gift is tax-deductible.',
      },
      { kind: 'p', text: 'Every donation appears on the public ledger and moves through three statuses:' },
      {
        kind: 'ul',
        items: [
          'Held: "Platform-Held (Pending Transfer Window)". It has been directed to a nonprofit, and the platform holds the funds until the next transfer window.',
          'Pending: "Verified with the payment provider (Pending Nonprofit Receipt)". The transfer to the nonprofit\'s verified payment account has been sent through our card payment provider.',
          'Cleared: "Cleared to Nonprofit (Payment Transfer Confirmed)". The provider has confirmed the transfer.',
        ],
      },
      {
        kind: 'p',
        text: 'Ledger entries are never edited or deleted, and charitable disbursements are final. See sections 7 and 8 of the Terms of Use.',
      },
    ],
  },
  {
    id: 'billing-and-refunds',
    title: 'Billing & Refunds',
    body: [
      {
        kind: 'ul',
        items: [
          'Plans: Free $0/month, Premium $4.99/month, Premium+ $9.99/month, billed through our card payment provider.',
          'Paid plans renew every month until you cancel. Cancelling takes effect at the end of the period you have paid for.',
          'Membership charges made in error, such as a duplicate charge, are refunded. Contact support within 30 days of a charge.',
          'Subscription fees are otherwise non-refundable, except as required by law. Charitable disbursements are final.',
        ],
      },
      {
        kind: 'p',
        text: 'Membership fees are platform revenue, not donations by you. See sections 4 and 5 of the Terms of Use.',
      },
    ],
  },
  {
    id: 'eligibility-and-geography',
    title: 'Eligibility & Geography',
    body: [
      {
        kind: 'ul',
        items: [
          'Charity Arena is available in the United States only at launch.',
          'Members must be 18 or older, or the age of majority where they live if that is higher.',
          'One account per person, with a real email address and mobile number for sign-in codes.',
          'Donations go only to US 501(c)(3) nonprofits that have been verified and have connected a payment account.',
          'The service is not directed to children under 13, and we do not knowingly collect their data.',
        ],
      },
      {
        kind: 'p',
        text: 'See section 3 of the Terms of Use and section 13 of the Privacy Policy.',
      },
    ],
  },
];
