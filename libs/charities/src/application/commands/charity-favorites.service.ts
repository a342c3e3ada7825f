import { Injectable } from '@nestjs/common';
import type { AddFavoriteBody, FavoriteCharityList } from '@arena/contracts';
import { CharityFavoritesRepository } from '../../infrastructure/charity-favorites.repository';

/** Favorites (spec §3): every call answers the member's whole list, as the page shows it. */
@Injectable()
export class CharityFavoritesService {
  constructor(private readonly favorites: CharityFavoritesRepository) {}

  async list(accountId: string): Promise<FavoriteCharityList> {
    return { favoriteCharities: await this.favorites.list(accountId) };
  }

  async add(accountId: string, { externalCharityData: charity }: AddFavoriteBody, at = new Date()) {
    await this.favorites.add(
      accountId,
      { ein: charity.ein, name: charity.name, logoUrl: null, category: charity.cause || null },
      at,
    );
    return this.list(accountId);
  }

  async remove(accountId: string, ein: string) {
    await this.favorites.remove(accountId, ein);
    return this.list(accountId);
  }
}
