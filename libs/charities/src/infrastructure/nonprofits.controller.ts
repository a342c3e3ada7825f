import { Controller, Get, Query } from '@nestjs/common';
import { ZodValidationPipe } from '@arena/http';
import { nonprofitSearchParams, type NonprofitList, type NonprofitSearchParams } from '@arena/contracts';
import { charityProfileUrl } from '@arena/contracts/tournaments.rules';
import { NonprofitDirectory } from '../domain/nonprofit-directory';

/** Public: the join modal's charity search over the bundled data set. */
@Controller('nonprofits')
export class NonprofitsController {
  constructor(private readonly directory: NonprofitDirectory) {}

  @Get()
  search(@Query(new ZodValidationPipe(nonprofitSearchParams)) params: NonprofitSearchParams) {
    const nonprofits = this.directory
      .search(params.term, params.limit)
      .map(({ ein, name, city, state, category }) => ({
        ein,
        name,
        city,
        state,
        category,
        url: charityProfileUrl(ein),
      }));
    const data: NonprofitList = { nonprofits };
    return { success: true, data };
  }
}
