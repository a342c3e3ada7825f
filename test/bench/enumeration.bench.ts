/**
 * bench:enumeration: does the time of an answer tell whether an address has an account? Login starts
 * and sign-ups for addresses that have an account and for addresses that do not, interleaved, each
 * address used once (the per-address limits stay out of it), against the API process. The two sets
 * of latencies are compared with a Mann-Whitney U test: |z| ≥ 3 would be a timing leak. Timings
 * belong here, never in a test.
 */
import { randomUUID } from 'node:crypto';
import { createDatabase } from '@arena/database';
import { createMember } from '@arena/identity/testing';
import { machineLine, percentile, publish, SMOKE } from './support/bench-kit';
import { LiveStack } from './support/live-stack';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? (SMOKE ? 3 : 300));

interface Comparison {
  name: string;
  known: number[];
  unknown: number[];
}

async function main() {
  process.env.AUTH_IP_SEND_LIMIT = String(SAMPLES * 10);
  const stack = await LiveStack.start();
  const { db, close } = createDatabase(stack.database.url, 2);
  try {
    const members = [];
    for (let i = 0; i < SAMPLES * 2; i++) members.push(await createMember(db, randomUUID() + randomUUID()));
    // The member factory's numbers are not textable (+1555…), so a sign-up repeating one would be refused by the
    // contract before any lookup: the accounts whose addresses are reused get mobile numbers that pass.
    for (let i = 0; i < SAMPLES; i++) {
      await db
        .updateTable('accounts')
        .set({ phone_number: `+1415${3_000_000 + i}` })
        .where('email', '=', members[SAMPLES + i]!.email)
        .execute();
    }
    const phoneOf = new Map(
      (await db.selectFrom('accounts').select(['email', 'phone_number']).execute()).map((row) => [
        row.email as string,
        row.phone_number as string,
      ]),
    );
    const timed = async (path: string, body: unknown) => {
      const started = performance.now();
      const response = await fetch(`${stack.baseUrl}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
      return performance.now() - started;
    };
    const login: Comparison = { name: 'login start', known: [], unknown: [] };
    const signUp: Comparison = { name: 'sign-up', known: [], unknown: [] };
    for (let i = 0; i < SAMPLES; i++) {
      const tag = randomUUID().slice(0, 12).replace('-', '');
      login.known.push(await timed('/auth/login', { emailOrPhone: members[i]!.email }));
      login.unknown.push(await timed('/auth/login', { emailOrPhone: `nobody.${tag}@example.org` }));
      const taken = members[SAMPLES + i]!;
      const person = (email: string, phoneNumber: string) => ({
        username: `u_${randomUUID().slice(0, 12).replace('-', '')}`,
        email,
        phoneNumber,
        acceptedTerms: true,
        confirmedAdultInUs: true,
      });
      signUp.known.push(await timed('/auth/signup', person(taken.email, phoneOf.get(taken.email)!)));
      signUp.unknown.push(
        await timed('/auth/signup', person(`new.${tag}@example.org`, `+1415${String(2_000_000 + i)}`)),
      );
    }
    const rows = [login, signUp].map((c) => {
      const z = mannWhitneyZ(c.known, c.unknown);
      const ms = (values: number[], p: number) => percentile(values, p).toFixed(1);
      return `| ${c.name} | ${ms(c.known, 50)} / ${ms(c.unknown, 50)} | ${ms(c.known, 90)} / ${ms(c.unknown, 90)} | ${z.toFixed(2)} | ${Math.abs(z) >= 3 ? 'leak' : 'no difference found'} |`;
    });
    publish(
      'bench:enumeration',
      `${SAMPLES} requests per kind, known and unknown addresses interleaved, each address used once, against the API process. ${machineLine()}

| call | p50 ms known / unknown | p90 ms known / unknown | Mann-Whitney z | verdict (|z| ≥ 3 is a leak) |
|---|---:|---:|---:|---|
${rows.join('\n')}
`,
    );
  } finally {
    await close();
    await stack.stop();
  }
}

/** The normal approximation of the Mann-Whitney U statistic, with midranks for ties. */
function mannWhitneyZ(a: readonly number[], b: readonly number[]): number {
  const all = [...a.map((value) => ({ value, fromA: true })), ...b.map((value) => ({ value, fromA: false }))];
  all.sort((x, y) => x.value - y.value);
  let rankSumA = 0;
  for (let i = 0; i < all.length;) {
    let j = i;
    while (j + 1 < all.length && all[j + 1]!.value === all[i]!.value) j++;
    const midrank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (all[k]!.fromA) rankSumA += midrank;
    i = j + 1;
  }
  const [n1, n2] = [a.length, b.length];
  const u = rankSumA - (n1 * (n1 + 1)) / 2;
  const mean = (n1 * n2) / 2;
  const sd = Math.sqrt((n1 * n2 * (n1 + n2 + 1)) / 12);
  return (u - mean) / sd;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
