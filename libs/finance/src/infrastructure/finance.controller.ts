import { BadRequestException, Controller, Get, Query, UseGuards } from '@nestjs/common';
import { reconciliationParams } from '@arena/contracts';
import { ZodValidationPipe } from '@arena/http';
import { FinanceGuard } from '@arena/identity';
import {
  ReconciliationRangeError,
  ReconciliationService,
} from '../application/queries/reconciliation.service';

/** The finance role's routes (an operator grants the role: `npm run finance:grant`). */
@Controller('finance')
export class FinanceController {
  constructor(private readonly reconciliation: ReconciliationService) {}

  /** `from`, `to`: dates, `to` inclusive; the last 31 days by default, 93 days at most. */
  @Get('reconciliation')
  @UseGuards(FinanceGuard)
  async report(@Query(new ZodValidationPipe(reconciliationParams)) params: { from?: string; to?: string }) {
    try {
      return { success: true, data: await this.reconciliation.report(params) };
    } catch (error) {
      if (error instanceof ReconciliationRangeError) throw new BadRequestException(error.message);
      throw error;
    }
  }
}
