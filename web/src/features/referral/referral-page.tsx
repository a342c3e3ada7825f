import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { MyReferrals } from '@arena/contracts/referrals.contract';
import toast from 'react-hot-toast';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { Accordion, Badge, Button, buttonClass, Card } from '../../ui';
import { referralFaq, referralRewards, referralSteps } from './content';
import type { ReferralOption } from '@arena/contracts';
import { dollars } from '../donations/donation-format';
import { referralLink } from './referral-link';
import { modeOfOption, myReferralsQuery, optionOfMode } from './referrals.queries';
import { useRewardMode } from './use-reward-mode';
import './referral.css';

const LOGIN_REQUIRED = 'Please login to share your link';

/** A signed-in member's figures, from the referral balances: what the link has earned so far. */
function MyRewards({ referrals }: { referrals: MyReferrals }) {
  const { pendingCents, releasedCents, paidCents } = referrals.balances;
  return (
    <div className="referral__mine">
      <dl>
        <div>
          <dt>Joined through your link</dt>
          <dd>{referrals.referred.length}</dd>
        </div>
        <div>
          <dt>Pending</dt>
          <dd>{dollars(pendingCents)}</dd>
        </div>
        <div>
          <dt>Earned</dt>
          <dd>{dollars(releasedCents + paidCents)}</dd>
        </div>
      </dl>
      <Link to="/profile" hash="profile-referrals">
        See every reward in your profile
      </Link>
    </div>
  );
}

export interface ReferralPageProps {
  /** The option in the address; without one, a member's own reward mode, else option 1. */
  option: ReferralOption | undefined;
  onOptionChange: (option: ReferralOption) => void;
}

export function ReferralPage({ option: chosen, onOptionChange }: ReferralPageProps) {
  useDocumentTitle('Referral Program');
  const session = useSession();
  const member = session?.status === 'member' ? session.member : undefined;
  const mine = useQuery({ ...myReferralsQuery(member?.id ?? ''), enabled: member !== undefined });
  const rewardMode = useRewardMode(member?.id ?? '');
  // A member's pick is saved to their account (the rewards of new referrals follow it); a guest's only
  // changes the link's option.
  const saved = mine.data ? optionOfMode(rewardMode.choosing ?? mine.data.rewardMode) : undefined;
  const option = chosen ?? saved ?? 1;
  const pick = (next: ReferralOption) => {
    onOptionChange(next);
    if (mine.data && next !== saved) rewardMode.choose(modeOfOption(next));
  };
  // The code the referrals context answers with; the profile's own until it has answered.
  const code = member ? (mine.data?.code ?? member.referralCode) : undefined;
  const link = code ? referralLink(window.location.origin, code, option) : undefined;

  const copy = async () => {
    if (!link) {
      toast.error(LOGIN_REQUIRED);
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Referral link copied');
    } catch {
      toast.error('Failed to copy link');
    }
  };

  const share = async () => {
    if (!link) {
      toast.error(LOGIN_REQUIRED);
      return;
    }
    if (typeof navigator.share !== 'function') {
      await copy();
      return;
    }
    try {
      await navigator.share({
        title: 'Join me on Charity Arena',
        text: 'Play skill games and direct donations to verified nonprofits.',
        url: link,
      });
    } catch (error) {
      if (!(error instanceof DOMException && error.name === 'AbortError')) await copy();
    }
  };

  return (
    <div className="container referral">
      <header className="page-header">
        <p className="eyebrow">Referral Program</p>
        <h1 className="page-header__title">Invite friends, earn a reward</h1>
        <p className="lead">
          When someone you invite subscribes to Premium or Premium+, you earn a reward. Choose the reward that
          suits you, then share your link.
        </p>
      </header>

      <section aria-labelledby="referral-rewards" className="referral__section">
        <h2 id="referral-rewards">Choose your reward</h2>
        <fieldset className="referral__options">
          <legend className="visually-hidden">Reward option</legend>
          {referralRewards.map((reward) => (
            <label
              key={reward.option}
              className={
                reward.option === option ? 'referral__option referral__option--selected' : 'referral__option'
              }
            >
              <span className="referral__option-head">
                <input
                  type="radio"
                  name="referral-option"
                  value={reward.option}
                  checked={reward.option === option}
                  onChange={() => pick(reward.option)}
                />
                <span className="referral__option-title">{reward.title}</span>
                <Badge tone={reward.option === 1 ? 'primary' : 'accent'}>Option {reward.option}</Badge>
              </span>
              <span className="referral__option-summary">{reward.summary}</span>
              <ul className="referral__option-details">
                {reward.details.map((detail) => (
                  <li key={detail}>{detail}</li>
                ))}
              </ul>
            </label>
          ))}
        </fieldset>
      </section>

      <Card
        as="section"
        tone="raised"
        className="referral__section referral__share"
        aria-labelledby="referral-link"
      >
        <h2 id="referral-link" className="card__title">
          Your referral link
        </h2>
        {link ? (
          <>
            <p className="muted">
              This link carries option {option}. Anyone who joins through it is linked to you.
            </p>
            {mine.data && <MyRewards referrals={mine.data} />}
          </>
        ) : (
          <p className="muted">
            <Link to="/login">Log in</Link> to get your personal link. Members share it to earn rewards.
          </p>
        )}
        <div className="referral__share-row">
          <label className="visually-hidden" htmlFor="referral-link-value">
            Referral link
          </label>
          <input
            id="referral-link-value"
            className="input referral__link-input"
            readOnly
            value={link ?? ''}
            placeholder="Log in to see your link"
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="referral__share-actions">
            <Button variant="secondary" onClick={() => void copy()}>
              Copy link
            </Button>
            <Button onClick={() => void share()}>Share</Button>
          </div>
        </div>
      </Card>

      <section aria-labelledby="referral-steps" className="referral__section">
        <h2 id="referral-steps">How it works</h2>
        <ol className="referral__steps">
          {referralSteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="referral-faq" className="referral__section">
        <h2 id="referral-faq">Frequently asked questions</h2>
        <Accordion
          items={referralFaq.map((entry, index) => ({
            id: `faq-${index + 1}`,
            title: entry.question,
            content: <p>{entry.answer}</p>,
          }))}
        />
        <p className="referral__terms">
          The full rules are in the <Link to="/referral-terms">Referral Program Terms</Link>.
        </p>
      </section>

      {!link && (
        <div className="referral__cta">
          <Link to="/create-account" className={buttonClass({ size: 'large' })}>
            JOIN FREE
          </Link>
        </div>
      )}
    </div>
  );
}
