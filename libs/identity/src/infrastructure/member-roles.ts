import type { Kysely } from 'kysely';

/** The roles an operator can grant (the `member_roles.role` check constraint names the same set). */
export type MemberRole = 'finance';

export type RoleChange = 'granted' | 'already-granted' | 'revoked' | 'not-granted' | 'no-such-member';

/**
 * A member's granted roles (migration 20261124100300-Finance). Plain functions over the database so
 * the guard, the operator command and tests share them without a Nest container.
 */
export function memberRoles(db: Kysely<any>) {
  return {
    async has(memberId: string, role: MemberRole): Promise<boolean> {
      const row = await db
        .selectFrom('member_roles')
        .select('member_id')
        .where('member_id', '=', memberId)
        .where('role', '=', role)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Grants by email (citext: case-insensitive); granting twice keeps the first grant. */
    async grant(email: string, role: MemberRole, grantedBy: string, at: Date): Promise<RoleChange> {
      const memberId = await accountIdByEmail(db, email);
      if (!memberId) return 'no-such-member';
      const inserted = await db
        .insertInto('member_roles')
        .values({ member_id: memberId, role, granted_at: at, granted_by: grantedBy })
        .onConflict((conflict) => conflict.columns(['member_id', 'role']).doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 ? 'granted' : 'already-granted';
    },

    async revoke(email: string, role: MemberRole): Promise<RoleChange> {
      const memberId = await accountIdByEmail(db, email);
      if (!memberId) return 'no-such-member';
      const deleted = await db
        .deleteFrom('member_roles')
        .where('member_id', '=', memberId)
        .where('role', '=', role)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0 ? 'revoked' : 'not-granted';
    },
  };
}

async function accountIdByEmail(db: Kysely<any>, email: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('email', '=', email.trim())
    .executeTakeFirst();
  return row?.id as string | undefined;
}
