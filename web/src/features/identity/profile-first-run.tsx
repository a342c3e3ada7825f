import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClass, Card } from '../../ui';
import { DONATION_MONEY_STATES } from '../donations/money-states';

/**
 * The first-run profile (issue 23, item 11): a member with no activity yet sees what to do first,
 * and each section with nothing in it is one line rather than a block of zeros.
 */
export function WelcomeSection({ username }: { username: string }) {
  return (
    <Card as="section" className="profile__section profile-welcome" aria-labelledby="profile-welcome">
      <h2 id="profile-welcome" className="card__title">
        Welcome, @{username}
      </h2>
      <p>Your profile fills up as you play and give. Three ways to start:</p>
      <ol className="profile-welcome__steps">
        <li>
          <h3>Join a challenge</h3>
          <p>
            Play a skill game against other members. The results decide which nonprofit the prize pool goes
            to.
          </p>
          <Link to="/challenges" className={buttonClass({ variant: 'primary' })}>
            Browse challenges
          </Link>
        </li>
        <li>
          <h3>Make a donation</h3>
          <p>
            Give from $1 to a verified nonprofit or to the donation pool. Every gift is on the public ledger.
          </p>
          <Link to="/donate" className={buttonClass({ variant: 'secondary' })}>
            Give now
          </Link>
        </li>
        <li>
          <h3>Invite friends</h3>
          <p>Share your referral link. When someone you invite subscribes, you earn a reward.</p>
          <a href="#profile-referrals" className={buttonClass({ variant: 'secondary' })}>
            Get your link
          </a>
        </li>
      </ol>
    </Card>
  );
}

/** A section with nothing in it yet: its heading and one line. */
export function EmptySectionLine({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" className="profile__section profile__section--empty" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      <div className="profile__empty-line">{children}</div>
    </Card>
  );
}

/** What happens to a donation, for a member who has none yet: the states they will see, in order. */
export function DonationStatesNote() {
  return (
    <details className="profile__states">
      <summary>What happens to a donation</summary>
      <dl>
        {Object.values(DONATION_MONEY_STATES).map((state) => (
          <div key={state.label}>
            <dt>{state.label}</dt>
            <dd>{state.explanation}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
