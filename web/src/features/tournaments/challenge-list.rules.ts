import type { TournamentSummary } from '@arena/contracts';
import { derivedPlan, planLabel } from '@arena/contracts/tournaments.rules';

/**
 * The /challenges list's own rules, pure so the browser test and a unit spec can both hold them:
 * which cards a search and a format keep, and what each card says about time and plan.
 */

export type TournamentStatus = TournamentSummary['status'];
export type TournamentFormat = TournamentSummary['format'];
type Plan = TournamentSummary['requiredPlan'];

/*
 * Keyed by the contract's own unions, so adding a status or a format fails the typecheck here until
 * the filters offer it. Records rather than the contract's zod arrays: the list's chunk stays free
 * of the schema library.
 */
const STATUS_ORDER: Record<TournamentStatus, number> = { ACTIVE: 0, UPCOMING: 1, COMPLETED: 2, CANCELLED: 3 };
const FORMAT_ORDER: Record<TournamentFormat, number> = {
  SCORE_ATTACK: 0,
  TIME_ATTACK: 1,
  ROUND_ROBIN: 2,
  SINGLE_ELIMINATION: 3,
  DOUBLE_ELIMINATION: 4,
  ROUND_ROBIN_SINGLE_ELIM: 5,
  ROUND_ROBIN_DOUBLE_ELIM: 6,
};
const PLAN_ORDER: Record<Plan, number> = { FREE: 0, PREMIUM: 1, PREMIUM_PLUS: 2 };

const byOrder = <K extends string>(order: Record<K, number>) =>
  (Object.keys(order) as K[]).sort((a, b) => order[a] - order[b]);

export const LIST_STATUSES: readonly TournamentStatus[] = byOrder(STATUS_ORDER);
export const LIST_FORMATS: readonly TournamentFormat[] = byOrder(FORMAT_ORDER);

export const isTournamentStatus = (value: unknown): value is TournamentStatus =>
  typeof value === 'string' && Object.hasOwn(STATUS_ORDER, value);
export const isTournamentFormat = (value: unknown): value is TournamentFormat =>
  typeof value === 'string' && Object.hasOwn(FORMAT_ORDER, value);

/** Spec §5: search matches the title or the game name, case-insensitively; blank matches all. */
export function matchesSearch(tournament: Pick<TournamentSummary, 'title' | 'game'>, term: string): boolean {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return true;
  return (
    tournament.title.toLocaleLowerCase().includes(needle) ||
    tournament.game.name.toLocaleLowerCase().includes(needle)
  );
}

export interface ListFilter {
  format?: TournamentFormat;
  term: string;
}

/** The server filters by status; the format (spec §5: exact match) and the search are the page's. */
export function filterTournaments<T extends Pick<TournamentSummary, 'title' | 'game' | 'format'>>(
  tournaments: readonly T[],
  { format, term }: ListFilter,
): T[] {
  return tournaments.filter(
    (tournament) => (format === undefined || tournament.format === format) && matchesSearch(tournament, term),
  );
}

const SECOND = 1000;

/** The two largest units of a duration: '2d 4h', '3h 12m', '12m 05s', '45s'. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / SECOND));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${pad(seconds)}s`;
  return `${seconds}s`;
}

export interface TimeLeft {
  /** Short label of the card's time line ('Starts in', 'Ends in', 'Scored', 'Ended'…). */
  label: string;
  value: string;
  /** The instant the value counts down to, when it does: the page's one clock ticks while any card has one. */
  countsDownTo: number | null;
}

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

type TimedTournament = Pick<
  TournamentSummary,
  'status' | 'mode' | 'tournamentStart' | 'tournamentEnd' | 'maxParticipants' | 'stats'
>;

/**
 * What a card says about time: until the start for UPCOMING, until the end for a live SCHEDULED one,
 * and for INSTANT (which ends when its cap of unique players has scored) how many have scored.
 */
export function timeLeft(tournament: TimedTournament, now: number): TimeLeft {
  const start = tournament.tournamentStart ? Date.parse(tournament.tournamentStart) : null;
  const end = tournament.tournamentEnd ? Date.parse(tournament.tournamentEnd) : null;
  const instantProgress = `${Math.min(tournament.stats.playersWithScore, tournament.maxParticipants)} of ${tournament.maxParticipants} players`;

  switch (tournament.status) {
    case 'COMPLETED':
      if (end !== null) return { label: 'Ended', value: shortDate.format(end), countsDownTo: null };
      return { label: 'Finished', value: instantProgress, countsDownTo: null };
    case 'CANCELLED':
      return { label: 'Status', value: 'Cancelled', countsDownTo: null };
    case 'UPCOMING':
      if (start !== null) {
        return start > now
          ? { label: 'Starts in', value: formatCountdown(start - now), countsDownTo: start }
          : { label: 'Starts', value: 'Starting now', countsDownTo: null };
      }
      return { label: 'Scored', value: instantProgress, countsDownTo: null };
    case 'ACTIVE':
      if (tournament.mode === 'INSTANT' || end === null) {
        return { label: 'Scored', value: instantProgress, countsDownTo: null };
      }
      return end > now
        ? { label: 'Ends in', value: formatCountdown(end - now), countsDownTo: end }
        : { label: 'Ends', value: 'Ending now', countsDownTo: null };
    default: {
      const unexpected: never = tournament.status;
      return unexpected;
    }
  }
}

export interface PlanDisplay {
  /** What joining needs: the tournament's own requiredPlan, which the server enforces. */
  required: string;
  /**
   * Spec §6's client-side reading (prize pool and size), shown only when it says more than the
   * requirement, so a member sees the tier the prize belongs to without being told a wrong rule.
   */
  tier: string | null;
}

export function planDisplay(
  tournament: Pick<TournamentSummary, 'requiredPlan' | 'prizePool' | 'maxParticipants'>,
): PlanDisplay {
  const derived = derivedPlan(tournament.prizePool, tournament.maxParticipants);
  return {
    required: planLabel(tournament.requiredPlan),
    tier: PLAN_ORDER[derived] > PLAN_ORDER[tournament.requiredPlan] ? planLabel(derived) : null,
  };
}
