import { CharityMessages } from '@arena/contracts';
import { deciderSpec } from '@arena/testing';
import type { CharityCommand } from './charity.commands';
import { charityDecider, decide, evolve, initialState, type CharityState } from './charity.decider';
import { CharityError } from './charity.errors';
import type { CharityEvent } from './charity.events';

/**
 * The charity rules the first spec leaves out, one test per rule: refusals by kind and message, the
 * provider's account updates at their edges, and facts about a charity nobody started.
 */
const spec = deciderSpec<CharityCommand, CharityEvent, CharityState>(charityDecider);

const charityId = '8a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const ein = '131623829';
const manager = '44444444-4444-4444-8444-444444444444';
const stranger = '55555555-5555-4555-8555-555555555555';
const at = '2026-11-24T10:00:00.000Z';
const later = '2026-11-25T10:00:00.000Z';

const start = (overrides: Partial<Extract<CharityCommand, { type: 'StartOnboarding' }>['data']> = {}) =>
  ({
    type: 'StartOnboarding',
    data: {
      charityId,
      ein,
      organizationName: 'Food Bank',
      description: 'Meals',
      category: 'hunger',
      email: 'hello@foodbank.example',
      managerId: manager,
      address: '1 Main St',
      city: 'Albany',
      state: 'NY',
      zipCode: '12207',
      website: 'https://www.foodbank.example',
      inDirectory: true,
      at,
      ...overrides,
    },
  }) satisfies CharityCommand;
const started: CharityEvent = { type: 'CharityOnboardingStarted', data: { ...start().data } };
const link = (stripeAccountId: string): CharityCommand => ({
  type: 'LinkPaymentAccount',
  data: { ein, stripeAccountId, at },
});
const linked: CharityEvent = {
  type: 'CharityPaymentAccountLinked',
  data: { charityId, stripeAccountId: 'acct_fb', at },
};
const update = (providerEventId: string, providerCreated: number, payoutsEnabled: boolean, when = at) =>
  ({
    type: 'RecordPaymentAccountUpdate',
    data: {
      ein,
      stripeAccountId: 'acct_fb',
      chargesEnabled: true,
      payoutsEnabled,
      detailsSubmitted: true,
      providerEventId,
      providerCreated,
      at: when,
    },
  }) satisfies CharityCommand;
const updated = (providerEventId: string, providerCreated: number, payoutsEnabled: boolean, when = at) => {
  const { ein: _ein, ...data } = update(providerEventId, providerCreated, payoutsEnabled, when).data;
  return { type: 'CharityPaymentAccountUpdated', data: { charityId, ...data } } satisfies CharityEvent;
};
const verifyEmail = (email: string): CharityCommand => ({
  type: 'VerifyEmail',
  data: { ein, email, at: later },
});
const emailChanged: CharityEvent = {
  type: 'CharityContactEmailChanged',
  data: { charityId, email: 'desk@foodbank.example', at },
};

const stateOf = (events: readonly CharityEvent[]) => events.reduce(evolve, initialState);

function refusalOf(events: readonly CharityEvent[], command: CharityCommand): unknown {
  try {
    decide(command, stateOf(events));
  } catch (error) {
    return error;
  }
  throw new Error(`${command.type} was not refused`);
}
const expectRefusal = (error: unknown, kind: CharityError['kind'], message: string) => {
  expect(error).toBeInstanceOf(CharityError);
  expect(error).toMatchObject({ kind, message });
};

describe('charity decider: rules', () => {
  describe('refusals', () => {
    it("refuses another member's onboarding of a started EIN, as a conflict", () => {
      expectRefusal(
        refusalOf([started], start({ managerId: stranger })),
        'conflict',
        CharityMessages.alreadyOnboardedByAnother,
      );
    });

    it('refuses a provider update for a charity nobody started, as not found', () => {
      expectRefusal(refusalOf([], update('evt_1', 100, true)), 'not_found', CharityMessages.charityNotFound);
    });

    it('refuses a code for a charity nobody started, as not found', () => {
      expectRefusal(
        refusalOf([], verifyEmail('hello@foodbank.example')),
        'not_found',
        CharityMessages.charityNotFound,
      );
    });

    it('refuses a code sent to a replaced address, as invalid', () => {
      expectRefusal(
        refusalOf([started, emailChanged], verifyEmail('hello@foodbank.example')),
        'invalid',
        CharityMessages.onboardingCodeWrongOrExpired,
      );
    });
  });

  describe('onboarding', () => {
    it('confirms the address the manager changed to, and lists the charity', () => {
      spec
        .given([started, emailChanged])
        .when(verifyEmail('desk@foodbank.example'))
        .then([
          { type: 'CharityEmailVerified', data: { charityId, email: 'desk@foodbank.example', at: later } },
          { type: 'CharityPublished', data: { charityId, at: later } },
        ]);
    });

    it('stays quiet when the manager resumes with the same address and other details', () => {
      spec
        .given([started])
        .when(start({ organizationName: 'Another Name', description: 'Other', charityId: 'other-id' }))
        .then([]);
      expect(stateOf([started])).toMatchObject({ organizationName: 'Food Bank', charityId });
    });
  });

  describe('the payment account', () => {
    it('stays quiet on a link of another account, keeping the first', () => {
      spec.given([started, linked]).when(link('acct_other')).then([]);
      expect(stateOf([started, linked])?.stripeAccountId).toBe('acct_fb');
    });

    it('stays quiet on a provider update that comes before any account is linked', () => {
      spec
        .given([started])
        .when(update('evt_1', 100, true))
        .then([]);
    });

    it('records an update of the same second as the newest one, under another event id', () => {
      spec
        .given([started, linked, updated('evt_1', 100, false)])
        .when(update('evt_2', 100, true))
        .then([updated('evt_2', 100, true)]);
    });

    it('takes the newest update as the account as it is now, and when it changed', () => {
      const state = stateOf([
        started,
        linked,
        updated('evt_1', 100, true),
        updated('evt_2', 200, false, later),
      ]);
      expect(state).toMatchObject({
        payoutsEnabled: false,
        lastProviderCreated: 200,
        lastProviderEventId: 'evt_2',
        createdAt: at,
        updatedAt: later,
      });
    });
  });

  describe('facts without a start', () => {
    it('leaves no charity from facts about one nobody started', () => {
      expect(stateOf([linked, updated('evt_1', 100, true), emailChanged])).toBeNull();
    });
  });
});
