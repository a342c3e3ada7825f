import { useQuery } from '@tanstack/react-query';
import type { PlayerTournamentStats } from '@arena/contracts';
import { Alert, Modal, Skeleton } from '../../ui';
import { ScoreSparkline } from './score-sparkline';
import { formatCount, formatInstant, formatPlayTime, formatRank, formatResult } from './stats-format';
import { playerStatsQuery } from './tournaments.queries';
import './player-stats.css';

export interface PlayerStatsModalProps {
  tournamentId: string;
  playerId: string;
  onClose: () => void;
  /** TIME_ATTACK: results are times in milliseconds and lower is better (the detail's `lowerScoreWins`). */
  lowerScoreWins?: boolean;
}

const TREND_LABELS: Record<PlayerTournamentStats['improvementTrend'], string> = {
  IMPROVING: 'Improving',
  DECLINING: 'Declining',
  STABLE: 'Stable',
};

const STATUS_LABELS: Record<PlayerTournamentStats['scoreHistory'][number]['status'], string> = {
  COMPLETED: 'Completed',
  INCOMPLETE: 'Did not finish',
  FORFEITED: 'Forfeited',
};

/** A player's statistics in one tournament, opened from their leaderboard row. */
export function PlayerStatsModal({
  tournamentId,
  playerId,
  onClose,
  lowerScoreWins = false,
}: PlayerStatsModalProps) {
  const stats = useQuery(playerStatsQuery(tournamentId, playerId));
  return (
    <Modal open title="Player Statistics" onClose={onClose}>
      {stats.isPending ? (
        <div aria-busy="true">
          <Skeleton height="3rem" />
          <div className="stat-tiles player-stats__gap">
            {Array.from({ length: 4 }, (_, index) => (
              <div key={index} className="stat-tile">
                <Skeleton width="60%" />
                <Skeleton height="1.5rem" width="40%" />
              </div>
            ))}
          </div>
          <Skeleton height="5rem" />
        </div>
      ) : stats.isError ? (
        <Alert tone="danger" title="Failed to load player statistics" />
      ) : (
        <PlayerStats stats={stats.data} lowerScoreWins={lowerScoreWins} />
      )}
    </Modal>
  );
}

function PlayerStats({ stats, lowerScoreWins }: { stats: PlayerTournamentStats; lowerScoreWins: boolean }) {
  const result = (value: number | null) => formatResult(value, lowerScoreWins);
  // The chart draws results that have a value, oldest first (the history comes newest first).
  const results = stats.scoreHistory
    .filter((play) => hasValue(play.status, lowerScoreWins))
    .map((play) => play.score)
    .reverse();
  const trend = stats.improvementTrend;
  return (
    <>
      <div className="player-stats__who">
        {stats.avatarUrl ? (
          <img
            className="player-stats__avatar"
            src={stats.avatarUrl}
            alt={`Avatar of @${stats.username}`}
            width={48}
            height={48}
          />
        ) : (
          <span className="player-stats__avatar player-stats__avatar--initial" aria-hidden="true">
            {stats.username.charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <p className="player-stats__name">@{stats.username}</p>
          <p className="muted">{stats.tournamentTitle}</p>
        </div>
      </div>
      <dl className="stat-tiles">
        <Tile label="Current Rank" value={formatRank(stats.currentRank)} />
        <Tile label="Total Plays" value={formatCount(stats.totalPlays)} />
        <Tile label={lowerScoreWins ? 'Best Time' : 'Best Score'} value={result(stats.bestScore)} />
        <Tile label={lowerScoreWins ? 'Average Time' : 'Average Score'} value={result(stats.averageScore)} />
        <Tile label="Total Play Time" value={formatPlayTime(stats.totalPlayTime)} />
        <div className="stat-tile">
          <dt>Trend</dt>
          <dd className={`trend--${trend.toLowerCase()}`}>
            <span aria-hidden="true">
              {trend === 'IMPROVING' ? '▲ ' : trend === 'DECLINING' ? '▼ ' : '■ '}
            </span>
            {TREND_LABELS[trend]}
          </dd>
        </div>
      </dl>
      <p className="muted player-stats__gap">
        First play {formatInstant(stats.firstPlayAt)} · Last play {formatInstant(stats.lastPlayAt)}
      </p>
      <h3 className="player-stats__subtitle">Score History</h3>
      {stats.scoreHistory.length === 0 ? (
        <p className="muted">No plays yet.</p>
      ) : (
        <>
          <ScoreSparkline results={results} lowerScoreWins={lowerScoreWins} />
          <ol className="score-history player-stats__gap" aria-label="Plays, newest first">
            {stats.scoreHistory.map((play) => (
              <li key={play.sessionId}>
                <span>{formatInstant(play.startedAt)}</span>
                <span>{play.stage}</span>
                <span>
                  {hasValue(play.status, lowerScoreWins) ? result(play.score) : '—'}
                  {play.status !== 'COMPLETED' && ` · ${STATUS_LABELS[play.status]}`}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}

/** A forfeit has no result, and neither has an unfinished timed run; an unfinished scored run has its score. */
const hasValue = (status: PlayerTournamentStats['scoreHistory'][number]['status'], lowerScoreWins: boolean) =>
  status === 'COMPLETED' || (status === 'INCOMPLETE' && !lowerScoreWins);

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat-tile">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
