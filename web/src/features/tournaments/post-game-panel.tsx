import type { TournamentDetail, VerifiedPlayResult } from '@arena/contracts';
import { Button } from '../../ui';
import { formatScore } from './challenge-detail.format';
import { postGameStanding } from './post-game.rules';

export interface PostGamePanelProps {
  /** The page's tournament detail: its leaderboard is live, so the standing settles as the worker projects. */
  tournament: Pick<TournamentDetail, 'lowerScoreWins' | 'leaderboard'>;
  memberId: string;
  result: VerifiedPlayResult;
  rankBefore: number | null;
  onPlayAgain: () => void;
  /** Watch the member's best verified run, once the page has it. */
  onWatchOwn?: () => void;
  onClose: () => void;
}

/**
 * The moment after a verified play (issue 23, item 7): the score the server computed, the member's best and
 * attempt, their place on the live leaderboard (and where it came from), the gap to the next place up, and
 * what to do next. A head-to-head play is the match's one run: it offers no second go.
 */
export function PostGamePanel({
  tournament,
  memberId,
  result,
  rankBefore,
  onPlayAgain,
  onWatchOwn,
  onClose,
}: PostGamePanelProps) {
  const { lowerScoreWins } = tournament;
  const headToHead = result.matchId !== null;
  const standing = headToHead
    ? null
    : postGameStanding({
        memberId,
        rankBefore,
        bestScore: result.bestScore,
        entries: tournament.leaderboard,
        lowerScoreWins,
      });
  const scoreText =
    lowerScoreWins && !result.completed ? 'Not finished' : formatScore(result.score, lowerScoreWins);
  const canPlayAgain = !headToHead && result.tournamentStatus === 'ACTIVE';

  return (
    <section className="post-game" aria-labelledby="post-game-title">
      <h3 id="post-game-title" className="post-game__title">
        Score verified
      </h3>
      <p className="post-game__score">{scoreText}</p>
      <dl className="post-game__facts">
        {result.attempt !== null && (
          <div>
            <dt>Attempt</dt>
            <dd>{result.attempt}</dd>
          </div>
        )}
        {result.bestScore !== null && (
          <div>
            <dt>{lowerScoreWins ? 'Your best time' : 'Your best'}</dt>
            <dd>{formatScore(result.bestScore, lowerScoreWins)}</dd>
          </div>
        )}
      </dl>
      <div className="post-game__standing" aria-live="polite">
        {standing ? (
          <>
            <p className={standing.settled ? undefined : 'muted'}>{standing.rank}</p>
            {standing.gap && <p>{standing.gap}</p>}
          </>
        ) : (
          <p>
            {result.decided
              ? 'Your match is decided: the bracket shows who goes through.'
              : 'Your match result is in: waiting for your opponent.'}
          </p>
        )}
        {result.tournamentStatus !== 'ACTIVE' && (
          <p className="muted">This tournament takes no more plays.</p>
        )}
      </div>
      <div className="post-game__actions">
        {canPlayAgain && <Button onClick={onPlayAgain}>Play again</Button>}
        {onWatchOwn && (
          <Button variant="secondary" onClick={onWatchOwn}>
            Watch your best run
          </Button>
        )}
        <Button variant={canPlayAgain ? 'secondary' : 'primary'} onClick={onClose}>
          Back to the tournament
        </Button>
      </div>
    </section>
  );
}
