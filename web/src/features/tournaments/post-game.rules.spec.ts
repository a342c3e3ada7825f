import type { LeaderboardEntry } from '@arena/contracts';
import { postGameStanding, rankOf } from './post-game.rules';

const entry = (rank: number, userId: string, score: number): LeaderboardEntry => ({
  rank,
  userId,
  username: `player_${userId}`,
  avatarUrl: null,
  score,
  charityName: null,
  charityUrl: null,
  charityLogoUrl: null,
});

describe('the post-game standing', () => {
  const board = [entry(1, 'a', 900), entry(2, 'me', 700), entry(3, 'c', 650)];

  it('says where the member moved from and how far the next place up is', () => {
    expect(
      postGameStanding({
        memberId: 'me',
        rankBefore: 3,
        bestScore: 700,
        entries: board,
        lowerScoreWins: false,
      }),
    ).toEqual({ settled: true, rank: 'Up from #3 to #2.', gap: '200 points behind #1 player_a.' });
  });

  it('waits while the board does not show the new best yet', () => {
    expect(
      postGameStanding({
        memberId: 'me',
        rankBefore: 2,
        bestScore: 950,
        entries: board,
        lowerScoreWins: false,
      }),
    ).toMatchObject({ settled: false, rank: 'Updating the leaderboard…' });
    expect(
      postGameStanding({
        memberId: 'new',
        rankBefore: null,
        bestScore: 800,
        entries: board,
        lowerScoreWins: false,
      }),
    ).toMatchObject({ settled: false });
  });

  it('tells the leader the lead, and a time game its gap as a time', () => {
    const times = [entry(1, 'me', 61_500), entry(2, 'b', 63_000)];
    expect(
      postGameStanding({
        memberId: 'me',
        rankBefore: null,
        bestScore: 61_500,
        entries: times,
        lowerScoreWins: true,
      }),
    ).toEqual({
      settled: true,
      rank: 'You are #1 on the leaderboard.',
      gap: 'You lead by 0:01.500 over #2 player_b.',
    });
    expect(
      postGameStanding({
        memberId: 'me',
        rankBefore: 1,
        bestScore: 61_500,
        entries: [times[0]!],
        lowerScoreWins: true,
      }).gap,
    ).toBe('You lead: nobody else has a score yet.');
  });

  it('says a tie is broken by the earlier score, and one point in the singular', () => {
    const tied = [entry(1, 'a', 500), entry(2, 'me', 500), entry(3, 'c', 499)];
    expect(
      postGameStanding({
        memberId: 'me',
        rankBefore: 2,
        bestScore: 500,
        entries: tied,
        lowerScoreWins: false,
      }).gap,
    ).toBe('Level with #1 player_a: the earlier score ranks first.');
    expect(
      postGameStanding({ memberId: 'c', rankBefore: 3, bestScore: 499, entries: tied, lowerScoreWins: false })
        .gap,
    ).toBe('1 point behind #2 player_me.');
  });

  it('tells a member outside the shown places how far the last one is', () => {
    expect(
      postGameStanding({
        memberId: 'me',
        rankBefore: null,
        bestScore: 600,
        entries: [board[0]!, board[2]!],
        lowerScoreWins: false,
      }),
    ).toEqual({ settled: true, rank: 'Outside the top 2 for now.', gap: '50 points behind #3 player_c.' });
  });

  it('has no place for an unfinished time run', () => {
    expect(
      postGameStanding({
        memberId: 'me',
        rankBefore: null,
        bestScore: null,
        entries: board,
        lowerScoreWins: true,
      }),
    ).toMatchObject({ settled: true, gap: null });
  });

  it('reads the rank before a play from the board, null for a guest or a newcomer', () => {
    expect(rankOf(board, 'me')).toBe(2);
    expect(rankOf(board, 'nobody')).toBeNull();
    expect(rankOf(board, null)).toBeNull();
  });
});
