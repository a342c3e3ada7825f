import { Inject, Injectable } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { DATABASE } from '@arena/database';
import { AccountsRepository } from './accounts.repository';
import type { IdentityTables } from './identity.tables';
import { OneTimeCodesRepository } from './one-time-codes.repository';
import { RefreshTokenFamiliesRepository } from './refresh-token-families.repository';
import { SignInSessionsRepository } from './sign-in-sessions.repository';

/** The repositories a multi-table write uses, all bound to one transaction. */
export interface IdentityRepositories {
  accounts: AccountsRepository;
  sessions: SignInSessionsRepository;
  codes: OneTimeCodesRepository;
  refreshTokens: RefreshTokenFamiliesRepository;
}

@Injectable()
export class IdentityTransaction {
  constructor(@Inject(DATABASE) private readonly db: Kysely<IdentityTables>) {}

  run<T>(work: (repositories: IdentityRepositories) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) =>
      work({
        accounts: new AccountsRepository(trx),
        sessions: new SignInSessionsRepository(trx),
        codes: new OneTimeCodesRepository(trx),
        refreshTokens: new RefreshTokenFamiliesRepository(trx),
      }),
    );
  }
}
