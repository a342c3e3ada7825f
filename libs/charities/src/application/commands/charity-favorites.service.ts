import { Injectable } from '@nestjs/common';
import type { AddFavoriteBody, FavoriteCharityList } from '@arena/contracts';
import { CharityFavoritesRepository } from '../../infrastructure/charity-favorites.repository';
import { PublishedLogos } from '../queries/published-logos.reader';

/** Favorites (spec §3): every call answers the member's whole list, as the page shows it. */
@Injectable()
export class CharityFavoritesService {
  constructor(
    private readonly favorites: CharityFavoritesRepository,
    private readonly logos: PublishedLogos,
  ) {}

  /**
   * Each favorite with its charity's logo as others see it now (issue 23): published on Charity Arena
   * with one set, else null, so a logo removed later is gone from the list too. Two queries whatever the
   * list's length (the favorites, then one probe of the charities' EIN index per favorite, at most
   * MAX_FAVORITES_PER_MEMBER).
   */
  async list(accountId: string): Promise<FavoriteCharityList> {
    const favorites = await this.favorites.list(accountId);
    const logos = await this.logos.of(favorites.map((favorite) => favorite.charity.ein));
    return {
      favoriteCharities: favorites.map((favorite) => ({
        ...favorite,
        charity: { ...favorite.charity, logoUrl: logos.get(favorite.charity.ein.replace(/\D/g, '')) ?? null },
      })),
    };
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
