import type { LegalDocument } from '../legal-document';

export const referralTerms: LegalDocument = {
  slug: 'referral-terms',
  title: 'Referral Program Terms',
  version: 'v1.0',
  effectiveDate: 'October 24, 2025',
  lastUpdated: 'October 24, 2025',
  overview: [
    'The Charity Arena referral program rewards members who bring new paying members to Charity Arena. These Referral Program Terms explain who can take part, the two rewards you can choose between, when rewards are earned and paid, and what can cancel a reward.',
    'These terms add to our Terms of Use and use the same definitions. Where they differ on a referral matter, these terms apply. Our Privacy Policy explains how we handle the information involved.',
  ],
  sections: [
    {
      id: 'who-can-take-part',
      title: 'Who can take part',
      body: [
        {
          kind: 'p',
          text: 'The program is open to active members in good standing: members whose account is open, who meet the eligibility rules of the Terms of Use (18 or older, or the age of majority where they live, and living in the United States), and who are not suspended or under review for a breach of our terms. Members on every plan, including Free, can refer others.',
        },
        {
          kind: 'p',
          text: 'A referral counts only for a new member: someone who has never had a Charity Arena account and who creates one through your referral link. Charity Arena staff may use the program only for testing, and their referrals earn no rewards.',
        },
      ],
    },
    {
      id: 'how-referrals-work',
      title: 'How referrals work',
      body: [
        {
          kind: 'ul',
          items: [
            'Your referral link is on the referral page and in your profile once you are signed in. It contains your personal referral code.',
            'When you share or copy your link, you choose the reward it carries: option 1 (recurring) or option 2 (one-time). You can create links with different options for different people.',
            'When someone opens your link, their browser keeps your referral code until they create an account, and the referral is credited to you when they do.',
            'The reward attached to the link the new member used applies to that referral for as long as it lasts. It cannot be switched afterwards, by you or by them.',
            'A referral earns a reward only when the referred member pays for a Premium or Premium+ membership. A referred member on the Free plan earns you nothing until they upgrade.',
            'Your profile shows each referral, the reward option attached to it, and the status of every reward.',
          ],
        },
      ],
    },
    {
      id: 'reward-options',
      title: 'The two reward options',
      body: [
        {
          kind: 'p',
          text: "Option 1, Recurring (also called lifetime): a 10% recurring share of the referred member's active subscription. For every monthly membership payment the referred member makes, you earn 10% of the amount they paid, excluding taxes and rounded down to the cent, for as long as their subscription stays active. The share ends when their subscription ends or lapses, and does not restart if they subscribe again later.",
        },
        {
          kind: 'p',
          text: "Option 2, One-time (also called instant): a single reward equal to the referred member's first month's subscription, meaning the amount they actually paid, excluding taxes, for their first paid month. At today's prices that is $4.99 for Premium or $9.99 for Premium+.",
        },
        {
          kind: 'p',
          text: 'Each referral earns under one option only, never both. Referral rewards are paid to you; they are separate from the donations Charity Arena makes to nonprofits and do not reduce them.',
        },
      ],
    },
    {
      id: 'earning-and-payment',
      title: 'When rewards are earned and paid',
      body: [
        { kind: 'p', text: 'A reward is issued only when all of these are true:' },
        {
          kind: 'ul',
          items: [
            "The referred member's payment has succeeded.",
            'The 30-day refund period for that payment, as set out in the Terms of Use, has ended without a refund or a chargeback.',
            "Both your account and the referred member's account are still active.",
          ],
        },
        {
          kind: 'p',
          text: "Until then, a reward shows as pending in your profile. Rewards are paid monthly: after each month's charges succeed, we pay all rewards released during that month in a single payment to the payout method you have set up. If you have not set up a payout method, released rewards wait for you until you do.",
        },
        {
          kind: 'p',
          text: 'Referral rewards may be taxable income. We may ask for the tax information the law requires before paying, and we issue tax forms where the law requires them. Rewards have no value until they are paid and cannot be transferred, sold or exchanged.',
        },
      ],
    },
    {
      id: 'rules-and-prohibited-conduct',
      title: 'Rules and prohibited conduct',
      body: [
        {
          kind: 'p',
          text: 'Share your link honestly and only with people who are likely to welcome it. You must not:',
        },
        {
          kind: 'ul',
          items: [
            'Refer yourself, including through a second account, another email address or another phone number.',
            'Create fake or duplicate accounts, or pay for, trade or arrange sign-ups that are not real people joining for their own use.',
            'Send spam: unsolicited bulk email, text messages or direct messages, or posts that break the rules of the site where they appear.',
            'Use paid search ads that bid on the Charity Arena name, or pretend to be Charity Arena or a nonprofit.',
            'Make misleading claims, for example that Charity Arena is gambling or an investment, that members can win cash or prizes, or that payments are tax-deductible.',
            'Offer the people you refer cash or other incentives to sign up, unless we have agreed to it in writing.',
          ],
        },
      ],
    },
    {
      id: 'voided-rewards',
      title: 'Voided rewards and account action',
      body: [
        { kind: 'p', text: 'We may void a reward, before or after it is paid, when:' },
        {
          kind: 'ul',
          items: [
            'The payment that earned it is refunded, reversed or charged back.',
            'Either account is closed or suspended before the reward is released.',
            'The referral breaks these terms or the Terms of Use, or we reasonably believe it involves fraud or abuse.',
          ],
        },
        {
          kind: 'p',
          text: 'If a voided reward was already paid, we may deduct it from your future rewards or ask you to repay it. For serious or repeated abuse, we may also remove you from the program, void all your pending rewards and close your account. If you think a reward was voided by mistake, contact support within 30 days and we will review it.',
        },
      ],
    },
    {
      id: 'changes-and-ending-the-program',
      title: 'Changes to the program and ending it',
      body: [
        {
          kind: 'p',
          text: 'We may change these terms, the reward amounts or the way the program works, or end the program, with notice. We will tell participating members by email or in the app at least 30 days before a change or the end takes effect, unless a change is needed sooner to stop abuse or to comply with the law.',
        },
        {
          kind: 'p',
          text: 'A change applies only to rewards earned after it takes effect. Rewards earned before then, including recurring shares for payments already made, are released and paid under the terms in force when they were earned. If the program ends, recurring shares stop for payments made after the end date.',
        },
        {
          kind: 'p',
          text: 'These terms are governed by the laws of the State of Wyoming, and the dispute, liability and other provisions of the Terms of Use apply to them. Questions? Contact Charity Arena support from the Support section of your profile.',
        },
      ],
    },
  ],
};
