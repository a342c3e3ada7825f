import { Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { FinanceGuard } from '@arena/identity';
import { TransferWindowService, windowIdOf } from '../application/reactions/transfer-window.service';

/** POST /api/finance/transfer-window (finance role): runs today's window now; a second run pays nothing twice. */
@Controller('finance')
export class TransferWindowController {
  constructor(private readonly window: TransferWindowService) {}

  @Post('transfer-window')
  @HttpCode(200)
  @UseGuards(FinanceGuard)
  async run() {
    return { success: true, data: await this.window.run(windowIdOf(new Date())) };
  }
}
