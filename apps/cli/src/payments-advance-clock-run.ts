/**
 * `npm run payments:advance-clock -- 1 month` (or `-- 10 days`, `-- 2 months 3 days`): how far to move the
 * local payment driver's test clock, read from the command's words.
 */
export function parseAdvance(words: readonly string[]): { days: number; months: number } {
  const usage = 'Usage: npm run payments:advance-clock -- <n> day(s)|month(s) [<n> day(s)|month(s)]';
  if (words.length === 0 || words.length % 2 !== 0) throw new Error(usage);
  const advance = { days: 0, months: 0 };
  for (let index = 0; index < words.length; index += 2) {
    const count = words[index]!;
    const unit = words[index + 1]!.toLowerCase();
    if (!/^\d{1,3}$/.test(count)) throw new Error(`Not a whole number: ${count}. ${usage}`);
    if (/^days?$/.test(unit)) advance.days += Number(count);
    else if (/^months?$/.test(unit)) advance.months += Number(count);
    else throw new Error(`Not a unit: ${unit}. ${usage}`);
  }
  if (advance.days === 0 && advance.months === 0) throw new Error(usage);
  return advance;
}

export type Post = (
  url: string,
  body: unknown,
) => Promise<{ ok: boolean; status: number; json(): Promise<unknown> }>;

/**
 * Asks the running API to advance the clock (`POST /api/dev/payments/clock`): its process sends the
 * renewals' webhooks and runs the clock's listeners. Answers the line to print.
 */
export async function advanceClockAt(
  base: string,
  advance: { days: number; months: number },
  post: Post,
): Promise<string> {
  const url = `${base.replace(/\/+$/, '')}/api/dev/payments/clock`;
  const response = await post(url, advance);
  const body = (await response.json().catch(() => ({}))) as {
    message?: string;
    data?: { from: string; to: string };
  };
  if (!response.ok || !body.data) {
    throw new Error(
      response.status === 404
        ? `${url} is not there: the API must run in development with the local payment driver (no STRIPE_SECRET_KEY)`
        : `${url} answered ${response.status}: ${body.message ?? 'no message'}`,
    );
  }
  return `The payments test clock moved from ${body.data.from} to ${body.data.to}.`;
}
