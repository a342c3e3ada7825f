import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { CharityGraphqlAnswer } from '@arena/contracts';
import { CharitySearchService } from '../application/queries/charity-search.service';
import { CharitySearchRateLimiter } from './charity-search-rate-limiter';

/**
 * Public: the charity search page's GraphQL endpoint. Answers a GraphQL response (not our envelope), as a
 * GraphQL client expects; errors beside partial data come back with 200, refusals with our 4xx shape.
 */
@Controller('charities/charity-navigator')
export class CharitySearchController {
  constructor(
    private readonly search: CharitySearchService,
    private readonly limiter: CharitySearchRateLimiter,
  ) {}

  @Post('graphql')
  @HttpCode(200)
  async graphql(@Req() request: FastifyRequest, @Body() body: unknown): Promise<CharityGraphqlAnswer> {
    await this.limiter.searchFrom(request.ip);
    const { query, variables, operationName } = (body ?? {}) as Record<string, unknown>;
    return this.search.answer({ query, variables, operationName });
  }
}
