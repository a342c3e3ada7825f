import type { BracketMatch, MatchSide } from '@arena/contracts';
import { connectorOf, sideLabels } from './bracket.rules';

const player: MatchSide = {
  userId: '00000000-0000-4000-8000-000000000001',
  username: 'p1',
  score: null,
  result: null,
  forfeited: false,
};

const match = (extra: Partial<BracketMatch>): BracketMatch => ({
  id: 'm',
  number: 1,
  status: 'LOCKED',
  player1: null,
  player2: null,
  isBye: false,
  deadline: null,
  decidedAt: null,
  ...extra,
});

const round = (group: 'WINNERS' | 'LOSERS' | 'ROUND_ROBIN', matches: number) => ({
  group,
  number: 1,
  matches: Array.from({ length: matches }, () => match({})),
});

describe('bracket drawing rules', () => {
  it('never draws Bye vs Bye: a slot of two byes is no match', () => {
    expect(sideLabels(match({ isBye: true, bye: 'BOTH' }))).toBeNull();
  });

  it('names the bye side when it is recorded, and a missing opponent as to be decided', () => {
    expect(sideLabels(match({ isBye: true, bye: 'PLAYER2', player1: player }))).toEqual(['player', 'bye']);
    expect(sideLabels(match({ isBye: true, bye: 'PLAYER1' }))).toEqual(['bye', 'to-be-decided']);
    expect(sideLabels(match({ bye: null }))).toEqual(['to-be-decided', 'to-be-decided']);
    expect(sideLabels(match({ bye: null, player1: player, player2: player }))).toEqual(['player', 'player']);
  });

  it('reads an older bracket without `bye` with at most one bye per match', () => {
    expect(sideLabels(match({ isBye: true, player1: player }))).toEqual(['player', 'bye']);
    expect(sideLabels(match({ isBye: true, player2: player }))).toEqual(['bye', 'player']);
    expect(sideLabels(match({ isBye: true }))).toEqual(['bye', 'to-be-decided']);
    expect(sideLabels(match({ isBye: false }))).toEqual(['to-be-decided', 'to-be-decided']);
  });

  it('joins two matches to the next one, one to one where the counts match, and nothing else', () => {
    expect(connectorOf(round('WINNERS', 4), round('WINNERS', 2))).toBe('PAIRS');
    expect(connectorOf(round('LOSERS', 2), round('LOSERS', 2))).toBe('STRAIGHT');
    expect(connectorOf(round('WINNERS', 1), undefined)).toBe('NONE');
    expect(connectorOf(round('ROUND_ROBIN', 2), round('ROUND_ROBIN', 2))).toBe('NONE');
    expect(connectorOf(round('WINNERS', 3), round('WINNERS', 2))).toBe('NONE');
  });
});
