import type { CharitySearchResult } from '@arena/contracts';
import { Link } from '@tanstack/react-router';
import { buttonClass } from '../../ui';
import { charityLocation } from './charity-format';
import { CharityMark } from './charity-mark';
import { FavoriteHeart } from './favorite-heart';
import { StarRating } from './star-rating';

export interface CharityResultCardProps {
  result: CharitySearchResult;
  favorite: boolean;
  signedIn: boolean;
  busy: boolean;
  onToggleFavorite: () => void;
}

/** One search result (spec §3): name, location, cause, rating, mission, and where to read more. */
export function CharityResultCard({
  result,
  favorite,
  signedIn,
  busy,
  onToggleFavorite,
}: CharityResultCardProps) {
  const location = charityLocation(result.city, result.state, result.country);
  return (
    <article className="card charity-result" aria-labelledby={`charity-${result.ein}`}>
      <div className="charity-result__top">
        <CharityMark name={result.name} ein={result.ein} logoUrl={result.logoUrl} />
        <h3 id={`charity-${result.ein}`} className="charity-result__name">
          {result.name}
        </h3>
        <FavoriteHeart
          name={result.name}
          favorite={favorite}
          signedIn={signedIn}
          busy={busy}
          onToggle={onToggleFavorite}
        />
      </div>
      <p className="charity-result__meta">
        {location && <span>{location}</span>}
        {result.cause && <span className="charity-result__cause">{result.cause}</span>}
      </p>
      <p className="charity-result__rating">
        <span className="muted">Rating </span>
        <StarRating rating={result.encompass_star_rating} />
      </p>
      {result.mission && <p className="charity-result__mission">{result.mission}</p>}
      <div className="charity-result__links">
        <Link
          to="/charity-profile/$ein"
          params={{ ein: result.ein }}
          className={buttonClass({ variant: 'secondary', size: 'small' })}
        >
          View Profile<span className="visually-hidden"> of {result.name}</span>
        </Link>
        {result.charity_navigator_url && (
          <a
            href={result.charity_navigator_url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass({ variant: 'ghost', size: 'small' })}
          >
            Charity Navigator
            <span className="visually-hidden"> page of {result.name} (opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
}
