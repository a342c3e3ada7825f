import { randomUUID } from 'node:crypto';
import { allPlayers, emptyPlayerTable, getPlayer, setPlayer, type PlayerState } from './tournament.players';

const player = (userId: string, attempts = 0): PlayerState => ({
  userId,
  username: userId.slice(0, 8),
  charityId: null,
  charityName: null,
  joinedAt: '2026-11-22T12:00:00.000Z',
  attempts,
  bestScore: 0,
  bestScoreAt: null,
});

describe('player table', () => {
  it('adds and replaces players without changing earlier tables', () => {
    const id = randomUUID();
    const one = setPlayer(emptyPlayerTable, player(id));
    const two = setPlayer(one, player(id, 3));
    expect(getPlayer(emptyPlayerTable, id)).toBeUndefined();
    expect(getPlayer(one, id)?.attempts).toBe(0);
    expect(getPlayer(two, id)?.attempts).toBe(3);
    expect([emptyPlayerTable.size, one.size, two.size]).toEqual([0, 1, 1]);
  });

  it('holds thousands of players and lists each once', () => {
    const ids = Array.from({ length: 5000 }, () => randomUUID());
    const table = ids.reduce((current, id) => setPlayer(current, player(id)), emptyPlayerTable);
    expect(table.size).toBe(5000);
    expect(new Set(allPlayers(table).map((p) => p.userId))).toEqual(new Set(ids));
    expect(ids.every((id) => getPlayer(table, id)?.userId === id)).toBe(true);
  });

  it('spreads players over every bucket, so a change copies only a small one', () => {
    const ids = Array.from({ length: 5000 }, () => randomUUID());
    const table = ids.reduce((current, id) => setPlayer(current, player(id)), emptyPlayerTable);
    expect(table.buckets.every((bucket) => bucket.size > 0)).toBe(true);
  });
});
