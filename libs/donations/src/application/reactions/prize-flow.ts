import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@arena/config';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@arena/event-store';
import { JobName, JobsService } from '@arena/jobs';
import { tournamentStreamId, type PrizeAllocated, type TournamentEvent } from '@arena/tournaments/events';
import type { DonationDirected, PrizeBalanceDirected } from '../../domain/donation.events';
import { derivedEventIds, donationIdFrom, receiptCodeOf } from '../donation-ids';
import { DonationStreams } from '../donation-streams';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The job that directs what is left of a share once its days are over; one per share. */
export const directShareJobId = (shareId: string) => `direct-share-${shareId}`;

/**
 * What the money flow does after a tournament's prize is allocated, and after a balance is directed.
 * Each step derives its ids from the event that caused it, so a redelivered event (or a crash between
 * two appends, followed by the redelivery) appends nothing twice.
 */
@Injectable()
export class PrizeFlow {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly streams: DonationStreams,
    private readonly jobs: JobsService,
  ) {}

  static readonly eventTypes = ['PrizeAllocated', 'PrizeBalanceDirected'] as const;

  async apply(event: RecordedEvent): Promise<void> {
    if (event.type === 'PrizeAllocated')
      await this.prizeAllocated(event.id, event.data as PrizeAllocated['data']);
    if (event.type === 'PrizeBalanceDirected')
      await this.balanceDirected(event.id, event.data as PrizeBalanceDirected['data']);
  }

  /** A winner with a charity: the share is directed at once. Without: it joins their directable balance. */
  async prizeAllocated(eventId: string, prize: PrizeAllocated['data']): Promise<void> {
    const tournamentTitle = await this.tournamentTitle(prize.tournamentId);
    if (prize.charityId !== null) {
      const donationId = donationIdFrom(`prize:${eventId}`);
      await this.streams.donation(
        {
          type: 'DirectDonation',
          data: {
            donationId,
            amountCents: prize.amountCents,
            charityEin: prize.charityId,
            charityName: prize.charityName ?? prize.charityId,
            directedBy: { kind: 'winner', memberId: prize.userId, username: prize.username },
            source: {
              kind: 'prize',
              tournamentId: prize.tournamentId,
              tournamentTitle,
              rank: prize.rank,
              memberId: prize.userId,
            },
            receiptCode: receiptCodeOf(donationId),
            directedAt: prize.allocatedAt,
          },
        },
        derivedEventIds(`prize:${eventId}`),
      );
      return;
    }
    const directBy = new Date(
      Date.parse(prize.allocatedAt) + this.config.DONATION_DIRECT_AFTER_DAYS * DAY_MS,
    );
    await this.streams.balance(
      {
        type: 'CreditShare',
        data: {
          memberId: prize.userId,
          username: prize.username,
          shareId: eventId,
          tournamentId: prize.tournamentId,
          tournamentTitle,
          rank: prize.rank,
          amountCents: prize.amountCents,
          creditedAt: prize.allocatedAt,
          directBy: directBy.toISOString(),
        },
      },
      derivedEventIds(`prize-share:${eventId}`),
    );
    // Queued after the append, every time: the job id makes a redelivery queue nothing new.
    await this.jobs.enqueue(
      JobName.DirectUndirectedShare,
      { memberId: prize.userId, shareId: eventId },
      { jobId: directShareJobId(eventId), delay: Math.max(0, directBy.getTime() - Date.now()) },
    );
  }

  /** The balance's direction opens its donation, held for the next transfer window. */
  async balanceDirected(eventId: string, directed: PrizeBalanceDirected['data']) {
    const balance = await this.streams.loadBalance(directed.memberId);
    const username = balance.shares[0]?.share.username ?? '';
    const data: DonationDirected['data'] = {
      donationId: directed.donationId,
      amountCents: directed.amountCents,
      charityEin: directed.charityEin,
      charityName: directed.charityName,
      directedBy:
        directed.by === 'member'
          ? { kind: 'winner', memberId: directed.memberId, username }
          : { kind: 'platform', reason: 'undirected-30-days' },
      source: { kind: 'prize-balance', memberId: directed.memberId, shares: directed.shares },
      receiptCode: receiptCodeOf(directed.donationId),
      directedAt: directed.directedAt,
    };
    return this.streams.donation(
      { type: 'DirectDonation', data },
      derivedEventIds(`balance-directed:${eventId}`),
    );
  }

  private async tournamentTitle(tournamentId: string): Promise<string> {
    const events = await this.store.readStream(tournamentStreamId(tournamentId));
    let title = '';
    for (const { type, data } of events as unknown as TournamentEvent[]) {
      if (type === 'TournamentCreated') title = data.title;
      if (type === 'TournamentEdited' && data.changes.title !== undefined) title = data.changes.title;
    }
    return title;
  }
}
