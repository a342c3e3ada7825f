import { Controller, Get, UseGuards } from '@nestjs/common';
import { FinanceGuard } from '@arena/identity';
import { ReconciliationService } from '../application/queries/reconciliation.service';

/** The finance role's routes (an operator grants the role: `npm run finance:grant`). */
@Controller('finance')
export class FinanceController {
  constructor(private readonly reconciliation: ReconciliationService) {}

  @Get('reconciliation')
  @UseGuards(FinanceGuard)
  async report() {
    return { success: true, data: await this.reconciliation.report() };
  }
}
