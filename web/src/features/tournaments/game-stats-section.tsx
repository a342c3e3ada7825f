import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { dollarsFromCents, statusLabel } from '@arena/contracts/tournaments.rules';
import type { MemberGameStats } from '@arena/contracts';
import { Alert, Badge, Card, EmptyState, Skeleton } from '../../ui';
import { formatCount, formatPercent, formatPlayTime, formatRank, formatResult } from './stats-format';
import { gameStatsQuery } from './tournaments.queries';
import './player-stats.css';

/** Spec §9: the profile's tournament history shows 5 rows. */
export const GAMEPLAY_ROWS = 5;
const FAILED = 'Failed to load game statistics';

/** The profile's 'Game Statistics': the member's figures across every tournament they joined. */
export function GameStatisticsSection({ memberId }: { memberId: string }) {
  const stats = useQuery(gameStatsQuery(memberId));
  return (
    <Card
      as="section"
      className="profile__section"
      aria-labelledby="profile-game-stats"
      aria-busy={stats.isPending}
    >
      <h2 id="profile-game-stats" className="card__title">
        Game Statistics
      </h2>
      {stats.isPending ? (
        <TileSkeletons />
      ) : stats.isError ? (
        <Alert tone="danger" title={FAILED} />
      ) : (
        <StatTiles overall={stats.data.overallStats} />
      )}
    </Card>
  );
}

function StatTiles({ overall }: { overall: MemberGameStats['overallStats'] }) {
  return (
    <dl className="stat-tiles">
      <Tile label="Challenges Played" value={formatCount(overall.totalTournaments)} />
      <Tile
        label="Wins"
        value={formatCount(overall.totalWins)}
        detail={`${formatPercent(overall.winRate)} win rate`}
      />
      <Tile label="Games Played" value={formatCount(overall.totalGamesPlayed)} />
      <Tile label="Average Score" value={formatResult(overall.averageScore)} />
      <Tile label="Best Score" value={formatResult(overall.highestScore)} />
      <Tile label="Total Play Time" value={formatPlayTime(overall.totalPlayTime)} />
    </dl>
  );
}

function Tile({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="stat-tile">
      <dt>{label}</dt>
      <dd>
        {value}
        {detail && <span className="stat-tile__detail">{detail}</span>}
      </dd>
    </div>
  );
}

function TileSkeletons() {
  return (
    <div className="stat-tiles">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="stat-tile">
          <Skeleton width="60%" />
          <Skeleton height="1.5rem" width="40%" />
        </div>
      ))}
    </div>
  );
}

/** The profile's 'Gameplay': the member's five latest tournaments, each linking to its page. */
export function GameplaySection({ memberId }: { memberId: string }) {
  const stats = useQuery(gameStatsQuery(memberId));
  return (
    <Card
      as="section"
      className="profile__section"
      aria-labelledby="profile-gameplay"
      aria-busy={stats.isPending}
    >
      <h2 id="profile-gameplay" className="card__title">
        Gameplay
      </h2>
      {stats.isPending ? (
        <Skeleton height="3rem" lines={3} />
      ) : stats.isError ? (
        <Alert tone="danger" title={FAILED} />
      ) : stats.data.tournamentHistory.length === 0 ? (
        <EmptyState
          title="No tournaments yet"
          action={<Link to="/challenges">Find a challenge to join</Link>}
        >
          Join a challenge and your results show here.
        </EmptyState>
      ) : (
        <ol className="gameplay-list" aria-label="Recent tournaments">
          {stats.data.tournamentHistory.slice(0, GAMEPLAY_ROWS).map((entry) => (
            <GameplayRow key={entry.tournament.id} entry={entry} />
          ))}
        </ol>
      )}
    </Card>
  );
}

function GameplayRow({ entry }: { entry: MemberGameStats['tournamentHistory'][number] }) {
  const { tournament, participation } = entry;
  return (
    <li className="gameplay-row">
      <div className="gameplay-row__main">
        <Link className="gameplay-row__title" to="/challenges/$id" params={{ id: tournament.id }}>
          {tournament.title}
        </Link>
        <div className="gameplay-row__meta">
          {tournament.game.name} · {dollarsFromCents(Math.round(tournament.prizePool * 100))} prize pool
        </div>
      </div>
      <div className="gameplay-row__result">
        <Badge>{statusLabel(participation.status)}</Badge>
        {participation.isWinner && <Badge tone="accent">Winner</Badge>}
        {participation.status === 'COMPLETED' && (
          <span>
            Rank {formatRank(participation.finalRank)} · {tournament.lowerScoreWins ? 'Time' : 'Score'}{' '}
            {formatResult(participation.finalScore, tournament.lowerScoreWins)}
          </span>
        )}
      </div>
    </li>
  );
}
