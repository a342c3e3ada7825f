import type { PrizeConfig } from '@arena/contracts/tournaments.contract';
import { deciderSpec } from '@arena/testing';
import type { CreateTournament, TournamentCommand } from './tournament.commands';
import { tournamentDecider } from './tournament.decider';
import { TournamentError } from './tournament.errors';
import type { PrizeAllocated, TournamentCreated, TournamentEvent } from './tournament.events';

/** The decider's side of the prize models: what creation records and what completion appends. */

const spec = deciderSpec<TournamentCommand, TournamentEvent, ReturnType<typeof tournamentDecider.evolve>>(
  tournamentDecider,
);
const id = '9a0f3c5e-2d7a-4e61-9c8b-0a1d2e3f4a5b';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString();
const user = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const settings = (overrides: Partial<CreateTournament['data']> = {}): CreateTournament['data'] => ({
  tournamentId: id,
  title: 'Prize test',
  description: '',
  thumbnail: null,
  mode: 'SCHEDULED',
  format: 'SCORE_ATTACK',
  prizeModel: 'WINNER_TAKES_ALL',
  prizePoolCents: 10_000,
  maxParticipants: 10,
  requiredPlan: 'FREE',
  rules: '',
  game: { slug: 'arcade', name: 'Arcade', integrationUrl: '/games/arcade', maxScore: 1000, external: true },
  tournamentStart: at(10),
  tournamentEnd: at(50),
  tieBreakSeed: '00112233445566778899aabbccddeeff',
  now: at(0),
  ...overrides,
});

const create = (overrides: Partial<CreateTournament['data']> = {}): TournamentCommand => ({
  type: 'CreateTournament',
  data: settings(overrides),
});

const created = (
  prizeConfig: PrizeConfig,
  overrides: Partial<CreateTournament['data']> = {},
): TournamentCreated => {
  const { now, ...data } = settings({ prizeModel: prizeConfig.model, ...overrides });
  return { type: 'TournamentCreated', data: { ...data, prizeConfig, createdAt: now } };
};

const joined = (n: number, charity: { id: string; name: string } | null = null): TournamentEvent => ({
  type: 'PlayerJoined',
  data: {
    tournamentId: id,
    userId: user(n),
    username: `player${n}`,
    charityId: charity?.id ?? null,
    charityName: charity?.name ?? null,
    joinedAt: at(1),
  },
});

const scored = (n: number, score: number, minute: number): TournamentEvent => ({
  type: 'ScoreSubmitted',
  data: {
    tournamentId: id,
    userId: user(n),
    username: `player${n}`,
    score,
    attempt: 1,
    bestScore: score,
    bestScoreAt: at(minute),
    submittedAt: at(minute),
    completed: true,
  },
});

const started: TournamentEvent = { type: 'TournamentStarted', data: { tournamentId: id, startedAt: at(10) } };
const end: TournamentCommand = { type: 'EndTournament', data: { tournamentId: id, now: at(50) } };

/** Players 1..n joined and scored, player 1 best. */
const field = (...scores: number[]): TournamentEvent[] => [
  ...scores.map((_, index) => joined(index + 1)),
  started,
  ...scores.map((score, index) => scored(index + 1, score, 11 + index)),
];

const completedWith = (...scores: number[]): TournamentEvent => ({
  type: 'TournamentCompleted',
  data: {
    tournamentId: id,
    completedAt: at(50),
    reason: 'SCHEDULE_ENDED',
    finalStandings: scores.map((score, index) => ({
      rank: index + 1,
      userId: user(index + 1),
      username: `player${index + 1}`,
      score,
      attempts: 1,
    })),
  },
});

const allocated = (
  rank: number,
  score: number,
  amountCents: number,
  charity: { id: string; name: string } | null = null,
): PrizeAllocated => ({
  type: 'PrizeAllocated',
  data: {
    tournamentId: id,
    rank,
    userId: user(rank),
    username: `player${rank}`,
    score,
    amountCents,
    charityId: charity?.id ?? null,
    charityName: charity?.name ?? null,
    allocatedAt: at(50),
  },
});

describe('tournament prizes', () => {
  describe('creating', () => {
    it('records no configuration when none is given: the model defaults apply, following the pool', () => {
      const { now, ...data } = settings({ prizeModel: 'TOP_3_SPLIT' });
      spec
        .given([])
        .when(create({ prizeModel: 'TOP_3_SPLIT' }))
        .then([{ type: 'TournamentCreated', data: { ...data, createdAt: now } }]);
    });

    it('records a given configuration without unknown keys', () => {
      spec
        .given([])
        .when(
          create({
            prizeModel: 'FLAT_PAYOUTS',
            prizeConfig: { model: 'FLAT_PAYOUTS', flatAmountCents: 500, extra: 1 } as PrizeConfig,
          }),
        )
        .then([created({ model: 'FLAT_PAYOUTS', flatAmountCents: 500 })]);
    });

    it('records the configuration given', () => {
      const prizeConfig: PrizeConfig = {
        model: 'FLEXIBLE_TOP_N',
        places: 2,
        sharesBasisPoints: [7000, 3000],
      };
      spec
        .given([])
        .when(create({ prizeModel: 'FLEXIBLE_TOP_N', prizeConfig }))
        .then([created(prizeConfig)]);
    });

    it('refuses a flat payout larger than the pool with a 400', () => {
      spec
        .given([])
        .when(
          create({
            prizeModel: 'FLAT_PAYOUTS',
            prizePoolCents: 500,
            prizeConfig: { model: 'FLAT_PAYOUTS', flatAmountCents: 600 },
          }),
        )
        .thenThrows(TournamentError, 'prizeConfig.flatAmountCents must not exceed the prize pool');
    });

    it('refuses a configuration of another model', () => {
      spec
        .given([])
        .when(create({ prizeModel: 'TOP_3_SPLIT', prizeConfig: { model: 'WINNER_TAKES_ALL' } }))
        .thenThrows(TournamentError, 'prizeConfig.model must equal prizeModel');
    });
  });

  describe('completing', () => {
    it('WINNER_TAKES_ALL: rank 1 directs the pool, to the charity chosen for this tournament', () => {
      const charity = { id: '530196605', name: 'American Red Cross' };
      spec
        .given([
          created({ model: 'WINNER_TAKES_ALL' }),
          joined(1, charity),
          joined(2),
          started,
          scored(1, 900, 11),
          scored(2, 800, 12),
        ])
        .when(end)
        .then([completedWith(900, 800), allocated(1, 900, 10_000, charity)]);
    });

    it('TOP_3_SPLIT: ranks 1 to 3 direct their shares; rank 4 directs nothing', () => {
      spec
        .given([
          created({ model: 'TOP_3_SPLIT', sharesBasisPoints: [5000, 3000, 2000] }),
          ...field(40, 30, 20, 10),
        ])
        .when(end)
        .then([
          completedWith(40, 30, 20, 10),
          allocated(1, 40, 5000),
          allocated(2, 30, 3000),
          allocated(3, 20, 2000),
        ]);
    });

    it('FLEXIBLE_TOP_N: equal shares with remainder cents by rank', () => {
      spec
        .given([
          created({ model: 'FLEXIBLE_TOP_N', places: 3 }, { prizePoolCents: 1000 }),
          ...field(40, 30, 20),
        ])
        .when(end)
        .then([
          completedWith(40, 30, 20),
          allocated(1, 40, 334),
          allocated(2, 30, 333),
          allocated(3, 20, 333),
        ]);
    });

    it('FLAT_PAYOUTS: the flat amount from rank 1 down until the pool runs out', () => {
      spec
        .given([created({ model: 'FLAT_PAYOUTS', flatAmountCents: 4000 }), ...field(40, 30, 20, 10)])
        .when(end)
        .then([
          completedWith(40, 30, 20, 10),
          allocated(1, 40, 4000),
          allocated(2, 30, 4000),
          allocated(3, 20, 2000),
        ]);
    });

    it('MILESTONE_REWARDS: the players who reached a milestone share it', () => {
      spec
        .given([
          created({
            model: 'MILESTONE_REWARDS',
            milestones: [
              { score: 25, sharesBasisPoints: 5000 },
              { score: 35, sharesBasisPoints: 5000 },
            ],
          }),
          ...field(40, 30, 20),
        ])
        .when(end)
        .then([completedWith(40, 30, 20), allocated(1, 40, 7500), allocated(2, 30, 2500)]);
    });

    it('a tournament recorded before prize configurations pays by its model defaults', () => {
      const old = created({ model: 'TOP_3_SPLIT', sharesBasisPoints: [5000, 3000, 2000] });
      delete old.data.prizeConfig;
      spec
        .given([old, ...field(40, 30)])
        .when(end)
        .then([completedWith(40, 30), allocated(1, 40, 6250), allocated(2, 30, 3750)]);
    });

    it('allocates nothing when nobody scored: the pool stays platform-held', () => {
      spec
        .given([created({ model: 'WINNER_TAKES_ALL' }), joined(1), started])
        .when(end)
        .then([completedWith()]);
    });

    it('an end job run again after completion appends nothing more', () => {
      spec
        .given([
          created({ model: 'WINNER_TAKES_ALL' }),
          ...field(40, 30),
          completedWith(40, 30),
          allocated(1, 40, 10_000),
        ])
        .when(end)
        .then([]);
    });

    it('an instant tournament completed by its last place allocates at once', () => {
      spec
        .given([
          created(
            { model: 'WINNER_TAKES_ALL' },
            { mode: 'INSTANT', tournamentStart: null, tournamentEnd: null, maxParticipants: 2 },
          ),
          joined(1),
          joined(2),
          started,
          scored(1, 10, 11),
        ])
        .when({
          type: 'SubmitScore',
          data: { tournamentId: id, userId: user(2), username: 'player2', score: 20, now: at(12) },
        })
        .then([
          scored(2, 20, 12),
          {
            type: 'TournamentCompleted',
            data: {
              tournamentId: id,
              completedAt: at(12),
              reason: 'PLAYER_CAP_REACHED',
              finalStandings: [
                { rank: 1, userId: user(2), username: 'player2', score: 20, attempts: 1 },
                { rank: 2, userId: user(1), username: 'player1', score: 10, attempts: 1 },
              ],
            },
          },
          {
            type: 'PrizeAllocated',
            data: {
              tournamentId: id,
              rank: 1,
              userId: user(2),
              username: 'player2',
              score: 20,
              amountCents: 10_000,
              charityId: null,
              charityName: null,
              allocatedAt: at(12),
            },
          },
        ]);
    });
  });
});
