import type { LegalDocument } from '../legal-document';

export const termsOfUse: LegalDocument = {
  slug: 'terms',
  title: 'Terms of Use',
  version: 'v2.0',
  effectiveDate: 'October 24, 2025',
  lastUpdated: 'October 24, 2025',
  overview: [
    'These Terms of Use are the agreement between you and Charity Arena for using our website, web app and games. By creating an account or using Charity Arena, you accept them. If you do not agree, do not use the service.',
    'Charity Arena is a fundraising facilitator. Members compete in skill-based games, and the results decide which verified US 501(c)(3) nonprofits receive donations that Charity Arena makes from its own revenue. Nothing on Charity Arena is gambling, a sweepstake, a lottery or an investment, and winners never receive cash, gift cards or prizes.',
    'Please read the sections on billing and refunds (4 and 5), donations (7 and 8) and limits on our liability (12) with particular care. Our Privacy Policy and Referral Program Terms form part of these terms.',
  ],
  sections: [
    {
      id: 'what-charity-arena-is',
      title: 'What Charity Arena is',
      body: [
        {
          kind: 'p',
          text: 'Charity Arena is a fundraising facilitator. We host skill-based games and tournaments, and we let the results of those tournaments decide where our charitable donations go. The donations are made by Charity Arena, from its own revenue, to verified US 501(c)(3) nonprofits.',
        },
        { kind: 'p', text: 'To be clear about what Charity Arena is not:' },
        {
          kind: 'ul',
          items: [
            'It is not gambling. You never stake money on an outcome, and you can never win money or anything else of value for yourself.',
            'It is not a sweepstake or a lottery. Results are decided by how well members play, not by chance, and no prize is awarded to any member.',
            'It is not an investment. A membership buys access to the service; it earns no return and has no cash value.',
            'It does not raise money on behalf of any particular nonprofit, and the nonprofits listed on Charity Arena do not endorse it unless they say so.',
          ],
        },
      ],
    },
    {
      id: 'definitions',
      title: 'Words we use',
      body: [
        {
          kind: 'ul',
          items: [
            '"Charity Arena", "we", "us" and "our" mean the company that operates the Charity Arena service.',
            '"Member" means a person with a Charity Arena account. "Guest" means a person using the public pages without signing in.',
            '"Nonprofit" means an organization recognized by the IRS as tax-exempt under section 501(c)(3) of the Internal Revenue Code that has completed verification on Charity Arena and connected a payment account.',
            '"Tournament" (also called a challenge) means a competition in one of our skill games with published rules, mode, format and schedule or player cap.',
            '"Donation pool" means the amount of platform funds Charity Arena commits to donate through a tournament. The app may show it as the tournament\'s prize pool; it is never paid to members.',
            '"Platform-held funds" means money Charity Arena has set aside for donation but not yet transferred to a nonprofit.',
            '"Transfer window" means a scheduled run in which Charity Arena transfers platform-held donations to nonprofits.',
            '"Public ledger" means the public, append-only record of every donation and its status.',
            '"Card payment provider" means the third-party company that processes our card payments, subscriptions and transfers to nonprofits.',
          ],
        },
      ],
    },
    {
      id: 'eligibility-and-accounts',
      title: 'Eligibility and your account',
      body: [
        {
          kind: 'p',
          text: 'You may create an account only if you are 18 or older, or the age of majority where you live if that is higher, and you live in the United States. At launch Charity Arena is offered in the United States only, and we may refuse or close accounts opened from elsewhere.',
        },
        {
          kind: 'ul',
          items: [
            'One person, one account. Do not create accounts for other people, share your account, or open more than one.',
            'Give a real email address and mobile phone number that you control. We send your sign-in codes to them.',
            'Keep your sign-in codes private. You are responsible for what happens in your account until you tell us it has been misused.',
            'Pick a username that does not impersonate anyone and is not offensive. Your username is public.',
          ],
        },
        {
          kind: 'p',
          text: 'Guests can browse public pages, look up nonprofits, try games in demo mode and give on the donate page without an account.',
        },
      ],
    },
    {
      id: 'memberships-and-billing',
      title: 'Memberships, billing and renewal',
      body: [
        { kind: 'p', text: 'Charity Arena offers three membership plans, priced in US dollars:' },
        {
          kind: 'ul',
          items: [
            'Free: $0/month. Tournaments with donation pools of about $10–$25.',
            'Premium: $4.99/month. Adds tournaments with donation pools of about $50–$250 and teams of up to 20.',
            'Premium+: $9.99/month. Adds tournaments with donation pools of about $500–$1,000 or more and teams of up to 50.',
          ],
        },
        {
          kind: 'p',
          text: 'Paid plans are billed in advance through our card payment provider and renew automatically each month until you cancel. By subscribing, you authorize us to charge your payment method each month. Taxes may apply where the law requires them.',
        },
        {
          kind: 'p',
          text: 'You can cancel at any time from the subscription management page. Cancellation takes effect at the end of the period you have already paid for: you keep your plan until then, and you are not charged again. When you change plans, we show the new price and any adjustment for the current period before you confirm.',
        },
        {
          kind: 'p',
          text: "If a renewal payment fails, we may retry it and move your account to the Free plan until it succeeds. We will give you at least 30 days' notice of any price increase, which applies from your next renewal after the notice period; you can cancel before then. Membership fees are platform revenue: they pay for running Charity Arena and fund the donations we make, but no part of a fee is a donation by you.",
        },
      ],
    },
    {
      id: 'refunds',
      title: 'Refunds and billing problems',
      body: [
        {
          kind: 'ul',
          items: [
            'Subscription fees are non-refundable, including for partly used periods and unused features, except as required by law or described here.',
            'We refund membership charges that were made in error, such as a duplicate charge, a charge for the wrong amount, or a charge made after your cancellation took effect.',
            'Contact support within 30 days of a charge if you think it is wrong. That 30-day period is the refund period referred to in these terms and in the Referral Program Terms.',
            'Charitable disbursements are final. Once a donation has been directed to a nonprofit, it cannot be refunded, cancelled or redirected to you.',
          ],
        },
        {
          kind: 'p',
          text: 'Please contact us before disputing a charge with your bank. If you open a chargeback for a valid charge, we may suspend your account while the dispute is open and close it if the dispute is decided in our favor.',
        },
      ],
    },
    {
      id: 'tournaments-and-skill-games',
      title: 'Tournaments and skill-based games',
      body: [
        {
          kind: 'p',
          text: 'Every game on Charity Arena is a game of skill: your result depends on how well you play. Each tournament shows its rules, mode (instant or scheduled), format, the plan it requires, and its donation pool and how that pool is split among the top finishers.',
        },
        {
          kind: 'ul',
          items: [
            'Scheduled tournaments run between fixed start and end times. Instant tournaments stay open until the published number of unique players has submitted a first score.',
            'Unless the rules say otherwise, your best score counts. In instant tournaments, ties are broken by the earliest high score, then the fewest attempts, and only then by a random draw made by our server.',
            'We check every score in a game we host by replaying the game from its input log. A score that does not match its replay is not counted.',
            'Some tournaments are for a partner\'s game, played on the partner\'s own site; its tournament page says so. If the partner\'s game server signs each result, we count a result only when its signature checks out ("Signed by the game"), and we check nothing else about how it was played. Otherwise the tournament is marked "Unverified": we take the score as it is sent, without checking it.',
            'Before you join, you choose the nonprofit that receives the donations your results direct. If you skip that step, you can choose later from your own leaderboard row. If a winner has not chosen a nonprofit 30 days after the tournament ends, Charity Arena directs their share to a verified nonprofit.',
            'Demo play lets anyone try a game; demo scores are never recorded.',
          ],
        },
        {
          kind: 'p',
          text: 'We may cancel, reschedule or void a tournament, or remove a result, if there is a technical fault, cheating or any other problem that makes the results unreliable. A cancelled tournament directs no donations; its donation pool stays with the platform for future tournaments.',
        },
      ],
    },
    {
      id: 'donations-and-disbursements',
      title: 'Donations and disbursements',
      body: [
        {
          kind: 'p',
          text: 'Donations are made by Charity Arena from its own revenue: membership fees and other platform funds. When a tournament ends, its donation pool is split according to its published rules, and each winner directs their share to the nonprofit they chose. Winners direct platform-held funds to verified US 501(c)(3) nonprofits; they never receive cash, gift cards or prizes, and a directed share has no cash value.',
        },
        {
          kind: 'p',
          text: 'Donations are not tax-deductible for members or other users, because the donation is made by Charity Arena, not by you. We do not issue tax receipts to members.',
        },
        { kind: 'p', text: 'Each donation moves through three statuses, all shown on the public ledger:' },
        {
          kind: 'ul',
          items: [
            'Held: "Platform-Held (Pending Transfer Window)". The donation has been directed and the funds are held by the platform until the next transfer window.',
            'Pending: "Verified with the payment provider (Pending Nonprofit Receipt)". The transfer to the nonprofit\'s verified payment account has been sent through our card payment provider.',
            'Cleared: "Cleared to Nonprofit (Payment Transfer Confirmed)". The card payment provider has confirmed the transfer.',
          ],
        },
        {
          kind: 'p',
          text: 'The public ledger records every donation and never edits or deletes an entry; a correction is a new entry. If a transfer fails, the donation returns to held and is retried in a later transfer window. If a nonprofit loses its 501(c)(3) status or can no longer receive transfers, we will ask the member who directed the donation to choose another nonprofit; if they do not choose within 30 days, Charity Arena will direct it to another verified nonprofit with a similar cause.',
        },
      ],
    },
    {
      id: 'direct-gifts',
      title: 'Direct gifts on the donate page',
      body: [
        {
          kind: 'p',
          text: "Anyone can give a direct gift on the donate page, from $1 in whole-dollar steps, paid through our card payment provider. A gift made from a nonprofit's page with Donate Now is directed to that nonprofit, and is held until its next transfer window. Any other direct gift goes into Charity Arena's platform-held donation pool: it is not paid to a particular nonprofit at the time you give, and you do not choose the recipient.",
        },
        {
          kind: 'p',
          text: 'Gifts in the pool are given away only to verified nonprofits, through tournament results and transfer windows, and are recorded on the public ledger like every other donation. Money in the pool is used only for donations to verified nonprofits.',
        },
        {
          kind: 'p',
          text: 'Because Charity Arena makes the final donation to the nonprofit, we cannot tell you that a direct gift is tax-deductible, and we do not issue tax receipts for it. Ask a tax adviser about your own situation. A gift charged in error, such as a duplicate payment, is refunded if you contact support within 30 days; otherwise direct gifts are final.',
        },
      ],
    },
    {
      id: 'referral-program',
      title: 'Referral program',
      body: [
        {
          kind: 'p',
          text: "Active members in good standing can invite new members with a referral link and earn a referral reward when the people they refer pay for a membership. For each referral link you choose one of two rewards: a recurring 10% share of the referred member's active subscription, or a one-time reward equal to the referred member's first month's subscription.",
        },
        {
          kind: 'p',
          text: "Rewards are issued only after the referred member's payment succeeds and the 30-day refund period ends, and only while both accounts are active. They are paid monthly. The full rules, including what counts as abuse and when a reward is voided, are in the Referral Program Terms, which form part of these terms.",
        },
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Fair play and acceptable use',
      body: [
        { kind: 'p', text: 'To keep competition fair and donations honest, you must not:' },
        {
          kind: 'ul',
          items: [
            "Use bots, scripts, macros, modified clients, or anyone else's help to play for you.",
            'Tamper with games, scores, input logs or network traffic, or exploit bugs instead of reporting them.',
            'Create fake or duplicate accounts, or coordinate with other players to fix a result.',
            "Sign in to someone else's account, or try to get around plan limits, rate limits or security measures.",
            'Use Charity Arena for anything unlawful, harassing, misleading or fraudulent, including false claims about nonprofits or about how donations work.',
            'Copy, scrape or resell the service or its data except as the law allows.',
          ],
        },
        {
          kind: 'p',
          text: 'If you break these rules, we may remove your scores, cancel the donations your results would have directed before they are transferred, void referral rewards, and suspend or close your account.',
        },
      ],
    },
    {
      id: 'content-and-intellectual-property',
      title: 'Our content and yours',
      body: [
        {
          kind: 'p',
          text: 'Charity Arena, its games, design, text and software belong to us or our licensors. We give you a personal, revocable, non-transferable right to use them as these terms allow, and no other rights.',
        },
        {
          kind: 'p',
          text: 'You keep ownership of anything you submit, such as your username and avatar. You give us permission to use it to run and show the service, for example on leaderboards and the public ledger. Nonprofit names and logos belong to their owners and are shown to identify them.',
        },
        {
          kind: 'p',
          text: 'Information about nonprofits comes partly from public IRS records and a charity rating service. We work to keep it accurate, but we do not guarantee it, and a rating is not our recommendation.',
        },
      ],
    },
    {
      id: 'disclaimers-and-liability',
      title: 'Disclaimers and limits on liability',
      body: [
        {
          kind: 'p',
          text: 'We work hard to keep Charity Arena available, fair and accurate, but we provide it "as is" and "as available". To the extent the law allows, we make no promises beyond those in these terms, including about uninterrupted service, freedom from errors, or what any nonprofit does with the donations it receives.',
        },
        {
          kind: 'p',
          text: 'To the extent the law allows, Charity Arena is not liable for indirect, incidental, special or consequential losses, or for lost profits or data. Our total liability to you for all claims about the service is limited to the amount you paid Charity Arena in the 12 months before the event that gave rise to the claim.',
        },
        {
          kind: 'p',
          text: 'Some states do not allow certain limits on liability, so some of these limits may not apply to you. Nothing in these terms limits liability that cannot be limited by law.',
        },
      ],
    },
    {
      id: 'ending-changes-and-governing-law',
      title: 'Ending your account, changes and governing law',
      body: [
        {
          kind: 'p',
          text: 'You can stop using Charity Arena and ask us to close your account at any time. We may suspend or close an account that breaks these terms, or when the law requires it; where we can, we will tell you why. Donations already directed stay with the nonprofits they were directed to, and the sections of these terms that by their nature should survive, including those on refunds, donations, liability and governing law, continue to apply.',
        },
        {
          kind: 'p',
          text: 'We may change these terms. We will tell members about material changes by email or in the app at least 30 days before they take effect. If you keep using Charity Arena after that, the new terms apply; if you do not agree, cancel before they take effect.',
        },
        {
          kind: 'p',
          text: 'These terms are governed by the laws of the State of Wyoming, without regard to its conflict-of-laws rules. Any dispute about them or the service will be decided by the state or federal courts located in Wyoming, unless the law of the state where you live gives you the right to bring the claim there.',
        },
        {
          kind: 'p',
          text: 'Questions about these terms? Contact Charity Arena support from the Support section of your profile, or reply to any email we have sent you.',
        },
      ],
    },
  ],
};
