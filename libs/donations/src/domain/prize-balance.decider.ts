import type { PrizeBalanceCommand } from './prize-balance.commands';
import { invalidAmount, payoutOverBalance, shareNotDue, shareNotFound } from './donation.errors';
import type { PrizeBalanceDirected, PrizeBalanceEvent, PrizeShareCredited } from './donation.events';

/**
 * A winner's directable balance: the prize shares they won without a chosen charity, each with what is
 * left of it. Directing takes the oldest shares first (a share may be taken in part); a donation id
 * directs once, so a retried request or job run decides nothing new.
 */
export interface BalanceShare {
  share: PrizeShareCredited['data'];
  remainingCents: number;
}

export interface PrizeBalance {
  /** In the order they were credited: oldest first. */
  shares: BalanceShare[];
  directedDonationIds: string[];
}

export const initialState: PrizeBalance = { shares: [], directedDonationIds: [] };

export const balanceCents = (state: PrizeBalance) =>
  state.shares.reduce((sum, { remainingCents }) => sum + remainingCents, 0);

export function decide(command: PrizeBalanceCommand, state: PrizeBalance): PrizeBalanceEvent[] {
  switch (command.type) {
    case 'CreditShare': {
      if (state.shares.some(({ share }) => share.shareId === command.data.shareId)) return [];
      if (!Number.isInteger(command.data.amountCents) || command.data.amountCents < 1) throw invalidAmount();
      return [{ type: 'PrizeShareCredited', data: command.data }];
    }
    case 'DirectBalance': {
      const { data } = command;
      if (state.directedDonationIds.includes(data.donationId)) return [];
      if (!Number.isInteger(data.amountCents) || data.amountCents < 1) throw invalidAmount();
      if (data.amountCents > balanceCents(state)) throw payoutOverBalance();
      return [directed(data, takeOldestFirst(state, data.amountCents), 'member')];
    }
    case 'DirectShareRemainder': {
      const { data } = command;
      if (state.directedDonationIds.includes(data.donationId)) return [];
      const entry = state.shares.find(({ share }) => share.shareId === data.shareId);
      if (!entry) throw shareNotFound(data.shareId);
      if (entry.remainingCents === 0) return [];
      if (Date.parse(data.directedAt) < Date.parse(entry.share.directBy)) throw shareNotDue(data.shareId);
      return [
        directed(
          { ...data, amountCents: entry.remainingCents },
          [{ shareId: data.shareId, amountCents: entry.remainingCents }],
          'platform',
        ),
      ];
    }
  }
}

function takeOldestFirst(state: PrizeBalance, amountCents: number) {
  const taken: { shareId: string; amountCents: number }[] = [];
  let left = amountCents;
  for (const { share, remainingCents } of state.shares) {
    if (left === 0) break;
    const part = Math.min(left, remainingCents);
    if (part === 0) continue;
    taken.push({ shareId: share.shareId, amountCents: part });
    left -= part;
  }
  return taken;
}

function directed(
  data: Omit<PrizeBalanceDirected['data'], 'shares' | 'by'>,
  shares: PrizeBalanceDirected['data']['shares'],
  by: PrizeBalanceDirected['data']['by'],
): PrizeBalanceEvent {
  const { memberId, donationId, amountCents, charityEin, charityName, directedAt } = data;
  return {
    type: 'PrizeBalanceDirected',
    data: { memberId, donationId, amountCents, charityEin, charityName, shares, by, directedAt },
  };
}

export function evolve(state: PrizeBalance, event: PrizeBalanceEvent): PrizeBalance {
  switch (event.type) {
    case 'PrizeShareCredited':
      return {
        ...state,
        shares: [...state.shares, { share: event.data, remainingCents: event.data.amountCents }],
      };
    case 'PrizeBalanceDirected': {
      const taken = new Map(event.data.shares.map((part) => [part.shareId, part.amountCents]));
      return {
        shares: state.shares.map((entry) => ({
          ...entry,
          remainingCents: entry.remainingCents - (taken.get(entry.share.shareId) ?? 0),
        })),
        directedDonationIds: [...state.directedDonationIds, event.data.donationId],
      };
    }
  }
}

export const prizeBalanceDecider = { decide, evolve, initialState };
