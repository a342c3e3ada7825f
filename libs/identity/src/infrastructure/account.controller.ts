import { Body, Controller, Get, HttpCode, Inject, Post, UseGuards } from '@nestjs/common';
import type { Kysely } from 'kysely';
import { deleteAccountBody } from '@arena/contracts';
import { DATABASE } from '@arena/database';
import { ZodValidationPipe } from '@arena/http';
import {
  memberTransactions,
  type MemberTransactionsTables,
} from '@arena/projections/member-transactions/member-transactions.queries';
import { AccountClosureService } from '../application/commands/account-closure.service';
import { AccountSessionsService } from '../application/commands/account-sessions.service';
import { AccountMessages as M } from '../domain/account.messages';
import { AccessTokenGuard, CurrentMember, type Member } from './access-token.guard';

/** Security & Settings and Transactions & Earnings: the signed-in member's own account, nobody else's. */
@UseGuards(AccessTokenGuard)
@Controller('account')
export class AccountController {
  constructor(
    @Inject(DATABASE) private readonly db: Kysely<MemberTransactionsTables>,
    private readonly sessions: AccountSessionsService,
    private readonly closure: AccountClosureService,
  ) {}

  @Get('transactions')
  async transactions(@CurrentMember() member: Member) {
    return { success: true, data: await memberTransactions(this.db, member.id) };
  }

  @Get('sessions')
  async signIns(@CurrentMember() member: Member) {
    return { success: true, data: await this.sessions.list(member) };
  }

  @Post('sessions/sign-out-others')
  @HttpCode(200)
  async signOutOthers(@CurrentMember() member: Member) {
    return { success: true, message: M.signedOutOthers, data: await this.sessions.signOutOthers(member) };
  }

  @Post('delete')
  @HttpCode(200)
  async delete(
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(deleteAccountBody, { fieldInMessage: false }))
    body: { confirmUsername: string },
  ) {
    return {
      success: true,
      message: M.accountClosed,
      data: await this.closure.close(member.id, body.confirmUsername),
    };
  }
}
