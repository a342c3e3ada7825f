import type { Charity } from '@arena/contracts';
import { CharityMessages } from '@arena/contracts/charities.messages';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useDocumentTitle } from '../../lib/document-title';
import { Alert, Badge, Button, buttonClass, EmptyState, Skeleton, TextField } from '../../ui';
import { charitySearchQuery, favoriteFromResult, onboardedCharitiesQuery } from './charities.queries';
import { charityLocation, einDigits } from './charity-format';
import { CharityResultCard } from './charity-result-card';
import { filtersOf, isManualSearch, type FindCharitySearch } from './find-charity.search';
import { InviteCharityModal } from './invite-charity-modal';
import { OnboardingSteps } from './onboarding-steps';
import { CharityMark } from './charity-mark';
import { useFavorites } from './use-favorites';
import './find-charity.css';

export interface FindCharityPageProps {
  search: FindCharitySearch;
  onSearch: (search: FindCharitySearch) => void;
  onClear: () => void;
}

const US_STATES =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR'.split(
    ' ',
  );

/** Causes the bundled data set uses; Charity Navigator's own causes can be typed as well. */
const CAUSES = [
  'Arts & Culture',
  'Community',
  'Education',
  'Environment',
  'Health',
  'Human Services',
  'International',
  'Religion',
  'Research',
  'Other',
];

interface FormState {
  term: string;
  city: string;
  state: string;
  zip: string;
  cause: string;
  rating: string;
}

function formOf(search: FindCharitySearch): FormState {
  return {
    term: search.term ?? '',
    city: search.city ?? '',
    state: search.state ?? '',
    zip: search.zip ?? '',
    cause: search.cause ?? '',
    rating: search.rating === undefined ? '' : String(search.rating),
  };
}

const orUndefined = (value: string) => value.trim() || undefined;

export function FindCharityPage({ search, onSearch, onClear }: FindCharityPageProps) {
  useDocumentTitle('Find a charity');
  const [form, setForm] = useState<FormState>(() => formOf(search));
  const [inviting, setInviting] = useState(false);
  const [explaining, setExplaining] = useState(false);
  const ids = useId();
  const stepsId = `${ids}-steps`;
  const ratingNoteId = `${ids}-rating-note`;
  // The same query the results read (one request): its answer says whether ratings exist at all.
  const ratingsAvailable = useInfiniteQuery({
    ...charitySearchQuery(filtersOf(search)),
    select: (data) => data.pages.every((page) => page.ratingsAvailable),
  }).data;

  // Back and forward (or a link) change the URL under the page: the form follows it.
  useEffect(() => setForm(formOf(search)), [search]);

  const set = (key: keyof FormState) => (event: { target: { value: string } }) =>
    setForm((prev) => ({ ...prev, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({
      term: orUndefined(form.term),
      city: orUndefined(form.city),
      state: orUndefined(form.state),
      zip: orUndefined(form.zip),
      cause: orUndefined(form.cause),
      rating: form.rating ? Number(form.rating) : undefined,
      searched: true,
    });
  };

  return (
    <div className="container find-charity">
      <header className="page-header find-charity__header">
        <p className="eyebrow">Charities</p>
        <h1 className="page-header__title">Find a charity</h1>
        <p className="lead">
          Search verified 501(c)(3) nonprofits, follow the ones you care about, and direct your wins to them.
        </p>
        <div className="find-charity__actions">
          <Link to="/charity-onboarding" className={buttonClass({ variant: 'primary' })}>
            Add Your Charity
          </Link>
          <Button variant="secondary" onClick={() => setInviting(true)}>
            Invite Charity
          </Button>
          <Button
            variant="ghost"
            aria-expanded={explaining}
            aria-controls={stepsId}
            onClick={() => setExplaining((open) => !open)}
          >
            Learn how onboarding works
          </Button>
        </div>
      </header>

      {explaining && <OnboardingSteps id={stepsId} />}

      <form role="search" aria-label="Charities" className="card find-charity__form" onSubmit={submit}>
        <TextField
          label="Search charities"
          type="search"
          placeholder="Name, city or mission"
          maxLength={200}
          value={form.term}
          onChange={set('term')}
          className="find-charity__term"
        />
        <fieldset className="find-charity__filters">
          <legend className="visually-hidden">Filters</legend>
          <TextField label="City" maxLength={100} value={form.city} onChange={set('city')} />
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-state`}>
              State
            </label>
            <select id={`${ids}-state`} className="input" value={form.state} onChange={set('state')}>
              <option value="">Any state</option>
              {US_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="ZIP code"
            inputMode="numeric"
            maxLength={10}
            value={form.zip}
            onChange={set('zip')}
          />
          <TextField
            label="Cause"
            list={`${ids}-causes`}
            maxLength={100}
            value={form.cause}
            onChange={set('cause')}
          />
          <datalist id={`${ids}-causes`}>
            {CAUSES.map((cause) => (
              <option key={cause} value={cause} />
            ))}
          </datalist>
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-rating`}>
              Minimum rating
            </label>
            <select
              id={`${ids}-rating`}
              className="input"
              value={form.rating}
              aria-describedby={ratingsAvailable === false ? ratingNoteId : undefined}
              onChange={set('rating')}
            >
              <option value="">Any rating</option>
              {[1, 2, 3, 4, 5].map((stars) => (
                <option key={stars} value={stars}>
                  {stars === 5 ? '5 stars' : `${stars}+ stars`}
                </option>
              ))}
            </select>
          </div>
          {ratingsAvailable === false && (
            <p id={ratingNoteId} className="field__hint find-charity__rating-note">
              {CharityMessages.ratingsNeedCharityNavigator}
            </p>
          )}
        </fieldset>
        <div className="find-charity__form-actions">
          <Button type="submit">Search</Button>
          <Button
            variant="ghost"
            onClick={() => {
              setForm(formOf({}));
              onClear();
            }}
          >
            Clear All
          </Button>
        </div>
      </form>

      {/* A search's results come first: the charities on Charity Arena are not filtered by it. */}
      {isManualSearch(search) ? (
        <>
          <SearchResults search={search} />
          <OnboardedCharities />
        </>
      ) : (
        <>
          <OnboardedCharities />
          <SearchResults search={search} />
        </>
      )}

      {inviting && <InviteCharityModal onClose={() => setInviting(false)} />}
    </div>
  );
}

function OnboardedCharities() {
  const onboarded = useQuery(onboardedCharitiesQuery());
  return (
    <section className="find-charity__section" aria-labelledby="onboarded-heading">
      <h2 id="onboarded-heading" className="find-charity__heading">
        Charities on Charity Arena
      </h2>
      {onboarded.isPending ? (
        <Skeleton height="4.5rem" lines={2} />
      ) : onboarded.isError ? (
        <Alert tone="danger" title={CharityMessages.failedToFetchOnboarded}>
          <Button variant="secondary" size="small" onClick={() => void onboarded.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : onboarded.data.charities.length === 0 ? (
        <p className="muted">No charity has finished onboarding yet. Add yours or invite one.</p>
      ) : (
        <ul className="onboarded-list">
          {onboarded.data.charities.map((charity) => (
            <li key={charity.id}>
              <OnboardedCharity charity={charity} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function OnboardedCharity({ charity }: { charity: Charity }) {
  const location = charityLocation(charity.city, charity.state, charity.country);
  return (
    <article className="card onboarded-charity">
      <CharityMark name={charity.name} ein={charity.ein} logoUrl={charity.logoUrl} />
      <div className="onboarded-charity__text">
        <h3 className="onboarded-charity__name">{charity.name}</h3>
        <p className="onboarded-charity__meta">{[location, charity.category].filter(Boolean).join(' · ')}</p>
        {charity.isVerified && <Badge>{CharityMessages.verifiedCharity}</Badge>}
      </div>
      <Link
        to="/charity-profile/$ein"
        params={{ ein: charity.ein }}
        className={buttonClass({ variant: 'secondary', size: 'small' })}
      >
        View Profile<span className="visually-hidden"> of {charity.name}</span>
      </Link>
    </article>
  );
}

function SearchResults({ search }: { search: FindCharitySearch }) {
  const manual = isManualSearch(search);
  const results = useInfiniteQuery(charitySearchQuery(filtersOf(search)));
  const favorites = useFavorites();
  const pages = results.data?.pages ?? [];
  const first = pages[0];
  const charities = pages.flatMap((page) => page.envelope?.results ?? []);
  const errors = pages.flatMap((page) => page.errors);

  return (
    <section
      className="find-charity__section"
      aria-labelledby="results-heading"
      aria-busy={results.isFetching}
    >
      <h2 id="results-heading" className="find-charity__heading">
        {manual && first?.envelope
          ? `Found ${first.envelope.result_count} charities`
          : manual
            ? 'Search results'
            : first?.ratingsAvailable === false
              ? 'Nonprofits by cause'
              : 'Top-rated charities'}
      </h2>
      {!favorites.signedIn && <p className="muted find-charity__note">{CharityMessages.logInToFavorite}</p>}
      {favorites.loadFailed && (
        <Alert tone="danger" title={CharityMessages.failedToLoadFavorites}>
          <p>Your hearts may not show which charities you follow.</p>
        </Alert>
      )}
      {errors.length > 0 && (
        <Alert tone="danger" title={CharityMessages.failedToProcessCharityData}>
          <ul className="find-charity__errors">
            {[...new Set(errors)].map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Alert>
      )}
      {results.isPending ? (
        <div className="charity-results">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} height="10rem" />
          ))}
        </div>
      ) : results.isError && charities.length === 0 ? (
        <Alert tone="danger" title={CharityMessages.failedToProcessCharityData}>
          <p>{results.error.message}</p>
          <Button variant="secondary" size="small" onClick={() => void results.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : charities.length === 0 ? (
        <EmptyState title={manual ? 'No matches' : 'Nothing to show yet'}>
          {manual ? CharityMessages.noCharitiesFound : CharityMessages.noCharitiesAvailable}
        </EmptyState>
      ) : (
        <>
          <ul className="charity-results" aria-label="Charities">
            {charities.map((result) => (
              <li key={result.ein}>
                <CharityResultCard
                  result={result}
                  favorite={favorites.isFavorite(result.ein)}
                  signedIn={favorites.signedIn}
                  busy={favorites.busyEin === einDigits(result.ein)}
                  onToggleFavorite={() => favorites.toggle(result.ein, () => favoriteFromResult(result))}
                />
              </li>
            ))}
          </ul>
          {results.isFetchNextPageError && (
            <Alert tone="danger" title={CharityMessages.failedToProcessCharityData}>
              <p>{results.error?.message}</p>
            </Alert>
          )}
          {results.hasNextPage && (
            <div className="find-charity__more">
              <Button
                variant="secondary"
                disabled={results.isFetchingNextPage}
                onClick={() => void results.fetchNextPage()}
              >
                {results.isFetchingNextPage ? 'Loading…' : 'Load More'}
              </Button>
            </div>
          )}
        </>
      )}
      <span className="visually-hidden" role="status">
        {results.isSuccess ? `${charities.length} charities shown` : ''}
      </span>
    </section>
  );
}
