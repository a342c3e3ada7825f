import { Module } from '@nestjs/common';
import { NotificationsModule } from '@arena/notifications';
import { CharitySearchModule } from './charity-search.module';
import { NonprofitDirectory } from './domain/nonprofit-directory';
import { CharityDonationsReader } from './application/queries/charity-donations.reader';
import { PublishedLogos } from './application/queries/published-logos.reader';
import { CharityFavoritesService } from './application/commands/charity-favorites.service';
import { CharityInvitationsService } from './application/commands/charity-invitations.service';
import { CharityDonationsController } from './infrastructure/charity-donations.controller';
import { CharityFavoritesController } from './infrastructure/charity-favorites.controller';
import { CharityFavoritesRepository } from './infrastructure/charity-favorites.repository';
import { CharityInvitationsController } from './infrastructure/charity-invitations.controller';
import { CharityInvitationsRepository } from './infrastructure/charity-invitations.repository';
import { InvitationRateLimiter } from './infrastructure/invitation-rate-limiter';

/**
 * What members do around charities: favorites, invitations into onboarding, and the read side of
 * the donations directed to charities (profile cards, rankings).
 */
@Module({
  // CharitiesModule imports this one, so the directory is provided here too (read on first invitation).
  imports: [CharitySearchModule, NotificationsModule],
  controllers: [CharityFavoritesController, CharityInvitationsController, CharityDonationsController],
  providers: [
    CharityFavoritesRepository,
    CharityFavoritesService,
    CharityInvitationsRepository,
    CharityInvitationsService,
    InvitationRateLimiter,
    CharityDonationsReader,
    PublishedLogos,
    { provide: NonprofitDirectory, useFactory: () => new NonprofitDirectory() },
  ],
  exports: [CharityFavoritesService],
})
export class CharityCommunityModule {}
