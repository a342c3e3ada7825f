import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useSession } from '../../lib/session';
import { BrandMark } from './brand-mark';

interface NavItem {
  to: string;
  label: string;
}

const PUBLIC_NAV: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/howitworks', label: 'How it works' },
  { to: '/referral', label: 'Referral' },
  { to: '/challenges', label: 'Challenges' },
  { to: '/find-charity', label: 'Find Charity' },
  { to: '/donate', label: 'Donate' },
  { to: '/subscription', label: 'Plans' },
];

export function SiteHeader() {
  const session = useSession();
  const { pathname, href } = useRouterState({
    select: (state) => ({ pathname: state.location.pathname, href: state.location.href }),
    structuralSharing: true,
  });
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => setMenuOpen(false), [pathname]);

  // Undefined while a stored session is being checked: show neither link, so a member never sees Login flash.
  const account: (NavItem & { search?: { redirect?: string } }) | undefined =
    session === undefined
      ? undefined
      : session.status !== 'guest'
        ? // A member whose profile could not be loaded is still signed in: /profile says what failed.
          { to: '/profile', label: 'Profile' }
        : // Back to this page after signing in (the login route drops what is not a path of this site).
          { to: '/login', label: 'Login', search: { redirect: pathname === '/' ? undefined : href } };

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="site-header__brand" aria-label="Charity Arena home">
          <BrandMark />
          <span>Charity Arena</span>
        </Link>
        <button
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
        <nav id="site-nav" aria-label="Main" className={menuOpen ? 'site-nav site-nav--open' : 'site-nav'}>
          <ul className="site-nav__list">
            {PUBLIC_NAV.map((item) => (
              <li key={item.to}>
                <Link
                  to={item.to}
                  className="site-nav__link"
                  activeProps={{ className: 'site-nav__link site-nav__link--active' }}
                  activeOptions={{ exact: item.to === '/' }}
                >
                  {item.label}
                </Link>
              </li>
            ))}
            <li className="site-nav__account">
              {account ? (
                <Link
                  to={account.to}
                  search={account.search}
                  className="site-nav__link site-nav__link--account"
                  activeProps={{ className: 'site-nav__link site-nav__link--account site-nav__link--active' }}
                >
                  {account.label}
                </Link>
              ) : (
                <span
                  className="site-nav__link site-nav__link--account site-nav__link--pending"
                  aria-hidden="true"
                >
                  Profile
                </span>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
