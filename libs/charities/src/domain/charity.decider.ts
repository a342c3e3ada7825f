import type { CharityCommand, StartOnboarding } from './charity.commands';
import {
  alreadyOnboardedByAnother,
  charityNotFound,
  claimRefused,
  codeWrongOrExpired,
  heldForReview,
  onboardingClosed,
} from './charity.errors';
import type { CharityEvent } from './charity.events';
import { emailMatchesWebsite } from './email-domain';

/** An onboarding whose payout account was never verified frees its EIN this long after it started. */
export const ONBOARDING_TTL_DAYS = 7;
const ONBOARDING_TTL_MS = ONBOARDING_TTL_DAYS * 24 * 60 * 60 * 1000;

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
  /** Payouts were enabled at least once: the onboarding no longer expires. */
  payoutsEverEnabled: boolean;
  /** An operator confirmed the organization (instead of the email code). */
  reviewApproved: boolean;
  /** Ended by an operator; the EIN is free. Expiry is not here: it depends on the time (closureOf). */
  closed: 'REJECTED' | 'RELEASED' | null;
  /** The logo the manager set (issue 23): its name in charity_logos, null without one. */
  logoId: string | null;
  /** Members an operator refused or released this EIN from, across every onboarding of the stream. */
  barredManagers: string[];
  createdAt: string;
  updatedAt: string;
}

/** null: nobody started onboarding this EIN. */
export type CharityState = OnboardedCharity | null;

export const initialState: CharityState = null;

/** When the EIN frees unless a payout account is verified by then (null once one was). */
export const expiresAt = (charity: OnboardedCharity): Date | null =>
  charity.payoutsEverEnabled ? null : new Date(Date.parse(charity.createdAt) + ONBOARDING_TTL_MS);

/** Why the onboarding no longer holds its EIN at `now`, or null while it does. */
export function closureOf(charity: OnboardedCharity, now: Date): 'EXPIRED' | 'REJECTED' | 'RELEASED' | null {
  if (charity.closed !== null) return charity.closed;
  const expiry = expiresAt(charity);
  return expiry !== null && now.getTime() >= expiry.getTime() ? 'EXPIRED' : null;
}

/**
 * The email code confirms the organization only when the directory knows the EIN and the address is on
 * its website's domain; otherwise an operator reviews it.
 */
export const verificationOf = (charity: OnboardedCharity): 'EMAIL_CODE' | 'OPERATOR_REVIEW' =>
  charity.inDirectory && emailMatchesWebsite(charity.email, charity.website)
    ? 'EMAIL_CODE'
    : 'OPERATOR_REVIEW';

export const reviewOf = (charity: OnboardedCharity): 'NONE' | 'PENDING' | 'APPROVED' =>
  charity.reviewApproved
    ? 'APPROVED'
    : verificationOf(charity) === 'OPERATOR_REVIEW' && !charity.emailVerified
      ? 'PENDING'
      : 'NONE';

/** The organization is who it says it is: the code to its domain, or an operator's approval. */
export const identityConfirmed = (charity: OnboardedCharity) =>
  charity.emailVerified || charity.reviewApproved;

/**
 * Payouts enabled on the connected account and the organization confirmed (email code or review), and
 * not closed by an operator, from the events only. (A verified payout account never expires.)
 */
export const isVerified = (charity: OnboardedCharity) =>
  charity.payoutsEnabled && identityConfirmed(charity) && charity.closed === null;

export const paymentAccountStatus = (charity: OnboardedCharity) =>
  charity.stripeAccountId === null ? 'NONE' : charity.payoutsEnabled ? 'VERIFIED' : 'PENDING';

export function decide(command: CharityCommand, state: CharityState): CharityEvent[] {
  switch (command.type) {
    case 'StartOnboarding': {
      const { data } = command;
      const closure = state === null ? null : closureOf(state, new Date(data.at));
      if (state === null || closure !== null) {
        // A new onboarding: the EIN was never claimed, or its last claim expired or was ended.
        if (state?.barredManagers.includes(data.managerId)) throw claimRefused();
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
              website: data.website,
              inDirectory: data.inDirectory,
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
      if (closureOf(state, new Date(command.data.at)) !== null) throw onboardingClosed();
      if (verificationOf(state) !== 'EMAIL_CODE') throw heldForReview();
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
    case 'ReviewCharity': {
      if (state === null) throw charityNotFound();
      const { decision, operator, note, at } = command.data;
      const { charityId } = state;
      if (state.closed !== null) return [];
      if (decision === 'approve') {
        if (closureOf(state, new Date(at)) !== null) throw onboardingClosed();
        if (identityConfirmed(state)) return [];
        return [
          { type: 'CharityReviewApproved', data: { charityId, operator, note, at } },
          ...(state.published ? [] : [{ type: 'CharityPublished' as const, data: { charityId, at } }]),
        ];
      }
      return [
        {
          type: 'CharityOnboardingClosed',
          data: {
            charityId,
            cause: decision === 'reject' ? 'REJECTED' : 'RELEASED',
            managerId: state.managerId,
            operator,
            note,
            at,
          },
        },
      ];
    }
    case 'ChangeLogo': {
      const { data } = command;
      // A newer onboarding of the EIN is another charity: the old one's manager changes nothing of it.
      if (state === null || state.charityId !== data.charityId) throw charityNotFound();
      if (closureOf(state, new Date(data.at)) !== null) throw onboardingClosed();
      if (state.logoId === data.logoId) return [];
      return [
        {
          type: 'CharityLogoChanged',
          data: {
            charityId: state.charityId,
            logoId: data.logoId,
            contentType: data.contentType,
            at: data.at,
          },
        },
      ];
    }
    case 'RemoveLogo': {
      const { data } = command;
      if (state === null || state.charityId !== data.charityId) throw charityNotFound();
      if (closureOf(state, new Date(data.at)) !== null) throw onboardingClosed();
      // Nothing to take down: a repeated removal (a retry, a second tab) records nothing.
      if (state.logoId === null) return [];
      return [{ type: 'CharityLogoRemoved', data: { charityId: state.charityId, at: data.at } }];
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
      // Older events had neither: no website on record, and the EIN taken as known.
      website: data.website ?? null,
      inDirectory: data.inDirectory ?? true,
      stripeAccountId: null,
      chargesEnabled: false,
      payoutsEnabled: false,
      detailsSubmitted: false,
      lastProviderCreated: null,
      lastProviderEventId: null,
      emailVerified: false,
      published: false,
      payoutsEverEnabled: false,
      reviewApproved: false,
      closed: null,
      // A new onboarding starts without the last one's logo: it may be another organization's manager.
      logoId: null,
      barredManagers: state?.barredManagers ?? [],
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
        payoutsEverEnabled: state.payoutsEverEnabled || event.data.payoutsEnabled,
        lastProviderCreated: event.data.providerCreated,
        lastProviderEventId: event.data.providerEventId,
        updatedAt: event.data.at,
      };
    case 'CharityEmailVerified':
      return { ...state, emailVerified: true, updatedAt: event.data.at };
    case 'CharityPublished':
      return { ...state, published: true, updatedAt: event.data.at };
    case 'CharityReviewApproved':
      return { ...state, reviewApproved: true, updatedAt: event.data.at };
    case 'CharityLogoChanged':
      return { ...state, logoId: event.data.logoId, updatedAt: event.data.at };
    case 'CharityLogoRemoved':
      return { ...state, logoId: null, updatedAt: event.data.at };
    case 'CharityOnboardingClosed':
      return {
        ...state,
        closed: event.data.cause,
        published: false,
        barredManagers: [...state.barredManagers, event.data.managerId],
        updatedAt: event.data.at,
      };
    default:
      return state;
  }
}

export const charityDecider = { decide, evolve, initialState };
