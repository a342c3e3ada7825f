import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '@arena/event-store';
import { eventRecorder } from '@arena/projection-runner/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import {
  BYE,
  type MatchLayout,
  type TournamentEvent,
  type TournamentFormat,
} from '@arena/tournaments/events';
import { tournamentBracketsProjector as projector } from './tournament-brackets.projection';
import { findBracketDetail } from './tournament-brackets.queries';

const names = { tournament_brackets: 'tournament_brackets' } as const;
const u = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 12, minute)).toISOString();

describe('tournament brackets projection', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(2);
    await projector.createTables(database.db, names);
  });
  afterAll(() => database.drop());

  const record = eventRecorder((event: TournamentEvent) => `tournament-${event.data.tournamentId}`);
  const apply = (events: RecordedEvent[]) =>
    database.db.transaction().execute((trx) => projector.apply(trx, events, names));

  const created = (tournamentId: string, format: TournamentFormat): TournamentEvent => ({
    type: 'TournamentCreated',
    data: {
      tournamentId,
      title: 'Cup',
      description: '',
      thumbnail: null,
      mode: 'SCHEDULED',
      format,
      prizeModel: 'WINNER_TAKES_ALL',
      prizePoolCents: 5000,
      maxParticipants: 8,
      requiredPlan: 'FREE',
      rules: '',
      game: { slug: 'chess', name: 'Chess', integrationUrl: '/games/chess', maxScore: 100 },
      tournamentStart: at(10),
      tournamentEnd: at(50),
      tieBreakSeed: 'ab'.repeat(16),
      matchWindowMinutes: 30,
      createdAt: at(0),
    },
  });
  const joined = (tournamentId: string, n: number): TournamentEvent => ({
    type: 'PlayerJoined',
    data: {
      tournamentId,
      userId: u(n),
      username: `p${n}`,
      charityId: null,
      charityName: null,
      joinedAt: at(1),
    },
  });
  const layout = (round: number, number: number, p1: string | null, p2: string | null): MatchLayout => ({
    matchId: `s1-g1-r${round}-m${number}`,
    stage: 1,
    group: 1,
    round,
    number,
    player1: p1,
    player2: p2,
  });

  /** Single elimination of three: 1 has a bye into the final, 2 plays 3. */
  const bracketEvents = (tournamentId: string): TournamentEvent[] => {
    const semi = layout(1, 2, u(2), u(3));
    return [
      created(tournamentId, 'SINGLE_ELIMINATION'),
      joined(tournamentId, 1),
      joined(tournamentId, 2),
      joined(tournamentId, 3),
      {
        type: 'BracketGenerated',
        data: {
          tournamentId,
          stage: 1,
          kind: 'SINGLE_ELIMINATION',
          seeding: [u(1), u(2), u(3), null],
          matches: [layout(1, 1, u(1), BYE), semi, layout(2, 1, u(1), null)],
          generatedAt: at(10),
        },
      },
      {
        type: 'MatchScheduled',
        data: {
          tournamentId,
          matchId: semi.matchId,
          player1Id: u(2),
          player2Id: u(3),
          gameSeed: 'abc',
          deadline: at(40),
          scheduledAt: at(10),
        },
      },
      {
        type: 'MatchPlayed',
        data: {
          tournamentId,
          matchId: semi.matchId,
          userId: u(2),
          username: 'p2',
          score: 7,
          completed: true,
          playedAt: at(11),
        },
      },
    ];
  };

  it('draws the bracket with its byes, schedules, records plays, and gives each member their next match', async () => {
    const tournamentId = randomUUID();
    const notices = await apply(bracketEvents(tournamentId).map(record));
    expect(notices).toEqual([{ topic: 'tournament', tournamentId }]);
    const forThree = await findBracketDetail(database.db, tournamentId, u(3));
    expect(forThree.matchWindowMinutes).toBe(30);
    const [stage] = forThree.bracket!.stages;
    expect(stage).toMatchObject({ number: 1, kind: 'SINGLE_ELIMINATION', standings: null });
    expect(stage!.rounds.map((round) => [round.group, round.number, round.matches.length])).toEqual([
      ['WINNERS', 1, 2],
      ['WINNERS', 2, 1],
    ]);
    expect(stage!.rounds[0]!.matches[0]).toMatchObject({
      isBye: true,
      bye: 'PLAYER2',
      status: 'LOCKED',
      player2: null,
    });
    // Seeds from the recorded seeding; the padding bye has none.
    expect(stage!.seeds).toEqual({ [u(1)]: 1, [u(2)]: 2, [u(3)]: 3 });
    expect(stage!.rounds[1]!.matches[0]).toMatchObject({ isBye: false, bye: null });
    expect(stage!.rounds[0]!.matches[1]).toMatchObject({
      status: 'READY',
      deadline: at(40),
      player1: { username: 'p2', score: 7, result: null },
      player2: { username: 'p3', score: null },
    });
    expect(forThree.myNextMatch).toEqual({
      matchId: 's1-g1-r1-m2',
      stageKind: 'SINGLE_ELIMINATION',
      group: 'WINNERS',
      round: 1,
      opponentUsername: 'p2',
      deadline: at(40),
      played: false,
    });
    expect((await findBracketDetail(database.db, tournamentId, u(2))).myNextMatch).toMatchObject({
      played: true,
    });
    expect((await findBracketDetail(database.db, tournamentId, u(1))).myNextMatch).toBeNull();
  });

  it('shows an erased member under the erased name on every side and in next matches', async () => {
    const tournamentId = randomUUID();
    await apply(bracketEvents(tournamentId).map(record));
    await database.db
      .insertInto('erased_members' as never)
      .values({ member_id: u(2), erased_name: 'deleted-0123456789ab', erased_at: new Date() } as never)
      .execute();
    try {
      const forThree = await findBracketDetail(database.db, tournamentId, u(3));
      expect(forThree.bracket!.stages[0]!.rounds[0]!.matches[1]).toMatchObject({
        player1: { userId: u(2), username: 'deleted-0123456789ab' },
        player2: { userId: u(3), username: 'p3' },
      });
      expect(forThree.myNextMatch?.opponentUsername).toBe('deleted-0123456789ab');
      expect(JSON.stringify(forThree)).not.toContain('"p2"');
    } finally {
      await database.db
        .deleteFrom('erased_members' as never)
        .where('member_id' as never, '=', u(2) as never)
        .execute();
    }
  });

  it('a decision marks the winner and loser and closes the match', async () => {
    const tournamentId = randomUUID();
    await apply(bracketEvents(tournamentId).map(record));
    await apply([
      record({
        type: 'MatchForfeited',
        data: { tournamentId, matchId: 's1-g1-r1-m2', userId: u(3), forfeitedAt: at(40) },
      }),
      record({
        type: 'MatchDecided',
        data: {
          tournamentId,
          matchId: 's1-g1-r1-m2',
          winnerId: u(2),
          loserId: u(3),
          reason: 'FORFEIT',
          decidedAt: at(40),
          winnerWins: 1,
        },
      }),
    ]);
    const { bracket, myNextMatch } = await findBracketDetail(database.db, tournamentId, u(2));
    expect(bracket!.stages[0]!.rounds[0]!.matches[1]).toMatchObject({
      status: 'COMPLETED',
      decidedAt: at(40),
      player1: { userId: u(2), result: 'WIN', forfeited: false },
      player2: { userId: u(3), result: 'LOSS', forfeited: true },
    });
    expect(myNextMatch).toBeNull();
  });

  it('a redelivered batch changes nothing', async () => {
    const tournamentId = randomUUID();
    const events = bracketEvents(tournamentId).map(record);
    await apply(events);
    const before = await findBracketDetail(database.db, tournamentId, u(3));
    expect(await apply(events)).toEqual([]);
    expect(await findBracketDetail(database.db, tournamentId, u(3))).toEqual(before);
  });

  it('keeps a round robin table, ranked by wins', async () => {
    const tournamentId = randomUUID();
    const match = { ...layout(1, 1, u(1), u(2)) };
    await apply(
      [
        created(tournamentId, 'ROUND_ROBIN'),
        joined(tournamentId, 1),
        joined(tournamentId, 2),
        {
          type: 'BracketGenerated',
          data: {
            tournamentId,
            stage: 1,
            kind: 'ROUND_ROBIN',
            seeding: [u(1), u(2)],
            matches: [match],
            generatedAt: at(10),
          },
        },
        {
          type: 'MatchScheduled',
          data: {
            tournamentId,
            matchId: match.matchId,
            player1Id: u(1),
            player2Id: u(2),
            gameSeed: 'x',
            deadline: at(40),
            scheduledAt: at(10),
          },
        },
        {
          type: 'MatchPlayed',
          data: {
            tournamentId,
            matchId: match.matchId,
            userId: u(1),
            username: 'p1',
            score: 3,
            completed: true,
            playedAt: at(11),
          },
        },
        {
          type: 'MatchPlayed',
          data: {
            tournamentId,
            matchId: match.matchId,
            userId: u(2),
            username: 'p2',
            score: 8,
            completed: true,
            playedAt: at(12),
          },
        },
        {
          type: 'MatchDecided',
          data: {
            tournamentId,
            matchId: match.matchId,
            winnerId: u(2),
            loserId: u(1),
            reason: 'PLAYED',
            decidedAt: at(12),
            winnerWins: 1,
          },
        },
      ].map((event) => record(event as TournamentEvent)),
    );
    const { bracket } = await findBracketDetail(database.db, tournamentId, undefined);
    expect(bracket!.stages[0]!.rounds[0]!.group).toBe('ROUND_ROBIN');
    expect(bracket!.stages[0]!.standings).toEqual([
      { rank: 1, userId: u(2), username: 'p2', played: 1, wins: 1, losses: 0, totalScore: 8 },
      { rank: 2, userId: u(1), username: 'p1', played: 1, wins: 0, losses: 1, totalScore: 3 },
    ]);
  });

  it("follows an operator's edit of the match window", async () => {
    const tournamentId = randomUUID();
    await apply(
      [
        created(tournamentId, 'ROUND_ROBIN'),
        {
          type: 'TournamentEdited',
          data: { tournamentId, changes: { matchWindowMinutes: 90 }, editedAt: at(2) },
        },
      ].map((event) => record(event as TournamentEvent)),
    );
    expect((await findBracketDetail(database.db, tournamentId, undefined)).matchWindowMinutes).toBe(90);
  });

  it('keeps nothing for a tournament without a bracket', async () => {
    const tournamentId = randomUUID();
    expect(await apply([created(tournamentId, 'SCORE_ATTACK'), joined(tournamentId, 1)].map(record))).toEqual(
      [],
    );
    expect(await findBracketDetail(database.db, tournamentId, u(1))).toEqual({
      bracket: null,
      matchWindowMinutes: null,
      myNextMatch: null,
    });
  });
});
