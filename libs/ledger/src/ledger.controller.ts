import { Controller, Get, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  ledgerCheckpointsParams,
  ledgerConsistencyParams,
  ledgerEntriesParams,
  type LedgerEntriesParams,
} from '@arena/contracts';
import { BearerKeyGuard, ZodValidationPipe } from '@arena/http';
import { LedgerService } from './ledger.service';

/** The verifiable ledger (docs/ledger.md): public reads, and signing a checkpoint on an operator's request. */
@Controller('ledger')
export class LedgerController {
  constructor(private readonly ledger: LedgerService) {}

  @Get('entries')
  async entries(@Query(new ZodValidationPipe(ledgerEntriesParams)) params: LedgerEntriesParams) {
    return { success: true, data: await this.ledger.entries(params) };
  }

  @Get('entries/:id/proof')
  async proof(@Param('id') id: string) {
    return { success: true, data: await this.ledger.inclusionProof(id) };
  }

  @Get('consistency')
  async consistency(
    @Query(new ZodValidationPipe(ledgerConsistencyParams)) params: { from: number; to: number },
  ) {
    return { success: true, data: await this.ledger.consistency(params.from, params.to) };
  }

  @Get('checkpoints')
  async checkpoints(@Query(new ZodValidationPipe(ledgerCheckpointsParams)) params: { limit: number }) {
    return { success: true, data: { checkpoints: await this.ledger.listCheckpoints(params.limit) } };
  }

  /** 201 with a new checkpoint; 200 with the newest when nothing changed since it. */
  @Post('checkpoints')
  @UseGuards(BearerKeyGuard('METRICS_TOKEN'))
  async sign(@Res({ passthrough: true }) reply: FastifyReply) {
    const { checkpoint, created } = await this.ledger.signCheckpoint();
    reply.status(created ? 201 : 200);
    return { success: true, data: checkpoint };
  }

  @Get('public-key')
  publicKey() {
    return { success: true, data: this.ledger.publicKey() };
  }
}
