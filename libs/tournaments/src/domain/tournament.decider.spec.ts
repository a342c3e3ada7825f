import { deciderSpec } from '@arena/testing';
import type { CreateTournament, TournamentCommand } from './tournament.commands';
import { MAX_STORED_INTEGER, tournamentDecider } from './tournament.decider';
import { TournamentError } from './tournament.errors';
import type { ScoreSubmitted, TournamentCreated, TournamentEvent } from './tournament.events';
import { compareStandings, tieBreakKey } from './tournament.standings';

const spec = deciderSpec<TournamentCommand, TournamentEvent, ReturnType<typeof tournamentDecider.evolve>>(
  tournamentDecider,
);
const id = '4b0f3c5e-2d7a-4e61-9c8b-0a1d2e3f4a5b';
const seed = '00112233445566778899aabbccddeeff';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString();

const createCommand = (overrides: Partial<CreateTournament['data']> = {}): CreateTournament => ({
  type: 'CreateTournament',
  data: {
    tournamentId: id,
    title: 'Snake Sprint',
    description: 'Fastest snake wins',
    thumbnail: null,
    mode: 'INSTANT',
    format: 'SCORE_ATTACK',
    prizeModel: 'WINNER_TAKES_ALL',
    // No prize here, so completions are only TournamentCompleted: the prizes have their own spec.
    prizePoolCents: 0,
    maxParticipants: 3,
    requiredPlan: 'FREE',
    rules: 'Play fair\nBest score counts',
    game: { slug: 'arcade', name: 'Arcade', integrationUrl: '/games/arcade', maxScore: 1000, external: true },
    tournamentStart: null,
    tournamentEnd: null,
    tieBreakSeed: seed,
    now: at(0),
    ...overrides,
  },
});

const created = (overrides: Partial<CreateTournament['data']> = {}): TournamentCreated => {
  const { now, ...data } = createCommand(overrides).data;
  return { type: 'TournamentCreated', data: { ...data, createdAt: now } };
};
const scheduledCreated = () =>
  created({ mode: 'SCHEDULED', tournamentStart: at(10), tournamentEnd: at(50), maxParticipants: 2 });
const started = (minute = 0): TournamentEvent => ({
  type: 'TournamentStarted',
  data: { tournamentId: id, startedAt: at(minute) },
});
const joined = (userId: string, minute = 1): TournamentEvent => ({
  type: 'PlayerJoined',
  data: {
    tournamentId: id,
    userId,
    username: `name-${userId}`,
    charityId: null,
    charityName: null,
    joinedAt: at(minute),
  },
});
const scored = (
  userId: string,
  score: number,
  attempt: number,
  minute: number,
  best: { score: number; minute: number } = { score, minute },
): ScoreSubmitted => ({
  type: 'ScoreSubmitted',
  data: {
    tournamentId: id,
    userId,
    username: `name-${userId}`,
    score,
    completed: true,
    attempt,
    bestScore: best.score,
    bestScoreAt: at(best.minute),
    submittedAt: at(minute),
  },
});
const join = (userId: string, minute = 1): TournamentCommand => ({
  type: 'JoinTournament',
  data: {
    tournamentId: id,
    userId,
    username: `name-${userId}`,
    charityId: null,
    charityName: null,
    memberPlan: 'FREE',
    now: at(minute),
  },
});
const submit = (userId: string, score: number, minute: number): TournamentCommand => ({
  type: 'SubmitScore',
  data: { tournamentId: id, userId, username: `name-${userId}`, score, now: at(minute) },
});
const startCommand = (minute: number): TournamentCommand => ({
  type: 'StartTournament',
  data: { tournamentId: id, now: at(minute) },
});
const endCommand = (minute: number): TournamentCommand => ({
  type: 'EndTournament',
  data: { tournamentId: id, now: at(minute) },
});

describe('tournament decider', () => {
  describe('creating', () => {
    it('an instant tournament is live from creation', () => {
      spec
        .given([])
        .when(createCommand())
        .then([created(), started(0)]);
    });

    it('a scheduled tournament is created upcoming', () => {
      spec
        .given([])
        .when(
          createCommand({
            mode: 'SCHEDULED',
            tournamentStart: at(10),
            tournamentEnd: at(50),
            maxParticipants: 2,
          }),
        )
        .then([scheduledCreated()]);
    });

    it('creating one that exists stays quiet', () => {
      spec.given([created(), started()]).when(createCommand()).then([]);
    });

    it('a scheduled tournament must start before it ends', () => {
      spec
        .given([])
        .when(createCommand({ mode: 'SCHEDULED', tournamentStart: at(50), tournamentEnd: at(10) }))
        .thenThrows(TournamentError, /tournamentStart before its tournamentEnd/);
    });

    it('refuses a player cap below 1 and fractional prize cents', () => {
      spec
        .given([])
        .when(createCommand({ maxParticipants: 0 }))
        .thenThrows(TournamentError, /maxParticipants/);
      spec
        .given([])
        .when(createCommand({ prizePoolCents: 10.5 }))
        .thenThrows(TournamentError, /prizePoolCents/);
    });
  });

  describe('refusing what a read model cannot store', () => {
    it.each([
      ['title', { title: 'Cup\u0000' }],
      ['description', { description: 'a\uD800b' }],
      ['rules', { rules: '\uDC00' }],
      ['thumbnail', { thumbnail: '/x\u0000.png' }],
      [
        'game.name',
        { game: { slug: 'arcade', name: 'S\u0000', integrationUrl: '/g', maxScore: 10, external: true } },
      ],
    ])('refuses malformed text in %s', (field, overrides) => {
      spec
        .given([])
        .when(createCommand(overrides))
        .thenThrows(TournamentError, `${field} must not contain NUL characters or unpaired surrogates`);
    });

    it('refuses caps beyond a PostgreSQL integer and accepts the largest one', () => {
      const game = (maxScore: number) => ({
        slug: 'arcade',
        name: 'Arcade',
        integrationUrl: '/g',
        maxScore,
        external: true,
      });
      spec
        .given([])
        .when(createCommand({ game: game(MAX_STORED_INTEGER + 1) }))
        .thenThrows(TournamentError, /maxScore must be a whole number from 1 to 2147483647/);
      spec
        .given([])
        .when(createCommand({ maxParticipants: MAX_STORED_INTEGER + 1 }))
        .thenThrows(TournamentError, /maxParticipants/);
      spec
        .given([])
        .when(createCommand({ game: game(MAX_STORED_INTEGER) }))
        .then([created({ game: game(MAX_STORED_INTEGER) }), started(0)]);
    });

    it('refuses a tournament id that is not a UUID', () => {
      spec
        .given([])
        .when(createCommand({ tournamentId: 't-1' }))
        .thenThrows(TournamentError, 'tournamentId must be a UUID');
    });

    it.each([
      ['year 0', '0000-06-01T00:00:00.000Z'],
      ['a year past 9999', '+010000-01-01T00:00:00.000Z'],
      ['an offset', '2026-11-22T13:00:00+01:00'],
      ['a day the month does not have', '2026-02-30T00:00:00.000Z'],
    ])('refuses a schedule instant with %s', (_name, instant) => {
      spec
        .given([])
        .when(
          createCommand({
            mode: 'SCHEDULED',
            tournamentStart: instant,
            tournamentEnd: '9999-01-01T00:00:00.000Z',
          }),
        )
        .thenThrows(TournamentError, /UTC instants in the years 1 to 9999/);
    });

    it('refuses malformed text in a join and in a cancel reason', () => {
      spec
        .given([created(), started()])
        .when({ ...join('a'), data: { ...join('a').data, charityId: 'x\u0000' } } as TournamentCommand)
        .thenThrows(TournamentError, 'charityId must not contain NUL characters or unpaired surrogates');
      spec
        .given([created(), started()])
        .when({ type: 'CancelTournament', data: { tournamentId: id, reason: '\uD83D', now: at(2) } })
        .thenThrows(TournamentError, /^reason must not contain/);
    });
  });

  describe('joining', () => {
    it('a member joins a live tournament', () => {
      spec
        .given([created(), started()])
        .when(join('a'))
        .then([joined('a')]);
    });

    it('joining twice emits nothing the second time', () => {
      spec
        .given([created(), started(), joined('a')])
        .when(join('a', 5))
        .then([]);
    });

    it('members may join a scheduled tournament before it starts', () => {
      spec
        .given([scheduledCreated()])
        .when(join('a'))
        .then([joined('a')]);
    });

    it('a scheduled tournament closes joining at maxParticipants', () => {
      spec
        .given([scheduledCreated(), joined('a'), joined('b')])
        .when(join('c'))
        .thenThrows(TournamentError, 'Joining is closed: this tournament is full');
    });

    it('joining a completed tournament is refused', () => {
      spec
        .given([
          scheduledCreated(),
          started(10),
          {
            type: 'TournamentCompleted',
            data: { tournamentId: id, completedAt: at(50), reason: 'SCHEDULE_ENDED', finalStandings: [] },
          },
        ])
        .when(join('a', 51))
        .thenThrows(TournamentError, 'Joining is closed: this tournament has ended');
    });

    it('joining a cancelled tournament is refused', () => {
      spec
        .given([
          scheduledCreated(),
          { type: 'TournamentCancelled', data: { tournamentId: id, reason: 'x', cancelledAt: at(2) } },
        ])
        .when(join('a', 3))
        .thenThrows(TournamentError, 'Joining is closed: this tournament was cancelled');
    });

    it('joining an instant tournament whose cap was reached is refused', () => {
      const cap = created({ maxParticipants: 1 });
      spec
        .given([
          cap,
          started(),
          joined('a'),
          scored('a', 10, 1, 2),
          {
            type: 'TournamentCompleted',
            data: { tournamentId: id, completedAt: at(2), reason: 'PLAYER_CAP_REACHED', finalStandings: [] },
          },
        ])
        .when(join('b', 3))
        .thenThrows(TournamentError, /Joining is closed/);
    });

    it('joining an unknown tournament is refused as not found', () => {
      spec.given([]).when(join('a')).thenThrows(TournamentError, 'Tournament not found');
    });
  });

  describe('scores', () => {
    it('only joined players submit scores', () => {
      spec
        .given([created(), started()])
        .when(submit('a', 10, 2))
        .thenThrows(TournamentError, /not joined/);
    });

    it('only live tournaments take scores', () => {
      spec
        .given([scheduledCreated(), joined('a')])
        .when(submit('a', 10, 5))
        .thenThrows(TournamentError, /not live/);
    });

    it('a scheduled tournament past its end takes no scores even before the end job runs', () => {
      spec
        .given([scheduledCreated(), started(10), joined('a')])
        .when(submit('a', 10, 50))
        .thenThrows(TournamentError, /not live/);
    });

    it.each([[-1], [1.5], [Number.NaN], [Number.POSITIVE_INFINITY]])('refuses the score %p', (score) => {
      spec
        .given([created(), started(), joined('a')])
        .when(submit('a', score, 2))
        .thenThrows(TournamentError, 'Score must be a whole number of 0 or more');
    });

    it("refuses a score above the game's maxScore", () => {
      spec
        .given([created(), started(), joined('a')])
        .when(submit('a', 1001, 2))
        .thenThrows(TournamentError, 'Score must not exceed 1000');
    });

    it('accepts the maxScore itself and counts attempts from 1', () => {
      spec
        .given([created(), started(), joined('a')])
        .when(submit('a', 1000, 2))
        .then([scored('a', 1000, 1, 2)]);
    });

    it('the best score counts: a lower score keeps the earlier best and its time', () => {
      spec
        .given([created(), started(), joined('a'), scored('a', 50, 1, 2)])
        .when(submit('a', 20, 3))
        .then([scored('a', 20, 2, 3, { score: 50, minute: 2 })]);
    });

    it('an equal score does not move the time of the best score', () => {
      spec
        .given([created(), started(), joined('a'), scored('a', 50, 1, 2)])
        .when(submit('a', 50, 4))
        .then([scored('a', 50, 2, 4, { score: 50, minute: 2 })]);
    });
  });

  describe('instant mode', () => {
    it('completes when the last place gets its first score, with final standings', () => {
      spec
        .given([
          created(),
          started(),
          joined('a'),
          joined('b'),
          joined('c'),
          scored('a', 70, 1, 2),
          scored('b', 90, 1, 3),
        ])
        .when(submit('c', 80, 4))
        .then([
          scored('c', 80, 1, 4),
          {
            type: 'TournamentCompleted',
            data: {
              tournamentId: id,
              completedAt: at(4),
              reason: 'PLAYER_CAP_REACHED',
              finalStandings: [
                { rank: 1, userId: 'b', username: 'name-b', score: 90, attempts: 1 },
                { rank: 2, userId: 'c', username: 'name-c', score: 80, attempts: 1 },
                { rank: 3, userId: 'a', username: 'name-a', score: 70, attempts: 1 },
              ],
            },
          },
        ]);
    });

    it('attempts are unlimited until the cap: repeat scores of earlier players do not fill places', () => {
      spec
        .given([created(), started(), joined('a'), joined('b'), scored('a', 10, 1, 2), scored('b', 10, 1, 3)])
        .when(submit('a', 30, 4))
        .then([scored('a', 30, 2, 4)]);
    });

    it('the player who fills the last place has exactly one attempt', () => {
      const cap = created({ maxParticipants: 1 });
      spec
        .given([
          cap,
          started(),
          joined('a'),
          scored('a', 10, 1, 2),
          {
            type: 'TournamentCompleted',
            data: { tournamentId: id, completedAt: at(2), reason: 'PLAYER_CAP_REACHED', finalStandings: [] },
          },
        ])
        .when(submit('a', 20, 3))
        .thenThrows(TournamentError, /not live/);
    });
  });

  describe('scheduled mode', () => {
    it('starts an upcoming tournament', () => {
      spec
        .given([scheduledCreated()])
        .when(startCommand(10))
        .then([started(10)]);
    });

    it('starting a live tournament emits nothing', () => {
      spec
        .given([scheduledCreated(), started(10)])
        .when(startCommand(11))
        .then([]);
    });

    it('ending completes with the final standings', () => {
      spec
        .given([
          scheduledCreated(),
          started(10),
          joined('a'),
          joined('b'),
          scored('a', 5, 1, 12),
          scored('b', 9, 1, 13),
        ])
        .when(endCommand(50))
        .then([
          {
            type: 'TournamentCompleted',
            data: {
              tournamentId: id,
              completedAt: at(50),
              reason: 'SCHEDULE_ENDED',
              finalStandings: [
                { rank: 1, userId: 'b', username: 'name-b', score: 9, attempts: 1 },
                { rank: 2, userId: 'a', username: 'name-a', score: 5, attempts: 1 },
              ],
            },
          },
        ]);
    });

    it('players without a score are left out of the standings', () => {
      spec
        .given([scheduledCreated(), started(10), joined('a'), joined('b'), scored('a', 5, 1, 12)])
        .when(endCommand(50))
        .then([
          {
            type: 'TournamentCompleted',
            data: {
              tournamentId: id,
              completedAt: at(50),
              reason: 'SCHEDULE_ENDED',
              finalStandings: [{ rank: 1, userId: 'a', username: 'name-a', score: 5, attempts: 1 }],
            },
          },
        ]);
    });

    it('ending a completed tournament emits nothing, and neither does starting it afterwards', () => {
      const done: TournamentEvent = {
        type: 'TournamentCompleted',
        data: { tournamentId: id, completedAt: at(50), reason: 'SCHEDULE_ENDED', finalStandings: [] },
      };
      spec
        .given([scheduledCreated(), started(10), done])
        .when(endCommand(51))
        .then([]);
      spec
        .given([scheduledCreated(), started(10), done])
        .when(startCommand(51))
        .then([]);
    });
  });

  describe('ties', () => {
    // Each case is built so that every later rule of the chain would rank the other way round:
    // deleting the rule under test changes the answer.
    const [seedFirst, seedSecond] = tieBreakKey(seed, 'a') < tieBreakKey(seed, 'b') ? ['a', 'b'] : ['b', 'a'];
    const ranked = (...userIds: string[]) =>
      expect.objectContaining({
        data: expect.objectContaining({
          finalStandings: userIds.map((userId) => expect.objectContaining({ userId })),
        }),
      });

    it('equal best scores rank by the earliest high score, before fewer attempts and the seed', () => {
      // seedSecond reached 50 first but needed two attempts; seedFirst reached it later in one.
      spec
        .given([
          scheduledCreated(),
          started(10),
          joined('a'),
          joined('b'),
          scored(seedSecond, 10, 1, 11),
          scored(seedSecond, 50, 2, 12),
          scored(seedFirst, 50, 1, 15),
        ])
        .when(endCommand(50))
        .then([ranked(seedSecond, seedFirst)]);
    });

    it('then fewest attempts, before the seed', () => {
      spec
        .given([
          scheduledCreated(),
          started(10),
          joined('a'),
          joined('b'),
          scored(seedFirst, 50, 1, 15),
          scored(seedSecond, 50, 1, 15),
          scored(seedFirst, 1, 2, 16, { score: 50, minute: 15 }),
        ])
        .when(endCommand(50))
        .then([ranked(seedSecond, seedFirst)]);
    });

    it('then the seeded key, ascending', () => {
      spec
        .given([
          scheduledCreated(),
          started(10),
          joined('a'),
          joined('b'),
          scored(seedSecond, 50, 1, 15),
          scored(seedFirst, 50, 1, 15),
        ])
        .when(endCommand(50))
        .then([ranked(seedFirst, seedSecond)]);
    });

    it('the seeded key depends on the seed and is stable', () => {
      expect(tieBreakKey(seed, 'a')).toBe(tieBreakKey(seed, 'a'));
      expect(tieBreakKey(seed, 'a')).not.toBe(tieBreakKey('ff'.repeat(16), 'a'));
      const entry = { bestScore: 1, bestScoreAt: at(1), attempts: 1 };
      expect(compareStandings({ ...entry, tieBreakKey: 'a' }, { ...entry, tieBreakKey: 'b' })).toBeLessThan(
        0,
      );
    });
  });

  describe('cancelling', () => {
    it('cancels an upcoming tournament once', () => {
      const cancelCommand: TournamentCommand = {
        type: 'CancelTournament',
        data: { tournamentId: id, reason: 'Game retired', now: at(3) },
      };
      const cancelled: TournamentEvent = {
        type: 'TournamentCancelled',
        data: { tournamentId: id, reason: 'Game retired', cancelledAt: at(3) },
      };
      spec.given([scheduledCreated()]).when(cancelCommand).then([cancelled]);
      spec.given([scheduledCreated(), cancelled]).when(cancelCommand).then([]);
    });
  });

  describe('refusing what a tournament cannot be', () => {
    const refuses = (overrides: Partial<CreateTournament['data']>, message: RegExp) =>
      spec.given([]).when(createCommand(overrides)).thenThrows(TournamentError, message);
    const accepts = (overrides: Partial<CreateTournament['data']>) =>
      spec
        .given([])
        .when(createCommand(overrides))
        .then([created(overrides), started(0)]);

    it('a blank title', () => refuses({ title: '   ' }, /needs a title/));

    it('a maxScore below 1 or not whole, while 1 is enough', () => {
      const game = createCommand().data.game;
      refuses({ game: { ...game, maxScore: 0 } }, /maxScore must be a whole number from 1/);
      refuses({ game: { ...game, maxScore: 99.5 } }, /maxScore must be a whole number from 1/);
      accepts({ game: { ...game, maxScore: 1 } });
    });

    it('takes a cap of one player and a prize pool of 0 cents', () => {
      accepts({ maxParticipants: 1 });
      accepts({ prizePoolCents: 0 });
    });

    it('a tie-break seed that is short, or has anything but hex around it', () => {
      refuses({ tieBreakSeed: seed.slice(1) }, /tieBreakSeed/);
      refuses({ tieBreakSeed: `zz${seed}` }, /tieBreakSeed/);
      refuses({ tieBreakSeed: `${seed}zz` }, /tieBreakSeed/);
    });

    it('a scheduled tournament without a start or end, or ending as it starts', () => {
      const scheduled = { mode: 'SCHEDULED' as const, tournamentStart: at(10), tournamentEnd: at(50) };
      refuses({ ...scheduled, tournamentStart: null }, /must be UTC instants/);
      refuses({ ...scheduled, tournamentEnd: 'not a date' }, /must be UTC instants/);
      refuses({ ...scheduled, tournamentEnd: at(10) }, /tournamentStart before its tournamentEnd/);
    });

    it('an instant tournament with a start or an end time', () => {
      refuses({ tournamentStart: at(10) }, /instant tournament has no start or end time/);
      refuses({ tournamentEnd: at(50) }, /instant tournament has no start or end time/);
    });
  });

  describe('closing', () => {
    it('a scheduled tournament past its end refuses joins even before the end job runs', () => {
      spec
        .given([scheduledCreated(), started(10)])
        .when(join('a', 50))
        .thenThrows(TournamentError, /this tournament has ended/);
    });

    it('an instant tournament takes joins beyond its cap until that many players have scored', () => {
      spec
        .given([created({ maxParticipants: 1 }), started(), joined('a')])
        .when(join('b', 2))
        .then([joined('b', 2)]);
    });

    it('a scheduled tournament whose every place has scored runs on to its end', () => {
      spec
        .given([scheduledCreated(), started(10), joined('a', 5), joined('b', 6), scored('a', 10, 1, 11)])
        .when(submit('b', 20, 12))
        .then([scored('b', 20, 1, 12)]);
    });

    it('a repeat attempt fills no place, even in the stream already folded', () => {
      spec
        .given([created(), started(), joined('a'), joined('b'), scored('a', 10, 1, 2), scored('a', 20, 2, 3)])
        .when(submit('b', 30, 4))
        .then([scored('b', 30, 1, 4)]);
    });

    it('a score for a player who never joined fills no place', () => {
      spec
        .given([
          created(),
          started(),
          joined('a'),
          joined('b'),
          scored('ghost', 10, 1, 2),
          scored('a', 10, 1, 3),
        ])
        .when(submit('b', 30, 4))
        .then([scored('b', 30, 1, 4)]);
    });

    it('ending or cancelling a cancelled or completed tournament emits nothing', () => {
      const cancelled: TournamentEvent = {
        type: 'TournamentCancelled',
        data: { tournamentId: id, reason: 'Game retired', cancelledAt: at(3) },
      };
      const done: TournamentEvent = {
        type: 'TournamentCompleted',
        data: { tournamentId: id, completedAt: at(50), reason: 'SCHEDULE_ENDED', finalStandings: [] },
      };
      spec.given([scheduledCreated(), cancelled]).when(endCommand(51)).then([]);
      spec
        .given([scheduledCreated(), started(10), done])
        .when({ type: 'CancelTournament', data: { tournamentId: id, reason: 'Too late', now: at(51) } })
        .then([]);
    });

    it('events of a stream that was never created are ignored', () => {
      spec
        .given([joined('a')])
        .when(join('b'))
        .thenThrows(TournamentError, 'Tournament not found');
    });
  });
});
