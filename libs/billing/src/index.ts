export { BillingModule, BillingPlansModule } from './billing.module';
export { SubscriptionPlans } from './application/subscription-plans';
// For the demo seed: the member's subscription calls, as the API makes them.
export { SubscriptionsService } from './application/subscriptions.service';
