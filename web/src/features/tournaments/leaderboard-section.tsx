import type { LeaderboardEntry } from '@arena/contracts';
import { LEADERBOARD_TOP, PODIUM_PLACES } from '@arena/contracts/tournaments.rules';
import { Button, EmptyState } from '../../ui';
import { CharityMark } from '../charities/charity-mark';
import { formatScore, morePlayers } from './challenge-detail.format';
import { PlayerAvatar } from './player-avatar';

export interface LeaderboardSectionProps {
  entries: LeaderboardEntry[];
  playersWithScore: number;
  lowerScoreWins: boolean;
  /** The signed-in member: only their own row offers 'Add Your Charity'. */
  memberId: string | null;
  onPlayer: (entry: LeaderboardEntry) => void;
  onChangeCharity: () => void;
}

/** The EIN a charity's profile URL names (`/charity-profile/{ein}`): the monogram's colour if the logo fails. */
const einOfProfileUrl = (url: string | null) => decodeURIComponent(url?.split('/').pop() ?? '');

/** Spec §2 and §9: the top 10, the first three as a podium, then '+N more'; live through the page's room. */
export function LeaderboardSection({
  entries,
  playersWithScore,
  lowerScoreWins,
  memberId,
  onPlayer,
  onChangeCharity,
}: LeaderboardSectionProps) {
  const top = entries.slice(0, LEADERBOARD_TOP);
  const podium = top.slice(0, PODIUM_PLACES);
  const rest = top.slice(PODIUM_PLACES);
  const more = morePlayers(Math.max(playersWithScore, entries.length));

  const charity = (entry: LeaderboardEntry) => {
    const own = entry.userId === memberId;
    return (
      <span className="leaderboard__charity">
        {entry.charityName && entry.charityLogoUrl && (
          // Only a published charity's logo: a row without one stays as compact as before.
          <CharityMark
            name={entry.charityName}
            ein={einOfProfileUrl(entry.charityUrl)}
            logoUrl={entry.charityLogoUrl}
            size="small"
          />
        )}
        {entry.charityName ? (
          entry.charityUrl ? (
            <a href={entry.charityUrl}>{entry.charityName}</a>
          ) : (
            <span>{entry.charityName}</span>
          )
        ) : (
          !own && <span className="muted">No charity yet</span>
        )}
        {own && (
          <Button variant="ghost" size="small" onClick={onChangeCharity}>
            {entry.charityName ? 'Change charity' : 'Add Your Charity'}
          </Button>
        )}
      </span>
    );
  };

  const player = (entry: LeaderboardEntry) => (
    <button type="button" className="leaderboard__player" onClick={() => onPlayer(entry)}>
      <PlayerAvatar username={entry.username} avatarUrl={entry.avatarUrl} />
      <span className="leaderboard__name">{entry.username}</span>
      <span className="visually-hidden"> statistics</span>
    </button>
  );

  return (
    <section className="detail-section" aria-labelledby="detail-leaderboard">
      <h2 id="detail-leaderboard" className="detail-section__title">
        Leaderboard
      </h2>
      {top.length === 0 ? (
        <EmptyState title="No scores yet">The first score posted takes the top of the board.</EmptyState>
      ) : (
        <>
          <ol className="podium" aria-label="Podium">
            {podium.map((entry) => (
              <li
                key={entry.userId}
                className={`podium__place podium__place--${entry.rank <= 3 ? entry.rank : 3}${entry.userId === memberId ? ' is-own' : ''}`}
                data-testid="leaderboard-row"
              >
                <span className="podium__rank" aria-label={`Rank ${entry.rank}`}>
                  {entry.rank}
                </span>
                {player(entry)}
                <span className="podium__score">{formatScore(entry.score, lowerScoreWins)}</span>
                {charity(entry)}
              </li>
            ))}
          </ol>
          {rest.length > 0 && (
            <ol className="leaderboard" start={PODIUM_PLACES + 1} aria-label="Places 4 to 10">
              {rest.map((entry) => (
                <li
                  key={entry.userId}
                  className={entry.userId === memberId ? 'leaderboard__row is-own' : 'leaderboard__row'}
                  data-testid="leaderboard-row"
                >
                  <span className="leaderboard__rank" aria-label={`Rank ${entry.rank}`}>
                    {entry.rank}
                  </span>
                  {player(entry)}
                  <span className="leaderboard__score">{formatScore(entry.score, lowerScoreWins)}</span>
                  {charity(entry)}
                </li>
              ))}
            </ol>
          )}
          {more > 0 && <p className="leaderboard__more">+{more} more</p>}
        </>
      )}
    </section>
  );
}
