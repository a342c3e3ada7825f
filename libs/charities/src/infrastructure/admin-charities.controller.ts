import { Body, Controller, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { BearerKeyGuard, ZodValidationPipe } from '@arena/http';
import { charityReviewBody, type CharityReviewBody } from '@arena/contracts';
import { CharityReviewsService } from '../application/commands/charity-reviews.service';
import { einParam } from './charity-params';

/** Operators' review of charities (issue 21): the same bearer key as every admin route. */
@Controller('admin/charities')
@UseGuards(BearerKeyGuard('ADMIN_API_KEY'))
export class AdminCharitiesController {
  constructor(private readonly reviews: CharityReviewsService) {}

  @Get('reviews')
  async pending() {
    return { success: true, data: { reviews: await this.reviews.pending() } };
  }

  @Post(':ein/review')
  @HttpCode(200)
  async review(
    @Param('ein') ein: string,
    @Body(new ZodValidationPipe(charityReviewBody)) body: CharityReviewBody,
  ) {
    // The operator is the holder of the admin key: the routes know no operator accounts.
    return { success: true, data: await this.reviews.decide(einParam(ein), body, 'admin-api') };
  }
}
