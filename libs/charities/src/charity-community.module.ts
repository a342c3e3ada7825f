import { Module } from '@nestjs/common';
import { NotificationsModule } from '@arena/notifications';
import { CharitiesModule } from './charities.module';
import { CharityDonationsReader } from './application/queries/charity-donations.reader';
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
  imports: [CharitiesModule, NotificationsModule],
  controllers: [CharityFavoritesController, CharityInvitationsController, CharityDonationsController],
  providers: [
    CharityFavoritesRepository,
    CharityFavoritesService,
    CharityInvitationsRepository,
    CharityInvitationsService,
    InvitationRateLimiter,
    CharityDonationsReader,
  ],
  exports: [CharityFavoritesService],
})
export class CharityCommunityModule {}
