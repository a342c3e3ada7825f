import { advanceClockAt, parseAdvance } from './payments-advance-clock-run';

describe('npm run payments:advance-clock', () => {
  it.each([
    [['1', 'month'], { days: 0, months: 1 }],
    [['10', 'days'], { days: 10, months: 0 }],
    [['2', 'Months', '3', 'day'], { days: 3, months: 2 }],
  ])('reads %j', (words, advance) => {
    expect(parseAdvance(words)).toEqual(advance);
  });

  it.each([[[]], [['month']], [['1', 'week']], [['-1', 'days']], [['0', 'days']], [['1.5', 'months']]])(
    'refuses %j with its usage',
    (words) => {
      expect(() => parseAdvance(words)).toThrow(/Usage: npm run payments:advance-clock/);
    },
  );

  it("posts to the API's dev clock route and says how far the clock moved", async () => {
    const posted: Array<{ url: string; body: unknown }> = [];
    const line = await advanceClockAt('http://localhost:3000/', { days: 0, months: 1 }, async (url, body) => {
      posted.push({ url, body });
      return {
        ok: true,
        status: 200,
        json: async () => ({
          success: true,
          data: { from: '2026-11-23T00:00:00.000Z', to: '2026-12-23T00:00:00.000Z' },
        }),
      };
    });
    expect(posted).toEqual([
      { url: 'http://localhost:3000/api/dev/payments/clock', body: { days: 0, months: 1 } },
    ]);
    expect(line).toBe(
      'The payments test clock moved from 2026-11-23T00:00:00.000Z to 2026-12-23T00:00:00.000Z.',
    );
  });

  it('explains a 404 (a production API or a real provider) and repeats any other refusal', async () => {
    const answer = (status: number) => async () => ({
      ok: false,
      status,
      json: async () => ({
        success: false,
        message: 'Advance the clock by at least one day or month.',
        statusCode: status,
      }),
    });
    await expect(advanceClockAt('http://x', { days: 1, months: 0 }, answer(404))).rejects.toThrow(
      /development with the local payment driver/,
    );
    await expect(advanceClockAt('http://x', { days: 1, months: 0 }, answer(400))).rejects.toThrow(
      'http://x/api/dev/payments/clock answered 400: Advance the clock by at least one day or month.',
    );
  });
});
