import { Injectable } from '@nestjs/common';
import type { Kysely, Transaction } from 'kysely';
import type { CharitiesTables } from './charities.tables';

export type OnboardingCodeRow = CharitiesTables['charity_onboarding_codes'];
type Db = Kysely<CharitiesTables> | Transaction<CharitiesTables>;

/** The step 4 codes, hashed; one live (not superseded) code per charity. Callers own the transaction. */
@Injectable()
export class OnboardingCodesRepository {
  /** Locked for the rest of the transaction, so two attempts at once are counted one after the other. */
  live(db: Db, charityId: string): Promise<OnboardingCodeRow | undefined> {
    return db
      .selectFrom('charity_onboarding_codes')
      .selectAll()
      .where('charity_id', '=', charityId)
      .where('superseded_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
  }

  async replace(db: Db, code: Omit<OnboardingCodeRow, 'failed_attempts' | 'consumed_at' | 'superseded_at'>) {
    await db
      .updateTable('charity_onboarding_codes')
      .set({ superseded_at: code.created_at })
      .where('charity_id', '=', code.charity_id)
      .where('superseded_at', 'is', null)
      .execute();
    await db
      .insertInto('charity_onboarding_codes')
      .values({ ...code, failed_attempts: 0, consumed_at: null, superseded_at: null })
      .execute();
  }

  async recordFailedAttempt(db: Db, codeId: string): Promise<void> {
    await db
      .updateTable('charity_onboarding_codes')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('id', '=', codeId)
      .execute();
  }

  async consume(db: Db, codeId: string, at: Date): Promise<void> {
    await db
      .updateTable('charity_onboarding_codes')
      .set({ consumed_at: at })
      .where('id', '=', codeId)
      .execute();
  }
}
