export { BillingEndingsModule, BillingModule, BillingPlansModule } from './billing.module';
export { ReconcileClosedMembersProcessor } from './application/reactions/reconcile-closed-members.processor';
export { SubscriptionPlans } from './application/queries/subscription-plans';
// For the demo seed: the member's subscription calls, as the API makes them.
export { SubscriptionsService } from './application/commands/subscriptions.service';
