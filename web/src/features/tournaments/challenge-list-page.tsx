import type { TournamentSummary } from '@arena/contracts';
import { formatLabel, statusLabel } from '@arena/contracts/tournaments.rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { Alert, Button, EmptyState, Skeleton } from '../../ui';
import { ChallengeCard } from './challenge-card';
import { useChallengeListClock } from './challenge-list-clock';
import {
  filterTournaments,
  LIST_FORMATS,
  LIST_STATUSES,
  timeLeft,
  type TournamentFormat,
} from './challenge-list.rules';
import type { ChallengeListSearch } from './challenge-list.search';
import { ChallengeSearchPanel } from './challenge-search-panel';
import { tournamentKeys, tournamentListQuery } from './tournaments.queries';
import './challenge-list.css';

export interface ChallengeListPageProps {
  search: ChallengeListSearch;
  onFormatChange: (format: TournamentFormat | undefined) => void;
  onClearFilters: () => void;
}

const SKELETON_CARDS = 6;
/** Cards shown at first and added by each Show more: 36 cards were 19,000 px on a phone (issue 23, item 13). */
const PAGE_SIZE = 12;

/** After a card's countdown ends, give the start/end job a moment before asking the server again. */
const DEADLINE_GRACE_MS = 2000;
/** setTimeout's ceiling (about 24.8 days); a later deadline is looked at again on a later visit. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

export function ChallengeListPage({ search, onFormatChange, onClearFilters }: ChallengeListPageProps) {
  useDocumentTitle('Challenges');
  const list = useQuery(tournamentListQuery({ status: search.status }));
  const [searchOpen, setSearchOpen] = useState(false);
  const [term, setTerm] = useState('');
  // Bumped on every open, so '/' pressed while the panel is already open puts focus back in its field.
  const [focusRequest, setFocusRequest] = useState(0);
  const searchButton = useRef<HTMLButtonElement>(null);
  const formatId = useId();

  const tournaments = list.data;
  const shown = useMemo(
    () => (tournaments ? filterTournaments(tournaments, { format: search.format, term }) : []),
    [tournaments, search.format, term],
  );
  // A new filter or search starts again from the first page.
  const [pages, setPages] = useState({ key: '', count: 1 });
  const filterKey = `${search.status ?? ''}|${search.format ?? ''}|${term}`;
  const pageCount = pages.key === filterKey ? pages.count : 1;
  const visible = shown.slice(0, pageCount * PAGE_SIZE);
  const ticking = visible.some((tournament) => timeLeft(tournament, Date.now()).countsDownTo !== null);
  const now = useChallengeListClock(ticking);
  useRefetchAtNextDeadline(tournaments);

  const openSearch = () => {
    setSearchOpen(true);
    setFocusRequest((count) => count + 1);
  };
  const closeSearch = () => {
    // Closing clears the term, so the list is never narrowed by something no longer on screen.
    setSearchOpen(false);
    setTerm('');
    searchButton.current?.focus();
  };

  useSlashOpensSearch(openSearch);

  const filtered = search.status !== undefined || search.format !== undefined || term.trim() !== '';
  const clearAll = () => {
    setTerm('');
    setSearchOpen(false);
    onClearFilters();
  };

  return (
    <div className="container challenges">
      <header className="page-header challenges__header">
        <p className="eyebrow">Tournaments</p>
        <h1 className="page-header__title">Challenges</h1>
        <p className="lead">
          Compete in skill games. The winners direct the prize pool to verified 501(c)(3) nonprofits.
        </p>
      </header>

      <div className="challenges__toolbar">
        <nav aria-label="Filter by status" className="status-filter">
          <ul className="status-filter__list">
            {[undefined, ...LIST_STATUSES].map((status) => (
              <li key={status ?? 'ALL'}>
                {/* The router marks the link of the URL on screen (exact path and search) as the current page. */}
                <Link
                  to="/challenges"
                  search={{ status, format: search.format }}
                  activeOptions={{ exact: true }}
                  className="status-filter__link"
                  activeProps={{ className: 'status-filter__link--current' }}
                >
                  {status === undefined ? 'All' : statusLabel(status)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="challenges__toolbar-end">
          <div className="format-filter">
            <label htmlFor={formatId} className="format-filter__label">
              Format
            </label>
            <select
              id={formatId}
              className="input format-filter__select"
              value={search.format ?? ''}
              onChange={(event) => {
                const value = event.target.value;
                onFormatChange(LIST_FORMATS.find((format) => format === value));
              }}
            >
              <option value="">All formats</option>
              {LIST_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {formatLabel(format)}
                </option>
              ))}
            </select>
          </div>
          <button
            ref={searchButton}
            type="button"
            className="button button--secondary challenges__search-button"
            aria-expanded={searchOpen}
            aria-controls="challenge-search"
            aria-keyshortcuts="/"
            onClick={() => (searchOpen ? closeSearch() : openSearch())}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
              <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M16 16l4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className="visually-hidden">Search tournaments</span>
          </button>
        </div>
      </div>

      {searchOpen && (
        <ChallengeSearchPanel
          term={term}
          onTermChange={setTerm}
          onClose={closeSearch}
          focusRequest={focusRequest}
        />
      )}

      <section
        className="challenges__results"
        aria-labelledby="challenge-results-heading"
        aria-busy={list.isPending}
      >
        <h2 id="challenge-results-heading" className="visually-hidden">
          Tournaments
        </h2>
        {list.isPending ? (
          <ListSkeleton />
        ) : list.isError ? (
          <Alert tone="danger" title="Error loading tournaments">
            <p className="challenges__error-detail">{errorDetail(list.error)}</p>
            <Button variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
              Try Again
            </Button>
          </Alert>
        ) : (
          <>
            <p className="challenges__count muted" role="status">
              {countText(shown.length, list.data.length, filtered)}
            </p>
            {shown.length > 0 ? (
              <ul className="challenges__grid" aria-label="Tournaments">
                {visible.map((tournament) => {
                  const time = timeLeft(tournament, now);
                  return (
                    <li key={tournament.id}>
                      <ChallengeCard
                        tournament={tournament}
                        timeLabel={time.label}
                        timeValue={time.value}
                        countsDown={time.countsDownTo !== null}
                      />
                    </li>
                  );
                })}
              </ul>
            ) : null}
            {visible.length < shown.length ? (
              <div className="challenges__more">
                <Button
                  variant="secondary"
                  onClick={() => setPages({ key: filterKey, count: pageCount + 1 })}
                >
                  Show more ({shown.length - visible.length} more)
                </Button>
              </div>
            ) : null}
            {shown.length > 0 ? null : filtered ? (
              <EmptyState
                title="No tournaments match your filters"
                action={
                  <Button variant="secondary" onClick={clearAll}>
                    Clear filters
                  </Button>
                }
              >
                Try another status, format or search, or clear the filters to see every tournament.
              </EmptyState>
            ) : (
              <EmptyState title="No tournaments yet">
                New challenges are added regularly. Check back soon, or read how it works in the meantime.
              </EmptyState>
            )}
          </>
        )}
      </section>
    </div>
  );
}

function countText(shown: number, loaded: number, filtered: boolean): string {
  const noun = (count: number) => (count === 1 ? 'tournament' : 'tournaments');
  if (!filtered || shown === loaded) return `${shown} ${noun(shown)}`;
  return `${shown} of ${loaded} ${noun(loaded)}`;
}

function errorDetail(error: Error): string {
  if (error instanceof ApiError && error.message) return error.message;
  return 'Check your connection and try again.';
}

function ListSkeleton() {
  return (
    <>
      <p className="visually-hidden" role="status">
        Loading tournaments
      </p>
      <ul className="challenges__grid" aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={index}>
            <div className="challenge-card challenge-card--skeleton">
              <div className="challenge-card__media">
                <Skeleton height="100%" />
              </div>
              <div className="challenge-card__body">
                <Skeleton width="40%" height="0.8rem" />
                <Skeleton height="1.3rem" />
                <Skeleton width="60%" height="1.1rem" />
                <Skeleton lines={2} height="0.9rem" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

/** '/' opens the search (spec §2), unless the visitor is typing in a field or holding a modifier. */
function useSlashOpensSearch(open: () => void) {
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      event.preventDefault();
      openRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * When a card's countdown reaches its start or end, the server's job flips the status: ask again
 * shortly after, so the card moves on without a reload.
 */
function useRefetchAtNextDeadline(tournaments: readonly TournamentSummary[] | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!tournaments) return undefined;
    const now = Date.now();
    const next = Math.min(
      ...tournaments.map((tournament) => timeLeft(tournament, now).countsDownTo ?? Infinity),
    );
    if (!Number.isFinite(next)) return undefined;
    const wait = next - now + DEADLINE_GRACE_MS;
    if (wait > LONGEST_TIMER_MS) return undefined;
    const timer = window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: [...tournamentKeys.all, 'list'] }),
      wait,
    );
    return () => window.clearTimeout(timer);
  }, [tournaments, queryClient]);
}
