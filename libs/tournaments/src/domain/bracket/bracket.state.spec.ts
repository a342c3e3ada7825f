import { TOURNAMENT_FORMATS } from '@arena/contracts/tournaments.contract';
import { HEAD_TO_HEAD_FORMATS } from '@arena/contracts/tournaments.rules';
import { FORMAT_STAGES, isHeadToHead } from './bracket.state';

describe('bracket stages', () => {
  it('has stages for exactly the formats the shared rules call head-to-head', () => {
    expect(Object.keys(FORMAT_STAGES).sort()).toEqual([...HEAD_TO_HEAD_FORMATS].sort());
    expect(TOURNAMENT_FORMATS.filter(isHeadToHead).sort()).toEqual([...HEAD_TO_HEAD_FORMATS].sort());
  });
});
