import type { TournamentSummary } from '@arena/contracts';
import {
  formatLabel,
  prizeModelLabel,
  scoreVerificationText,
  statusLabel,
} from '@arena/contracts/tournaments.rules';
import { Link } from '@tanstack/react-router';
import { memo, useId, useState } from 'react';
import { Badge } from '../../ui';
import { GameArt } from './game-art';
import { planDisplay } from './challenge-list.rules';

export interface ChallengeCardProps {
  tournament: TournamentSummary;
  /** Its time fact, read by the list from the page's one clock (`timeLeft`): "Ends in", "2d 4h". */
  timeLabel: string;
  timeValue: string;
  /** The value counts down (styled as a countdown). */
  countsDown: boolean;
}

/**
 * One tournament on /challenges; the whole card is the link to its page. Memoised on plain values: the
 * page's clock ticks each second while a countdown runs, and only a card whose time text changed re-renders.
 */
export const ChallengeCard = memo(function ChallengeCard({
  tournament,
  timeLabel,
  timeValue,
  countsDown,
}: ChallengeCardProps) {
  const titleId = useId();
  const plan = planDisplay(tournament);
  const status = tournament.status.toLowerCase();
  const checks = scoreVerificationText(tournament.scoreVerification);

  return (
    <article className={`challenge-card challenge-card--${status}`} aria-labelledby={titleId}>
      <div className="challenge-card__media">
        <ChallengeThumbnail thumbnail={tournament.thumbnail} game={tournament.game} />
        <span className={`challenge-card__status challenge-card__status--${status}`}>
          {statusLabel(tournament.status)}
        </span>
      </div>
      <div className="challenge-card__body">
        <p className="challenge-card__game">{tournament.game.name}</p>
        <h2 id={titleId} className="challenge-card__title">
          <Link to="/challenges/$id" params={{ id: tournament.id }} className="challenge-card__link">
            {tournament.title}
          </Link>
        </h2>
        <ul className="challenge-card__tags" aria-label="Format, prize model and score checks">
          <li>
            <Badge>{formatLabel(tournament.format)}</Badge>
          </li>
          <li>
            <Badge tone="accent">{prizeModelLabel(tournament.prizeModel)}</Badge>
          </li>
          <li>
            <Badge tone={checks.verified ? 'success' : 'danger'} title={checks.explanation}>
              {checks.label}
            </Badge>
          </li>
        </ul>
        <dl className="challenge-card__facts">
          <div className="challenge-card__fact challenge-card__fact--prize">
            <dt>Prize pool</dt>
            <dd>{tournament.prizeDisplay}</dd>
          </div>
          <div className="challenge-card__fact">
            <dt>Players</dt>
            <dd>
              {tournament.participantCount} / {tournament.maxParticipants}
            </dd>
          </div>
          <div className="challenge-card__fact">
            {/* What joining needs, and apart from it the tier the prize's size belongs to (spec §6's two
                readings): "Plan: Free" beside "Premium tier prize" read as a contradiction (issue 23). */}
            <dt>Join with</dt>
            <dd>
              {plan.required} plan
              {plan.tier && (
                <span className="challenge-card__tier" title="The tier its prize pool and size belong to">
                  <span className="visually-hidden">, </span>
                  {plan.tier}-sized prize
                </span>
              )}
            </dd>
          </div>
          <div className="challenge-card__fact">
            <dt>{timeLabel}</dt>
            <dd className={countsDown ? 'challenge-card__countdown' : undefined}>{timeValue}</dd>
          </div>
        </dl>
        {tournament.status === 'CANCELLED' && tournament.cancelReason && (
          <p className="challenge-card__cancel">
            <strong>Cancelled:</strong> {tournament.cancelReason}
          </p>
        )}
      </div>
    </article>
  );
});

function ChallengeThumbnail({
  thumbnail,
  game,
}: {
  thumbnail: string | null;
  game: TournamentSummary['game'];
}) {
  // A thumbnail that fails to load falls back to the drawn art rather than a broken-image icon.
  const [failed, setFailed] = useState(false);
  if (thumbnail && !failed) {
    return (
      <img
        className="challenge-card__image"
        src={thumbnail}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
      />
    );
  }
  // A hosted game's board as its own rules play it; a neutral panel with the name for any other game.
  return <GameArt game={game} />;
}
