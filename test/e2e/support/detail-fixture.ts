import { randomUUID } from 'node:crypto';
import { tournamentDetail, type BracketMatch, type MatchSide, type TournamentDetail } from '@arena/contracts';

/**
 * A finished ROUND_ROBIN_DOUBLE_ELIM tournament as the API would answer it, checked against the
 * contract: a browser test serves it in place of the real answer to draw every bracket part (standings,
 * byes, forfeits, a grand final, final prize lines) before the server fills them in.
 */
export function bracketDetailFixture(overrides: Partial<TournamentDetail> = {}): TournamentDetail {
  const names = ['ada', 'ben', 'chloe', 'dev', 'emma', 'felix'];
  const players = names.map((username) => ({ userId: randomUUID(), username }));
  const at = (hours: number) => new Date(Date.UTC(2026, 10, 20, 12 + hours)).toISOString();
  const side = (
    index: number,
    score: number | null,
    result: MatchSide['result'],
    forfeited = false,
  ): MatchSide => ({
    ...players[index]!,
    score,
    result,
    forfeited,
  });
  let number = 0;
  const match = (player1: MatchSide | null, player2: MatchSide | null, extra: Partial<BracketMatch> = {}) => {
    number += 1;
    return {
      id: `m${number}`,
      number,
      status: 'COMPLETED' as const,
      player1,
      player2,
      isBye: false,
      deadline: at(number),
      decidedAt: at(number),
      ...extra,
    };
  };
  const detail: TournamentDetail = {
    id: randomUUID(),
    title: 'Chess Blitz Charity Championship',
    description: 'Six players, a round robin, then a double-elimination playoff.',
    thumbnail: null,
    status: 'COMPLETED',
    mode: 'SCHEDULED',
    format: 'ROUND_ROBIN_DOUBLE_ELIM',
    prizeModel: 'TOP_3_SPLIT',
    prizeDisplay: '$250',
    prizePool: 250,
    prizePoolCents: 25_000,
    maxParticipants: 6,
    participantCount: 6,
    stats: { totalParticipants: 6, playersWithScore: 6, totalScores: 21 },
    tournamentStart: at(0),
    tournamentEnd: at(48),
    requiredPlan: 'PREMIUM',
    game: { slug: 'chess', name: 'Chess Blitz', integrationUrl: '/games/chess' },
    scoreVerification: 'UNVERIFIED',
    cancelReason: null,
    rules:
      'Each match: both players play the same seed before the deadline.\nA player who does not play forfeits.',
    isUserJoined: false,
    participations: [],
    canJoin: false,
    leaderboard: players.map((player, index) => ({
      rank: index + 1,
      ...player,
      avatarUrl: null,
      score: 9000 - index * 700,
      charityName: index % 2 === 0 ? 'Southcentral Foundation' : null,
      charityUrl: index % 2 === 0 ? '/charity-profile/920086076' : null,
      charityLogoUrl: null,
    })),
    finalStandings: null,
    prizeConfig: { model: 'TOP_3_SPLIT', sharesBasisPoints: [5000, 3000, 2000] },
    prizeBreakdown: [12_500, 7_500, 5_000].map((amountCents, index) => ({
      rank: index + 1,
      ...players[index]!,
      score: 9000 - index * 700,
      amount: amountCents / 100,
      amountCents,
      amountDisplay: `$${amountCents / 100}`,
      charityId: index === 1 ? null : '920086076',
      charityName: index === 1 ? null : 'Southcentral Foundation',
      charityUrl: index === 1 ? null : '/charity-profile/920086076',
      charityLogoUrl: null,
    })),
    prizeBreakdownIsFinal: true,
    bracket: {
      stages: [
        {
          number: 1,
          kind: 'ROUND_ROBIN',
          rounds: [
            {
              group: 'ROUND_ROBIN',
              number: 1,
              matches: [
                match(side(0, 8200, 'WIN'), side(5, 6100, 'LOSS')),
                match(side(1, 7000, 'WIN'), side(4, null, 'LOSS', true)),
                match(side(2, 6400, 'LOSS'), side(3, 6900, 'WIN')),
              ],
            },
          ],
          standings: players.map((player, index) => ({
            rank: index + 1,
            ...player,
            played: 5,
            wins: 5 - index,
            losses: index,
            totalScore: 36_000 - index * 2500,
          })),
        },
        {
          number: 2,
          kind: 'DOUBLE_ELIMINATION',
          rounds: [
            {
              group: 'WINNERS',
              number: 1,
              matches: [
                match(side(0, 8800, 'WIN'), side(3, 8100, 'LOSS')),
                match(side(1, 7600, 'WIN'), side(2, 7550, 'LOSS')),
              ],
            },
            { group: 'WINNERS', number: 2, matches: [match(side(0, 9100, 'WIN'), side(1, 8700, 'LOSS'))] },
            {
              group: 'LOSERS',
              number: 1,
              matches: [
                match(side(3, 7000, 'LOSS'), side(2, 7400, 'WIN')),
                match(side(4, null, null), null, { isBye: true }),
              ],
            },
            {
              group: 'GRAND_FINAL',
              number: 1,
              matches: [match(side(0, 9300, 'WIN'), side(1, 9000, 'LOSS'))],
            },
          ],
          standings: null,
        },
      ],
    },
    matchWindowMinutes: 1440,
    myCharity: null,
    myNextMatch: null,
    lowerScoreWins: false,
    ...overrides,
  };
  return tournamentDetail.parse(detail);
}
