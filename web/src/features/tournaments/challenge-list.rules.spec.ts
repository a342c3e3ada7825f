/**
 * The /challenges page's pure rules (web/src/features/tournaments/challenge-list.rules.ts and its
 * search params): what the search and the format keep, what a card says about time and plan.
 */
import { TOURNAMENT_FORMATS, TOURNAMENT_STATUSES, type TournamentSummary } from '@arena/contracts';
import fc from 'fast-check';
import {
  filterTournaments,
  formatCountdown,
  LIST_FORMATS,
  LIST_STATUSES,
  matchesSearch,
  planDisplay,
  timeLeft,
} from './challenge-list.rules';
import { challengeListSearch } from './challenge-list.search';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const HOUR = 3600_000;

function tournament(overrides: Partial<TournamentSummary> = {}): TournamentSummary {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Holiday Puzzle Cup',
    description: '',
    thumbnail: null,
    status: 'ACTIVE',
    mode: 'SCHEDULED',
    format: 'SCORE_ATTACK',
    prizeModel: 'WINNER_TAKES_ALL',
    prizeDisplay: '$25',
    prizePool: 25,
    prizePoolCents: 2500,
    maxParticipants: 8,
    participantCount: 3,
    stats: { totalParticipants: 3, playersWithScore: 2, totalScores: 5 },
    tournamentStart: new Date(NOW - HOUR).toISOString(),
    tournamentEnd: new Date(NOW + 2 * HOUR).toISOString(),
    requiredPlan: 'FREE',
    game: { slug: 'sliding-puzzle', name: 'Sliding Puzzle', integrationUrl: '/games/sliding-puzzle' },
    scoreVerification: 'UNVERIFIED',
    cancelReason: null,
    ...overrides,
  };
}

describe('the challenges list rules', () => {
  describe('search', () => {
    it('matches the title in any case', () => {
      expect(matchesSearch(tournament(), 'HOLIDAY')).toBe(true);
      expect(matchesSearch(tournament(), 'puzzle cup')).toBe(true);
    });

    it('matches the game name in any case', () => {
      expect(matchesSearch(tournament({ title: 'Winter Cup' }), 'sliding')).toBe(true);
    });

    it('matches nothing else (not the description, not the format)', () => {
      const t = tournament({ title: 'Winter Cup', description: 'snake' });
      expect(matchesSearch(t, 'snake')).toBe(false);
      expect(matchesSearch(t, 'score')).toBe(false);
    });

    it('keeps everything for a blank term', () => {
      expect(matchesSearch(tournament(), '   ')).toBe(true);
    });

    it('finds every title by any piece of it, in any case', () => {
      fc.assert(
        fc.property(fc.string({ minLength: 1 }), fc.nat(), fc.nat(), fc.boolean(), (title, a, b, upper) => {
          const from = a % title.length;
          const piece = title.slice(from, from + 1 + (b % (title.length - from)));
          fc.pre(piece.trim() === piece && piece.length > 0);
          const term = upper ? piece.toLocaleUpperCase() : piece.toLocaleLowerCase();
          fc.pre(term.toLocaleLowerCase() === piece.toLocaleLowerCase());
          expect(matchesSearch(tournament({ title }), term)).toBe(true);
        }),
      );
    });
  });

  describe('format filter', () => {
    it('keeps exact matches only', () => {
      const list = [
        tournament({ format: 'ROUND_ROBIN' }),
        tournament({ format: 'ROUND_ROBIN_SINGLE_ELIM' }),
        tournament({ format: 'SINGLE_ELIMINATION' }),
      ];
      expect(filterTournaments(list, { format: 'ROUND_ROBIN', term: '' }).map((t) => t.format)).toEqual([
        'ROUND_ROBIN',
      ]);
    });

    it('combines with the search', () => {
      const list = [
        tournament({ format: 'ROUND_ROBIN', title: 'A' }),
        tournament({ format: 'ROUND_ROBIN', title: 'B', game: { slug: 'x', name: 'X', integrationUrl: '' } }),
      ];
      expect(filterTournaments(list, { format: 'ROUND_ROBIN', term: 'sliding' }).map((t) => t.title)).toEqual(
        ['A'],
      );
    });
  });

  describe('time left', () => {
    it('counts down to the start of an upcoming tournament', () => {
      const start = NOW + 26 * HOUR;
      const t = tournament({ status: 'UPCOMING', tournamentStart: new Date(start).toISOString() });
      expect(timeLeft(t, NOW)).toEqual({ label: 'Starts in', value: '1d 2h', countsDownTo: start });
    });

    it('counts down to the end of a live scheduled tournament', () => {
      expect(timeLeft(tournament(), NOW)).toEqual({
        label: 'Ends in',
        value: '2h 00m',
        countsDownTo: NOW + 2 * HOUR,
      });
    });

    it('says how many of the cap have scored for an instant tournament, without a countdown', () => {
      const t = tournament({ mode: 'INSTANT', tournamentStart: null, tournamentEnd: null });
      expect(timeLeft(t, NOW)).toEqual({ label: 'Scored', value: '2 of 8 players', countsDownTo: null });
    });

    it('stops counting once the deadline has passed (the server is about to move it on)', () => {
      expect(timeLeft(tournament(), NOW + 3 * HOUR)).toEqual({
        label: 'Ends',
        value: 'Ending now',
        countsDownTo: null,
      });
    });

    it('gives a completed tournament its end date, and never a countdown', () => {
      const t = tournament({ status: 'COMPLETED', tournamentEnd: '2026-11-16T18:00:00.000Z' });
      expect(timeLeft(t, NOW)).toEqual({ label: 'Ended', value: 'Nov 16, 2026', countsDownTo: null });
    });

    it('never counts down for a cancelled tournament', () => {
      expect(timeLeft(tournament({ status: 'CANCELLED' }), NOW).countsDownTo).toBeNull();
    });

    it.each([
      [45_000, '45s'],
      [12 * 60_000 + 5000, '12m 05s'],
      [3 * HOUR + 12 * 60_000, '3h 12m'],
      [50 * HOUR, '2d 2h'],
      [-5000, '0s'],
    ])('shows %i ms as %s', (ms, text) => {
      expect(formatCountdown(ms)).toBe(text);
    });
  });

  describe('plan', () => {
    it("shows the tournament's own required plan", () => {
      expect(planDisplay(tournament({ requiredPlan: 'PREMIUM' }))).toEqual({
        required: 'Premium',
        tier: null,
      });
    });

    it('adds the derived tier when the prize pool or size says more (spec §6)', () => {
      expect(planDisplay(tournament({ prizePool: 500 }))).toEqual({ required: 'Free', tier: 'Premium+' });
      expect(planDisplay(tournament({ maxParticipants: 50 }))).toEqual({ required: 'Free', tier: 'Premium' });
    });

    it('adds nothing when the requirement already covers the derived tier', () => {
      expect(planDisplay(tournament({ requiredPlan: 'PREMIUM_PLUS', prizePool: 50 })).tier).toBeNull();
    });
  });

  describe('search params', () => {
    it('offers every status and every format of the contract', () => {
      expect([...LIST_STATUSES].sort()).toEqual([...TOURNAMENT_STATUSES].sort());
      expect([...LIST_FORMATS].sort()).toEqual([...TOURNAMENT_FORMATS].sort());
    });

    it('keeps a known status and format', () => {
      expect(challengeListSearch.parse({ status: 'COMPLETED', format: 'ROUND_ROBIN' })).toEqual({
        status: 'COMPLETED',
        format: 'ROUND_ROBIN',
      });
    });

    it('reads an unknown or malformed status or format as absent', () => {
      for (const raw of [
        { status: 'LIVE' },
        { status: 'active' },
        { status: 7 },
        { format: 'round_robin' },
      ]) {
        expect(challengeListSearch.parse(raw)).toEqual({ status: undefined, format: undefined });
      }
    });
  });
});
