export { BillingModule, BillingPlansModule } from './billing.module';
export { SubscriptionPlans, planOfRow } from './application/subscription-plans';
