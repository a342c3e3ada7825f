import type { CharityProfile } from '@arena/contracts';
import { formatEin } from '@arena/contracts/charities.rules';
import { CharityMessages } from '@arena/contracts/charities.messages';
import { dollarsFromCents } from '@arena/contracts/tournaments.rules';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { Badge, Button, buttonClass } from '../../ui';
import { charityProfileQuery, favoriteFromProfile } from './charities.queries';
import { charityLocation, einDigits } from './charity-format';
import { CharityMark } from './charity-mark';
import { CharityProfileLoading } from './charity-profile-loading';
import { LedgerCard } from './ledger-card';
import { DonorsCard, ImpactStoriesCard } from './profile-cards';
import { RankingsModal, SupportersModal } from './profile-dialogs';
import { useFavorites } from './use-favorites';
import './charity-profile.css';

/** `/charity-profile/{ein}` (spec §2 "Charity profile", §4 "Charity detail screen"). */
export function CharityProfilePage({ ein }: { ein: string }) {
  const trimmed = ein.trim();
  if (!trimmed)
    return (
      <ProfileProblem title={CharityMessages.errorLoadingCharity} text={CharityMessages.einNotProvided} />
    );
  return <LoadedProfile ein={trimmed} />;
}

function LoadedProfile({ ein }: { ein: string }) {
  const profile = useQuery(charityProfileQuery(ein));
  useDocumentTitle(profile.data?.name ?? 'Charity profile');
  if (profile.isPending) return <CharityProfileLoading />;
  if (profile.isError) {
    const error = profile.error;
    if (error instanceof ApiError && error.status === 404) {
      return <ProfileProblem title={CharityMessages.charityNotFound} text="No charity has this EIN." />;
    }
    return (
      <ProfileProblem
        title={CharityMessages.errorLoadingCharity}
        text={error.message || CharityMessages.failedToLoadCharity}
      />
    );
  }
  return <Profile charity={profile.data} />;
}

function ProfileProblem({ title, text }: { title: string; text: string }) {
  return (
    <div className="container charity-profile">
      <div className="card charity-profile__problem" role="alert">
        <h1 className="page-header__title">{title}</h1>
        <p>{text}</p>
        <Link to="/find-charity" className={buttonClass({ variant: 'secondary' })}>
          Find a charity
        </Link>
      </div>
    </div>
  );
}

function Tile({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-tile">
      <dt className="info-tile__label">{label}</dt>
      <dd className="info-tile__value">{children}</dd>
    </div>
  );
}

function StatTile({
  label,
  value,
  onClick,
  hint,
}: {
  label: string;
  value: string;
  hint: string;
  onClick: () => void;
}) {
  return (
    <button type="button" className="stat-tile" onClick={onClick}>
      <span className="stat-tile__value">{value}</span> <span className="stat-tile__label">{label}</span>
      <span className="visually-hidden">: {hint}</span>
    </button>
  );
}

function Profile({ charity }: { charity: CharityProfile }) {
  const [dialog, setDialog] = useState<'supporters' | 'rankings' | null>(null);
  const ledger = useRef<HTMLElement>(null);
  const favorites = useFavorites();
  const following = favorites.isFavorite(charity.ein);
  const location = charityLocation(charity.city, charity.state, charity.country);
  const ein = formatEin(einDigits(charity.ein));

  const showLedger = () => {
    ledger.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    ledger.current?.focus({ preventScroll: true });
  };

  const share = async () => {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: charity.name, url });
        return;
      } catch (error) {
        // Closing the share sheet is not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copied');
    } catch {
      toast.error('Failed to copy link');
    }
  };

  return (
    <div className="container charity-profile">
      <header className="card charity-profile__header">
        <div className="charity-profile__title-row">
          <CharityMark name={charity.name} ein={charity.ein} logoUrl={charity.logoUrl} size="large" />
          <h1 className="page-header__title charity-profile__name">{charity.name}</h1>
          {charity.isVerified && <Badge>{CharityMessages.verifiedCharity}</Badge>}
        </div>
        {charity.description && <p className="lead charity-profile__description">{charity.description}</p>}
        <dl className="info-tiles">
          {location && <Tile label="Location">{location}</Tile>}
          <Tile label="Category">{charity.category}</Tile>
          <Tile label="Status">{charity.isActive ? 'Active' : 'Inactive'}</Tile>
          <Tile label="EIN">{ein}</Tile>
        </dl>
        <div className="stat-tiles">
          <StatTile
            label="Total Raised"
            value={dollarsFromCents(charity.totalReceivedCents)}
            hint="show the public ledger"
            onClick={showLedger}
          />
          <StatTile
            label="Donations"
            value={String(charity.donationCount)}
            hint="show supporters"
            onClick={() => setDialog('supporters')}
          />
          <StatTile
            label="Rating"
            value={charity.starRating === null ? 'N/A' : `${charity.starRating}★`}
            hint="show charity rankings"
            onClick={() => setDialog('rankings')}
          />
        </div>
        <div className="charity-profile__actions">
          <a href={`/donate?ein=${einDigits(charity.ein)}`} className={buttonClass({ variant: 'primary' })}>
            Donate Now
          </a>
          <Button
            variant="secondary"
            aria-pressed={favorites.signedIn ? following : undefined}
            aria-describedby={favorites.signedIn ? undefined : 'follow-hint'}
            disabled={!favorites.signedIn || favorites.busyEin === einDigits(charity.ein)}
            onClick={() => favorites.toggle(charity.ein, () => favoriteFromProfile(charity))}
          >
            {following ? 'Following' : 'Follow Charity'}
          </Button>
          <Button variant="ghost" onClick={() => void share()}>
            Share
          </Button>
        </div>
        {!favorites.signedIn && (
          <p id="follow-hint" className="muted charity-profile__hint">
            {CharityMessages.logInToFavorite}
          </p>
        )}
      </header>

      <div className="charity-profile__body">
        <div className="charity-profile__main">
          <ImpactStoriesCard ein={charity.ein} />
          <LedgerCard ein={charity.ein} ref={ledger} />
        </div>
        <aside className="charity-profile__side" aria-label="Donors">
          <DonorsCard ein={charity.ein} />
        </aside>
      </div>

      <p className="charity-profile__footer">
        <span>{charity.isVerified ? CharityMessages.verifiedCharity : 'Charity'}</span>
        <span aria-hidden="true"> · </span>
        <span>EIN {ein}</span>
        <span aria-hidden="true"> · </span>
        <span>
          {charity.paymentAccountStatus === 'VERIFIED'
            ? 'Verified by the payment provider'
            : CharityMessages.pendingVerification}
        </span>
      </p>

      {dialog === 'supporters' && <SupportersModal ein={charity.ein} onClose={() => setDialog(null)} />}
      {dialog === 'rankings' && <RankingsModal ein={charity.ein} onClose={() => setDialog(null)} />}
    </div>
  );
}
