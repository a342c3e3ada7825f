import type { LegalDocument } from '../legal-document';

export const privacyPolicy: LegalDocument = {
  slug: 'privacy-policy',
  title: 'Privacy Policy',
  version: 'v1.0',
  effectiveDate: 'October 24, 2025',
  lastUpdated: 'October 24, 2025',
  overview: [
    'This Privacy Policy explains what personal information Charity Arena collects when you visit our website, create an account, play in tournaments, give through the donate page or take part in the referral program, and what we do with it.',
    'In short: we collect what we need to run your account, verify that you are who you say you are, keep games fair, process payments through our card payment provider and record donations on the public ledger. We do not sell your personal information, we do not store full card numbers, and nonprofits do not receive your email address or phone number unless you choose to share them.',
    'At launch, Charity Arena is offered in the United States only. It is meant for adults, and this policy is not directed to children under 13.',
  ],
  sections: [
    {
      id: 'who-we-are',
      title: 'Who we are and what this policy covers',
      body: [
        {
          kind: 'p',
          text: 'Charity Arena ("Charity Arena", "we", "us" or "our") runs a fundraising facilitator: members compete in skill-based games, and the results decide which verified US 501(c)(3) nonprofits receive donations that Charity Arena makes from its own revenue. This policy applies to our website and web app, the games played inside it, and the emails and text messages we send about them.',
        },
        {
          kind: 'p',
          text: 'In this policy, a "member" is anyone with a Charity Arena account, a "guest" is anyone using the public pages without signing in, and a "nonprofit" is a verified US 501(c)(3) organization listed on Charity Arena. Words with a special meaning are used the same way as in our Terms of Use.',
        },
        {
          kind: 'p',
          text: "This policy does not cover the websites or services of others, even when we link to them, such as the checkout and billing pages of our card payment provider or a nonprofit's own website. Their own privacy notices apply there.",
        },
        {
          kind: 'p',
          text: 'At launch, Charity Arena is offered in the United States only, and we store and process personal information in the United States.',
        },
      ],
    },
    {
      id: 'information-you-give-us',
      title: 'Information you give us',
      body: [
        { kind: 'p', text: 'We collect the information you type in or choose when you use Charity Arena:' },
        {
          kind: 'ul',
          items: [
            'Account details: your username, email address and mobile phone number (with its country code). Your username is public; your email address and phone number are not.',
            'Referral details: the referral code in a link you followed, the referral reward option you chose, and the payout details you give us so that we can pay referral rewards.',
            'Tournament choices: the tournaments you join and the nonprofit you select to receive donations from your results, along with the nonprofits you save as favorites.',
            'Direct gifts: the amount you give on the donate page and, if you enter it, the email address for your confirmation.',
            "Nonprofit onboarding: for people who register a nonprofit or invite one, the organization's name, EIN, description, category and contact email, the inviter's name and email, and the one-time code used to confirm the organization's email address.",
            'Messages to us: what you tell us when you contact support or report a problem.',
          ],
        },
        {
          kind: 'p',
          text: 'You can use the public pages without giving us any of this. You need an account to join tournaments, play for a score, subscribe, save favorites or share a referral link.',
        },
      ],
    },
    {
      id: 'information-collected-automatically',
      title: 'Information collected as you use the service',
      body: [
        { kind: 'p', text: 'Some information is created by your use of Charity Arena:' },
        {
          kind: 'ul',
          items: [
            'Sign-in codes: we do not use passwords. When you sign up or sign in, we send a one-time code by email or text message and record when it was sent, whether it was used and how many attempts were made.',
            'Sign-in sessions: the access and refresh tokens that keep you signed in, and when they were issued and refreshed.',
            "Gameplay and scores: each game session, its start and end time, its duration, your score, level and stage, the random seed we issued for it and the log of your inputs. We replay that input log to check that every submitted score is genuine. For a partner's game played on its own site we receive only the result: your score and, when the partner signs its results, the partner's result id, signature and signing time. We do not receive your inputs in that game.",
            'Results and statistics: your ranks, wins, tournament history, play time and the donations your results directed.',
            'Technical data: your IP address, browser type, device type, the pages you request and the time of each request, recorded in our server logs.',
          ],
        },
        {
          kind: 'p',
          text: 'We do not use third-party advertising or analytics trackers, and we do not follow you across other websites.',
        },
      ],
    },
    {
      id: 'payment-information',
      title: 'Payment information',
      body: [
        {
          kind: 'p',
          text: "Subscriptions and direct gifts are paid through our card payment provider. You enter your card details on the provider's own checkout and billing pages, not on ours. Charity Arena never receives or stores your full card number or security code.",
        },
        {
          kind: 'p',
          text: 'From the provider we receive what we need to run your membership and keep accurate records: a customer reference, your plan, the amount and date of each charge, whether the payment succeeded, failed, was refunded or was disputed, and limited card details such as the card brand, the last four digits and the expiry date.',
        },
        {
          kind: 'p',
          text: "The card payment provider also processes the transfers that Charity Arena sends to nonprofits' verified payment accounts. It handles your payment information under its own privacy notice and the rules of the card networks.",
        },
      ],
    },
    {
      id: 'nonprofit-information',
      title: 'Information about nonprofits',
      body: [
        {
          kind: 'p',
          text: "To help members find and choose nonprofits, we show information about charitable organizations drawn from public IRS records of tax-exempt organizations and from a charity rating service. This includes each organization's name, EIN, address, cause, mission and rating. This information is about organizations, and it is public.",
        },
        {
          kind: 'p',
          text: 'When a nonprofit onboards, we collect the details needed to verify its 501(c)(3) status and pay it: its EIN, legal name, description, contact email, and the identifier of the payment account it connects with our card payment provider. The people who act for a nonprofit give us their name and work email address, which we use to contact them about onboarding and donations.',
        },
      ],
    },
    {
      id: 'how-we-use-information',
      title: 'How we use information',
      body: [
        { kind: 'p', text: 'We use personal information only for these purposes:' },
        {
          kind: 'ul',
          items: [
            'To create and secure your account, send sign-in codes and keep you signed in.',
            'To run tournaments: to admit you to the tournaments your plan includes, verify scores, rank players, apply tie-breakers and record results.',
            'To direct and record donations: to record which nonprofit your results support, transfer donations to nonprofits and publish them on the public ledger.',
            'To bill subscriptions, handle refunds and disputes, and keep the accounting and tax records the law requires.',
            'To run the referral program: to connect a referred member with the member who referred them, work out rewards and pay them.',
            'To keep Charity Arena fair and safe: to detect cheating, fake or duplicate accounts, payment fraud and abuse, and to limit repeated requests.',
            'To send service messages, such as sign-in codes, receipts, changes to your plan and changes to our terms or this policy. We send other news only if you agree, and you can stop it at any time.',
            'To answer your questions, fix problems and improve the service.',
            'To comply with the law and respond to lawful requests.',
          ],
        },
        {
          kind: 'p',
          text: 'We check every score in a game we host automatically by replaying its input log. For a partner\'s game we check the partner\'s signature on each result where the partner signs them; a tournament whose scores we cannot check is marked "Unverified" on its page. A score that fails a check is not counted. If you believe that happened in error, contact support and a person will review it.',
        },
      ],
    },
    {
      id: 'public-information',
      title: 'What other people can see',
      body: [
        {
          kind: 'p',
          text: 'Charity Arena is built to be transparent about where donations go, so some information is public:',
        },
        {
          kind: 'ul',
          items: [
            'Your username, avatar, scores, ranks and the nonprofit you chose appear on tournament leaderboards, winner lists and your player statistics.',
            'The public ledger lists every donation: its date, amount, the nonprofit that receives it, its status, a receipt code, a shortened reference from the payment provider, and the username that directed it when it came from a tournament result.',
            'A nonprofit\'s profile shows the donations and supporters it has received. Direct gifts appear there as "Anonymous"; the email address given with a gift is never published.',
          ],
        },
        {
          kind: 'p',
          text: 'Your email address, phone number and payment details are never shown publicly. Choose a username that does not reveal more about you than you want to share.',
        },
      ],
    },
    {
      id: 'how-we-share-information',
      title: 'How we share information',
      body: [
        {
          kind: 'p',
          text: 'We do not sell your personal information, and we do not share it for targeted advertising. We share it only as follows:',
        },
        {
          kind: 'ul',
          items: [
            'Our card payment provider, to process subscriptions, direct gifts, refunds and transfers to nonprofits.',
            'Email and SMS delivery providers, to send sign-in codes and service messages. They receive only your email address or phone number and the message.',
            'Hosting and infrastructure providers, who store and process data for us under contracts that limit their use of it to providing their service.',
            'Nonprofits, which receive records of the donations made to them: the date, amount, status and, for tournament donations, the tournament and the directing username. They do not receive your email address or phone number unless you opt in to share them with that nonprofit.',
            'Authorities and others when the law requires it, or when we need to protect the rights, safety or property of our members, nonprofits, the public or Charity Arena.',
            'A buyer or successor if Charity Arena is reorganized, merged or sold, in which case this policy continues to protect the information transferred.',
          ],
        },
        {
          kind: 'p',
          text: 'If you were referred, the member who referred you can see your username, when you joined and the status of the reward your membership earns them. They do not see your email address, phone number or payment details.',
        },
      ],
    },
    {
      id: 'cookies-and-local-storage',
      title: 'Cookies and local storage',
      body: [
        {
          kind: 'p',
          text: "Charity Arena does not use advertising cookies. To keep you signed in, the app stores an access token and a refresh token in your browser's local storage. If you followed a referral link, it also stores the referral code there so that the referral can be credited when you create your account.",
        },
        {
          kind: 'p',
          text: "Signing out removes the tokens. Clearing your browser's site data removes everything we store in your browser and signs you out. Anyone with access to your browser profile can use a stored token, so sign out on shared devices.",
        },
        {
          kind: 'p',
          text: "Our card payment provider's checkout and billing pages set their own cookies to process payments and prevent fraud. Those cookies are governed by the provider's privacy notice.",
        },
      ],
    },
    {
      id: 'data-retention',
      title: 'How long we keep information',
      body: [
        {
          kind: 'p',
          text: 'We keep personal information only as long as we need it for the purposes above:',
        },
        {
          kind: 'ul',
          items: [
            'Account details: while your account is open. After you delete your account, we erase or de-identify them within 30 days, except what we must keep for the records below.',
            'Sign-in codes expire within minutes. We keep records of sign-in attempts for up to 90 days to protect accounts.',
            'Gameplay data and input logs: while your account is open, so that results can be checked and disputes resolved.',
            'Payment, refund, donation and referral records: for at least seven years, to meet accounting and tax obligations.',
            'Server logs: up to 90 days, unless we need them longer to investigate a security incident or abuse.',
          ],
        },
        {
          kind: 'p',
          text: 'The public ledger is a permanent, append-only record that anyone can check, so entries already published stay on it after an account is closed. Ledger entries never contain your email address, phone number or payment details.',
        },
      ],
    },
    {
      id: 'data-security',
      title: 'How we protect information',
      body: [
        {
          kind: 'p',
          text: 'We protect personal information with safeguards suited to its sensitivity, including encryption in transit, access limited to the staff and providers who need it, short-lived sign-in tokens, one-time sign-in codes instead of passwords, and limits on repeated sign-in attempts. Card data is handled by our card payment provider, not by us.',
        },
        {
          kind: 'p',
          text: 'No system is perfectly secure. Keep your email account and phone secure, never share a sign-in code, and contact us right away if you think someone else has used your account. If a security incident affects your personal information, we will notify you as the law requires.',
        },
      ],
    },
    {
      id: 'your-rights-and-choices',
      title: 'Your rights and choices',
      body: [
        { kind: 'p', text: 'Whichever state you live in, you can ask us to:' },
        {
          kind: 'ul',
          items: [
            'Access: tell you what personal information we hold about you and give you a copy.',
            'Correct: fix information that is wrong or out of date.',
            'Delete: close your account and delete your personal information, except what we must keep by law or for the records described in section 10.',
          ],
        },
        {
          kind: 'p',
          text: 'Some state laws give you further rights, such as the right to opt out of the sale of personal information or of targeted advertising. We do neither. We will not treat you differently for using your privacy rights.',
        },
        {
          kind: 'p',
          text: 'To make a request, contact us as described in section 15. We will confirm the request comes from you, usually by sending a one-time code to the email address or phone number on your account, and answer within 45 days. You can also stop non-essential emails with the unsubscribe link in them and stop text messages by replying STOP; we will still send the sign-in codes you ask for.',
        },
      ],
    },
    {
      id: 'childrens-privacy',
      title: "Children's privacy",
      body: [
        {
          kind: 'p',
          text: 'Charity Arena is not for children. This policy and our service are not directed to children under 13, and we do not knowingly collect personal information from children under 13.',
        },
        {
          kind: 'p',
          text: 'Accounts are only for people who are 18 or older, or the age of majority where they live if that is higher. If we learn that we have collected personal information from a child under 13, or that an account belongs to someone under the required age, we will delete the information and close the account. A parent or guardian who believes this has happened can contact us as described in section 15.',
        },
      ],
    },
    {
      id: 'changes-to-this-policy',
      title: 'Changes to this policy',
      body: [
        {
          kind: 'p',
          text: 'We may update this policy when our service or the law changes. The version number and the "last updated" date at the top show which version you are reading.',
        },
        {
          kind: 'p',
          text: 'If we make a material change, such as using your information for a new purpose or sharing it with a new kind of recipient, we will tell members by email or in the app before the change takes effect. Where the law requires your consent to a change, we will ask for it.',
        },
      ],
    },
    {
      id: 'contact-us',
      title: 'Contact us',
      body: [
        {
          kind: 'p',
          text: 'For questions about this policy or to make a privacy request, contact Charity Arena support from the Support section of your profile, or reply to any email we have sent you. Please write "Privacy request" in your message so that it reaches the right team.',
        },
        {
          kind: 'p',
          text: 'If you do not have an account, tell us the email address or phone number you believe we hold, and we will verify it before we act on the request.',
        },
      ],
    },
  ],
};
