import { improvementTrend } from './improvement-trend';

describe('improvementTrend', () => {
  it('is STABLE with fewer than four results, however they move', () => {
    expect(improvementTrend([], false)).toBe('STABLE');
    expect(improvementTrend([10, 100, 1000], false)).toBe('STABLE');
  });

  it('is IMPROVING when the mean of the last three beats the three before by more than 5%', () => {
    expect(improvementTrend([100, 100, 100, 106, 106, 106], false)).toBe('IMPROVING');
  });

  it('is DECLINING when the last three fall more than 5% below the three before', () => {
    expect(improvementTrend([100, 100, 100, 94, 94, 94], false)).toBe('DECLINING');
  });

  it('is STABLE for a change of 5% or less either way', () => {
    expect(improvementTrend([100, 100, 100, 105, 105, 105], false)).toBe('STABLE');
    expect(improvementTrend([100, 100, 100, 95, 95, 95], false)).toBe('STABLE');
  });

  it('compares only the last six results', () => {
    expect(improvementTrend([1, 1, 1, 100, 100, 100, 100, 100, 100], false)).toBe('STABLE');
  });

  it('with four or five results, compares the last three with the ones before them', () => {
    expect(improvementTrend([100, 200, 200, 200], false)).toBe('IMPROVING');
    expect(improvementTrend([200, 200, 100, 100, 100], false)).toBe('DECLINING');
  });

  it('reads lower results as better when lower wins (TIME_ATTACK times)', () => {
    expect(improvementTrend([60_000, 60_000, 60_000, 50_000, 50_000, 50_000], true)).toBe('IMPROVING');
    expect(improvementTrend([50_000, 50_000, 50_000, 60_000, 60_000, 60_000], true)).toBe('DECLINING');
  });

  it('after scoring nothing, any gain is IMPROVING', () => {
    expect(improvementTrend([0, 0, 0, 1], false)).toBe('IMPROVING');
    expect(improvementTrend([0, 0, 0, 0], false)).toBe('STABLE');
  });
});
