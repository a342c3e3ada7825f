import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { Nonprofit } from '@arena/contracts';
import { Alert, Button, Modal, Skeleton, TextField } from '../../ui';
import { einDigits } from '../charities/charity-format';
import { CharityMark } from '../charities/charity-mark';
import { useFavorites } from '../charities/use-favorites';
import { nonprofitSearchQuery } from './tournaments.queries';

export interface CharityModalProps {
  /** 'join': choosing is optional (Skip joins without one); 'change': the member's own row. */
  purpose: 'join' | 'change';
  tournamentTitle: string;
  currentCharityId: string | null;
  busy: boolean;
  /** The chosen nonprofit's EIN, or null to join without one (or to clear the choice). */
  onChoose: (charityId: string | null) => void;
  onClose: () => void;
}

const SEARCH_DELAY_MS = 250;

/** Waits until typing pauses, so a search is sent per word rather than per key. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return settled;
}

/**
 * Charity selection (spec §4): join asks for a charity from the member's favorites with a skip option,
 * and 'Add Your Charity' changes the member's own choice. A favorite is picked with one click; the
 * search below finds any other nonprofit.
 */
export function CharityModal({
  purpose,
  tournamentTitle,
  currentCharityId,
  busy,
  onChoose,
  onClose,
}: CharityModalProps) {
  const [term, setTerm] = useState('');
  const settled = useSettled(term.trim());
  const results = useQuery({ ...nonprofitSearchQuery(settled), placeholderData: keepPreviousData });
  const [selected, setSelected] = useState<Nonprofit | null>(null);
  const groupName = useId();
  const nonprofits = results.data ?? [];
  const favorites = useFavorites();

  return (
    <Modal
      open
      title={purpose === 'join' ? 'Choose a charity' : 'Your charity'}
      onClose={busy ? () => undefined : onClose}
    >
      <form
        className="charity-modal"
        onSubmit={(event) => {
          event.preventDefault();
          if (selected) onChoose(selected.ein);
        }}
      >
        <p className="muted">
          {purpose === 'join'
            ? `If you place in ${tournamentTitle}, your share of the prize pool is donated to the nonprofit you pick. You can skip this and choose later from your leaderboard row.`
            : `Your share of the prize pool in ${tournamentTitle} is donated to this nonprofit.`}
        </p>
        {favorites.list.length > 0 && (
          <section className="charity-modal__favorites" aria-labelledby={`${groupName}-favorites`}>
            <h3 id={`${groupName}-favorites`} className="charity-modal__subtitle">
              Your favorites
            </h3>
            <ul className="charity-modal__favorite-list">
              {favorites.list.map((favorite) => (
                <li key={favorite.id}>
                  <button
                    type="button"
                    className="charity-option charity-favorite"
                    disabled={busy}
                    onClick={() => onChoose(einDigits(favorite.charity.ein))}
                  >
                    <CharityMark
                      name={favorite.charity.name}
                      ein={favorite.charity.ein}
                      logoUrl={favorite.charity.logoUrl}
                      size="small"
                    />
                    <span className="charity-option__text">
                      <span className="charity-option__name">
                        {favorite.charity.name}
                        {favorite.charity.ein === currentCharityId && (
                          <span className="muted"> (current)</span>
                        )}
                      </span>
                      {favorite.charity.category && (
                        <span className="charity-option__meta">{favorite.charity.category}</span>
                      )}
                    </span>
                    <span className="charity-favorite__pick" aria-hidden="true">
                      {purpose === 'join' ? 'Join' : 'Choose'}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
        <TextField
          label={
            favorites.list.length > 0 ? 'Or search other verified nonprofits' : 'Search verified nonprofits'
          }
          type="search"
          value={term}
          maxLength={100}
          placeholder="Name, city or cause"
          onChange={(event) => setTerm(event.target.value)}
        />
        <fieldset className="charity-modal__results" aria-busy={results.isFetching}>
          <legend className="visually-hidden">Nonprofits</legend>
          {results.isPending ? (
            <Skeleton height="2.75rem" lines={3} />
          ) : results.isError ? (
            <Alert tone="danger" title="Charity search is not available right now">
              <p>
                {purpose === 'join'
                  ? 'You can still join and choose a charity later.'
                  : 'Please try again later.'}
              </p>
            </Alert>
          ) : nonprofits.length === 0 ? (
            <p className="muted">No nonprofits match “{settled}”.</p>
          ) : (
            nonprofits.map((nonprofit) => (
              <label
                key={nonprofit.ein}
                className={
                  selected?.ein === nonprofit.ein
                    ? 'charity-option charity-option--selected'
                    : 'charity-option'
                }
              >
                <input
                  type="radio"
                  name={groupName}
                  value={nonprofit.ein}
                  checked={selected?.ein === nonprofit.ein}
                  onChange={() => setSelected(nonprofit)}
                />
                <span className="charity-option__text">
                  <span className="charity-option__name">
                    {nonprofit.name}
                    {nonprofit.ein === currentCharityId && <span className="muted"> (current)</span>}
                  </span>
                  <span className="charity-option__meta">
                    {[nonprofit.city, nonprofit.state].filter(Boolean).join(', ')}
                    {nonprofit.category ? ` · ${nonprofit.category}` : ''}
                  </span>
                </span>
              </label>
            ))
          )}
        </fieldset>
        <div className="charity-modal__actions">
          {purpose === 'join' ? (
            <Button variant="ghost" disabled={busy} onClick={() => onChoose(null)}>
              Skip for now
            </Button>
          ) : (
            currentCharityId && (
              <Button variant="ghost" disabled={busy} onClick={() => onChoose(null)}>
                Remove my charity
              </Button>
            )
          )}
          <Button type="submit" disabled={busy || !selected}>
            {purpose === 'join' ? 'Join with this charity' : 'Save charity'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
