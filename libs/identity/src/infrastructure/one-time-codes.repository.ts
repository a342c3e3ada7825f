import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { CodeChannel } from '../domain/one-time-code';
import type { AuthCodeRow, IdentityTables } from './identity.tables';

export type NewAuthCode = Pick<
  AuthCodeRow,
  'id' | 'session_id' | 'channel' | 'code_hash' | 'created_at' | 'expires_at'
>;

/** The hashed one-time codes of a session, one live code per channel. */
@Injectable()
export class OneTimeCodesRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<IdentityTables>) {}

  async insert(code: NewAuthCode): Promise<void> {
    await this.db
      .insertInto('auth_codes')
      .values({ ...code, failed_attempts: 0, consumed_at: null, superseded_at: null })
      .execute();
  }

  live(sessionId: string, channel: CodeChannel): Promise<AuthCodeRow | undefined> {
    return this.db
      .selectFrom('auth_codes')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('channel', '=', channel)
      .where('superseded_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  }

  async supersede(codeId: string, at: Date): Promise<void> {
    await this.db.updateTable('auth_codes').set({ superseded_at: at }).where('id', '=', codeId).execute();
  }

  async recordFailedAttempt(codeId: string): Promise<number> {
    const row = await this.db
      .updateTable('auth_codes')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', '=', codeId)
      .returning('failed_attempts')
      .executeTakeFirstOrThrow();
    return row.failed_attempts;
  }

  async consume(codeId: string, at: Date): Promise<void> {
    await this.db.updateTable('auth_codes').set({ consumed_at: at }).where('id', '=', codeId).execute();
  }
}
