import { memberRoles } from '@arena/identity';
import { createMember } from '@arena/identity/testing';
import { createTestDatabase, type TestDatabase } from '@arena/testing';
import { runFinanceCli } from '../../apps/cli/src/finance-cli';

describe('npm run finance:grant (the operators’ finance role command)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(2);
  });
  afterAll(() => database.drop());

  const run = async (argv: string[]) => {
    const out: string[] = [];
    const error: string[] = [];
    const code = await runFinanceCli(argv, database.db, 'cli:ops', {
      out: (line) => out.push(line),
      error: (line) => error.push(line),
    });
    return { code, out: out.join('\n'), error: error.join('\n') };
  };

  it('grants once by email (any case), keeps the first grant on a repeat, and revokes', async () => {
    const member = await createMember(database.db, 'unused-secret');
    const roles = memberRoles(database.db);
    expect(await roles.has(member.id, 'finance')).toBe(false);

    expect(await run(['--email', member.email.toUpperCase()])).toMatchObject({ code: 0 });
    expect(await roles.has(member.id, 'finance')).toBe(true);
    const [first] = await database.db
      .selectFrom('member_roles' as never)
      .selectAll()
      .execute();
    expect(first).toMatchObject({ member_id: member.id, role: 'finance', granted_by: 'cli:ops' });

    expect(await run(['--email', member.email])).toMatchObject({
      code: 0,
      out: expect.stringMatching(/already/),
    });
    const rows = await database.db
      .selectFrom('member_roles' as never)
      .selectAll()
      .execute();
    expect(rows).toEqual([first]);

    expect(await run(['--email', member.email, '--revoke'])).toMatchObject({
      code: 0,
      out: expect.stringMatching(/no longer/),
    });
    expect(await roles.has(member.id, 'finance')).toBe(false);
    expect(await run(['--email', member.email, '--revoke'])).toMatchObject({
      code: 0,
      out: expect.stringMatching(/did not/),
    });
  });

  it('refuses an unknown email (1) and bad usage (2) without writing', async () => {
    expect(await run(['--email', 'nobody@example.org'])).toMatchObject({
      code: 1,
      error: expect.stringMatching(/No member/),
    });
    expect(await run([])).toMatchObject({ code: 2, error: expect.stringMatching(/Usage/) });
    expect(await run(['--email', 'a@b.org', '--bogus'])).toMatchObject({ code: 2 });
    expect(
      await database.db
        .selectFrom('member_roles' as never)
        .selectAll()
        .execute(),
    ).toEqual([]);
  });
});
