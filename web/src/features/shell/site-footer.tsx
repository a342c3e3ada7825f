import { Link } from '@tanstack/react-router';
import { BrandMark } from './brand-mark';

export const BUILD_LABEL = 'v2.0.1 login-rebuilt';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__brand">
            <BrandMark />
            <span>Charity Arena</span>
          </p>
          <p className="site-footer__disclaimer">
            Charity Arena is a fundraising facilitator. Nothing on this platform is gambling, a sweepstake or
            an investment. Donations are made by Charity Arena from its own revenue to verified U.S. 501(c)(3)
            nonprofits and are not tax-deductible for members. Winners direct donations and never receive
            cash, gift cards or prizes.
          </p>
        </div>
        <nav aria-label="Explore" className="site-footer__links">
          <ul>
            <li>
              <Link to="/donate">Donate</Link>
            </li>
            <li>
              <Link to="/subscription">Membership plans</Link>
            </li>
            <li>
              <Link to="/ledger">Donation ledger</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal" className="site-footer__links">
          <ul>
            <li>
              <Link to="/referral-terms">Referral Program Terms</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Use</Link>
            </li>
            <li>
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__meta">
          <span>© 2025 Charity Arena. U.S. only. Members must be 18 or older.</span>
          <span className="site-footer__build">{BUILD_LABEL}</span>
        </div>
      </div>
    </footer>
  );
}
