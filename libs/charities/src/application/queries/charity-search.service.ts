import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { CharityGraphqlAnswer } from '@arena/contracts';
import {
  normalisedVariables,
  readCharitySearchOperation,
  type CharitySearchRequest,
} from './charity-search-operation';
import { CharityData } from '../ports/charity-data';
import { CharitySearchCache } from '../ports/charity-search-cache';
import { PublishedLogos } from './published-logos.reader';

/**
 * The search proxy's one use case: read the request into validated variables, answer from the cache or
 * from the configured source, and cache only complete answers (an error today should not be served for
 * the next minute).
 */
@Injectable()
export class CharitySearchService {
  constructor(
    private readonly data: CharityData,
    private readonly cache: CharitySearchCache,
    private readonly logos: PublishedLogos,
  ) {}

  async answer(request: CharitySearchRequest): Promise<CharityGraphqlAnswer> {
    const variables = readCharitySearchOperation(request);
    const key = `${this.data.source}:${createHash('sha256').update(normalisedVariables(variables)).digest('hex')}`;
    const cached = await this.cache.get(key);
    if (cached) return this.withLogos(cached);

    const { envelope, errors } = await this.data.search(variables);
    const answer: CharityGraphqlAnswer = {
      data: envelope ? { publicSearchFaceted: envelope } : null,
      ...(errors.length > 0 ? { errors } : {}),
      extensions: { source: this.data.source, ratingsAvailable: this.data.ratingsAvailable },
    };
    if (envelope && errors.length === 0) await this.cache.set(key, answer);
    return this.withLogos(answer);
  }

  /**
   * The logos of the results published on Charity Arena, added after the cache: a logo changed a moment
   * ago shows on the next search, not a cache lifetime later.
   */
  private async withLogos(answer: CharityGraphqlAnswer): Promise<CharityGraphqlAnswer> {
    const envelope = answer.data?.publicSearchFaceted;
    if (!envelope || envelope.results.length === 0) return answer;
    const logos = await this.logos.of(envelope.results.map((result) => result.ein));
    return {
      ...answer,
      data: {
        publicSearchFaceted: {
          ...envelope,
          results: envelope.results.map((result) => ({
            ...result,
            logoUrl: logos.get(result.ein.replace(/\D/g, '')) ?? null,
          })),
        },
      },
    };
  }
}
