import type { Projector } from '@arena/projection-runner';
import { leaderboardsProjector } from './leaderboards/leaderboards.projection';
import { PlayerStatsProjector } from './player-stats/player-stats.projection';
import { TournamentCatalogProjector } from './tournament-catalog/tournament-catalog.projection';
import { tournamentPrizesProjector } from './tournament-prizes/tournament-prizes.projection';
import { tournamentBracketsProjector } from './tournament-brackets/tournament-brackets.projection';
import { charitiesProjector } from './charities/charities.projection';
import { charityDonationsProjector } from './charity-donations/charity-donations.projection';
import { postingsProjector } from './postings/postings.projection';
import { donationLedgerProjector } from './donation-ledger/donation-ledger.projection';
import { donationsProjector } from './donations/donations.projection';
import { referralBalancesProjector } from './referral-balances/referral-balances.projection';
import { memberTransactionsProjector } from './member-transactions/member-transactions.projection';
import { subscriptionsProjector } from './subscriptions/subscriptions.projection';
import { financeMoneyEventsProjector } from './finance-money-events/finance-money-events.projection';

/** Every read model the worker keeps up to date; `npm run migrate` creates their first tables. */
export const projectors: readonly Projector[] = [
  leaderboardsProjector,
  new TournamentCatalogProjector(),
  tournamentPrizesProjector,
  new PlayerStatsProjector(),
  tournamentBracketsProjector,
  charitiesProjector,
  charityDonationsProjector,
  postingsProjector,
  donationLedgerProjector,
  donationsProjector,
  referralBalancesProjector,
  memberTransactionsProjector,
  subscriptionsProjector,
  financeMoneyEventsProjector,
];
