import { Controller, Get, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ledgerCheckpointsParams,
  ledgerConsistencyParams,
  ledgerEntriesParams,
  type LedgerCheckpointsParams,
  type LedgerEntriesParams,
} from '@arena/contracts';
import { BearerKeyGuard, ZodValidationPipe } from '@arena/http';
import { LedgerRateLimiter } from './ledger-rate-limiter';
import { LedgerService } from './ledger.service';

/**
 * Answers that never change once signed: a consistency proof between two checkpoints. Browsers and any cache
 * in front of the API keep them; the proof routes are also limited per client address.
 */
const SIGNED_FOREVER = 'public, max-age=31536000, immutable';
/** An inclusion proof is against the newest checkpoint covering the entry, which moves on as the ledger grows. */
const UNTIL_NEXT_CHECKPOINT = 'public, max-age=60';

/** The verifiable ledger (docs/ledger.md): public reads, and signing a checkpoint on an operator's request. */
@Controller('ledger')
export class LedgerController {
  constructor(
    private readonly ledger: LedgerService,
    private readonly limiter: LedgerRateLimiter,
  ) {}

  /** At most LEDGER_ENTRIES_MAX_LIMIT entries a page, LEDGER_ENTRIES_PER_MINUTE pages per client address. */
  @Get('entries')
  async entries(
    @Req() request: FastifyRequest,
    @Query(new ZodValidationPipe(ledgerEntriesParams)) params: LedgerEntriesParams,
  ) {
    await this.limiter.entriesFrom(request.ip);
    return { success: true, data: await this.ledger.entries(params) };
  }

  @Get('entries/:id/proof')
  async proof(
    @Param('id') id: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.limiter.proofsFrom(request.ip);
    const proof = await this.ledger.inclusionProof(id);
    void reply.header('Cache-Control', UNTIL_NEXT_CHECKPOINT);
    return { success: true, data: proof };
  }

  @Get('consistency')
  async consistency(
    @Query(new ZodValidationPipe(ledgerConsistencyParams)) params: { from: number; to: number },
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    await this.limiter.proofsFrom(request.ip);
    const proof = await this.ledger.consistency(params.from, params.to);
    void reply.header('Cache-Control', SIGNED_FOREVER);
    return { success: true, data: proof };
  }

  @Get('checkpoints')
  async checkpoints(@Query(new ZodValidationPipe(ledgerCheckpointsParams)) params: LedgerCheckpointsParams) {
    return {
      success: true,
      data: { checkpoints: await this.ledger.listCheckpoints(params.limit, params.before) },
    };
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

  @Get('keys')
  async keys() {
    return { success: true, data: await this.ledger.keys() };
  }
}
