import { deciderSpec } from '@arena/testing';
import type { CharityCommand } from './charity.commands';
import {
  charityDecider,
  closureOf,
  evolve,
  expiresAt,
  initialState,
  isVerified,
  paymentAccountStatus,
  reviewOf,
  verificationOf,
} from './charity.decider';
import { CharityError } from './charity.errors';
import type { CharityEvent } from './charity.events';
import { CharityMessages } from '@arena/contracts';

const spec = deciderSpec<CharityCommand, CharityEvent, ReturnType<typeof evolve>>(charityDecider);

const charityId = '7d1f3f5e-1b2a-4c3d-8e9f-0a1b2c3d4e5f';
const ein = '530196605';
const ada = '11111111-1111-4111-8111-111111111111';
const ben = '22222222-2222-4222-8222-222222222222';
const at = '2026-11-23T10:00:00.000Z';

const start = (overrides: Partial<Extract<CharityCommand, { type: 'StartOnboarding' }>['data']> = {}) =>
  ({
    type: 'StartOnboarding',
    data: {
      charityId,
      ein,
      organizationName: 'Red Cross',
      description: 'Relief',
      category: 'nonprofit',
      email: 'desk@redcross.example',
      managerId: ada,
      address: null,
      city: 'Washington',
      state: 'DC',
      zipCode: null,
      website: 'https://www.redcross.example',
      inDirectory: true,
      at,
      ...overrides,
    },
  }) satisfies CharityCommand;

const started: CharityEvent = {
  type: 'CharityOnboardingStarted',
  data: { ...start().data },
};
const linked: CharityEvent = {
  type: 'CharityPaymentAccountLinked',
  data: { charityId, stripeAccountId: 'acct_1', at },
};
const update = (providerEventId: string, providerCreated: number, payoutsEnabled: boolean) =>
  ({
    type: 'RecordPaymentAccountUpdate',
    data: {
      ein,
      stripeAccountId: 'acct_1',
      chargesEnabled: payoutsEnabled,
      payoutsEnabled,
      detailsSubmitted: true,
      providerEventId,
      providerCreated,
      at,
    },
  }) satisfies CharityCommand;
const updated = (providerEventId: string, providerCreated: number, payoutsEnabled: boolean): CharityEvent => {
  const { ein: _ein, ...data } = update(providerEventId, providerCreated, payoutsEnabled).data;
  return { type: 'CharityPaymentAccountUpdated', data: { charityId, ...data } };
};
const verifyEmail = (email = 'desk@redcross.example') =>
  ({ type: 'VerifyEmail', data: { ein, email, at } }) satisfies CharityCommand;

describe('charity decider', () => {
  describe('starting onboarding', () => {
    it('makes the first member the manager', () => {
      spec.given([]).when(start()).then([started]);
    });

    it('resumes for the same member without a second start', () => {
      spec
        .given([started])
        .when(start({ charityId: 'another-id' }))
        .then([]);
    });

    it("refuses another member's onboarding of the same EIN", () => {
      spec
        .given([started])
        .when(start({ managerId: ben }))
        .thenThrows(CharityError, CharityMessages.alreadyOnboardedByAnother);
    });

    it('lets the manager change the contact email before it is confirmed', () => {
      spec
        .given([started])
        .when(start({ email: 'new@redcross.example' }))
        .then([
          { type: 'CharityContactEmailChanged', data: { charityId, email: 'new@redcross.example', at } },
        ]);
    });

    it('keeps a confirmed contact email', () => {
      spec
        .given([
          started,
          { type: 'CharityEmailVerified', data: { charityId, email: 'desk@redcross.example', at } },
        ])
        .when(start({ email: 'new@redcross.example' }))
        .then([]);
    });
  });

  describe('the payment account', () => {
    it('links the first account and ignores a repeated link', () => {
      const link = { type: 'LinkPaymentAccount', data: { ein, stripeAccountId: 'acct_1', at } } as const;
      spec.given([started]).when(link).then([linked]);
      spec.given([started, linked]).when(link).then([]);
    });

    it('cannot link an account to a charity nobody started', () => {
      spec
        .given([])
        .when({ type: 'LinkPaymentAccount', data: { ein, stripeAccountId: 'acct_1', at } })
        .thenThrows(CharityError, CharityMessages.charityNotFound);
    });

    it('records what the provider says, once per provider event', () => {
      spec
        .given([started, linked])
        .when(update('evt_1', 100, true))
        .then([updated('evt_1', 100, true)]);
      spec
        .given([started, linked, updated('evt_1', 100, true)])
        .when(update('evt_1', 100, true))
        .then([]);
    });

    it('never lets an older update override a newer one', () => {
      spec
        .given([started, linked, updated('evt_2', 200, true)])
        .when(update('evt_1', 100, false))
        .then([]);
    });

    it("ignores updates about an account that is not the charity's", () => {
      spec
        .given([started, linked])
        .when({
          ...update('evt_1', 100, true),
          data: { ...update('evt_1', 100, true).data, stripeAccountId: 'acct_x' },
        })
        .then([]);
    });
  });

  describe('the contact email', () => {
    it('confirms the email and lists the charity', () => {
      spec
        .given([started])
        .when(verifyEmail())
        .then([
          { type: 'CharityEmailVerified', data: { charityId, email: 'desk@redcross.example', at } },
          { type: 'CharityPublished', data: { charityId, at } },
        ]);
    });

    it('confirms once', () => {
      spec
        .given([
          started,
          { type: 'CharityEmailVerified', data: { charityId, email: 'desk@redcross.example', at } },
          { type: 'CharityPublished', data: { charityId, at } },
        ])
        .when(verifyEmail())
        .then([]);
    });

    it('refuses a code sent to an address since replaced', () => {
      spec
        .given([
          started,
          { type: 'CharityContactEmailChanged', data: { charityId, email: 'new@redcross.example', at } },
        ])
        .when(verifyEmail('desk@redcross.example'))
        .thenThrows(CharityError, CharityMessages.onboardingCodeWrongOrExpired);
    });
  });

  describe('verified', () => {
    const fold = (events: CharityEvent[]) => events.reduce(evolve, initialState)!;
    const confirmed: CharityEvent = {
      type: 'CharityEmailVerified',
      data: { charityId, email: 'desk@redcross.example', at },
    };

    it('needs payouts enabled and the email confirmed', () => {
      expect(isVerified(fold([started, linked, confirmed]))).toBe(false);
      expect(isVerified(fold([started, linked, updated('evt_1', 1, true)]))).toBe(false);
      expect(isVerified(fold([started, linked, updated('evt_1', 1, true), confirmed]))).toBe(true);
      expect(
        isVerified(fold([started, linked, updated('evt_1', 1, true), confirmed, updated('evt_2', 2, false)])),
      ).toBe(false);
    });

    it('tells the payment account status', () => {
      expect(paymentAccountStatus(fold([started]))).toBe('NONE');
      expect(paymentAccountStatus(fold([started, linked]))).toBe('PENDING');
      expect(paymentAccountStatus(fold([started, linked, updated('evt_1', 1, true)]))).toBe('VERIFIED');
    });
  });

  describe('the logo (issue 23)', () => {
    const logoA = 'a'.repeat(32);
    const logoB = 'b'.repeat(32);
    const changeLogo = (logoId: string, overrides: { charityId?: string; at?: string } = {}) =>
      ({
        type: 'ChangeLogo',
        data: { ein, charityId, logoId, contentType: 'image/png', at, ...overrides },
      }) satisfies CharityCommand;
    const logoChanged = (logoId: string): CharityEvent => ({
      type: 'CharityLogoChanged',
      data: { charityId, logoId, contentType: 'image/png', at },
    });

    it('records a new logo, and nothing for the logo it already has', () => {
      spec
        .given([started])
        .when(changeLogo(logoA))
        .then([logoChanged(logoA)]);
      spec
        .given([started, logoChanged(logoA)])
        .when(changeLogo(logoA))
        .then([]);
      spec
        .given([started, logoChanged(logoA)])
        .when(changeLogo(logoB))
        .then([logoChanged(logoB)]);
    });

    it('keeps the newest logo in the state', () => {
      const state = [started, logoChanged(logoA), logoChanged(logoB)].reduce(evolve, initialState);
      expect(state?.logoId).toBe(logoB);
    });

    it('refuses a charity nobody onboarded, and an onboarding a newer one of the EIN replaced', () => {
      spec.given([]).when(changeLogo(logoA)).thenThrows(CharityError, CharityMessages.charityNotFound);
      spec
        .given([started])
        .when(changeLogo(logoA, { charityId: 'an-older-onboarding' }))
        .thenThrows(CharityError, CharityMessages.charityNotFound);
    });

    it('refuses an onboarding that expired, and one an operator ended', () => {
      const weekLater = new Date(Date.parse(at) + 8 * 24 * 60 * 60 * 1000).toISOString();
      spec
        .given([started])
        .when(changeLogo(logoA, { at: weekLater }))
        .thenThrows(CharityError, CharityMessages.onboardingClosed);
      spec
        .given([
          started,
          {
            type: 'CharityOnboardingClosed',
            data: { charityId, cause: 'REJECTED', managerId: ada, operator: 'op', note: 'no', at },
          },
        ])
        .when(changeLogo(logoA))
        .thenThrows(CharityError, CharityMessages.onboardingClosed);
    });

    const removeLogo = (overrides: { charityId?: string; at?: string } = {}) =>
      ({ type: 'RemoveLogo', data: { ein, charityId, at, ...overrides } }) satisfies CharityCommand;
    const logoRemoved: CharityEvent = { type: 'CharityLogoRemoved', data: { charityId, at } };

    it('records the removal of the logo it has, and nothing when it has none (a repeat)', () => {
      spec
        .given([started, logoChanged(logoA)])
        .when(removeLogo())
        .then([logoRemoved]);
      spec.given([started]).when(removeLogo()).then([]);
      spec
        .given([started, logoChanged(logoA), logoRemoved])
        .when(removeLogo())
        .then([]);
    });

    it('falls back to no logo after a removal, and takes a new one after it', () => {
      const removed = [started, logoChanged(logoA), logoRemoved].reduce(evolve, initialState);
      expect(removed?.logoId).toBeNull();
      spec
        .given([started, logoChanged(logoA), logoRemoved])
        .when(changeLogo(logoA))
        .then([logoChanged(logoA)]);
    });

    it('refuses a removal for a replaced or ended onboarding', () => {
      spec.given([]).when(removeLogo()).thenThrows(CharityError, CharityMessages.charityNotFound);
      spec
        .given([started, logoChanged(logoA)])
        .when(removeLogo({ charityId: 'an-older-onboarding' }))
        .thenThrows(CharityError, CharityMessages.charityNotFound);
      const weekLater = new Date(Date.parse(at) + 8 * 24 * 60 * 60 * 1000).toISOString();
      spec
        .given([started, logoChanged(logoA)])
        .when(removeLogo({ at: weekLater }))
        .thenThrows(CharityError, CharityMessages.onboardingClosed);
    });

    it('starts a new onboarding of the EIN without the last one’s logo', () => {
      const closed: CharityEvent = {
        type: 'CharityOnboardingClosed',
        data: { charityId, cause: 'RELEASED', managerId: ada, operator: 'op', note: 'contested', at },
      };
      const restarted: CharityEvent = {
        type: 'CharityOnboardingStarted',
        data: { ...start({ managerId: ben, charityId: 'real-one' }).data },
      };
      const state = [started, logoChanged(logoA), closed, restarted].reduce(evolve, initialState);
      expect(state?.logoId).toBeNull();
    });
  });

  describe('a charity is who it says it is (issue 21)', () => {
    const fold = (events: CharityEvent[]) => events.reduce(evolve, initialState)!;
    const eightDaysLater = '2026-12-01T10:00:00.000Z';
    const sixDaysLater = '2026-11-29T10:00:00.000Z';
    const review = (decision: 'approve' | 'reject' | 'release', when = at) =>
      ({
        type: 'ReviewCharity',
        data: { ein, decision, operator: 'ops', note: 'checked by phone', at: when },
      }) satisfies CharityCommand;
    const onOtherDomain: CharityEvent = {
      type: 'CharityOnboardingStarted',
      data: { ...start({ email: 'someone@gmail.example' }).data },
    };

    it('expires 7 days after it started without a verified payout account, and the EIN frees', () => {
      expect(expiresAt(fold([started]))?.toISOString()).toBe('2026-11-30T10:00:00.000Z');
      expect(closureOf(fold([started]), new Date(sixDaysLater))).toBeNull();
      expect(closureOf(fold([started]), new Date(eightDaysLater))).toBe('EXPIRED');
      spec
        .given([started])
        .when(start({ managerId: ben, charityId: 'fresh-id', at: sixDaysLater }))
        .thenThrows(CharityError, CharityMessages.alreadyOnboardedByAnother);
      spec
        .given([started, linked])
        .when(start({ managerId: ben, charityId: 'fresh-id', at: eightDaysLater }))
        .then([
          {
            type: 'CharityOnboardingStarted',
            data: { ...start({ managerId: ben, charityId: 'fresh-id', at: eightDaysLater }).data },
          },
        ]);
    });

    it('never expires once a payout account was verified', () => {
      const charity = fold([started, linked, updated('evt_1', 1, true), updated('evt_2', 2, false)]);
      expect(expiresAt(charity)).toBeNull();
      expect(closureOf(charity, new Date('2027-06-01T00:00:00.000Z'))).toBeNull();
    });

    it('sends the code only to an address on the website’s domain; otherwise an operator reviews it', () => {
      expect(verificationOf(fold([started]))).toBe('EMAIL_CODE');
      expect(verificationOf(fold([onOtherDomain]))).toBe('OPERATOR_REVIEW');
      expect(reviewOf(fold([onOtherDomain]))).toBe('PENDING');
      expect(
        verificationOf(fold([{ ...started, data: { ...started.data, inDirectory: false } } as CharityEvent])),
      ).toBe('OPERATOR_REVIEW');
      spec
        .given([onOtherDomain])
        .when(verifyEmail('someone@gmail.example'))
        .thenThrows(CharityError, CharityMessages.heldForReview);
    });

    it('lists a held charity once an operator approves it; paid once its payout account is verified too', () => {
      spec
        .given([onOtherDomain])
        .when(review('approve'))
        .then([
          {
            type: 'CharityReviewApproved',
            data: { charityId, operator: 'ops', note: 'checked by phone', at },
          },
          { type: 'CharityPublished', data: { charityId, at } },
        ]);
      const approved: CharityEvent = {
        type: 'CharityReviewApproved',
        data: { charityId, operator: 'ops', note: 'ok', at },
      };
      spec.given([onOtherDomain, approved]).when(review('approve')).then([]);
      expect(isVerified(fold([onOtherDomain, linked, approved]))).toBe(false);
      expect(isVerified(fold([onOtherDomain, linked, updated('evt_1', 1, true), approved]))).toBe(true);
    });

    it('rejects or releases: unlisted, the EIN frees, and the claimant may not claim it again', () => {
      const closed: CharityEvent = {
        type: 'CharityOnboardingClosed',
        data: { charityId, cause: 'REJECTED', managerId: ada, operator: 'ops', note: 'checked by phone', at },
      };
      spec.given([onOtherDomain]).when(review('reject')).then([closed]);
      spec.given([onOtherDomain, closed]).when(review('reject')).then([]);
      const charity = fold([onOtherDomain, closed]);
      expect(charity.published).toBe(false);
      expect(closureOf(charity, new Date(at))).toBe('REJECTED');
      spec
        .given([onOtherDomain, closed])
        .when(start())
        .thenThrows(CharityError, CharityMessages.claimRefused);
      spec
        .given([onOtherDomain, closed])
        .when(start({ managerId: ben, charityId: 'real-one' }))
        .then([
          {
            type: 'CharityOnboardingStarted',
            data: { ...start({ managerId: ben, charityId: 'real-one' }).data },
          },
        ]);
      spec.given([onOtherDomain, closed]).when(review('approve')).then([]);
      const verifiedByCode: CharityEvent[] = [
        started,
        linked,
        updated('evt_1', 1, true),
        { type: 'CharityEmailVerified', data: { charityId, email: 'desk@redcross.example', at } },
      ];
      spec
        .given(verifiedByCode)
        .when(review('release'))
        .then([{ ...closed, data: { ...closed.data, cause: 'RELEASED' } }]);
      expect(
        isVerified(fold([...verifiedByCode, { ...closed, data: { ...closed.data, cause: 'RELEASED' } }])),
      ).toBe(false);
    });
  });
});
