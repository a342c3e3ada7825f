import { useMutation, useQuery } from '@tanstack/react-query';
import type { MyReferrals, ReferralReward, RewardMode } from '@arena/contracts/referrals.contract';
import toast from 'react-hot-toast';
import { Button, Card, DataTable, EmptyState, Skeleton, type Column } from '../../ui';
import { dollars, dollarsWithCents, shortDate } from '../donations/donation-format';
import { REFERRAL_MONEY_STATES } from '../donations/money-states';
import { failureMessage } from '../identity/auth.validation';
import { myReferralsQuery, referralsApi } from './referrals.queries';
import { useRewardMode } from './use-reward-mode';
import './referral.css';

type Payout = MyReferrals['payouts'][number];

const MODES: { mode: RewardMode; label: string; detail: string }[] = [
  { mode: 'recurring', label: 'Recurring', detail: '10% of every monthly payment of the member you refer' },
  { mode: 'one-time', label: 'One-time', detail: "One reward equal to the referred member's first month" },
];

const STATUS_LABELS: Record<ReferralReward['status'], string> = {
  pending: 'Pending',
  released: 'Released',
  paid: 'Paid',
  voided: 'Voided',
};

const modeLabel = (mode: RewardMode) => (mode === 'recurring' ? 'Recurring 10%' : 'One-time');

function RewardDates({ reward }: { reward: ReferralReward }) {
  return (
    <span className="referral-program__dates">
      <span>Earned {shortDate(reward.accruedAt)}</span>
      {reward.status === 'pending' && <span>Releases {shortDate(reward.releasesAt)}</span>}
      {reward.status === 'released' && <span>Released {shortDate(reward.releasesAt)}</span>}
      {reward.paidAt && <span>Paid {shortDate(reward.paidAt)}</span>}
    </span>
  );
}

const REWARD_COLUMNS: Column<ReferralReward>[] = [
  { key: 'member', header: 'Referred member', cell: (row) => `@${row.referredUsername}` },
  { key: 'payment', header: 'Payment', numeric: true, cell: (row) => dollarsWithCents(row.paymentCents) },
  {
    key: 'reward',
    header: 'Reward',
    numeric: true,
    cell: (row) => (
      <span>
        {dollarsWithCents(row.amountCents)}
        <span className="referral-program__sub">{modeLabel(row.rewardMode)}</span>
      </span>
    ),
  },
  { key: 'status', header: 'Status', cell: (row) => STATUS_LABELS[row.status] },
  { key: 'dates', header: 'Dates', cell: (row) => <RewardDates reward={row} /> },
  { key: 'void', header: 'Void reason', cell: (row) => row.voidReason ?? '—' },
];

const PAYOUT_COLUMNS: Column<Payout>[] = [
  {
    key: 'month',
    header: 'Month',
    cell: (row) =>
      new Date(`${row.month}-01T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric' }),
  },
  { key: 'amount', header: 'Amount', numeric: true, cell: (row) => dollarsWithCents(row.amountCents) },
  { key: 'paid', header: 'Paid on', cell: (row) => shortDate(row.paidAt) },
  { key: 'transfer', header: 'Transfer', cell: (row) => <code>{row.transferId}</code> },
];

const SHOWN_BALANCES = ['pendingCents', 'releasedCents', 'paidCents', 'voidedCents'] as const;

function Balances({ balances }: { balances: MyReferrals['balances'] }) {
  const shown: (keyof MyReferrals['balances'])[] = [...SHOWN_BALANCES];
  if (balances.clawbackOwedCents > 0) shown.push('clawbackOwedCents');
  return (
    <dl className="profile__facts">
      {shown.map((balance) => (
        <div key={balance}>
          <dt>{REFERRAL_MONEY_STATES[balance].label}</dt>
          <dd>{dollars(balances[balance])}</dd>
          <dd className="profile__fact-note">{REFERRAL_MONEY_STATES[balance].explanation}</dd>
        </div>
      ))}
    </dl>
  );
}

function PayoutAccount({ status }: { status: MyReferrals['payoutAccount'] }) {
  const setUp = useMutation({
    mutationFn: referralsApi.payoutAccount,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (failure) => toast.error(failureMessage(failure, 'Failed to open the payout account setup')),
  });
  if (status === 'ready') {
    return (
      <p className="referral-program__account">
        Your payout account is ready: rewards are paid to it monthly.
      </p>
    );
  }
  return (
    <div className="referral-program__account">
      <p>
        {status === 'none'
          ? 'Set up a payout account so your released rewards can be paid to you.'
          : 'Your payout account setup is not finished yet. Released rewards wait until it is.'}
      </p>
      <Button variant="secondary" disabled={setUp.isPending} onClick={() => setUp.mutate()}>
        {status === 'none' ? 'Set Up Payout Account' : 'Continue Payout Account Setup'}
      </Button>
    </div>
  );
}

/** Who joined, the balances, the payout account, the rewards and the payouts. */
function ReferralActivity({ referrals }: { referrals: MyReferrals }) {
  return (
    <>
      <p className="profile__note">
        {referrals.referred.length === 0
          ? 'Nobody has joined through your link yet.'
          : `${referrals.referred.length} joined through your link, ${
              referrals.referred.filter((member) => member.active).length
            } still active.`}
      </p>
      <Balances balances={referrals.balances} />
      <PayoutAccount status={referrals.payoutAccount} />
      <DataTable
        caption="Your referral rewards"
        columns={REWARD_COLUMNS}
        rows={referrals.rewards}
        rowKey={(row) => row.id}
        empty={
          <EmptyState title="No referral rewards yet">
            Share your link. When someone you invite subscribes, their reward appears here.
          </EmptyState>
        }
      />
      <DataTable
        caption="Your referral payouts"
        columns={PAYOUT_COLUMNS}
        rows={referrals.payouts}
        rowKey={(row) => row.id}
        empty={
          <EmptyState title="No payouts yet">Released rewards are paid together once a month.</EmptyState>
        }
      />
    </>
  );
}

/** The profile's Referral Program (spec §2 "Profile"): link and copy, reward mode, balances, rewards and payouts. */
export function ReferralProgramSection({
  memberId,
  firstRun = false,
}: {
  memberId: string;
  /** A member with no activity yet: the link and the reward choice, and one line for the empty rest. */
  firstRun?: boolean;
}) {
  const mine = useQuery(myReferralsQuery(memberId));
  const { choosing, choose } = useRewardMode(memberId);

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Referral link copied');
    } catch {
      toast.error('Failed to copy referral link');
    }
  };

  return (
    <Card as="section" className="profile__section" aria-labelledby="profile-referrals">
      <h2 id="profile-referrals" className="card__title">
        Referral Program
      </h2>
      {mine.isPending ? (
        <Skeleton lines={3} />
      ) : mine.isError ? (
        <div className="cluster">
          <p className="muted">Your referral program could not be loaded.</p>
          <Button variant="secondary" onClick={() => void mine.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <div className="stack referral-program">
          <div className="referral__share-row">
            <label className="visually-hidden" htmlFor="profile-referral-link">
              Your referral link
            </label>
            <input
              id="profile-referral-link"
              className="input referral__link-input"
              readOnly
              value={mine.data.link}
              onFocus={(event) => event.currentTarget.select()}
            />
            <Button variant="secondary" onClick={() => void copy(mine.data.link)}>
              Copy Link
            </Button>
          </div>
          <fieldset className="referral-program__modes" disabled={choosing !== null}>
            <legend className="referral-program__legend">Payout mode for new referrals</legend>
            {MODES.map((choice) => (
              <label key={choice.mode} className="referral-program__mode">
                <input
                  type="radio"
                  name="referral-reward-mode"
                  value={choice.mode}
                  checked={(choosing ?? mine.data.rewardMode) === choice.mode}
                  onChange={() => choose(choice.mode)}
                />
                <span>
                  <strong>{choice.label}</strong>
                  <span className="referral-program__sub">{choice.detail}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {firstRun ? (
            <p className="profile__note">
              Nobody has joined through your link yet. When someone you invite subscribes, you earn a reward,
              and it shows here.
            </p>
          ) : (
            <ReferralActivity referrals={mine.data} />
          )}
        </div>
      )}
    </Card>
  );
}
