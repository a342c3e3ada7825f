import {
  LEDGER_ROOM,
  leaderboardMessage,
  LIVE_LEADERBOARD_SIZE,
  parseChangeNotice,
  parseRoom,
  roomName,
  tournamentRoom,
} from './realtime.contract';

describe('live rooms and change notices', () => {
  const id = '3b241101-e2bb-4255-8caf-4136c566a962';

  it('names and parses a tournament room with the same helper', () => {
    expect(parseRoom(tournamentRoom(id))).toEqual({ kind: 'tournament', tournamentId: id });
    expect(parseRoom(LEDGER_ROOM)).toEqual({ kind: 'ledger' });
  });

  it('reads an upper-case id as the room the server pushes to', () => {
    const room = parseRoom(tournamentRoom(id.toUpperCase()));
    expect(room && roomName(room)).toBe(tournamentRoom(id));
  });

  it('knows no other room', () => {
    for (const name of ['tournament:', 'tournament:42', `tournament:${id}x`, 'ledger2', `Tournament:${id}`]) {
      expect(parseRoom(name)).toBeUndefined();
    }
  });

  it('reads back only the notices of the union', () => {
    expect(parseChangeNotice(JSON.stringify({ topic: 'leaderboard', tournamentId: id }))).toEqual({
      topic: 'leaderboard',
      tournamentId: id,
    });
    expect(parseChangeNotice(JSON.stringify({ topic: 'tournament', tournamentId: id }))).toEqual({
      topic: 'tournament',
      tournamentId: id,
    });
    for (const raw of [
      '{',
      'null',
      '{"topic":"ledger","tournamentId":"x"}',
      '{"topic":"tournament"}',
      '{"topic":"leaderboard"}',
    ]) {
      expect(parseChangeNotice(raw)).toBeUndefined();
    }
  });

  it("carries a leaderboard's top entries with the detail's fields, and no more than the detail shows", () => {
    const entry = {
      rank: 1,
      userId: id,
      username: 'dana',
      avatarUrl: null,
      score: 42,
      charityName: null,
      charityUrl: null,
      charityLogoUrl: null,
    };
    const at = '2026-11-27T12:00:00.000Z';
    expect(leaderboardMessage.parse({ tournamentId: id, entries: [{ ...entry, attempts: 3 }], at })).toEqual({
      tournamentId: id,
      entries: [entry],
      at,
    });
    const tooMany = Array.from({ length: LIVE_LEADERBOARD_SIZE + 1 }, (_, index) => ({
      ...entry,
      rank: index + 1,
    }));
    expect(leaderboardMessage.safeParse({ tournamentId: id, entries: tooMany, at }).success).toBe(false);
    expect(leaderboardMessage.safeParse({ tournamentId: id, entries: [{ rank: 1 }], at }).success).toBe(
      false,
    );
  });
});
