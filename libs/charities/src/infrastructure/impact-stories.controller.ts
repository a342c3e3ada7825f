import { Controller, Delete, Get, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { AccessTokenGuard, CurrentMember, OptionalAccessTokenGuard, type Member } from '@arena/identity';
import { FeaturedStoriesService } from '../application/queries/featured-stories.service';

/** The home carousel's stories and their likes (a member's, once each). */
@Controller('impact-stories')
export class ImpactStoriesController {
  constructor(private readonly stories: FeaturedStoriesService) {}

  @Get()
  @UseGuards(OptionalAccessTokenGuard)
  async featured(@CurrentMember() member: Member | undefined) {
    return { success: true, data: await this.stories.featured(member?.id ?? null) };
  }

  @Post(':id/like')
  @HttpCode(200)
  @UseGuards(AccessTokenGuard)
  async like(@CurrentMember() member: Member, @Param('id') id: string) {
    return { success: true, data: await this.stories.setLike(id, member.id, true) };
  }

  @Delete(':id/like')
  @UseGuards(AccessTokenGuard)
  async unlike(@CurrentMember() member: Member, @Param('id') id: string) {
    return { success: true, data: await this.stories.setLike(id, member.id, false) };
  }
}
