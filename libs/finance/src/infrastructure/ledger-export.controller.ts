import { Readable } from 'node:stream';
import {
  BadRequestException,
  Controller,
  Get,
  Inject,
  Query,
  Req,
  Res,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ledgerExportParams } from '@arena/contracts';
import { DATABASE } from '@arena/database';
import { ZodValidationPipe } from '@arena/http';
import { CurrentMember, memberRoles, OptionalAccessTokenGuard, type Member } from '@arena/identity';
import { DonationEventsReader } from '../application/queries/donation-events.reader';
import { ledgerCsvHeader, ledgerCsvLine, type ExportOptions } from '../domain/ledger-csv';
import { ExportRateLimiter } from './export-rate-limiter';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/ledger/export.csv: anonymised for everyone, with donors for the finance role. Issue 22: streamed,
 * one page of entries at a time (DonationEventsReader.ledgerPages), so its memory stays flat whatever the
 * ledger's size and a date range reads only its own entries.
 */
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
    const options: ExportOptions = { ...params, full, erased: await this.erasedMembers() };
    const name = `charity-arena-ledger${params.from ? `-from-${params.from}` : ''}${params.to ? `-to-${params.to}` : ''}.csv`;
    void reply.header('Cache-Control', full ? 'private, no-store' : 'no-cache');
    return new StreamableFile(Readable.from(this.lines(options)), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${name}"`,
    });
  }

  /** The CSV, one chunk per page of entries. */
  private async *lines(options: ExportOptions): AsyncGenerator<string> {
    yield ledgerCsvHeader(options.full);
    const range = {
      from: options.from ? new Date(`${options.from}T00:00:00.000Z`) : undefined,
      before: options.to ? new Date(Date.parse(`${options.to}T00:00:00.000Z`) + DAY_MS) : undefined,
    };
    for await (const page of this.ledger.ledgerPages(range)) {
      let chunk = '';
      for (const row of page) chunk += ledgerCsvLine(row, options);
      yield chunk;
    }
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
