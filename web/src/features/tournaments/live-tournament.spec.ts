import { QueryClient } from '@tanstack/react-query';
import type { LeaderboardEntry, PrizeLine, TournamentDetail } from '@arena/contracts';
import type { LeaderboardMessage } from '@arena/contracts/realtime.contract';
import { applyLeaderboardMessage, liveTournamentListener, prizePreviewMayMove } from './live-tournament';
import { tournamentKeys } from './tournaments.queries';

const TOURNAMENT_ID = '3b241101-e2bb-4255-8caf-4136c566a962';

const entry = (rank: number, username: string, score: number): LeaderboardEntry => ({
  rank,
  userId: `00000000-0000-4000-8000-${String(rank).padStart(12, '0')}`,
  username,
  avatarUrl: null,
  score,
  charityName: null,
  charityUrl: null,
  charityLogoUrl: null,
});

const line = (rank: number): PrizeLine => ({ rank }) as PrizeLine;

/** An active score tournament whose preview pays the winner. */
function detail(overrides: Partial<TournamentDetail> = {}): TournamentDetail {
  return {
    id: TOURNAMENT_ID,
    status: 'ACTIVE',
    leaderboard: [entry(1, 'dana', 300), entry(2, 'eli', 200), entry(3, 'fay', 100)],
    finalStandings: null,
    prizeBreakdown: [line(1)],
    prizeBreakdownIsFinal: false,
    bracket: null,
    ...overrides,
  } as TournamentDetail;
}

const message = (entries: LeaderboardEntry[]): LeaderboardMessage => ({
  tournamentId: TOURNAMENT_ID,
  entries,
  at: '2026-11-27T12:00:00.000Z',
});

describe('a leaderboard message on the cached tournament detail', () => {
  it('replaces the leaderboard with the entries it carries, keeping the rest', () => {
    const before = detail();
    const entries = [entry(1, 'dana', 300), entry(2, 'eli', 200), entry(3, 'gus', 150)];
    const { detail: after } = applyLeaderboardMessage(before, message(entries));
    expect(after).toEqual({ ...before, leaderboard: entries });
  });

  it('leaves final standings alone: a late message never replaces them', () => {
    const final = detail({ status: 'COMPLETED', finalStandings: [] as TournamentDetail['finalStandings'] });
    expect(applyLeaderboardMessage(final, message([entry(1, 'gus', 999)]))).toEqual({
      detail: final,
      refetch: false,
    });
  });
});

describe('whether the prize preview may have moved', () => {
  it('stands while the paid places and the next one keep their players and scores', () => {
    const changedBelow = [entry(1, 'dana', 300), entry(2, 'eli', 200), entry(3, 'gus', 150)];
    expect(prizePreviewMayMove(detail(), changedBelow)).toBe(false);
  });

  it('moves when a paid place, or the first place after them, changes', () => {
    expect(prizePreviewMayMove(detail(), [entry(1, 'gus', 400), entry(2, 'dana', 300)])).toBe(true);
    expect(prizePreviewMayMove(detail(), [entry(1, 'dana', 300), entry(2, 'gus', 250)])).toBe(true);
    expect(prizePreviewMayMove(detail(), [entry(1, 'dana', 301), entry(2, 'eli', 200)])).toBe(true);
  });

  it('moves with the first score, when the preview has no line yet', () => {
    expect(prizePreviewMayMove(detail({ leaderboard: [], prizeBreakdown: [] }), [entry(1, 'dana', 1)])).toBe(
      true,
    );
  });

  it('may move whenever it pays more places than the message carries', () => {
    const paysAllTen = detail({ prizeBreakdown: Array.from({ length: 10 }, (_, index) => line(index + 1)) });
    expect(prizePreviewMayMove(paysAllTen, paysAllTen.leaderboard)).toBe(true);
  });

  it('never moves where there is no preview: a bracket, a final breakdown, a tournament not running', () => {
    const changed = [entry(1, 'gus', 999)];
    expect(prizePreviewMayMove(detail({ bracket: { stages: [] } }), changed)).toBe(false);
    expect(prizePreviewMayMove(detail({ prizeBreakdownIsFinal: true }), changed)).toBe(false);
    expect(prizePreviewMayMove(detail({ status: 'UPCOMING' }), changed)).toBe(false);
  });
});

describe('the live tournament listener', () => {
  const queryKey = tournamentKeys.detail(TOURNAMENT_ID);

  it('writes a leaderboard message into the cached detail without asking for it again', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKey, detail());
    const entries = [entry(1, 'dana', 300), entry(2, 'eli', 200), entry(3, 'gus', 150)];
    liveTournamentListener(queryClient, TOURNAMENT_ID).leaderboard!(message(entries));
    expect(queryClient.getQueryData<TournamentDetail>(queryKey)?.leaderboard).toEqual(entries);
    expect(queryClient.getQueryState(queryKey)?.isInvalidated).toBe(false);
  });

  it('asks again when the prize preview may have moved, on a change of the tournament, and on a resync', () => {
    for (const event of ['leaderboard', 'tournament', 'resync'] as const) {
      const queryClient = new QueryClient();
      queryClient.setQueryData(queryKey, detail());
      const listener = liveTournamentListener(queryClient, TOURNAMENT_ID);
      if (event === 'leaderboard') listener.leaderboard!(message([entry(1, 'gus', 400)]));
      else if (event === 'tournament') listener.tournament!({ tournamentId: TOURNAMENT_ID, at: 'now' });
      else listener.resync();
      expect({ event, stale: queryClient.getQueryState(queryKey)?.isInvalidated }).toEqual({
        event,
        stale: true,
      });
    }
  });

  it('ignores a leaderboard message for a detail it has not loaded', () => {
    const queryClient = new QueryClient();
    liveTournamentListener(queryClient, TOURNAMENT_ID).leaderboard!(message([entry(1, 'gus', 400)]));
    expect(queryClient.getQueryData(queryKey)).toBeUndefined();
  });
});
