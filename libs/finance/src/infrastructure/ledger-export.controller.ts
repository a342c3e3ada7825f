import { BadRequestException, Controller, Get, Inject, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ledgerExportParams } from '@arena/contracts';
import { DATABASE } from '@arena/database';
import { ZodValidationPipe } from '@arena/http';
import { CurrentMember, memberRoles, OptionalAccessTokenGuard, type Member } from '@arena/identity';
import { DonationEventsReader } from '../application/queries/donation-events.reader';
import { ledgerCsv } from '../domain/ledger-csv';
import { ExportRateLimiter } from './export-rate-limiter';

/** GET /api/ledger/export.csv: anonymised for everyone, with donors for the finance role. */
@Controller('ledger')
export class LedgerExportController {
  constructor(
    private readonly ledger: DonationEventsReader,
    @Inject(DATABASE) private readonly db: Kysely<any>,
    private readonly limiter: ExportRateLimiter,
  ) {}

  @Get('export.csv')
  @UseGuards(OptionalAccessTokenGuard)
  async export(
    @Query(new ZodValidationPipe(ledgerExportParams)) params: { from?: string; to?: string },
    @CurrentMember() member: Member | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (params.from && params.to && params.from > params.to) {
      throw new BadRequestException('from: the first date must not be after the last.');
    }
    await this.limiter.exportFrom(request.ip);
    const full = member !== undefined && (await memberRoles(this.db).has(member.id, 'finance'));
    const csv = ledgerCsv(await this.ledger.all(), { ...params, full, erased: await this.erasedMembers() });
    const name = `charity-arena-ledger${params.from ? `-from-${params.from}` : ''}${params.to ? `-to-${params.to}` : ''}.csv`;
    void reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', full ? 'private, no-store' : 'no-cache');
    return csv;
  }

  /**
   * Issue 21: members whose personal data was erased (identity's `erased_members`), shown under the erased
   * name. One read of the whole table: it grows with erasures, far slower than the ledger this export reads.
   */
  private async erasedMembers(): Promise<Map<string, string>> {
    const rows = await this.db.selectFrom('erased_members').select(['member_id', 'erased_name']).execute();
    return new Map(rows.map((row) => [row.member_id as string, row.erased_name as string]));
  }
}
