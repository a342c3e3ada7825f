import type { ReferralOption } from '@arena/contracts';

export interface ReferralReward {
  option: ReferralOption;
  title: string;
  summary: string;
  details: string[];
}

export interface ReferralFaqEntry {
  question: string;
  answer: string;
}

export const referralRewards: ReferralReward[] = [
  {
    option: 1,
    title: 'Recurring (lifetime)',
    summary: "Earn a 10% recurring share of the referred member's active subscription.",
    details: [
      'For every monthly payment your referral makes, you earn 10% of what they paid.',
      'That is about $0.49 a month for a Premium member and $0.99 a month for a Premium+ member.',
      'It continues for as long as their subscription stays active.',
      'Best if you expect the people you invite to stay for the long run.',
    ],
  },
  {
    option: 2,
    title: 'One-time (instant)',
    summary: "Earn a single reward equal to the referred member's first month's subscription.",
    details: [
      'One reward, equal to what your referral paid for their first month.',
      'That is $4.99 for Premium or $9.99 for Premium+.',
      'Paid once; nothing further is earned from that referral.',
      'Best if you want the whole reward up front.',
    ],
  },
];

export const referralSteps: string[] = [
  'Sign in and choose a reward: option 1 (recurring) or option 2 (one-time). Your link carries the option you choose.',
  'Copy or share your referral link with friends who would enjoy playing for a good cause.',
  'Your friend creates a Charity Arena account through your link and subscribes to Premium or Premium+.',
  'Once their payment succeeds and the 30-day refund period has passed, with both accounts still active, the reward is released.',
  'Released rewards are paid to you monthly, and you can follow each one in your profile.',
];

export const referralFaq: ReferralFaqEntry[] = [
  {
    question: 'Who can join the referral program?',
    answer:
      'Any active Charity Arena member in good standing. That means your account is open, you meet the eligibility rules (18 or older, or the age of majority where you live, and living in the United States), and your account is not suspended.',
  },
  {
    question: 'Can I choose a different reward for different friends?',
    answer:
      'Yes. You choose one of the two rewards each time you share or copy your link. The option on the link your friend used applies to that referral and cannot be changed later.',
  },
  {
    question: 'When do I earn a reward?',
    answer:
      "Only after your friend's payment succeeds, after the 30-day refund period for that payment ends, and while both your account and theirs are active. Until then the reward shows as pending in your profile.",
  },
  {
    question: 'When am I paid?',
    answer:
      "Monthly. After each month's charges succeed, all rewards released that month are paid together to the payout method you have set up.",
  },
  {
    question: 'What if my friend stays on the Free plan?',
    answer:
      'Rewards come only from paid memberships. If your friend starts on Free and upgrades later, the referral still counts from their first paid month.',
  },
  {
    question: 'Can a reward be taken back?',
    answer:
      'Yes. A reward is voided if the payment behind it is refunded or charged back, if either account is closed, or if the referral involves abuse such as self-referral, fake or duplicate accounts, or spam. If only part of the payment is refunded, the reward is lowered to what the part kept earns.',
  },
  {
    question: 'Can I refer myself or open a second account?',
    answer:
      'No. Self-referrals and fake or duplicate accounts are not allowed. They void the rewards involved and can lead to your account being closed.',
  },
  {
    question: 'Are referral rewards donations?',
    answer:
      'No. Referral rewards are paid to you and are separate from the donations Charity Arena makes to nonprofits. They do not reduce those donations, and they may count as taxable income.',
  },
  {
    question: 'Can the program change?',
    answer:
      "Charity Arena may change or end the program with at least 30 days' notice. Rewards you earned before a change are paid under the rules in force when you earned them. The Referral Program Terms have the full details.",
  },
];
