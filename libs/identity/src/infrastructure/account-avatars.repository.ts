import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import type { AvatarContentType } from '../domain/avatar-image';
import type { IdentityTables } from './identity.tables';

/** One avatar image per account. */
@Injectable()
export class AccountAvatarsRepository {
  constructor(@Inject(DATABASE) private readonly db: Kysely<IdentityTables>) {}

  /** Replaces the member's avatar whole (a repeated upload of the same image changes only the time). */
  async save(accountId: string, contentType: AvatarContentType, image: Buffer, at: Date): Promise<void> {
    await this.db
      .insertInto('account_avatars')
      .values({ account_id: accountId, content_type: contentType, image, updated_at: at })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet({ content_type: contentType, image, updated_at: at }),
      )
      .execute();
  }

  find(accountId: string) {
    return this.db
      .selectFrom('account_avatars')
      .select(['content_type', 'image', 'updated_at'])
      .where('account_id', '=', accountId)
      .executeTakeFirst();
  }

  async updatedAt(accountId: string): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom('account_avatars')
      .select('updated_at')
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return row?.updated_at;
  }
}
