import type { RecordedEvent } from '@arena/event-store';
import type { Play } from './player-stats.projection';

/**
 * Head-to-head matches as plays. A match played counts as a play (with its score, and for a timed game
 * whether the run finished); a forfeit shows in the history as FORFEITED but is not a play.
 *
 * These events belong to the bracket formats; they are read field by field so that a field missing
 * from an older event, or an event of another shape, is skipped rather than stopping the projector.
 */
export const MATCH_PLAY_EVENT_TYPES: readonly string[] = ['MatchPlayed', 'MatchForfeited'];

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

export function playFromMatchEvent(recorded: RecordedEvent): Play[] | null {
  if (!MATCH_PLAY_EVENT_TYPES.includes(recorded.type)) return null;
  const data = (recorded.data ?? {}) as Record<string, unknown>;
  const tournamentId = text(data.tournamentId);
  const matchId = text(data.matchId);
  const at =
    text(data.playedAt) ?? text(data.forfeitedAt) ?? text(data.at) ?? recorded.createdAt.toISOString();
  if (!tournamentId || !matchId) return [];
  const stage = matchStage(data);
  if (recorded.type === 'MatchPlayed') {
    const userId = text(data.userId);
    const score = finite(data.score);
    if (!userId || score === null) return [];
    const completed = data.completed !== false;
    return [
      {
        tournamentId,
        userId,
        username: text(data.username) ?? '',
        playId: `match:${matchId}`,
        score,
        completed,
        status: completed ? 'COMPLETED' : 'INCOMPLETE',
        level: null,
        stage,
        startedAt: at,
        durationSeconds: 0,
      },
    ];
  }
  // A forfeit names the player (or players) who did not play by the deadline.
  const forfeiters = [data.userId, ...(Array.isArray(data.userIds) ? data.userIds : [])]
    .map(text)
    .filter((id): id is string => id !== null);
  return [...new Set(forfeiters)].map((userId) => ({
    tournamentId,
    userId,
    username: '',
    playId: `match:${matchId}`,
    score: 0,
    completed: false,
    status: 'FORFEITED' as const,
    level: null,
    stage,
    startedAt: at,
    durationSeconds: 0,
  }));
}

/** "Winners round 2", "Round robin round 1": where in the bracket the match was, when the event says. */
function matchStage(data: Record<string, unknown>): string | null {
  const group = text(data.group);
  const round = finite(data.round);
  if (!group) return null;
  const name = group
    .toLowerCase()
    .split('_')
    .join(' ')
    .replace(/^./, (first) => first.toUpperCase());
  return round === null ? name : `${name} round ${round}`;
}
