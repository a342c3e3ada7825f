import type { CharityCommand, StartOnboarding } from './charity.commands';
import { alreadyOnboardedByAnother, charityNotFound, codeWrongOrExpired } from './charity.errors';
import type { CharityEvent } from './charity.events';

/** What onboarding was started with (less its time), and what the stream has learned since. */
export interface OnboardedCharity extends Omit<StartOnboarding['data'], 'at'> {
  stripeAccountId: string | null;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** The newest provider event applied (its `created`, Unix seconds) and its id. */
  lastProviderCreated: number | null;
  lastProviderEventId: string | null;
  emailVerified: boolean;
  published: boolean;
  createdAt: string;
  updatedAt: string;
}

/** null: nobody started onboarding this EIN. */
export type CharityState = OnboardedCharity | null;

export const initialState: CharityState = null;

/** Payouts enabled on the connected account and the contact email confirmed, from the events only. */
export const isVerified = (charity: OnboardedCharity) => charity.payoutsEnabled && charity.emailVerified;

export const paymentAccountStatus = (charity: OnboardedCharity) =>
  charity.stripeAccountId === null ? 'NONE' : charity.payoutsEnabled ? 'VERIFIED' : 'PENDING';

export function decide(command: CharityCommand, state: CharityState): CharityEvent[] {
  switch (command.type) {
    case 'StartOnboarding': {
      const { data } = command;
      if (state === null) {
        return [
          {
            type: 'CharityOnboardingStarted',
            data: {
              charityId: data.charityId,
              ein: data.ein,
              organizationName: data.organizationName,
              description: data.description,
              category: data.category,
              email: data.email,
              managerId: data.managerId,
              address: data.address,
              city: data.city,
              state: data.state,
              zipCode: data.zipCode,
              at: data.at,
            },
          },
        ];
      }
      if (state.managerId !== data.managerId) throw alreadyOnboardedByAnother();
      // Resuming: the code goes to a new address only while none is confirmed yet.
      if (data.email === state.email || state.emailVerified) return [];
      return [
        {
          type: 'CharityContactEmailChanged',
          data: { charityId: state.charityId, email: data.email, at: data.at },
        },
      ];
    }
    case 'LinkPaymentAccount': {
      if (state === null) throw charityNotFound();
      // The account is created with a key derived from the charity id, so a retry gets the same one.
      if (state.stripeAccountId !== null) return [];
      return [
        {
          type: 'CharityPaymentAccountLinked',
          data: {
            charityId: state.charityId,
            stripeAccountId: command.data.stripeAccountId,
            at: command.data.at,
          },
        },
      ];
    }
    case 'RecordPaymentAccountUpdate': {
      if (state === null) throw charityNotFound();
      const { data } = command;
      if (state.stripeAccountId !== data.stripeAccountId) return [];
      if (state.lastProviderEventId === data.providerEventId) return [];
      if (state.lastProviderCreated !== null && data.providerCreated < state.lastProviderCreated) return [];
      return [
        {
          type: 'CharityPaymentAccountUpdated',
          data: {
            charityId: state.charityId,
            stripeAccountId: data.stripeAccountId,
            chargesEnabled: data.chargesEnabled,
            payoutsEnabled: data.payoutsEnabled,
            detailsSubmitted: data.detailsSubmitted,
            providerEventId: data.providerEventId,
            providerCreated: data.providerCreated,
            at: data.at,
          },
        },
      ];
    }
    case 'VerifyEmail': {
      if (state === null) throw charityNotFound();
      if (state.emailVerified) return [];
      // A code sent to an address the manager has since replaced confirms nothing.
      if (command.data.email !== state.email) throw codeWrongOrExpired();
      const { charityId } = state;
      return [
        { type: 'CharityEmailVerified', data: { charityId, email: state.email, at: command.data.at } },
        ...(state.published
          ? []
          : [{ type: 'CharityPublished' as const, data: { charityId, at: command.data.at } }]),
      ];
    }
    default: {
      const unhandled: never = command;
      throw new Error(`Unhandled charity command ${JSON.stringify(unhandled)}`);
    }
  }
}

export function evolve(state: CharityState, event: CharityEvent): CharityState {
  if (event.type === 'CharityOnboardingStarted') {
    const { data } = event;
    return {
      charityId: data.charityId,
      ein: data.ein,
      organizationName: data.organizationName,
      description: data.description,
      category: data.category,
      email: data.email,
      managerId: data.managerId,
      address: data.address,
      city: data.city,
      state: data.state,
      zipCode: data.zipCode,
      stripeAccountId: null,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      lastProviderCreated: null,
      lastProviderEventId: null,
      emailVerified: false,
      published: false,
      createdAt: data.at,
      updatedAt: data.at,
    };
  }
  if (state === null) return state;
  switch (event.type) {
    case 'CharityContactEmailChanged':
      return { ...state, email: event.data.email, updatedAt: event.data.at };
    case 'CharityPaymentAccountLinked':
      return { ...state, stripeAccountId: event.data.stripeAccountId, updatedAt: event.data.at };
    case 'CharityPaymentAccountUpdated':
      return {
        ...state,
        chargesEnabled: event.data.chargesEnabled,
        payoutsEnabled: event.data.payoutsEnabled,
        detailsSubmitted: event.data.detailsSubmitted,
        lastProviderCreated: event.data.providerCreated,
        lastProviderEventId: event.data.providerEventId,
        updatedAt: event.data.at,
      };
    case 'CharityEmailVerified':
      return { ...state, emailVerified: true, updatedAt: event.data.at };
    case 'CharityPublished':
      return { ...state, published: true, updatedAt: event.data.at };
    default:
      return state;
  }
}

export const charityDecider = { decide, evolve, initialState };
