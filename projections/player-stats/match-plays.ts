import type { RecordedEvent } from '@arena/event-store';
import type { Play } from './player-stats.projection';

/**
 * Head-to-head matches as plays. A match played counts as a play (with its score, and for a timed game
 * whether the run finished); a forfeit shows in the history as FORFEITED but is not a play.
 *
 * These events belong to the bracket formats (`libs/tournaments/src/domain/bracket/bracket.events.ts`);
 * they are read field by field, so an event missing a field it needs is skipped rather than stopping
 * the projector.
 */
export const MATCH_PLAY_EVENT_TYPES: readonly string[] = ['MatchPlayed', 'MatchForfeited'];

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** One match is one play per player: its id in the history. */
export const matchPlayId = (matchId: string) => `match:${matchId}`;

export function playFromMatchEvent(recorded: RecordedEvent): Play[] | null {
  if (!MATCH_PLAY_EVENT_TYPES.includes(recorded.type)) return null;
  const data = (recorded.data ?? {}) as Record<string, unknown>;
  const tournamentId = text(data.tournamentId);
  const matchId = text(data.matchId);
  const userId = text(data.userId);
  if (!tournamentId || !matchId || !userId) return [];
  const base = {
    tournamentId,
    userId,
    playId: matchPlayId(matchId),
    level: null,
    stage: null,
    durationSeconds: 0,
  };
  if (recorded.type === 'MatchForfeited') {
    const at = text(data.forfeitedAt) ?? recorded.createdAt.toISOString();
    return [{ ...base, username: '', score: 0, completed: false, status: 'FORFEITED', startedAt: at }];
  }
  const score = finite(data.score);
  if (score === null) return [];
  const completed = data.completed !== false;
  const at = text(data.playedAt) ?? recorded.createdAt.toISOString();
  return [
    {
      ...base,
      username: text(data.username) ?? '',
      score,
      completed,
      status: completed ? 'COMPLETED' : 'INCOMPLETE',
      startedAt: at,
    },
  ];
}

/** A stage's kind by its number, as BracketGenerated drew it. */
export type StageKinds = Readonly<Record<string, string>>;

/**
 * Where in the bracket a match was, from its id (`s{stage}-g{group}-r{round}-m{number}`) and the kind of
 * its stage: "Round robin round 2", "Winners round 1", "Losers round 3", "Grand final". Null for a play
 * that is not a match.
 */
export function matchStageLabel(playId: string, stageKinds: StageKinds): string | null {
  const parts = /^match:s(\d+)-g(\d+)-r(\d+)-m\d+$/.exec(playId);
  if (!parts) return null;
  const [, stage, group, round] = parts;
  switch (stageKinds[stage!]) {
    case 'ROUND_ROBIN':
      return `Round robin round ${round}`;
    case 'SINGLE_ELIMINATION':
      return `Elimination round ${round}`;
    case 'DOUBLE_ELIMINATION':
      if (group === '3') return 'Grand final';
      return `${group === '2' ? 'Losers' : 'Winners'} round ${round}`;
    default:
      return `Stage ${stage} round ${round}`;
  }
}
