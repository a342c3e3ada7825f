import { PlayMessages } from '@arena/contracts/plays.contract';
import { snake } from '@arena/games';
import type { TournamentCommand } from './tournament.commands';
import { decide, evolve, initialState, type ExistingTournament } from './tournament.decider';
import { TournamentError } from './tournament.errors';
import type { TournamentEvent } from './tournament.events';
import {
  at,
  created,
  createCommand,
  honestVerdict,
  id,
  joined,
  playIds,
  playStarted,
  scored,
  spec,
  startPlay,
  started,
  submit,
  submitPlay,
  verifiedCreated,
} from './tournament.fixtures';
import { getPlay } from './tournament.plays';

const snakeGame = { slug: 'snake', name: 'Snake', integrationUrl: '/snake/', maxScore: 3_970 };
const pairsGame = { slug: 'pairs', name: 'Memory Pairs', integrationUrl: '/pairs/', maxScore: 300_000 };

/** The score a verified play records: the bare one, plus the play and its length. */
const playScored = (
  userId: string,
  score: number,
  attempt: number,
  minute: number,
  durationMs: number,
  playId = playIds.first,
  best: { score: number; minute: number } | null = { score, minute },
  completed = true,
): TournamentEvent => {
  const event = scored(userId, score, attempt, minute, best, completed);
  return { ...event, data: { ...event.data, playId, durationMs } };
};

const live = [verifiedCreated(), started(), joined('a')];

function refusal(events: TournamentEvent[], command: TournamentCommand): TournamentError {
  try {
    decide(command, events.reduce(evolve, initialState));
  } catch (error) {
    if (error instanceof TournamentError) return error;
    throw error;
  }
  throw new Error('The command was not refused');
}

describe('verified games: which tournaments play them', () => {
  it('a catalog game is recorded as verified, and may leave its settings to the catalog defaults', () => {
    spec
      .given([])
      .when(createCommand({ game: snakeGame }))
      .then([verifiedCreated({ game: { ...snakeGame, external: false } }), started(0)]);
  });

  it('a catalog game cannot be marked external', () => {
    spec
      .given([])
      .when(createCommand({ game: { ...snakeGame, external: true } }))
      .thenThrows(TournamentError, 'Snake is one of our verified games: it cannot be external');
  });

  it('any other game must be marked external', () => {
    spec
      .given([])
      .when(createCommand({ game: { slug: 'chess', name: 'Chess', integrationUrl: '/c', maxScore: 9 } }))
      .thenThrows(TournamentError, 'Unknown game: chess');
  });

  it('a TIME game fits only TIME_ATTACK, and TIME_ATTACK only a TIME game', () => {
    spec
      .given([])
      .when(createCommand({ game: pairsGame, format: 'SCORE_ATTACK' }))
      .thenThrows(TournamentError, 'Memory Pairs is played against the clock: only TIME_ATTACK fits it');
    spec
      .given([])
      .when(createCommand({ game: snakeGame, format: 'TIME_ATTACK' }))
      .thenThrows(TournamentError, 'Snake is played for points: TIME_ATTACK does not fit it');
  });

  it('a bare score for a verified game is refused: results come from plays', () => {
    spec
      .given(live)
      .when(submit('a', 100, 2))
      .thenThrows(TournamentError, PlayMessages.verifiedOnly('Snake'));
  });

  it('a tournament recorded before issue 10 (no `external`) still takes bare scores, even for a catalog slug', () => {
    spec
      .given([created({ game: snakeGame }), started(), joined('a')])
      .when(submit('a', 100, 2))
      .then([scored('a', 100, 1, 2)]);
  });

  it('an external game opens no plays', () => {
    spec
      .given([created(), started(), joined('a')])
      .when(startPlay('a', 2))
      .thenThrows(TournamentError, PlayMessages.notVerifiedGame);
  });
});

describe('starting a play', () => {
  it('opens a play with the seed the server chose and an expiry after the longest play', () => {
    spec
      .given(live)
      .when(startPlay('a', 2))
      .then([playStarted('a', 2)]);
  });

  it('only while the member could score: joined, the tournament live and not over', () => {
    spec
      .given([verifiedCreated(), started()])
      .when(startPlay('a', 2))
      .thenThrows(TournamentError, /not joined/);
    const upcoming = [
      verifiedCreated({ mode: 'SCHEDULED', tournamentStart: at(10), tournamentEnd: at(50) }),
      joined('a'),
    ];
    spec
      .given(upcoming)
      .when(startPlay('a', 2))
      .thenThrows(TournamentError, /not live/);
    spec
      .given([...upcoming, started(10)])
      .when(startPlay('a', 50))
      .thenThrows(TournamentError, /not live/);
  });

  it('a retried start of the same play stays quiet; the same id for another member is refused', () => {
    spec
      .given([...live, playStarted('a', 2)])
      .when(startPlay('a', 2))
      .then([]);
    spec
      .given([...live, joined('b'), playStarted('a', 2)])
      .when(startPlay('b', 3))
      .thenThrows(TournamentError, /already exists/);
  });

  it('refuses a play id that is not a UUID', () => {
    spec
      .given(live)
      .when(startPlay('a', 2, 'play\u00001'))
      .thenThrows(TournamentError, 'playId must be a UUID');
  });

  it('a new play supersedes the open one, whose result is then refused', () => {
    const given = [...live, playStarted('a', 2), playStarted('a', 3, playIds.second)];
    const error = refusal(given, submitPlay('a', 4, honestVerdict(50, 30_000)));
    expect([error.kind, error.message]).toEqual(['conflict', PlayMessages.superseded]);
    spec
      .given(given)
      .when(submitPlay('a', 4, honestVerdict(50, 30_000), playIds.second))
      .then([playScored('a', 50, 1, 4, 30_000, playIds.second)]);
  });

  it('keeps thousands of plays, each found by its id', () => {
    const many = Array.from({ length: 3000 }, (_, n) =>
      playStarted('a', 2, `9a1f6a8e-3c1b-4d7e-8f20-${String(n).padStart(12, '0')}`),
    );
    const state = [...live, ...many].reduce(evolve, initialState) as ExistingTournament;
    expect(state.plays.size).toBe(3000);
    expect(getPlay(state.plays, many[2999]!.data.playId)?.resolved).toBe(false);
  });
});

describe("a play's result", () => {
  const open = [...live, joined('b'), playStarted('a', 2)];

  it('records the score the replay computed, with the play and its length', () => {
    spec
      .given(open)
      .when(submitPlay('a', 5, honestVerdict(120, 170_000)))
      .then([playScored('a', 120, 1, 5, 170_000)]);
  });

  const refusals: [string, TournamentEvent[], TournamentCommand, TournamentError['kind'], string | RegExp][] =
    [
      [
        'of another member',
        open,
        submitPlay('b', 5, honestVerdict(10, 1000)),
        'forbidden',
        PlayMessages.notYours,
      ],
      [
        'of another tournament (the play is not in this stream)',
        live,
        submitPlay('a', 5, honestVerdict(10, 1000)),
        'not_found',
        PlayMessages.notFound,
      ],
      [
        'submitted twice',
        [...open, playScored('a', 120, 1, 5, 170_000)],
        submitPlay('a', 6, honestVerdict(120, 170_000)),
        'conflict',
        PlayMessages.alreadySubmitted,
      ],
      [
        'after the play expired (an hour of snake and two minutes of grace)',
        open,
        submitPlay('a', 2 + 62, honestVerdict(10, 1000)),
        'conflict',
        PlayMessages.expired,
      ],
      [
        'a log that does not replay, with the reason',
        open,
        submitPlay('a', 5, { valid: false, reason: 'Input 3 is illegal: the snake cannot reverse' }),
        'unprocessable',
        PlayMessages.doesNotReplay('Input 3 is illegal: the snake cannot reverse'),
      ],
      [
        'a log claiming more game time than the wall clock allows',
        open,
        // Three minutes of wall time since the start, plus two seconds of slack.
        submitPlay('a', 5, honestVerdict(10, 3 * 60_000 + 2_001)),
        'unprocessable',
        PlayMessages.tooFast,
      ],
      [
        'in a tournament that ended meanwhile',
        [
          verifiedCreated({ mode: 'SCHEDULED', tournamentStart: at(0), tournamentEnd: at(4) }),
          started(),
          joined('a'),
          playStarted('a', 2),
        ],
        submitPlay('a', 5, honestVerdict(10, 1000)),
        'conflict',
        /not live/,
      ],
    ];

  it.each(refusals)('is refused %s', (_why, given, command, kind, message) => {
    const error = refusal(given, command);
    expect(error.kind).toBe(kind);
    expect(error.message).toMatch(message);
  });

  it('takes exactly the wall time plus the slack', () => {
    spec
      .given(open)
      .when(submitPlay('a', 5, honestVerdict(10, 3 * 60_000 + 2_000)))
      .then([playScored('a', 10, 1, 5, 3 * 60_000 + 2_000)]);
  });

  it('an input rate beyond human limits is refused by the core: its verdict says why', () => {
    const log = Array.from({ length: 21 }, (_, n) => ({ atMs: 1000 + n * 10, input: n % 2 ? 'up' : 'left' }));
    const verdict = snake.snakeCore.replay('seed', log as never);
    expect(verdict.valid).toBe(false);
    const error = refusal(open, submitPlay('a', 5, verdict));
    expect(error.message).toBe(PlayMessages.doesNotReplay('Inputs come faster than 20 a second'));
  });

  it('a second play after a result counts as the next attempt, and the best stays the best', () => {
    spec
      .given([...open, playScored('a', 120, 1, 5, 170_000), playStarted('a', 6, playIds.second)])
      .when(submitPlay('a', 8, honestVerdict(80, 100_000), playIds.second))
      .then([playScored('a', 80, 2, 8, 100_000, playIds.second, { score: 120, minute: 5 })]);
  });

  it("TIME_ATTACK records the game's time, and an unfinished play as an attempt with no time", () => {
    const timeAttack = [
      verifiedCreated({ format: 'TIME_ATTACK', game: { ...pairsGame, external: false } }),
      started(),
      joined('a'),
      { ...playStarted('a', 2), data: { ...playStarted('a', 2).data, game: 'pairs', expiresAt: at(9) } },
    ];
    spec
      .given(timeAttack)
      .when(submitPlay('a', 4, honestVerdict(61_000, 61_000)))
      .then([playScored('a', 61_000, 1, 4, 61_000)]);
    spec
      .given(timeAttack)
      .when(submitPlay('a', 4, honestVerdict(0, 20_000, false)))
      .then([playScored('a', 0, 1, 4, 20_000, playIds.first, null, false)]);
  });

  it('a points game counts every play that replayed, however it ended', () => {
    spec
      .given(open)
      .when(submitPlay('a', 5, honestVerdict(30, 60_000, false)))
      .then([playScored('a', 30, 1, 5, 60_000)]);
  });

  it('the play that fills the last place of an instant tournament completes it', () => {
    const full = [verifiedCreated({ maxParticipants: 1 }), started(), joined('a'), playStarted('a', 2)];
    const events = decide(submitPlay('a', 5, honestVerdict(40, 60_000)), full.reduce(evolve, initialState));
    expect(events.map((event) => event.type)).toEqual([
      'ScoreSubmitted',
      'TournamentCompleted',
      'PrizeAllocated',
    ]);
  });
});

describe('head-to-head through plays', () => {
  const u = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const matchId = 's1-g1-r1-m1';
  const other = 's1-g1-r1-m2';
  const layout = (matchId: string, player1: string, player2: string) => ({
    matchId,
    stage: 1,
    group: 1,
    round: 1,
    number: Number(matchId.at(-1)),
    player1,
    player2,
  });
  const scheduled = (match: string, player1: string, player2: string): TournamentEvent => ({
    type: 'MatchScheduled',
    data: {
      tournamentId: id,
      matchId: match,
      player1Id: player1,
      player2Id: player2,
      gameSeed: 'ab',
      deadline: at(40),
      scheduledAt: at(10),
    },
  });
  const bracket: TournamentEvent[] = [
    verifiedCreated({
      format: 'SINGLE_ELIMINATION',
      mode: 'SCHEDULED',
      tournamentStart: at(10),
      tournamentEnd: at(59),
      maxParticipants: 4,
    }),
    ...[1, 2, 3, 4].map((n) => joined(u(n))),
    started(10),
    {
      type: 'BracketGenerated',
      data: {
        tournamentId: id,
        stage: 1,
        kind: 'SINGLE_ELIMINATION',
        seeding: [u(1), u(2), u(3), u(4)],
        matches: [layout(matchId, u(1), u(2)), layout(other, u(3), u(4))],
        generatedAt: at(10),
      },
    },
    scheduled(matchId, u(1), u(2)),
    scheduled(other, u(3), u(4)),
  ];
  const matchPlay = (n: number, minute: number, playId: string) => playStarted(u(n), minute, playId, matchId);
  const submitFor = (n: number, minute: number, score: number, playId: string) =>
    submitPlay(u(n), minute, honestVerdict(score, 60_000), playId);

  it("a play opens only for the member's own scheduled match", () => {
    spec
      .given(bracket)
      .when(startPlay(u(1), 12, playIds.first, matchId))
      .then([matchPlay(1, 12, playIds.first)]);
    spec
      .given(bracket)
      .when(startPlay(u(1), 12, playIds.first, other))
      .thenThrows(TournamentError, /not a player in this match/);
    spec
      .given(bracket)
      .when(startPlay(u(1), 12))
      .thenThrows(TournamentError, /head-to-head matches/);
    spec
      .given(bracket)
      .when(startPlay(u(1), 40, playIds.first, matchId))
      .thenThrows(TournamentError, /deadline/);
  });

  it('both players play through plays: the higher computed score wins the match', () => {
    const first = [...bracket, matchPlay(1, 12, playIds.first), matchPlay(2, 13, playIds.second)];
    const afterOne = [
      ...first,
      {
        type: 'MatchPlayed',
        data: {
          tournamentId: id,
          matchId,
          userId: u(1),
          username: `name-${u(1)}`,
          score: 70,
          completed: true,
          playedAt: at(15),
          playId: playIds.first,
        },
      } as TournamentEvent,
    ];
    spec
      .given(first)
      .when(submitFor(1, 15, 70, playIds.first))
      .then([afterOne.at(-1)!]);
    const events = decide(submitFor(2, 16, 90, playIds.second), afterOne.reduce(evolve, initialState));
    expect(events).toEqual([
      {
        type: 'MatchPlayed',
        data: {
          tournamentId: id,
          matchId,
          userId: u(2),
          username: `name-${u(2)}`,
          score: 90,
          completed: true,
          playedAt: at(16),
          playId: playIds.second,
        },
      },
      expect.objectContaining({
        type: 'MatchDecided',
        data: expect.objectContaining({ winnerId: u(2), loserId: u(1), reason: 'PLAYED' }),
      }),
    ]);
  });

  it('a played match opens no second play, and the bare match result is refused for a verified game', () => {
    const played = [
      ...bracket,
      matchPlay(1, 12, playIds.first),
      {
        type: 'MatchPlayed',
        data: {
          tournamentId: id,
          matchId,
          userId: u(1),
          username: `name-${u(1)}`,
          score: 70,
          completed: true,
          playedAt: at(15),
          playId: playIds.first,
        },
      } as TournamentEvent,
    ];
    spec
      .given(played)
      .when(startPlay(u(1), 16, playIds.second, matchId))
      .thenThrows(TournamentError, /already played/);
    spec
      .given(bracket)
      .when({
        type: 'RecordMatchResult',
        data: {
          tournamentId: id,
          matchId,
          userId: u(1),
          username: `name-${u(1)}`,
          score: 5,
          completed: true,
          now: at(12),
        },
      })
      .thenThrows(TournamentError, PlayMessages.verifiedOnly('Snake'));
  });
});
