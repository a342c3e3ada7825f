import type { PaidPlan, PlanType } from '@arena/contracts';
import type { SubscriptionEvent } from './subscription.events';

/**
 * The view of a member's subscription from its facts (docs/subscriptions.md "Order"). Webhooks arrive
 * at least once and in any order, so the view is not "the last event applied": the facts are kept in
 * the provider's time order (occurredAt, then a fixed rank of the event types for facts of the same
 * second, then the provider's event id) and the view is folded from that order. The same facts in any
 * arrival order make the same view. Pure, and exported with the events so the read model folds the
 * same way the decider does.
 */

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled' | 'incomplete';

export interface SubscriptionPayment {
  subscriptionId: string;
  invoiceId: string | null;
  chargeId: string;
  amountPaidCents: number;
  refundedCents: number;
}

/** One provider subscription as the facts so far describe it. */
export interface SubscriptionRecord {
  subscriptionId: string;
  customerId: string | null;
  planType: PaidPlan | null;
  priceCents: number;
  status: SubscriptionStatus;
  /** The end of the period paid for, from the provider's own period facts (subscription, invoice). */
  currentPeriodEnd: string | null;
  /** Set by the member's cancel: the plan lasts until `endsAt`. */
  cancelAtPeriodEnd: boolean;
  endsAt: string | null;
  /** The provider deleted it: it is over. */
  ended: boolean;
  started: boolean;
  /** When it started (its first start fact's time); null before any. */
  startedAt: string | null;
  /**
   * Issue 21: it started while another subscription of the member held a paid plan (two checkouts paid):
   * a second subscription, to be canceled and refunded; never the member's current one.
   */
  duplicate: boolean;
}

export interface SubscriptionView {
  /**
   * The member's subscription now: the one started last that is not over and not a duplicate; else the one
   * started last (or, before any start is known, the last seen).
   */
  current: SubscriptionRecord | null;
  /** Issue 21: every subscription started and not over, duplicates included, in start order (cancel, closure). */
  live: SubscriptionRecord[];
  /** Issue 21: every duplicate, over or not (its payments are refunded). */
  duplicateIds: string[];
  /** The member's provider customer (the billing portal opens on it). */
  customerId: string | null;
  payments: SubscriptionPayment[];
}

export const emptySubscriptionView: SubscriptionView = {
  current: null,
  live: [],
  duplicateIds: [],
  customerId: null,
  payments: [],
};

const RANK: Record<SubscriptionEvent['type'], number> = {
  SubscriptionStarted: 0,
  SubscriptionPlanChanged: 1,
  SubscriptionPaymentSucceeded: 2,
  SubscriptionPaymentFailed: 3,
  SubscriptionCanceled: 4,
  PaymentRefunded: 5,
};

/** The provider's time order of facts: a total order, so every arrival order sorts the same. */
export function compareFacts(a: SubscriptionEvent, b: SubscriptionEvent): number {
  const byTime = Date.parse(a.data.occurredAt) - Date.parse(b.data.occurredAt);
  if (byTime !== 0) return byTime;
  if (RANK[a.type] !== RANK[b.type]) return RANK[a.type] - RANK[b.type];
  return a.data.providerEventId < b.data.providerEventId
    ? -1
    : a.data.providerEventId > b.data.providerEventId
      ? 1
      : 0;
}

const later = (a: string | null, b: string | null) =>
  a === null ? b : b === null ? a : Date.parse(b) > Date.parse(a) ? b : a;

/** The view of facts already in time order. */
export function viewOf(facts: readonly SubscriptionEvent[]): SubscriptionView {
  const subscriptions = new Map<string, SubscriptionRecord>();
  const estimatedEnds = new Map<string, string>();
  const payments: SubscriptionPayment[] = [];
  let currentId: string | null = null;
  let customerId: string | null = null;
  const starts: string[] = [];
  const recordOf = (subscriptionId: string): SubscriptionRecord => {
    let record = subscriptions.get(subscriptionId);
    if (!record) {
      record = {
        subscriptionId,
        customerId: null,
        planType: null,
        priceCents: 0,
        status: 'incomplete',
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        endsAt: null,
        ended: false,
        started: false,
        startedAt: null,
        duplicate: false,
      };
      subscriptions.set(subscriptionId, record);
    }
    return record;
  };
  for (const fact of facts) {
    const { subscriptionId } = fact.data;
    const record = subscriptionId ? recordOf(subscriptionId) : null;
    switch (fact.type) {
      case 'SubscriptionStarted': {
        const { data } = fact;
        const sub = record!;
        sub.customerId = data.customerId;
        customerId = data.customerId;
        sub.planType = data.planType;
        sub.priceCents = data.priceCents;
        if (!sub.ended && sub.status === 'incomplete') sub.status = 'active';
        if (!sub.started) {
          sub.startedAt = data.occurredAt;
          sub.duplicate = [...subscriptions.values()].some(
            (other) => other !== sub && holdsPlanAt(other, data.occurredAt, estimatedEnds),
          );
          starts.push(subscriptionId);
        }
        sub.started = true;
        // A checkout's period is our estimate (the session does not carry it); the provider's own wins.
        if (data.checkoutSessionId === null)
          sub.currentPeriodEnd = later(sub.currentPeriodEnd, data.currentPeriodEnd);
        else estimatedEnds.set(subscriptionId, data.currentPeriodEnd);
        currentId = subscriptionId;
        break;
      }
      case 'SubscriptionPaymentSucceeded': {
        const { data } = fact;
        const sub = record!;
        sub.currentPeriodEnd = later(sub.currentPeriodEnd, data.periodEnd);
        if (!sub.ended) sub.status = 'active';
        // Paid for a period past the end it was canceled for: the cancel was undone (in the portal).
        if (sub.cancelAtPeriodEnd && sub.endsAt && Date.parse(data.periodEnd) > Date.parse(sub.endsAt)) {
          sub.cancelAtPeriodEnd = false;
          sub.endsAt = null;
        }
        sub.planType ??= data.planType;
        payments.push({
          subscriptionId,
          invoiceId: data.invoiceId,
          chargeId: data.chargeId,
          amountPaidCents: data.amountPaidCents,
          refundedCents: 0,
        });
        break;
      }
      case 'SubscriptionPlanChanged': {
        const { data } = fact;
        const sub = record!;
        sub.planType = data.toPlan;
        sub.priceCents = data.priceCents;
        sub.currentPeriodEnd = later(sub.currentPeriodEnd, data.currentPeriodEnd);
        break;
      }
      case 'SubscriptionPaymentFailed':
        if (!record!.ended) record!.status = 'past_due';
        break;
      case 'SubscriptionCanceled': {
        const { data } = fact;
        const sub = record!;
        sub.endsAt = data.endsAt;
        if (data.atPeriodEnd) sub.cancelAtPeriodEnd = true;
        else {
          sub.ended = true;
          sub.status = 'canceled';
        }
        break;
      }
      case 'PaymentRefunded': {
        const { data } = fact;
        const payment = payments.find((p) => p.chargeId === data.chargeId);
        if (payment) payment.refundedCents += data.amountRefundedCents;
        else
          payments.push({
            subscriptionId,
            invoiceId: data.invoiceId,
            chargeId: data.chargeId,
            amountPaidCents: 0,
            refundedCents: data.amountRefundedCents,
          });
        break;
      }
    }
    currentId ??= subscriptionId || null;
  }
  for (const [subscriptionId, estimate] of estimatedEnds) {
    const sub = subscriptions.get(subscriptionId)!;
    sub.currentPeriodEnd ??= estimate;
  }
  const live = starts.map((id) => subscriptions.get(id)!).filter((sub) => !sub.ended);
  const current =
    live.filter((sub) => !sub.duplicate).at(-1) ??
    (currentId === null ? null : (subscriptions.get(currentId) ?? null));
  const duplicateIds = starts.filter((id) => subscriptions.get(id)!.duplicate);
  return { current, live, duplicateIds, customerId: current?.customerId ?? customerId, payments };
}

/** A subscription that gave a paid plan at `time` (folded up to then): started, not over, inside its period. */
function holdsPlanAt(sub: SubscriptionRecord, time: string, estimatedEnds: Map<string, string>): boolean {
  if (!sub.started || sub.ended || sub.duplicate) return false;
  if (sub.status !== 'active' && sub.status !== 'past_due') return false;
  const periodEnd = sub.currentPeriodEnd ?? estimatedEnds.get(sub.subscriptionId) ?? null;
  if (periodEnd === null) return false;
  const end =
    sub.cancelAtPeriodEnd && sub.endsAt
      ? Math.min(Date.parse(sub.endsAt), Date.parse(periodEnd))
      : Date.parse(periodEnd);
  return Date.parse(time) < end;
}

/** The facts with one more in its place (a fact already there, by provider event id, changes nothing). */
export function insertFact(
  facts: readonly SubscriptionEvent[],
  event: SubscriptionEvent,
): SubscriptionEvent[] {
  if (facts.some((fact) => fact.data.providerEventId === event.data.providerEventId)) return [...facts];
  const next = [...facts];
  let at = next.length;
  while (at > 0 && compareFacts(next[at - 1]!, event) > 0) at--;
  next.splice(at, 0, event);
  return next;
}

/**
 * The plan a member holds at `now` (the payment world's time): a paid plan counts while its
 * subscription is active, or past due inside its period, and `now` is before the end of the period paid
 * for; a canceled one lasts until its period ends; then Free.
 */
export function planAt(view: SubscriptionView, now: Date): PlanType {
  const sub = view.current;
  if (!sub?.planType || sub.ended || sub.currentPeriodEnd === null) return 'FREE';
  if (sub.status !== 'active' && sub.status !== 'past_due') return 'FREE';
  const end =
    sub.cancelAtPeriodEnd && sub.endsAt
      ? Math.min(Date.parse(sub.endsAt), Date.parse(sub.currentPeriodEnd))
      : Date.parse(sub.currentPeriodEnd);
  return now.getTime() < end ? sub.planType : 'FREE';
}
