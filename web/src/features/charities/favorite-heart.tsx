import { CharityMessages } from '@arena/contracts/charities.messages';

export interface FavoriteHeartProps {
  name: string;
  favorite: boolean;
  signedIn: boolean;
  busy: boolean;
  onToggle: () => void;
}

/**
 * The heart on a search result: a toggle for a member; for a guest it is disabled and says why
 * (spec §5, §6), in its tooltip and to screen readers.
 */
export function FavoriteHeart({ name, favorite, signedIn, busy, onToggle }: FavoriteHeartProps) {
  const label = signedIn
    ? favorite
      ? `Remove ${name} from favorites`
      : `Add ${name} to favorites`
    : CharityMessages.logInToFavorite;
  return (
    <button
      type="button"
      className={favorite ? 'favorite-heart favorite-heart--on' : 'favorite-heart'}
      aria-label={label}
      aria-pressed={signedIn ? favorite : undefined}
      title={label}
      disabled={!signedIn || busy}
      onClick={onToggle}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
          fill={favorite ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
