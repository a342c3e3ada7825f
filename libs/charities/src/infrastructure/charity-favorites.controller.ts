import { Body, Controller, Delete, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ZodValidationPipe } from '@arena/http';
import { AccessTokenGuard, CurrentMember, OptionalAccessTokenGuard, type Member } from '@arena/identity';
import {
  addFavoriteBody,
  CharityMessages,
  removeFavoriteBody,
  type AddFavoriteBody,
  type RemoveFavoriteBody,
} from '@arena/contracts';
import { CharityFavoritesService } from '../application/commands/charity-favorites.service';
import { SignedInGuard } from './signed-in.guard';

/** A member's favorite charities; adding and removing answer with the spec's own 401 messages. */
@Controller('charities/favorites')
export class CharityFavoritesController {
  constructor(private readonly favorites: CharityFavoritesService) {}

  @Get()
  @UseGuards(AccessTokenGuard)
  async list(@CurrentMember() member: Member) {
    return { success: true, data: await this.favorites.list(member.id) };
  }

  @Post()
  @HttpCode(200)
  @UseGuards(OptionalAccessTokenGuard, new SignedInGuard(CharityMessages.mustLogInToAddFavorite))
  async add(
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(addFavoriteBody)) body: AddFavoriteBody,
  ) {
    return { success: true, data: await this.favorites.add(member.id, body) };
  }

  @Delete()
  @UseGuards(OptionalAccessTokenGuard, new SignedInGuard(CharityMessages.mustLogInToRemoveFavorite))
  async remove(
    @CurrentMember() member: Member,
    @Body(new ZodValidationPipe(removeFavoriteBody, { fieldInMessage: false })) body: RemoveFavoriteBody,
  ) {
    return { success: true, data: await this.favorites.remove(member.id, body.ein) };
  }
}
