import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import type {
  PageToGameMessage,
  PlayResultBody,
  PlayRun,
  ReleaseBody,
  RevealBody,
  TournamentDetail,
  VerifiedPlayResult,
} from '@arena/contracts';
import { gameToPageMessage } from '@arena/contracts/game-frame.contract';
import { catalogGame } from '@arena/contracts/games.catalog';
import { ApiError } from '../../lib/api-client';
import { tokenStorage } from '../../lib/tokens';
import { Alert, Button, Modal, Skeleton } from '../../ui';
import { DetailMessages } from './challenge-detail.messages';
import { formatScore, gameFrameUrl } from './challenge-detail.format';
import { clientConfigQuery } from './game-frame.queries';
import { PostGamePanel } from './post-game-panel';
import { rankOf } from './post-game.rules';
import { tournamentsApi } from './tournaments.queries';

export interface GameModalProps {
  /** `lowerScoreWins`: a TIME_ATTACK result is a time, and the toasts say it as one. */
  tournament: Pick<TournamentDetail, 'id' | 'title' | 'game' | 'lowerScoreWins' | 'leaderboard'>;
  /** The signed-in member (null for a guest): finds their place on the board after a verified play. */
  memberId: string | null;
  /** Demo play: the game runs with `demo=1`, is answered DEMO_MODE and nothing is submitted. */
  demo: boolean;
  /** Head-to-head formats: the member's match, whose result the score becomes; null for score formats. */
  matchId: string | null;
  onClose: () => void;
  /** A score reached the tournament: the page reloads the tournament; the modal shows where it put the member. */
  onSubmitted: () => void;
  /**
   * Watch this verified run instead of playing (issue 23): the frame is answered WATCH_RUN with its
   * replay material, no play is opened (no attempt is used), and nothing the frame posts is submitted.
   */
  watch?: PlayRun;
  /** The run watched is the member's own best (`runs/mine`), not the winning one. */
  watchingOwn?: boolean;
  /** Opens the member's own best verified run (post-game: once the page has it). */
  onWatchOwn?: () => void;
}

/**
 * The frame runs scripts and nothing else the app does not need (no forms, popups or top navigation).
 * A game from its own origin (GAME_ORIGIN) also gets allow-same-origin, so it keeps that origin: it can
 * use its own storage and the page can check who is talking, and it still can never read the app's
 * storage. A game served from the app's own origin never gets it (it could then reach the member's
 * tokens): it runs with an opaque origin ('null').
 */
function sandboxFor(gameOrigin: string): { sandbox: string; messageOrigin: string; targetOrigin: string } {
  if (gameOrigin === window.location.origin)
    return { sandbox: 'allow-scripts', messageOrigin: 'null', targetOrigin: '*' };
  return { sandbox: 'allow-scripts allow-same-origin', messageOrigin: gameOrigin, targetOrigin: gameOrigin };
}

function failureReason(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Request failed';
}

export function GameModal({
  tournament,
  demo,
  matchId,
  memberId,
  onClose,
  onSubmitted,
  watch,
  watchingOwn = false,
  onWatchOwn,
}: GameModalProps) {
  const config = useQuery(clientConfigQuery);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const submitting = useRef(false);
  const [fullscreen, setFullscreen] = useState(false);
  // Until the game says it is ready the stage says it is loading (a blank frame looks broken).
  const [ready, setReady] = useState(false);
  // A verified play: the modal shows where it put the member instead of the finished board.
  const [verified, setVerified] = useState<{ result: VerifiedPlayResult; rankBefore: number | null } | null>(
    null,
  );
  // A new frame for each run: "Play again" remounts it, and the new frame opens a new play.
  const [run, setRun] = useState(0);

  const gameOrigin = config.data?.gameOrigin ?? null;
  // Only the catalog's games are framed: an operator's external game is played on its own site.
  const framed = catalogGame(tournament.game.slug) !== null;
  const url =
    config.data && framed ? gameFrameUrl(tournament.game.integrationUrl, gameOrigin, demo && !watch) : null;
  const frame = url && gameOrigin ? sandboxFor(new URL(gameOrigin).origin) : null;

  // The latest callbacks, so the message listener is added once per frame rather than per render.
  const { lowerScoreWins } = tournament;
  const rankBefore = rankOf(tournament.leaderboard, memberId);
  const current = {
    onSubmitted,
    demo,
    matchId,
    tournamentId: tournament.id,
    lowerScoreWins,
    watch,
    rankBefore,
  };
  const latest = useRef(current);
  latest.current = current;

  const messageOrigin = frame?.messageOrigin;
  const targetOrigin = frame?.targetOrigin;

  useEffect(() => {
    if (!messageOrigin || !targetOrigin) return undefined;
    const post = (message: PageToGameMessage) =>
      frameRef.current?.contentWindow?.postMessage(message, targetOrigin);

    const onMessage = (event: MessageEvent) => {
      // Only our own frame, from the game origin, is listened to; everything else is ignored.
      if (event.origin !== messageOrigin || event.source !== frameRef.current?.contentWindow) return;
      const parsed = gameToPageMessage.safeParse(event.data);
      if (!parsed.success) return;
      const message = parsed.data;
      // Watching a run, the frame only replays it: nothing it posts is a play (it posts nothing else).
      if (latest.current.watch && message.type !== 'GAME_READY') return;
      switch (message.type) {
        case 'GAME_READY':
          setReady(true);
          void openPlay();
          return;
        case 'GAME_COMPLETED':
          toast.success(
            message.completed === false
              ? 'Game over'
              : latest.current.lowerScoreWins
                ? `Game over: your time ${formatScore(message.score, true)}`
                : `Game over: you scored ${formatScore(message.score, false)}`,
          );
          return;
        case 'TOURNAMENT_SUBMIT_SCORE':
          // The log as the frame produced it: packed (our games), or JSON.
          void submit(
            message.playId,
            message.packedLog !== undefined
              ? { gameToken: message.gameToken, packedLog: message.packedLog }
              : { gameToken: message.gameToken, log: message.log },
          );
          return;
        case 'REVEAL':
          void reveal(message.playId, {
            gameToken: message.gameToken,
            flip: message.flip,
            card: message.card,
          });
          return;
        case 'RELEASE':
          void release(message.playId, {
            gameToken: message.gameToken,
            step: message.step,
            input: message.input,
          });
          return;
        case 'AUTH_ERROR':
          toast.error(message.message ?? DetailMessages.authRequired);
          return;
        case 'GAME_ERROR':
          toast.error(DetailMessages.gameError);
          return;
        default: {
          const exhaustive: never = message;
          return exhaustive;
        }
      }
    };

    /** A demo, or a member's play: the server fixes the seed and the frame gets only the play's game token. */
    const openPlay = async () => {
      const { demo: isDemo, tournamentId, matchId: match, watch: run } = latest.current;
      if (run) {
        const { game, playerName, seed, stepSeeds, packedLog } = run;
        post({ type: 'WATCH_RUN', tournamentId, game, playerName, seed, stepSeeds, packedLog });
        return;
      }
      if (isDemo || !tokenStorage.accessToken()) {
        post({ type: 'DEMO_MODE', tournamentId });
        return;
      }
      try {
        const play = await tournamentsApi.startPlay(tournamentId, match);
        post({
          type: 'AUTH',
          token: play.gameToken,
          tournamentId: play.tournamentId,
          playId: play.playId,
          seed: play.seed,
          matchId: play.matchId,
          expiresAt: play.expiresAt,
        });
      } catch (error) {
        const reason =
          error instanceof ApiError && error.status === 401
            ? DetailMessages.loginToPlay
            : failureReason(error);
        toast.error(reason);
        post({ type: 'PLAY_UNAVAILABLE', message: reason });
      }
    };

    /** A reveal or release the server refused: the toast and the frame say why. */
    const refused = (error: unknown) => {
      const reason =
        error instanceof ApiError && error.status === 401 ? DetailMessages.loginToPlay : failureReason(error);
      toast.error(reason);
      return reason;
    };

    /** A Memory Pairs flip: the server keeps the layout and answers the face, which the frame draws. */
    const reveal = async (playId: string, body: RevealBody) => {
      if (latest.current.demo) return;
      try {
        const { flip, card, face } = await tournamentsApi.reveal(playId, body);
        post({ type: 'REVEALED', flip, card, face });
      } catch (error) {
        post({ type: 'REVEAL_FAILED', flip: body.flip, message: refused(error) });
      }
    };

    /** A Tile Merge step: the server records the move and answers the block its tile is drawn from. */
    const release = async (playId: string, body: ReleaseBody) => {
      if (latest.current.demo) return;
      try {
        const { step, input, block } = await tournamentsApi.release(playId, body);
        post({ type: 'RELEASED', step, input, block });
      } catch (error) {
        post({ type: 'RELEASE_FAILED', step: body.step, message: refused(error) });
      }
    };

    const submit = async (playId: string, body: PlayResultBody) => {
      if (latest.current.demo) {
        toast('Demo scores are not submitted to the tournament');
        return;
      }
      if (!tokenStorage.accessToken()) {
        toast.error(DetailMessages.loginToSubmit);
        return;
      }
      if (submitting.current) return;
      submitting.current = true;
      try {
        const result = await tournamentsApi.submitPlayResult(playId, body);
        toast.success(`Score verified: ${formatScore(result.score, latest.current.lowerScoreWins)}`);
        setVerified({ result, rankBefore: latest.current.rankBefore });
        latest.current.onSubmitted();
      } catch (error) {
        toast.error(
          error instanceof ApiError && error.status === 401
            ? DetailMessages.loginToSubmit
            : DetailMessages.submitFailed(failureReason(error)),
        );
      } finally {
        submitting.current = false;
      }
    };

    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [messageOrigin, targetOrigin]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === stageRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void stageRef.current?.requestFullscreen?.().catch(() => undefined);
  };

  const title = watch
    ? watchingOwn
      ? 'Watch: your best run'
      : `Watch: ${watch.playerName}’s run`
    : `${demo ? 'Demo: ' : ''}${tournament.game.name}`;
  return (
    <Modal open title={title} onClose={onClose} size="wide">
      {config.isPending ? (
        <Skeleton height="20rem" />
      ) : !url || !frame ? (
        <Alert tone="danger" title={DetailMessages.gameUnavailable}>
          <p>
            {framed
              ? 'This game cannot be played here yet. Please try again later.'
              : 'This game is played on its own site: its scores reach the tournament from there.'}
          </p>
        </Alert>
      ) : verified && memberId ? (
        <PostGamePanel
          tournament={tournament}
          memberId={memberId}
          result={verified.result}
          rankBefore={verified.rankBefore}
          onPlayAgain={() => {
            setVerified(null);
            setReady(false);
            setRun((count) => count + 1);
          }}
          onWatchOwn={onWatchOwn}
          onClose={onClose}
        />
      ) : (
        <div className="game-modal">
          <div ref={stageRef} className="game-modal__stage">
            {!ready && (
              <div className="game-modal__loading" role="status">
                Loading the game…
              </div>
            )}
            <iframe
              key={run}
              ref={frameRef}
              className="game-modal__frame"
              title={`${tournament.game.name} game`}
              src={url.toString()}
              sandbox={frame.sandbox}
              allow="fullscreen"
              referrerPolicy="no-referrer"
            />
          </div>
          <div className="game-modal__bar">
            <span className="muted">
              {watch
                ? `${watchingOwn ? 'Your best run' : 'The winning run'} of ${tournament.title}, replayed: nothing is played or submitted.`
                : demo
                  ? 'Demo mode: scores are not submitted.'
                  : `Playing in ${tournament.title}`}
            </span>
            <Button variant="secondary" size="small" onClick={toggleFullscreen} aria-pressed={fullscreen}>
              {fullscreen ? 'Exit fullscreen' : 'Fullscreen'}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
