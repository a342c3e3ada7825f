import { PLAN_PRICES_CENTS, type PaidPlan } from '@arena/contracts';
import type { SubscriptionCommand } from './subscription.commands';
import type { SubscriptionEvent } from './subscription.events';
import { emptySubscriptionView, insertFact, viewOf, type SubscriptionView } from './subscription.view';

export { planAt } from './subscription.view';

/**
 * A member's subscription, stream `subscription-{memberId}` (docs/subscriptions.md). Webhooks arrive at
 * least once and in any order, so the state is not "the last event applied": it keeps every fact in the
 * provider's time order (occurredAt, then a fixed rank of the event types for facts of the same second,
 * then the provider's event id) and derives the view from that order. The same facts in any arrival
 * order make the same view; a fact older than the latest one known takes its place in the past and
 * does not win. The decider never refuses a provider fact (it happened): it only drops redeliveries
 * and facts that add nothing.
 */

export interface SubscriptionState {
  /** Every fact, in the provider's time order. */
  facts: SubscriptionEvent[];
  view: SubscriptionView;
}

export const initialState: SubscriptionState = { facts: [], view: emptySubscriptionView };

export function evolve(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  if (state.facts.some((fact) => fact.data.providerEventId === event.data.providerEventId)) return state;
  const facts = insertFact(state.facts, event);
  return { facts, view: viewOf(facts) };
}

const planByPrice = (cents: number): PaidPlan =>
  cents >= PLAN_PRICES_CENTS.PREMIUM_PLUS ? 'PREMIUM_PLUS' : 'PREMIUM';

export function decide(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  if (state.facts.some((fact) => fact.data.providerEventId === command.data.providerEventId)) return [];
  const startedIds = new Set(
    state.facts.filter((fact) => fact.type === 'SubscriptionStarted').map((fact) => fact.data.subscriptionId),
  );
  const current = state.view.current;
  switch (command.type) {
    case 'StartFromCheckout':
      return startedIds.has(command.data.subscriptionId)
        ? []
        : [{ type: 'SubscriptionStarted', data: command.data }];
    case 'ObserveSubscription': {
      const { data } = command;
      const { memberId, subscriptionId, providerEventId, occurredAt } = data;
      const known = current?.subscriptionId === subscriptionId ? current : null;
      const base = { memberId, subscriptionId, providerEventId, occurredAt };
      const fromPlan = data.changesKnown ? data.previousPlan : (known?.planType ?? null);
      if (data.planType !== null && fromPlan !== null && fromPlan !== data.planType) {
        return [
          {
            type: 'SubscriptionPlanChanged',
            data: {
              ...base,
              fromPlan,
              toPlan: data.planType,
              priceCents: data.priceCents,
              currentPeriodEnd: data.currentPeriodEnd,
            },
          },
        ];
      }
      const canceled = data.changesKnown ? data.cancelAtPeriodEndChanged : !known?.cancelAtPeriodEnd;
      if (data.cancelAtPeriodEnd && canceled) {
        return [
          {
            type: 'SubscriptionCanceled',
            data: { ...base, atPeriodEnd: true, endsAt: data.currentPeriodEnd, reason: 'member' },
          },
        ];
      }
      if (data.planType !== null && !startedIds.has(subscriptionId)) {
        return [
          {
            type: 'SubscriptionStarted',
            data: {
              ...base,
              customerId: data.customerId,
              planType: data.planType,
              priceCents: data.priceCents,
              interval: 'month',
              currentPeriodStart: data.currentPeriodStart,
              currentPeriodEnd: data.currentPeriodEnd,
              checkoutSessionId: null,
            },
          },
        ];
      }
      return [];
    }
    case 'EndSubscription': {
      const ended = state.facts.some(
        (fact) =>
          fact.type === 'SubscriptionCanceled' &&
          !fact.data.atPeriodEnd &&
          fact.data.subscriptionId === command.data.subscriptionId,
      );
      return ended ? [] : [{ type: 'SubscriptionCanceled', data: { ...command.data, atPeriodEnd: false } }];
    }
    case 'RecordPayment': {
      const { data } = command;
      if (state.view.payments.some((p) => p.invoiceId === data.invoiceId && p.amountPaidCents > 0)) return [];
      const known = state.facts.find(
        (fact) => fact.type === 'SubscriptionStarted' && fact.data.subscriptionId === data.subscriptionId,
      );
      const planType =
        data.planType ??
        (current?.subscriptionId === data.subscriptionId ? current.planType : null) ??
        (known?.type === 'SubscriptionStarted' ? known.data.planType : null) ??
        planByPrice(data.amountPaidCents);
      return [{ type: 'SubscriptionPaymentSucceeded', data: { ...data, planType } }];
    }
    case 'RecordPaymentFailure':
      return [{ type: 'SubscriptionPaymentFailed', data: command.data }];
    case 'RecordRefund':
    case 'RecordLostDispute': {
      const { data } = command;
      const payment = state.view.payments.find(
        (p) =>
          p.chargeId === data.chargeId ||
          (data.paymentIntentId !== null && p.chargeId === data.paymentIntentId),
      );
      const chargeId = payment?.chargeId ?? data.chargeId;
      // A refund is recorded under the id its payment was known by then (ch_… or pi_…), and names its
      // payment intent since issue 20: count every refund of either id, so a refund reported once with its
      // payment intent and again without is not counted twice.
      const ids = new Set([data.chargeId, chargeId]);
      if (data.paymentIntentId !== null) ids.add(data.paymentIntentId);
      const earlier = state.facts.filter(
        (fact) =>
          fact.type === 'PaymentRefunded' &&
          (ids.has(fact.data.chargeId) ||
            (!!fact.data.paymentIntentId && ids.has(fact.data.paymentIntentId))),
      );
      const refundedSoFar = earlier.reduce(
        (sum, fact) => sum + (fact.type === 'PaymentRefunded' ? fact.data.amountRefundedCents : 0),
        0,
      );
      let amountRefundedCents: number;
      let totalRefundedCents: number;
      if (command.type === 'RecordLostDispute') {
        const disputeId = command.data.disputeId;
        if (earlier.some((fact) => fact.type === 'PaymentRefunded' && fact.data.disputeId === disputeId))
          return [];
        amountRefundedCents = Math.min(command.data.amountCents, data.paymentAmountCents - refundedSoFar);
        totalRefundedCents = refundedSoFar + amountRefundedCents;
      } else {
        amountRefundedCents = command.data.refundedTotalCents - refundedSoFar;
        totalRefundedCents = command.data.refundedTotalCents;
      }
      if (amountRefundedCents <= 0) return [];
      return [
        {
          type: 'PaymentRefunded',
          data: {
            memberId: data.memberId,
            subscriptionId: payment?.subscriptionId ?? current?.subscriptionId ?? '',
            providerEventId: data.providerEventId,
            occurredAt: data.occurredAt,
            chargeId,
            ...(data.paymentIntentId !== null ? { paymentIntentId: data.paymentIntentId } : {}),
            invoiceId: payment?.invoiceId ?? null,
            amountRefundedCents,
            totalRefundedCents,
            paymentAmountCents: data.paymentAmountCents,
            ...(command.type === 'RecordLostDispute' ? { disputeId: command.data.disputeId } : {}),
          },
        },
      ];
    }
  }
}

export const subscriptionDecider = { decide, evolve, initialState };
