import { isCompletedRun } from './tournament.events';
import { compareStandings } from './tournament.standings';
import { at, created, endCommand, id, joined, scored, spec, started, submit } from './tournament.fixtures';

const timeAttack = () => created({ format: 'TIME_ATTACK', maxParticipants: 10 });

describe('TIME_ATTACK: the fastest completed run counts', () => {
  it('a first completed run is the best time', () => {
    spec
      .given([timeAttack(), started(), joined('a')])
      .when(submit('a', 61_000, 2))
      .then([scored('a', 61_000, 1, 2)]);
  });

  it('a faster run becomes the best time', () => {
    spec
      .given([timeAttack(), started(), joined('a'), scored('a', 61_000, 1, 2)])
      .when(submit('a', 58_500, 3))
      .then([scored('a', 58_500, 2, 3)]);
  });

  it('a slower run keeps the earlier best time and when it was set', () => {
    spec
      .given([timeAttack(), started(), joined('a'), scored('a', 58_500, 1, 2)])
      .when(submit('a', 70_000, 3))
      .then([scored('a', 70_000, 2, 3, { score: 58_500, minute: 2 })]);
  });

  it('a run that did not complete counts as an attempt with no time', () => {
    spec
      .given([timeAttack(), started(), joined('a')])
      .when(submit('a', 12_000, 2, false))
      .then([scored('a', 12_000, 1, 2, null, false)]);
  });

  it('an unfinished run, however short, never replaces the best time', () => {
    spec
      .given([timeAttack(), started(), joined('a'), scored('a', 58_500, 1, 2)])
      .when(submit('a', 1_000, 3, false))
      .then([scored('a', 1_000, 2, 3, { score: 58_500, minute: 2 }, false)]);
  });

  it('final standings put the lowest time first and leave out players with no completed run', () => {
    spec
      .given([
        timeAttack(),
        started(),
        joined('a'),
        joined('b'),
        joined('c'),
        scored('a', 70_000, 1, 2),
        scored('b', 55_000, 1, 3),
        scored('c', 10_000, 1, 4, null, false),
      ])
      .when(endCommand(9))
      .then([
        {
          type: 'TournamentCompleted',
          data: {
            tournamentId: id,
            completedAt: at(9),
            reason: 'SCHEDULE_ENDED',
            finalStandings: [
              { rank: 1, userId: 'b', username: 'name-b', score: 55_000, attempts: 1 },
              { rank: 2, userId: 'a', username: 'name-a', score: 70_000, attempts: 1 },
            ],
          },
        },
        // The fastest directs the pool (the default prize model: the winner directs all).
        {
          type: 'PrizeAllocated',
          data: {
            tournamentId: id,
            rank: 1,
            userId: 'b',
            username: 'name-b',
            score: 55_000,
            amountCents: 2500,
            charityId: null,
            charityName: null,
            allocatedAt: at(9),
          },
        },
      ]);
  });

  it('equal times go to the earliest, as for scores', () => {
    const early = { bestScore: 50_000, bestScoreAt: at(2), attempts: 3, tieBreakKey: 'b' };
    const late = { bestScore: 50_000, bestScoreAt: at(3), attempts: 1, tieBreakKey: 'a' };
    expect(compareStandings(early, late, true)).toBeLessThan(0);
  });

  it('SCORE_ATTACK ignores the completed flag: an unfinished run still scores', () => {
    spec
      .given([created({ maxParticipants: 10 }), started(), joined('a')])
      .when(submit('a', 300, 2, false))
      .then([scored('a', 300, 1, 2, { score: 300, minute: 2 }, false)]);
  });
});

describe('scores stored before the completed flag existed', () => {
  it('read as completed runs (an upcast at read, the stored event unchanged)', () => {
    const stored = scored('a', 61_000, 1, 2);
    const { completed: _completed, ...old } = stored.data;
    expect(isCompletedRun(old)).toBe(true);
    expect(isCompletedRun({ ...old, completed: false })).toBe(false);
  });
});
