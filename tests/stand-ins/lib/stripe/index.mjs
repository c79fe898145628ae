/**
 * Stripe stand-in: entry point (https://api.stripe.com replaced by {server}/stripe).
 *
 * Form-encoded requests, Stripe's object and error shapes, test cards and
 * test PaymentMethod ids, 3-D Secure through a stand-in parameter, idempotency
 * keys, subscriptions with invoices, and the events Stripe would send. See
 * ../../README.md.
 */
export { StripeStandIn } from './core.mjs';
export {
	signStripePayload,
	addInterval,
	parseSearchQuery,
} from './helpers.mjs';
