/**
 * Stripe API stand-in. The implementation lives in ./stripe/ (a core plus one module per
 * resource); this file keeps the old import path working for server.mjs and tests.
 */
export {
	StripeStandIn,
	signStripePayload,
	addInterval,
	parseSearchQuery,
} from './stripe/index.mjs';
