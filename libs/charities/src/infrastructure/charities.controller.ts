import { Body, Controller, Get, HttpCode, Param, Post, Query, Redirect, UseGuards } from '@nestjs/common';
import { ZodValidationPipe } from '@arena/http';
import { AccessTokenGuard, CurrentMember, OptionalAccessTokenGuard, type Member } from '@arena/identity';
import {
  listCharitiesParams,
  publishStoryBody,
  stripeLinkBody,
  verifyOnboardingCodeBody,
  type ListCharitiesParams,
  type PublishStoryBody,
  type StripeLinkBody,
  type VerifyOnboardingCodeBody,
} from '@arena/contracts';
import { CharityOnboardingService } from '../application/commands/charity-onboarding.service';
import { CharityProfilesService } from '../application/queries/charity-profiles.service';
import { ImpactStoriesService } from '../application/commands/impact-stories.service';
import { charityIdParam, einParam, onboardingIdParam } from './charity-params';

/** Onboarded charities, their profiles and stories, and the onboarding of a charity by its manager. */
@Controller('charities')
export class CharitiesController {
  constructor(
    private readonly onboarding: CharityOnboardingService,
    private readonly profiles: CharityProfilesService,
    private readonly stories: ImpactStoriesService,
  ) {}

  @Get()
  async list(@Query(new ZodValidationPipe(listCharitiesParams)) params: ListCharitiesParams) {
    return { success: true, data: await this.profiles.list(params) };
  }

  @Post('stripe/link')
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  link(
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(stripeLinkBody, { fieldInMessage: false })) body: StripeLinkBody,
  ) {
    // The spec's answer is flat: success, stripeAccountId, charityId, verificationUrl, stripeStatus, message.
    return this.onboarding.link(member.id, body);
  }

  @Get('managed')
  @UseGuards(AccessTokenGuard)
  async managed(@CurrentMember() member: Member) {
    return { success: true, data: { charities: await this.onboarding.managedCharities(member.id) } };
  }

  @Get('onboarding/:charityId')
  @UseGuards(AccessTokenGuard)
  async status(@CurrentMember() member: Member, @Param('charityId') charityId: string) {
    return { success: true, data: await this.onboarding.status(member.id, onboardingIdParam(charityId)) };
  }

  /** The provider's onboarding returns here: the account is asked about, then 303 to the web's step 4. */
  @Get('onboarding/:charityId/stripe-return')
  @Redirect(undefined, 303)
  async stripeReturn(@Param('charityId') charityId: string) {
    return { url: await this.onboarding.returnedFromProvider(charityId), statusCode: 303 };
  }

  @Post('onboarding/:charityId/code')
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  async sendCode(@CurrentMember() member: Member, @Param('charityId') charityId: string) {
    return { success: true, data: await this.onboarding.sendCode(member.id, onboardingIdParam(charityId)) };
  }

  @Post('onboarding/:charityId/verify')
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  async verify(
    @CurrentMember() member: Member,
    @Param('charityId') charityId: string,
    @Body(new ZodValidationPipe(verifyOnboardingCodeBody)) body: VerifyOnboardingCodeBody,
  ) {
    return {
      success: true,
      data: await this.onboarding.verifyCode(member.id, onboardingIdParam(charityId), body.otpCode),
    };
  }

  @Get('ein/:ein')
  @UseGuards(OptionalAccessTokenGuard)
  async profile(@Param('ein') ein: string, @CurrentMember() member: Member | undefined) {
    return { success: true, data: await this.profiles.byEin(einParam(ein), member?.id) };
  }

  @Get('ein/:ein/stories')
  async listStories(@Param('ein') ein: string) {
    return { success: true, data: { stories: await this.stories.list(einParam(ein)) } };
  }

  @Post('ein/:ein/stories')
  @HttpCode(201)
  @UseGuards(AccessTokenGuard)
  async publishStory(
    @CurrentMember() member: Member,
    @Param('ein') ein: string,
    @Body(new ZodValidationPipe(publishStoryBody)) body: PublishStoryBody,
  ) {
    return { success: true, data: await this.stories.publish(member.id, einParam(ein), body) };
  }

  /** The router matches fixed paths (managed, favorites, rankings…) before this parameter. */
  @Get(':id')
  async get(@Param('id') id: string) {
    // Spec §7 answers the charity itself; the web reads it under data as every other answer.
    const charity = await this.profiles.byId(charityIdParam(id));
    return { success: true, ...charity, data: charity };
  }
}
