import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { CodeChannel } from '../domain/one-time-code';
import type { AuthSessionRow, IdentityTables, SessionPurpose } from './identity.tables';

export type NewAuthSession = Pick<AuthSessionRow, 'id' | 'purpose' | 'created_at' | 'expires_at'> &
  Partial<Omit<AuthSessionRow, 'id' | 'purpose' | 'created_at' | 'expires_at'>>;

/** Code sessions: a sign-up, a login or a contact change waiting for its codes. */
@Injectable()
export class SignInSessionsRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<IdentityTables>) {}

  async insert(session: NewAuthSession): Promise<void> {
    await this.db.insertInto('auth_sessions').values(session).execute();
  }

  find(id: string): Promise<AuthSessionRow | undefined> {
    return this.db.selectFrom('auth_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Serialises the verifications of one session, so exactly one of them completes it. */
  lock(id: string): Promise<AuthSessionRow | undefined> {
    return this.db
      .selectFrom('auth_sessions')
      .selectAll()
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Ends a member's unfinished sessions of one purpose, so only the newest request can be confirmed. */
  async expireOpen(accountId: string, purpose: SessionPurpose, at: Date): Promise<void> {
    await this.db
      .updateTable('auth_sessions')
      .set({ expires_at: at })
      .where('account_id', '=', accountId)
      .where('purpose', '=', purpose)
      .where('completed_at', 'is', null)
      .where('expires_at', '>', at)
      .execute();
  }

  async markChannelVerified(sessionId: string, channel: CodeChannel, at: Date): Promise<void> {
    await this.db
      .updateTable('auth_sessions')
      .set(channel === 'email' ? { email_verified_at: at } : { phone_verified_at: at })
      .where('id', '=', sessionId)
      .execute();
  }

  async complete(sessionId: string, accountId: string, at: Date): Promise<void> {
    await this.db
      .updateTable('auth_sessions')
      .set({ completed_at: at, account_id: accountId })
      .where('id', '=', sessionId)
      .execute();
  }

  /** Deletes sessions (their codes go with them) that expired before `before`. */
  async purgeExpired(before: Date): Promise<number> {
    const deleted = await this.db
      .deleteFrom('auth_sessions')
      .where('expires_at', '<', before)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }
}
