/**
 * Every background job, declared in one place: queue names, job names and payload types.
 * Processors live in their contexts and run in apps/worker; each is idempotent (BullMQ delivers at
 * least once), so the guard lives in PostgreSQL or the event store, never in the queue.
 */
export enum QueueName {
  Tournaments = 'tournaments',
  Notifications = 'notifications',
  Maintenance = 'maintenance',
  Payments = 'payments',
  Donations = 'donations',
  Ledger = 'ledger',
  Billing = 'billing',
  Referrals = 'referrals',
  Account = 'account',
}

export enum JobName {
  StartTournament = 'tournament.start',
  EndTournament = 'tournament.end',
  MatchDeadline = 'tournament.match-deadline',
  DeliverEmail = 'notification.email',
  DeliverSms = 'notification.sms',
  PurgeExpiredSignIns = 'identity.purge-expired-sign-ins',
  DeliverLocalPaymentEvent = 'payments.deliver-local-event',
  /** The local driver's stand-in for Stripe's automatic payouts of connected accounts (periodic; no-op with Stripe). */
  RunLocalPayouts = 'payments.local-payouts',
  /** A prize share's 30 days are over: Charity Arena directs what is left of it. */
  DirectUndirectedShare = 'donations.direct-undirected-share',
  /** The transfer window: one transfer per verified charity of its held donations (cron). */
  RunTransferWindow = 'donations.transfer-window',
  /** Sign a ledger checkpoint (cron, at least hourly). */
  SignLedgerCheckpoint = 'ledger.sign-checkpoint',
  /** A referral reward's refund window ended: release it or void it (a delayed job per accrual). */
  EndRefundWindow = 'referrals.end-refund-window',
  /** The monthly referral payout run (job scheduler, the 1st of the month, UTC). */
  PayReferralRewards = 'referrals.monthly-payout',
  /** A closed account's personal data is erased 30 days after closing (a delayed job per account). */
  EraseClosedAccount = 'account.erase-closed',
  /**
   * Charities' connected accounts still pending asked about again (every 15 minutes), so a verification
   * never depends on one account.updated webhook arriving (issue 20).
   */
  RecheckPaymentAccounts = 'charities.recheck-payment-accounts',
  /** Members' referral payout accounts still onboarding asked about again (every 15 minutes; issue 20). */
  RecheckPayoutAccounts = 'referrals.recheck-payout-accounts',
  /**
   * Issue 21: every subscription the provider still has live whose member closed their account is canceled
   * now (every 15 minutes), so a cancel that failed at closing never keeps charging.
   */
  ReconcileClosedMembersBilling = 'billing.reconcile-closed-members',
}

export interface JobPayloads {
  /** `scheduledFor`: the instant the job was queued for; absent in jobs queued before edits existed. */
  [JobName.StartTournament]: { tournamentId: string; scheduledFor?: string };
  [JobName.EndTournament]: { tournamentId: string; scheduledFor?: string };
  [JobName.MatchDeadline]: { tournamentId: string; matchId: string };
  [JobName.DeliverEmail]: { messageId: string };
  [JobName.DeliverSms]: { messageId: string };
  [JobName.PurgeExpiredSignIns]: Record<string, never>;
  /** The local payment driver's webhook, by its `evt_local_…` id (payment_local_events). */
  [JobName.DeliverLocalPaymentEvent]: { eventId: string };
  [JobName.RunLocalPayouts]: Record<string, never>;
  /** The member's balance stream and the PrizeShareCredited share id. */
  [JobName.DirectUndirectedShare]: { memberId: string; shareId: string };
  /** `windowId` when run by hand or by a test; the scheduler's run derives it from the time. */
  [JobName.RunTransferWindow]: { windowId?: string };
  [JobName.SignLedgerCheckpoint]: Record<string, never>;
  [JobName.EndRefundWindow]: { referrerId: string; rewardId: string };
  /** `month` ('YYYY-MM') when run by hand, by a test or after the test clock moved; else the clock's month before now. */
  [JobName.PayReferralRewards]: { month?: string };
  [JobName.EraseClosedAccount]: { accountId: string };
  [JobName.RecheckPaymentAccounts]: Record<string, never>;
  [JobName.RecheckPayoutAccounts]: Record<string, never>;
  [JobName.ReconcileClosedMembersBilling]: Record<string, never>;
}

export const jobQueue: Record<JobName, QueueName> = {
  [JobName.StartTournament]: QueueName.Tournaments,
  [JobName.EndTournament]: QueueName.Tournaments,
  [JobName.MatchDeadline]: QueueName.Tournaments,
  [JobName.DeliverEmail]: QueueName.Notifications,
  [JobName.DeliverSms]: QueueName.Notifications,
  [JobName.PurgeExpiredSignIns]: QueueName.Maintenance,
  [JobName.DeliverLocalPaymentEvent]: QueueName.Payments,
  [JobName.RunLocalPayouts]: QueueName.Payments,
  [JobName.DirectUndirectedShare]: QueueName.Donations,
  [JobName.RunTransferWindow]: QueueName.Donations,
  [JobName.SignLedgerCheckpoint]: QueueName.Ledger,
  [JobName.EndRefundWindow]: QueueName.Referrals,
  [JobName.PayReferralRewards]: QueueName.Referrals,
  [JobName.EraseClosedAccount]: QueueName.Account,
  [JobName.RecheckPaymentAccounts]: QueueName.Maintenance,
  [JobName.RecheckPayoutAccounts]: QueueName.Referrals,
  [JobName.ReconcileClosedMembersBilling]: QueueName.Billing,
};

/** Jobs the worker runs on a fixed period (BullMQ job schedulers, one per name, so restarts never double them). */
export const periodicJobs: ReadonlyArray<{
  name:
    | JobName.PurgeExpiredSignIns
    | JobName.RecheckPaymentAccounts
    | JobName.RecheckPayoutAccounts
    | JobName.ReconcileClosedMembersBilling
    | JobName.RunLocalPayouts;
  everyMs: number;
}> = [
  { name: JobName.PurgeExpiredSignIns, everyMs: 60 * 60 * 1000 },
  { name: JobName.RecheckPaymentAccounts, everyMs: 15 * 60 * 1000 },
  { name: JobName.RecheckPayoutAccounts, everyMs: 15 * 60 * 1000 },
  { name: JobName.ReconcileClosedMembersBilling, everyMs: 15 * 60 * 1000 },
  { name: JobName.RunLocalPayouts, everyMs: 60 * 1000 },
];
