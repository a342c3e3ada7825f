import { catalogGame } from '@arena/contracts/games.catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type { PlayRun, TournamentDetail } from '@arena/contracts';
import {
  formatLabel,
  isHeadToHead,
  planLabel,
  prizeModelLabel,
  scoreVerificationText,
  statusLabel,
} from '@arena/contracts/tournaments.rules';
import { ApiError } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { tokenStorage } from '../../lib/tokens';
import { Alert, Badge, Button, buttonClass, Card, EmptyState, Skeleton } from '../../ui';
import { BracketSection, formatInstant } from './bracket-section';
import { formatScore, percent, ruleParagraphs } from './challenge-detail.format';
import { DetailMessages } from './challenge-detail.messages';
import { ChallengeDetailSkeleton } from './challenge-detail-skeleton';
import { Countdown } from './countdown';
import { LeaderboardSection } from './leaderboard-section';
import { useLiveTournament } from './live-tournament';
import { PoolMeter } from './pool-meter';
import { PrizeBreakdownSection } from './prize-breakdown-section';
import { GameArt } from './game-art';
import {
  bestRunQuery,
  myBestRunQuery,
  tournamentDetailQuery,
  tournamentKeys,
  tournamentsApi,
} from './tournaments.queries';
import './challenge-detail.css';

/*
 * The dialogs load when first opened, each in its own chunk: the page draws without their code (the game's
 * frame and its message schemas, the charity search, the share card), issue 23's performance item.
 */
const CharityModal = lazy(() => import('./charity-modal').then((m) => ({ default: m.CharityModal })));
const GameModal = lazy(() => import('./game-modal').then((m) => ({ default: m.GameModal })));
const PlayerStatsModal = lazy(() =>
  import('./player-stats-modal').then((m) => ({ default: m.PlayerStatsModal })),
);
const ShareModal = lazy(() => import('./share-modal').then((m) => ({ default: m.ShareModal })));

type OpenModal =
  | { kind: 'join' }
  | { kind: 'charity' }
  | { kind: 'share' }
  | { kind: 'game'; demo: boolean }
  | { kind: 'watch'; run: PlayRun; own: boolean }
  | { kind: 'stats'; playerId: string };

/** A 4xx carries a message written for people (the plan the tournament needs, say); anything else does not. */
function messageOr(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401
    ? error.message
    : fallback;
}

/** `/challenges/{id}` (spec §2 Challenge detail). */
export function ChallengeDetailPage({ tournamentId }: { tournamentId: string }) {
  const id = tournamentId.trim();
  if (!id) {
    return (
      <div className="container section">
        <EmptyState title={DetailMessages.idRequired} action={<BackToChallenges />} />
      </div>
    );
  }
  return <LoadedChallenge id={id} />;
}

function BackToChallenges() {
  return (
    <Link to="/challenges" className={buttonClass({ variant: 'secondary' })}>
      Back to Challenges
    </Link>
  );
}

function LoadedChallenge({ id }: { id: string }) {
  const queryClient = useQueryClient();
  const detail = useQuery(tournamentDetailQuery(id));
  const session = useSession();
  const memberId = session?.status === 'member' ? session.member.id : null;

  // The detail says whether *this* visitor joined: a sign-in or sign-out in any tab asks again.
  const seenMember = useRef(memberId);
  useEffect(() => {
    if (seenMember.current === memberId) return;
    seenMember.current = memberId;
    void queryClient.invalidateQueries({ queryKey: tournamentKeys.detail(id) });
  }, [id, memberId, queryClient]);

  useLiveTournament(id, detail.data !== undefined);
  useDocumentTitle(detail.data?.title ?? 'Challenge');

  if (detail.data) return <ChallengeView detail={detail.data} memberId={memberId} sessionKnown={!!session} />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) {
      return (
        <div className="container section">
          <EmptyState title={DetailMessages.notFound} action={<BackToChallenges />}>
            The challenge may have been removed, or the link is wrong.
          </EmptyState>
        </div>
      );
    }
    return (
      <div className="container section">
        <Alert tone="danger" title={DetailMessages.fetchFailed}>
          <p>{detail.error.message}</p>
          <div className="cluster">
            <Button variant="secondary" onClick={() => void detail.refetch()}>
              Try Again
            </Button>
            <BackToChallenges />
          </div>
        </Alert>
      </div>
    );
  }
  return <ChallengeDetailSkeleton />;
}

interface ChallengeViewProps {
  detail: TournamentDetail;
  memberId: string | null;
  /** False while the session resolves: the actions wait rather than flash the guest's. */
  sessionKnown: boolean;
}

function ChallengeView({ detail, memberId, sessionKnown }: ChallengeViewProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [modal, setModal] = useState<OpenModal | null>(null);
  const close = () => setModal(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: tournamentKeys.detail(detail.id) });

  const join = useMutation({
    mutationFn: (charityId: string | null) => tournamentsApi.join(detail.id, charityId),
    onSuccess: async () => {
      toast.success(`You joined ${detail.title}`);
      close();
      await reload();
    },
    onError: (error) =>
      toast.error(
        error instanceof ApiError && error.status === 401
          ? DetailMessages.loginToJoin
          : messageOr(error, DetailMessages.joinFailed),
      ),
  });

  const selectCharity = useMutation({
    mutationFn: (charityId: string | null) => tournamentsApi.selectCharity(detail.id, charityId),
    onSuccess: async () => {
      toast.success('Your charity is saved');
      close();
      await reload();
    },
    onError: (error) => toast.error(messageOr(error, DetailMessages.charityFailed)),
  });

  const isMember = memberId !== null;
  const askToLogIn = (message: string) => {
    toast(message);
    void navigate({ to: '/login', search: { redirect: window.location.pathname + window.location.search } });
  };

  const openJoin = () => {
    if (!isMember) askToLogIn(DetailMessages.loginToJoin);
    else setModal({ kind: 'join' });
  };

  const openGame = (demo: boolean) => {
    if (!demo && !isMember) return askToLogIn(DetailMessages.loginToPlay);
    if (!demo && !tokenStorage.accessToken()) return void toast.error(DetailMessages.authRequired);
    if (!detail.game.integrationUrl) return void toast.error(DetailMessages.gameUnavailable);
    setModal({ kind: 'game', demo });
  };

  // The best verified run, to watch (issue 23): asked again when the leader or their best changes.
  const leader = detail.leaderboard[0];
  const watchable = catalogGame(detail.game.slug) !== null && !!detail.game.integrationUrl;
  const bestRun = useQuery({
    ...bestRunQuery(detail.id, leader ? `${leader.userId}:${leader.score}` : 'none'),
    enabled: watchable,
  });
  // The member's own best verified run: asked again after each verified play of theirs (onPlayed).
  const myBestRun = useQuery({
    ...myBestRunQuery(detail.id, memberId ?? ''),
    enabled: watchable && memberId !== null && detail.isUserJoined,
  });
  // The modal stays open on its post-game panel, over the reloaded (and live) tournament.
  const onPlayed = () => {
    void reload();
    if (memberId)
      void queryClient.invalidateQueries({ queryKey: tournamentKeys.myBestRun(detail.id, memberId) });
  };

  const shareUrl = `${window.location.origin}/challenges/${detail.id}`;
  const headToHead = isHeadToHead(detail.format);
  const rules = ruleParagraphs(detail.rules);
  const checks = scoreVerificationText(detail.scoreVerification);

  return (
    <div className="container challenge">
      <div className="challenge__banner">
        {detail.thumbnail ? (
          <img src={detail.thumbnail} alt="" className="challenge__banner-image" />
        ) : (
          <GameArt game={detail.game} labelled />
        )}
      </div>

      <header className="challenge__head">
        <div className="challenge__title-row">
          <h1 className="challenge__title">{detail.title}</h1>
          <Button variant="secondary" size="small" onClick={() => setModal({ kind: 'share' })}>
            Share
          </Button>
        </div>
        <ul className="challenge__badges" aria-label="About this challenge">
          <li>
            <Badge tone={detail.status === 'ACTIVE' ? 'accent' : 'primary'}>
              {statusLabel(detail.status)}
            </Badge>
          </li>
          <li>
            <Badge>{formatLabel(detail.format)}</Badge>
          </li>
          <li>
            <Badge>{prizeModelLabel(detail.prizeModel)}</Badge>
          </li>
          <li>
            <Badge>{planLabel(detail.requiredPlan)} plan</Badge>
          </li>
          <li>
            <Badge tone={checks.verified ? 'success' : 'danger'}>{checks.label}</Badge>
          </li>
        </ul>
      </header>

      {detail.status === 'CANCELLED' && (
        <div className="challenge__cancelled">
          <Alert tone="danger" title="This challenge was cancelled">
            <p>{detail.cancelReason ?? 'No reason was given.'}</p>
          </Alert>
        </div>
      )}

      <div className="challenge__layout">
        <aside className="challenge__aside">
          <Card className="challenge__actions" as="section" aria-labelledby="detail-actions">
            <h2 id="detail-actions" className="visually-hidden">
              Take part
            </h2>
            <dl className="challenge__facts">
              <div>
                <dt>Prize pool</dt>
                <dd className="challenge__prize">{detail.prizeDisplay}</dd>
              </div>
              <div>
                <dt>Players</dt>
                <dd>
                  {detail.participantCount} / {detail.maxParticipants}
                </dd>
              </div>
              <div>
                <dt>Game</dt>
                <dd>{detail.game.name}</dd>
              </div>
            </dl>
            <PoolMeter
              lines={detail.prizeBreakdown}
              poolCents={detail.prizePoolCents}
              isFinal={detail.prizeBreakdownIsFinal}
            />
            <GameNote slug={detail.game.slug} verification={detail.scoreVerification} />
            <Actions
              detail={detail}
              headToHead={headToHead}
              sessionKnown={sessionKnown}
              isMember={isMember}
              onJoin={openJoin}
              onPlay={openGame}
            />
            {bestRun.data && (
              <WatchRun
                run={bestRun.data}
                own={false}
                lowerScoreWins={detail.lowerScoreWins}
                onWatch={(run) => setModal({ kind: 'watch', run, own: false })}
              />
            )}
            {myBestRun.data && (
              <WatchRun
                run={myBestRun.data}
                own
                lowerScoreWins={detail.lowerScoreWins}
                onWatch={(run) => setModal({ kind: 'watch', run, own: true })}
              />
            )}
            {detail.isUserJoined && (
              <p className="challenge__my-charity">
                {detail.myCharity ? (
                  <>
                    You play for <a href={detail.myCharity.charityUrl}>{detail.myCharity.charityName}</a>.
                  </>
                ) : (
                  'You have not chosen a charity yet: add one from your leaderboard row.'
                )}
              </p>
            )}
          </Card>
          <Schedule detail={detail} headToHead={headToHead} />
        </aside>

        <div className="challenge__main">
          <section className="detail-section" aria-labelledby="detail-overview">
            <h2 id="detail-overview" className="detail-section__title">
              Overview
            </h2>
            {detail.description ? <p>{detail.description}</p> : <p className="muted">No description.</p>}
          </section>

          <section className="detail-section" aria-labelledby="detail-rules">
            <h2 id="detail-rules" className="detail-section__title">
              Rules
            </h2>
            {rules.length > 0 ? (
              <div className="challenge__rules">
                {rules.map((line, index) => (
                  <p key={index}>{line}</p>
                ))}
              </div>
            ) : (
              <p className="muted">No special rules.</p>
            )}
          </section>

          {headToHead && (
            <BracketSection
              stages={detail.bracket?.stages ?? []}
              nextMatch={detail.myNextMatch}
              lowerScoreWins={detail.lowerScoreWins}
              memberId={memberId}
            />
          )}

          <LeaderboardSection
            entries={detail.leaderboard}
            playersWithScore={detail.stats.playersWithScore}
            lowerScoreWins={detail.lowerScoreWins}
            memberId={memberId}
            onPlayer={(entry) => setModal({ kind: 'stats', playerId: entry.userId })}
            onChangeCharity={() => setModal({ kind: 'charity' })}
          />

          <PrizeBreakdownSection
            lines={detail.prizeBreakdown}
            isFinal={detail.prizeBreakdownIsFinal}
            cancelled={detail.status === 'CANCELLED'}
            lowerScoreWins={detail.lowerScoreWins}
            prizeDisplay={detail.prizeDisplay}
          />
        </div>
      </div>

      <Suspense fallback={null}>
        {modal?.kind === 'join' && (
          <CharityModal
            purpose="join"
            tournamentTitle={detail.title}
            currentCharityId={null}
            busy={join.isPending}
            onChoose={(charityId) => join.mutate(charityId)}
            onClose={close}
          />
        )}
        {modal?.kind === 'charity' && (
          <CharityModal
            purpose="change"
            tournamentTitle={detail.title}
            currentCharityId={detail.myCharity?.charityId ?? null}
            busy={selectCharity.isPending}
            onChoose={(charityId) => selectCharity.mutate(charityId)}
            onClose={close}
          />
        )}
        {modal?.kind === 'stats' && (
          <PlayerStatsModal
            tournamentId={detail.id}
            playerId={modal.playerId}
            lowerScoreWins={detail.lowerScoreWins}
            onClose={close}
          />
        )}
        {modal?.kind === 'share' && (
          <ShareModal
            title={detail.title}
            text={`Play ${detail.game.name} in "${detail.title}" on Charity Arena: ${detail.prizeDisplay} goes to the nonprofits the winners choose. ${detail.description}`}
            url={shareUrl}
            imageUrl={detail.thumbnail}
            onClose={close}
          />
        )}
        {modal?.kind === 'watch' && (
          <GameModal
            tournament={detail}
            demo={false}
            matchId={null}
            watch={modal.run}
            watchingOwn={modal.own}
            memberId={memberId ?? null}
            onClose={close}
            onSubmitted={close}
          />
        )}
        {modal?.kind === 'game' && (
          <GameModal
            tournament={detail}
            demo={modal.demo}
            matchId={modal.demo || !headToHead ? null : (detail.myNextMatch?.matchId ?? null)}
            memberId={memberId ?? null}
            onClose={close}
            onSubmitted={onPlayed}
            onWatchOwn={
              myBestRun.data ? () => setModal({ kind: 'watch', run: myBestRun.data!, own: true }) : undefined
            }
          />
        )}
      </Suspense>
    </div>
  );
}

interface ActionsProps {
  detail: TournamentDetail;
  headToHead: boolean;
  sessionKnown: boolean;
  isMember: boolean;
  onJoin: () => void;
  onPlay: (demo: boolean) => void;
}

/** Spec §4 "Detail page actions". */
function Actions({ detail, headToHead, sessionKnown, isMember, onJoin, onPlay }: ActionsProps) {
  if (!sessionKnown) return <Skeleton height="2.75rem" />;
  const joined = detail.isUserJoined;
  // Head to head, a member plays only their match that is due (one result per match).
  const matchDue = !headToHead || (detail.myNextMatch !== null && !detail.myNextMatch.played);
  const open = detail.status === 'ACTIVE' || detail.status === 'UPCOMING';
  return (
    <div className="challenge__buttons">
      {/* Only where joining is possible: full brackets and ended challenges have nothing to join (issue 23). */}
      {!isMember && detail.canJoin && (
        <Button block onClick={onJoin}>
          Join to Compete
        </Button>
      )}
      {isMember && !joined && detail.canJoin && (
        <Button block onClick={onJoin}>
          Join
        </Button>
      )}
      {joined && detail.status === 'ACTIVE' && matchDue && (
        <Button block onClick={() => onPlay(false)}>
          Play
        </Button>
      )}
      {joined && detail.status === 'ACTIVE' && !matchDue && (
        <p className="challenge__note">No match to play right now: your next one appears in the bracket.</p>
      )}
      {!joined && (
        <Button block variant="secondary" onClick={() => onPlay(true)}>
          Play Demo
        </Button>
      )}
      {joined && detail.status === 'UPCOMING' && (
        <p className="challenge__note">You’re in. Play opens when the challenge starts.</p>
      )}
      {!joined && !detail.canJoin && open && (
        <p className="challenge__note">Joining is closed for this challenge.</p>
      )}
    </div>
  );
}

/**
 * A verified run replayed in the game frame move by move (issue 23): the winning run (who played it
 * and its score), or the member's own best.
 */
function WatchRun({
  run,
  own,
  lowerScoreWins,
  onWatch,
}: {
  run: PlayRun;
  own: boolean;
  lowerScoreWins: boolean;
  onWatch: (run: PlayRun) => void;
}) {
  const score = formatScore(run.score, lowerScoreWins);
  return (
    <div className="challenge__watch">
      <Button block variant="secondary" onClick={() => onWatch(run)}>
        {own ? 'Watch your best run' : 'Watch the winning run'}
      </Button>
      <p className="challenge__note">
        {own ? `Your verified best: ${score}` : `${run.playerName}’s verified run: ${score}`}
      </p>
    </div>
  );
}

/** Scheduled challenges show their start and end; instant ones the unique-player cap (spec §2). */
function Schedule({ detail, headToHead }: { detail: TournamentDetail; headToHead: boolean }) {
  if (detail.mode === 'INSTANT') {
    // A head-to-head bracket is drawn when its places are joined; a score format ends on first scores.
    const filled = headToHead ? detail.participantCount : detail.stats.playersWithScore;
    return (
      <Card as="section" aria-labelledby="detail-schedule">
        <h2 id="detail-schedule" className="card__title">
          Player cap
        </h2>
        <p>
          {filled} of {detail.maxParticipants} players
        </p>
        <progress
          className="challenge__progress"
          max={100}
          value={percent(filled, detail.maxParticipants)}
          aria-label="Places filled"
        />
        <p className="muted">
          {headToHead
            ? `The bracket is drawn when ${detail.maxParticipants} players have joined.`
            : `Ends when ${detail.maxParticipants} different players have posted a score.`}
        </p>
      </Card>
    );
  }
  const { tournamentStart: start, tournamentEnd: end } = detail;
  return (
    <Card as="section" aria-labelledby="detail-schedule">
      <h2 id="detail-schedule" className="card__title">
        Schedule
      </h2>
      <dl className="challenge__facts challenge__facts--stacked">
        <div>
          <dt>Starts</dt>
          <dd>{start ? formatInstant(start) : 'To be announced'}</dd>
        </div>
        <div>
          <dt>Ends</dt>
          <dd>{end ? formatInstant(end) : 'To be announced'}</dd>
        </div>
      </dl>
      {detail.status === 'UPCOMING' && start && (
        <p className="challenge__countdown">
          Starts in <Countdown target={start} done="a moment" />
        </p>
      )}
      {detail.status === 'ACTIVE' && end && (
        <p className="challenge__countdown">
          Ends in <Countdown target={end} done="a moment" />
        </p>
      )}
    </Card>
  );
}

/**
 * What a catalog game is and how to play it, and how the tournament's scores are checked: replayed,
 * signed by an operator's game, or not at all (docs/fair-play.md).
 */
function GameNote({ slug, verification }: { slug: string; verification: string }) {
  const game = catalogGame(slug);
  const checks = scoreVerificationText(verification);
  return (
    <p className="challenge__game-note">
      {game && (
        <>
          {game.tagline} <span className="muted">{game.controls}</span>{' '}
        </>
      )}
      <span className={checks.verified ? 'challenge__verified' : 'challenge__unverified'}>
        {checks.explanation}
      </span>
    </p>
  );
}
