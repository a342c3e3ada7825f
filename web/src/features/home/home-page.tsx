import { Link } from '@tanstack/react-router';
import { useSession } from '../../lib/session';
import { buttonClass } from '../../ui';
import { LedgerSection } from './ledger-section';
import './home.css';

const PILLARS = [
  {
    title: 'Play skill challenges',
    text: 'Head-to-head challenges and tournaments decided by skill alone: no chance draws, no random prizes.',
  },
  {
    title: 'Winners direct donations',
    text: 'The prize is a donation. Winners choose which nonprofit receives it, and never receive cash, gift cards or prizes themselves.',
  },
  {
    title: 'Verified nonprofits only',
    text: 'Funds go only to verified U.S. 501(c)\u2060(3) nonprofits, paid out through our card payment provider.',
  },
];

const PROMISES = [
  'Donations are made by Charity Arena from its own revenue.',
  'Funds are paid only to verified U.S. 501(c)\u2060(3) nonprofits.',
  'Winners choose the nonprofit and never receive cash, gift cards or prizes.',
];

const STEPS = [
  {
    title: 'Join free',
    text: 'Create a free account with your email and phone. Members must be 18 or older and live in the U.S.',
  },
  {
    title: 'Pick a challenge',
    text: 'Enter an open challenge and choose the nonprofit you would like to play for.',
  },
  { title: 'Compete', text: 'Play the game and post your best score before the challenge closes.' },
  {
    title: 'Direct the donation',
    text: 'When the results are in, the winners direct the donation to their chosen nonprofits.',
  },
];

export function HomePage() {
  // JOIN FREE only for guests; hidden while a stored session is being checked so a member never sees it flash.
  const session = useSession();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">Skill games for verified nonprofits</p>
            <h1 id="hero-title" className="hero__title">
              Play. Compete. Reward.
            </h1>
            <p className="hero__lead">
              Compete in skill-game challenges. When you win, you decide which verified 501(c)(3) nonprofit
              receives the donation, funded by Charity Arena.
            </p>
            <div className="hero__actions">
              {session?.status === 'guest' && (
                <Link to="/create-account" className={buttonClass({ variant: 'on-dark', size: 'large' })}>
                  JOIN FREE
                </Link>
              )}
              <Link to="/challenges" className={buttonClass({ variant: 'outline-on-dark', size: 'large' })}>
                Start Playing
              </Link>
              <Link to="/howitworks" className={buttonClass({ variant: 'outline-on-dark', size: 'large' })}>
                How it works
              </Link>
            </div>
          </div>
          <aside className="hero__promise" aria-labelledby="hero-promise-title">
            <h2 id="hero-promise-title" className="hero__promise-title">
              Where the money goes
            </h2>
            <ul className="hero__promise-list">
              {PROMISES.map((promise) => (
                <li key={promise}>{promise}</li>
              ))}
            </ul>
          </aside>
        </div>
      </section>

      <section className="container section" aria-labelledby="what-title">
        <p className="eyebrow">What Charity Arena is</p>
        <h2 id="what-title" className="home__heading">
          A fundraising arena where the winner&rsquo;s reward is a donation
        </h2>
        <p className="lead">
          Charity Arena is a fundraising facilitator. Members play skill games; the results decide which
          nonprofit receives money that Charity Arena gives from its own revenue. It is not gambling, a
          sweepstake or an investment.
        </p>
        <ul className="grid home__pillars">
          {PILLARS.map((pillar, index) => (
            <li key={pillar.title} className="card home__pillar">
              <span className="home__pillar-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="card__title">{pillar.title}</h3>
              <p className="muted">{pillar.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="band home__band" aria-labelledby="steps-title">
        <div className="container section">
          <p className="eyebrow">From sign-up to donation</p>
          <h2 id="steps-title" className="home__heading">
            How a challenge works
          </h2>
          <ol className="home__steps">
            {STEPS.map((step) => (
              <li key={step.title} className="home__step">
                <h3 className="home__step-title">{step.title}</h3>
                <p className="muted">{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="cluster">
            <Link to="/howitworks" className={buttonClass({ variant: 'secondary' })}>
              Read the donation policy
            </Link>
            <Link to="/find-charity" className={buttonClass({ variant: 'ghost' })}>
              Find a charity
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="support-title">
        <div className="container section">
          <p className="eyebrow">Support the arena</p>
          <h2 id="support-title" className="home__heading">
            Give directly, or keep the challenges funded
          </h2>
          <p className="lead">
            Donate to a verified nonprofit through the arena&rsquo;s public ledger, or choose a membership
            plan that opens premium challenges.
          </p>
          <div className="cluster">
            <Link to="/donate" className={buttonClass()}>
              Donate
            </Link>
            <Link to="/subscription" className={buttonClass({ variant: 'secondary' })}>
              See membership plans
            </Link>
          </div>
        </div>
      </section>

      <LedgerSection />
    </>
  );
}
