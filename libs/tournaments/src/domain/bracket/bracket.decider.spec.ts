import { deciderSpec } from '@arena/testing';
import type { TournamentCommand } from '../tournament.commands';
import { decide, evolve, initialState, tournamentDecider, type TournamentState } from '../tournament.decider';
import { TournamentError } from '../tournament.errors';
import type { TournamentCompleted, TournamentEvent, TournamentFormat } from '../tournament.events';
import { tieBreakKey } from '../tournament.standings';
import type { BracketOutlook } from './bracket.commands';
import { BYE, type MatchLayout, type StageKind } from './bracket.events';
import { advancingCount } from './bracket.state';

const spec = deciderSpec<TournamentCommand, TournamentEvent, TournamentState>(tournamentDecider);
const id = '4b0f3c5e-2d7a-4e61-9c8b-0a1d2e3f4a5b';
const seed = '00112233445566778899aabbccddeeff';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString();
const u = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const created = (
  format: TournamentFormat,
  mode: 'SCHEDULED' | 'INSTANT' = 'SCHEDULED',
  maxParticipants = 8,
): TournamentEvent => ({
  type: 'TournamentCreated',
  data: {
    tournamentId: id,
    title: 'Duel',
    description: '',
    thumbnail: null,
    mode,
    format,
    prizeModel: 'WINNER_TAKES_ALL',
    prizePoolCents: 1000,
    maxParticipants,
    requiredPlan: 'FREE',
    rules: '',
    game: { slug: 'chess', name: 'Chess', integrationUrl: '/games/chess', maxScore: 1000 },
    tournamentStart: mode === 'SCHEDULED' ? at(10) : null,
    tournamentEnd: mode === 'SCHEDULED' ? at(59) : null,
    tieBreakSeed: seed,
    matchWindowMinutes: 30,
    createdAt: at(0),
  },
});
const joined = (n: number): TournamentEvent => ({
  type: 'PlayerJoined',
  data: {
    tournamentId: id,
    userId: u(n),
    username: `p${n}`,
    charityId: null,
    charityName: null,
    // Joined in order, a second apart: the first stage seeds by join order.
    joinedAt: new Date(Date.UTC(2026, 10, 22, 12, 1, n)).toISOString(),
  },
});
const started: TournamentEvent = { type: 'TournamentStarted', data: { tournamentId: id, startedAt: at(10) } };
const layout = (
  stage: number,
  group: number,
  round: number,
  number: number,
  p1: string | null,
  p2: string | null,
): MatchLayout => ({
  matchId: `s${stage}-g${group}-r${round}-m${number}`,
  stage,
  group,
  round,
  number,
  player1: p1,
  player2: p2,
});
const generated = (
  stage: number,
  kind: StageKind,
  seeding: (string | null)[],
  matches: MatchLayout[],
): TournamentEvent => ({
  type: 'BracketGenerated',
  data: { tournamentId: id, stage, kind, seeding, matches, generatedAt: at(10) },
});
const scheduled = (match: MatchLayout, minute = 10): TournamentEvent => ({
  type: 'MatchScheduled',
  data: {
    tournamentId: id,
    matchId: match.matchId,
    player1Id: match.player1!,
    player2Id: match.player2!,
    gameSeed: expect.any(String) as unknown as string,
    deadline: at(minute + 30),
    scheduledAt: at(minute),
  },
});
const played = (
  match: MatchLayout,
  userId: string,
  score: number,
  minute: number,
  completed = true,
): TournamentEvent => ({
  type: 'MatchPlayed',
  data: {
    tournamentId: id,
    matchId: match.matchId,
    userId,
    username: 'x',
    score,
    completed,
    playedAt: at(minute),
  },
});
const result = (
  match: MatchLayout,
  userId: string,
  score: number,
  minute: number,
  completed = true,
): TournamentCommand => ({
  type: 'RecordMatchResult',
  data: {
    tournamentId: id,
    matchId: match.matchId,
    userId,
    username: 'x',
    score,
    completed,
    now: at(minute),
  },
});
const decided = (
  match: MatchLayout,
  winnerId: string | null,
  loserId: string | null,
  reason: 'PLAYED' | 'TIE_BREAK' | 'FORFEIT' | 'DOUBLE_FORFEIT',
  minute: number,
  winnerWins: number | null = winnerId ? 1 : null,
): TournamentEvent => ({
  type: 'MatchDecided',
  data: {
    tournamentId: id,
    matchId: match.matchId,
    winnerId,
    loserId,
    reason,
    decidedAt: at(minute),
    winnerWins,
  },
});
const forfeitAt = (match: MatchLayout, minute: number): TournamentCommand => ({
  type: 'ForfeitMatch',
  data: { tournamentId: id, matchId: match.matchId, now: at(minute) },
});
const advance = (outlook: BracketOutlook | null, minute = 10): TournamentCommand => ({
  type: 'AdvanceBracket',
  data: { tournamentId: id, outlook, now: at(minute) },
});
const outlookOf = (
  stage: number,
  matches: MatchLayout[],
  drawn?: { kind: StageKind; seeding: (string | null)[] },
): BracketOutlook => ({
  stage,
  drawn: drawn ? { ...drawn, matches } : null,
  matches: matches.map(({ matchId, player1, player2 }) => ({ matchId, player1, player2 })),
});
const decideOn = (events: TournamentEvent[], command: TournamentCommand) =>
  decide(command, events.reduce(evolve, initialState as TournamentState));
const completion = (events: TournamentEvent[]) =>
  events.find((event): event is TournamentCompleted => event.type === 'TournamentCompleted');
const keyOrder = (a: string, b: string) => (tieBreakKey(seed, a) < tieBreakKey(seed, b) ? [a, b] : [b, a]);

// Single elimination of three: the top seed has a bye into the final.
const se3 = {
  seeding: [u(1), u(2), u(3), null],
  semi: layout(1, 1, 1, 2, u(2), u(3)),
  bye: layout(1, 1, 1, 1, u(1), BYE),
  final: layout(1, 1, 2, 1, u(1), null),
};
const se3Live = [
  created('SINGLE_ELIMINATION'),
  joined(1),
  joined(2),
  joined(3),
  started,
  generated(1, 'SINGLE_ELIMINATION', se3.seeding, [se3.bye, se3.semi, se3.final]),
  scheduled(se3.semi),
];
const duel = layout(1, 1, 1, 1, u(1), u(2));
const duelLive = [
  created('SINGLE_ELIMINATION'),
  joined(1),
  joined(2),
  started,
  generated(1, 'SINGLE_ELIMINATION', [u(1), u(2)], [duel]),
  scheduled(duel),
];

describe('head-to-head bracket decider', () => {
  describe('drawing the bracket', () => {
    it('draws the first stage on start and schedules only matches with two known players (a bye is not played)', () => {
      spec
        .given([created('SINGLE_ELIMINATION'), joined(1), joined(2), joined(3), started])
        .when(
          advance(
            outlookOf(1, [se3.bye, se3.semi, se3.final], {
              kind: 'SINGLE_ELIMINATION',
              seeding: se3.seeding,
            }),
          ),
        )
        .then([
          generated(1, 'SINGLE_ELIMINATION', se3.seeding, [se3.bye, se3.semi, se3.final]),
          scheduled(se3.semi),
        ]);
    });

    it.each<TournamentFormat>([
      'ROUND_ROBIN',
      'DOUBLE_ELIMINATION',
      'ROUND_ROBIN_SINGLE_ELIM',
      'ROUND_ROBIN_DOUBLE_ELIM',
    ])('%s draws its first stage when it starts', (format) => {
      const kind: StageKind = format.startsWith('ROUND_ROBIN') ? 'ROUND_ROBIN' : 'DOUBLE_ELIMINATION';
      const only = layout(1, 1, 1, 1, u(1), u(2));
      spec
        .given([created(format), joined(1), joined(2), started])
        .when(advance(outlookOf(1, [only], { kind, seeding: [u(1), u(2)] })))
        .then([generated(1, kind, [u(1), u(2)], [only]), scheduled(only)]);
    });

    it('an instant bracket waits until every place is taken', () => {
      spec
        .given([created('SINGLE_ELIMINATION', 'INSTANT', 4), started, joined(1), joined(2), joined(3)])
        .when(advance(null))
        .then([]);
    });

    it('an outlook drawn without a player who joined since is stale and draws nothing', () => {
      spec
        .given([created('SINGLE_ELIMINATION'), joined(1), joined(2), joined(3), joined(4), started])
        .when(
          advance(
            outlookOf(1, [se3.bye, se3.semi, se3.final], {
              kind: 'SINGLE_ELIMINATION',
              seeding: se3.seeding,
            }),
          ),
        )
        .then([]);
    });

    it('a stale outlook (for another stage) changes nothing', () => {
      spec
        .given(se3Live)
        .when(advance(outlookOf(2, [])))
        .then([]);
    });

    it('advancing again schedules nothing twice', () => {
      spec
        .given(se3Live)
        .when(advance(outlookOf(1, [se3.bye, se3.semi, se3.final])))
        .then([]);
    });

    it('a bracket of one player completes at once with that player first', () => {
      const events = decideOn([created('DOUBLE_ELIMINATION'), joined(1), started], advance(null));
      expect(completion(events)?.data).toMatchObject({
        reason: 'BRACKET_DECIDED',
        finalStandings: [{ rank: 1, userId: u(1) }],
      });
    });

    it('joining after the draw is refused', () => {
      spec
        .given(se3Live)
        .when({
          type: 'JoinTournament',
          data: {
            tournamentId: id,
            userId: u(9),
            username: 'late',
            charityId: null,
            charityName: null,
            memberPlan: 'FREE',
            now: at(12),
          },
        })
        .thenThrows(TournamentError, 'Joining is closed: the bracket has been drawn');
    });

    it('an instant bracket that is full refuses another join', () => {
      spec
        .given([created('ROUND_ROBIN', 'INSTANT', 2), started, joined(1), joined(2)])
        .when({
          type: 'JoinTournament',
          data: {
            tournamentId: id,
            userId: u(9),
            username: 'late',
            charityId: null,
            charityName: null,
            memberPlan: 'FREE',
            now: at(12),
          },
        })
        .thenThrows(TournamentError, 'Joining is closed: this tournament is full');
    });

    it('plain scores are refused: head-to-head tournaments are played in matches', () => {
      spec
        .given(se3Live)
        .when({
          type: 'SubmitScore',
          data: { tournamentId: id, userId: u(2), username: 'p2', score: 5, now: at(12) },
        })
        .thenThrows(TournamentError, /head-to-head matches/);
    });

    it('the end job completes a bracket that was never drawn with no ranking (nobody played)', () => {
      const events = decideOn([created('SINGLE_ELIMINATION'), joined(1), joined(2), started], {
        type: 'EndTournament',
        data: { tournamentId: id, now: at(59) },
      });
      expect(completion(events)?.data).toMatchObject({ reason: 'SCHEDULE_ENDED', finalStandings: [] });
    });

    it('the end job leaves a drawn bracket to finish with its final', () => {
      spec
        .given(se3Live)
        .when({ type: 'EndTournament', data: { tournamentId: id, now: at(59) } })
        .then([]);
    });
  });

  describe('results', () => {
    it('the first result is recorded and the match waits for the opponent', () => {
      spec
        .given(duelLive)
        .when(result(duel, u(1), 50, 12))
        .then([played(duel, u(1), 50, 12)]);
    });

    it('the second result decides: the higher score wins', () => {
      spec
        .given([...duelLive, played(duel, u(1), 50, 12)])
        .when(result(duel, u(2), 70, 13))
        .then([played(duel, u(2), 70, 13), decided(duel, u(2), u(1), 'PLAYED', 13)]);
    });

    it('a finished run beats an unfinished one whatever the scores', () => {
      spec
        .given([...duelLive, played(duel, u(1), 90, 12, false)])
        .when(result(duel, u(2), 10, 13))
        .then([played(duel, u(2), 10, 13), decided(duel, u(2), u(1), 'PLAYED', 13)]);
    });

    it('equal results go to the earlier play', () => {
      spec
        .given([...duelLive, played(duel, u(2), 40, 12)])
        .when(result(duel, u(1), 40, 13))
        .then([played(duel, u(1), 40, 13), decided(duel, u(2), u(1), 'TIE_BREAK', 13)]);
    });

    it('equal results at the same instant go to the secret key', () => {
      const [first, second] = keyOrder(u(1), u(2));
      spec
        .given([...duelLive, played(duel, u(1), 40, 12)])
        .when(result(duel, u(2), 40, 12))
        .then([played(duel, u(2), 40, 12), decided(duel, first!, second!, 'TIE_BREAK', 12)]);
    });

    it('someone not in the match is refused (403)', () => {
      spec
        .given(se3Live)
        .when(result(se3.semi, u(1), 10, 12))
        .thenThrows(TournamentError, 'You are not a player in this match');
    });

    it('an unknown match is not found', () => {
      spec
        .given(se3Live)
        .when(result(layout(1, 1, 9, 9, null, null), u(2), 10, 12))
        .thenThrows(TournamentError, 'Match not found');
    });

    it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
      'a match id like %p is not found',
      (matchId) => {
        spec
          .given(se3Live)
          .when({
            type: 'RecordMatchResult',
            data: {
              tournamentId: id,
              matchId,
              userId: u(2),
              username: 'x',
              score: 1,
              completed: true,
              now: at(12),
            },
          })
          .thenThrows(TournamentError, 'Match not found');
      },
    );

    it('a match whose players are not both known is not ready', () => {
      spec
        .given(se3Live)
        .when(result(se3.final, u(1), 10, 12))
        .thenThrows(TournamentError, /not ready/);
    });

    it('a result at or after the deadline is refused (409)', () => {
      spec
        .given(duelLive)
        .when(result(duel, u(1), 10, 40))
        .thenThrows(TournamentError, /deadline for this match has passed/);
    });

    it('a second result from the same player is refused', () => {
      spec
        .given([...duelLive, played(duel, u(1), 50, 12)])
        .when(result(duel, u(1), 60, 13))
        .thenThrows(TournamentError, 'You have already played this match');
    });

    it('a result for a decided match is refused', () => {
      spec
        .given([
          ...duelLive,
          played(duel, u(1), 50, 12),
          played(duel, u(2), 60, 13),
          decided(duel, u(2), u(1), 'PLAYED', 13),
        ])
        .when(result(duel, u(1), 60, 14))
        .thenThrows(TournamentError, 'This match has already been decided');
    });

    it.each([-1, 1.5, 1001, Number.NaN])('a score of %p is refused', (score) => {
      spec
        .given(duelLive)
        .when(result(duel, u(1), score, 12))
        .thenThrows(TournamentError);
    });

    it('a username a read model could not store is refused', () => {
      spec
        .given(duelLive)
        .when({
          type: 'RecordMatchResult',
          data: {
            tournamentId: id,
            matchId: duel.matchId,
            userId: u(1),
            username: 'a\u0000b',
            score: 1,
            completed: true,
            now: at(12),
          },
        })
        .thenThrows(TournamentError, /NUL/);
    });

    it('a result for a cancelled tournament is refused', () => {
      spec
        .given([
          ...duelLive,
          { type: 'TournamentCancelled', data: { tournamentId: id, reason: 'x', cancelledAt: at(11) } },
        ])
        .when(result(duel, u(1), 5, 12))
        .thenThrows(TournamentError, /not live/);
    });

    it('a tournament without a bracket has no matches', () => {
      spec
        .given([created('SCORE_ATTACK'), joined(1), started])
        .when(result(duel, u(1), 10, 12))
        .thenThrows(TournamentError, /no bracket/);
    });
  });

  describe('deadlines', () => {
    it('whoever has not played by the deadline forfeits', () => {
      spec
        .given([...duelLive, played(duel, u(2), 5, 12)])
        .when(forfeitAt(duel, 40))
        .then([
          {
            type: 'MatchForfeited',
            data: { tournamentId: id, matchId: duel.matchId, userId: u(1), forfeitedAt: at(40) },
          },
          decided(duel, u(2), u(1), 'FORFEIT', 40),
        ]);
    });

    it('if neither played an elimination match, the secret key picks who goes on', () => {
      const [winner, loser] = keyOrder(u(1), u(2));
      spec
        .given(duelLive)
        .when(forfeitAt(duel, 41))
        .then([
          {
            type: 'MatchForfeited',
            data: { tournamentId: id, matchId: duel.matchId, userId: u(1), forfeitedAt: at(41) },
          },
          {
            type: 'MatchForfeited',
            data: { tournamentId: id, matchId: duel.matchId, userId: u(2), forfeitedAt: at(41) },
          },
          decided(duel, winner!, loser!, 'DOUBLE_FORFEIT', 41),
        ]);
    });

    it('if neither played a round-robin match, both lose it', () => {
      const rr = layout(1, 1, 1, 1, u(1), u(2));
      spec
        .given([
          created('ROUND_ROBIN'),
          joined(1),
          joined(2),
          started,
          generated(1, 'ROUND_ROBIN', [u(1), u(2)], [rr]),
          scheduled(rr),
        ])
        .when(forfeitAt(rr, 41))
        .then([
          {
            type: 'MatchForfeited',
            data: { tournamentId: id, matchId: rr.matchId, userId: u(1), forfeitedAt: at(41) },
          },
          {
            type: 'MatchForfeited',
            data: { tournamentId: id, matchId: rr.matchId, userId: u(2), forfeitedAt: at(41) },
          },
          decided(rr, null, null, 'DOUBLE_FORFEIT', 41),
        ]);
    });

    it('a deadline job that runs early changes nothing', () => {
      spec.given(duelLive).when(forfeitAt(duel, 20)).then([]);
    });

    it('a deadline job that runs again after the decision changes nothing', () => {
      spec
        .given([...duelLive, played(duel, u(2), 5, 12), decided(duel, u(2), u(1), 'FORFEIT', 40)])
        .when(forfeitAt(duel, 45))
        .then([]);
    });

    it('a deadline job for a cancelled tournament changes nothing', () => {
      spec
        .given([
          ...duelLive,
          { type: 'TournamentCancelled', data: { tournamentId: id, reason: 'x', cancelledAt: at(20) } },
        ])
        .when(forfeitAt(duel, 45))
        .then([]);
    });
  });

  describe('stages and completion', () => {
    // A round robin of three: 1 beats 2 and 3, 3 beats 2.
    const rr = [
      layout(1, 1, 1, 1, u(1), u(2)),
      layout(1, 1, 2, 1, u(1), u(3)),
      layout(1, 1, 3, 1, u(3), u(2)),
    ];
    const rrDone = (format: TournamentFormat) => [
      created(format),
      joined(1),
      joined(2),
      joined(3),
      started,
      generated(1, 'ROUND_ROBIN', [u(1), u(2), u(3)], rr),
      ...rr.map((match) => scheduled(match)),
      played(rr[0]!, u(1), 9, 11),
      played(rr[0]!, u(2), 1, 11),
      decided(rr[0]!, u(1), u(2), 'PLAYED', 11),
      played(rr[1]!, u(1), 9, 12),
      played(rr[1]!, u(3), 1, 12),
      decided(rr[1]!, u(1), u(3), 'PLAYED', 12),
      played(rr[2]!, u(3), 9, 13),
      played(rr[2]!, u(2), 1, 13),
      decided(rr[2]!, u(3), u(2), 'PLAYED', 13),
    ];

    it.each<[TournamentFormat, StageKind]>([
      ['ROUND_ROBIN_SINGLE_ELIM', 'SINGLE_ELIMINATION'],
      ['ROUND_ROBIN_DOUBLE_ELIM', 'DOUBLE_ELIMINATION'],
    ])('%s: the finished round robin sends its top players on, seeded by the table', (format, kind) => {
      const final = layout(2, 1, 1, 1, u(1), u(3));
      const events = decideOn(
        rrDone(format),
        advance(outlookOf(2, [final], { kind, seeding: [u(1), u(3)] }), 14),
      );
      expect(events.map((event) => event.type)).toEqual([
        'StageAdvanced',
        'BracketGenerated',
        'MatchScheduled',
      ]);
      expect(events[0]!.data).toMatchObject({
        fromStage: 1,
        advancing: [u(1), u(3)],
        standings: [
          { rank: 1, userId: u(1), wins: 2, losses: 0, played: 2 },
          { rank: 2, userId: u(3), wins: 1 },
          { rank: 3, userId: u(2), wins: 0 },
        ],
      });
    });

    it('the advance waits for the engine to draw the elimination stage', () => {
      spec
        .given(rrDone('ROUND_ROBIN_SINGLE_ELIM'))
        .when(advance(outlookOf(1, rr), 14))
        .then([]);
    });

    it('a round robin completes when its last match is decided, ranked by wins', () => {
      const completed = completion(decideOn(rrDone('ROUND_ROBIN'), advance(null, 14)));
      expect(completed?.data.finalStandings.map((row) => [row.rank, row.userId, row.score])).toEqual([
        [1, u(1), 2],
        [2, u(3), 1],
        [3, u(2), 0],
      ]);
    });

    it('single elimination completes with the champion, the runner-up, then by the round they went out', () => {
      const events = [
        ...se3Live,
        played(se3.semi, u(2), 5, 11),
        played(se3.semi, u(3), 6, 11),
        decided(se3.semi, u(3), u(2), 'PLAYED', 11),
        scheduled({ ...se3.final, player2: u(3) }, 12),
        played(se3.final, u(1), 8, 13),
        played(se3.final, u(3), 9, 13),
        decided(se3.final, u(3), u(1), 'PLAYED', 13),
      ];
      const completed = completion(decideOn(events, advance(null, 14)));
      expect(completed?.data).toMatchObject({ reason: 'BRACKET_DECIDED', completedAt: at(14) });
      expect(completed?.data.finalStandings.map((row) => row.userId)).toEqual([u(3), u(1), u(2)]);
    });

    it('double elimination completes when its grand final is decided', () => {
      const wb = layout(1, 1, 1, 1, u(1), u(2));
      const gf = layout(1, 3, 1, 1, null, null);
      const events = [
        created('DOUBLE_ELIMINATION'),
        joined(1),
        joined(2),
        started,
        generated(1, 'DOUBLE_ELIMINATION', [u(1), u(2)], [wb, gf]),
        scheduled(wb),
        played(wb, u(1), 5, 11),
        played(wb, u(2), 6, 11),
        decided(wb, u(2), u(1), 'PLAYED', 11),
      ];
      expect(completion(decideOn(events, advance(null, 12)))).toBeUndefined();
      const final = [
        ...events,
        scheduled({ ...gf, player1: u(2), player2: u(1) }, 12),
        played(gf, u(1), 9, 13),
        played(gf, u(2), 1, 13),
        decided(gf, u(1), u(2), 'PLAYED', 13),
      ];
      expect(
        completion(decideOn(final, advance(null, 14)))?.data.finalStandings.map((row) => row.userId),
      ).toEqual([u(1), u(2)]);
    });

    it.each([
      [2, 'SINGLE_ELIMINATION', 2],
      [3, 'SINGLE_ELIMINATION', 2],
      [5, 'SINGLE_ELIMINATION', 4],
      [6, 'DOUBLE_ELIMINATION', 4],
      [4, 'DOUBLE_ELIMINATION', 4],
      [16, 'SINGLE_ELIMINATION', 8],
    ] as const)('%i players in the round robin send %s %i players on', (players, kind, expected) => {
      expect(advancingCount(players, kind)).toBe(expected);
    });
  });
});
