import type { PrizeLine } from '@arena/contracts';
import { poolProgress } from './pool-meter.rules';

const line = (amountCents: number, charityId: string | null): PrizeLine => ({
  rank: 1,
  userId: '00000000-0000-4000-8000-000000000001',
  username: 'player',
  score: 10,
  amount: amountCents / 100,
  amountCents,
  amountDisplay: `$${amountCents / 100}`,
  charityId,
  charityName: charityId ? 'A charity' : null,
  charityUrl: null,
  charityLogoUrl: null,
});

describe('the pool meter', () => {
  it('counts only the lines with a charity chosen, out of the whole pool', () => {
    const progress = poolProgress(
      [line(12_500, '920086076'), line(7_500, null), line(5_000, '530196605')],
      25_000,
      true,
    );
    expect(progress).toMatchObject({ directedCents: 17_500, poolCents: 25_000, percent: 70 });
    expect(progress!.valueText).toBe('$175 of $250 (70%)');
    expect(progress!.label).toBe('Pool directed to charities');
  });

  it('says the figure is so far while the tournament is not final', () => {
    expect(poolProgress([], 2_500, false)).toMatchObject({
      percent: 0,
      label: 'Pool with a charity chosen so far',
      valueText: '$0 of $25 (0%)',
    });
  });

  it('never passes the pool, rounds down, and shows nothing for an empty pool', () => {
    expect(poolProgress([line(5_000, 'x')], 2_500, true)!.percent).toBe(100);
    expect(poolProgress([line(999, 'x')], 1_000, true)!.percent).toBe(99);
    expect(poolProgress([line(100, 'x')], 0, true)).toBeNull();
  });
});
