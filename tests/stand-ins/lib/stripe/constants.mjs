/**
 * Stripe stand-in: constants shared by the resource modules.
 */
import { ENDIVE } from './versions/index.mjs';

/** The account's default API version until changed by the control API. */
export const DEFAULT_API_VERSION = ENDIVE;

// Stripe's documented values for subscription updates and cancellations.
export const PRORATION_BEHAVIORS = [
	'always_invoice',
	'create_prorations',
	'none',
];
export const PAUSE_BEHAVIORS = [
	'keep_as_draft',
	'mark_uncollectible',
	'void',
];
export const CANCELLATION_FEEDBACK = [
	'customer_service',
	'low_quality',
	'missing_features',
	'other',
	'switched_service',
	'too_complex',
	'too_expensive',
	'unused',
];

export const ZERO_DECIMAL = new Set( [
	'bif',
	'clp',
	'djf',
	'gnf',
	'jpy',
	'kmf',
	'krw',
	'mga',
	'pyg',
	'rwf',
	'ugx',
	'vnd',
	'vuv',
	'xaf',
	'xof',
	'xpf',
] );
export const CURRENCIES = new Set( [
	'aud',
	'nzd',
	'usd',
	'eur',
	'gbp',
	'cad',
	'sgd',
	'hkd',
	'chf',
	'sek',
	'nok',
	'dkk',
	'inr',
	'myr',
	'php',
	'thb',
	'idr',
	...ZERO_DECIMAL,
] );

export const TYPE_BY_PREFIX = {
	pi: 'payment_intent',
	ch: 'charge',
	py: 'charge',
	cus: 'customer',
	sub: 'subscription',
	in: 'invoice',
	seti: 'setup_intent',
	pm: 'payment_method',
	prod: 'product',
	price: 'price',
	tok: 'token',
	card: 'card',
	re: 'refund',
	evt: 'event',
	inpay: 'invoice_payment',
	we: 'webhook_endpoint',
	mandate: 'mandate',
	dp: 'dispute',
};

/**
 * Resource names as Stripe spells them in "No such ..." messages.
 */
export const MISSING_NAMES = {
	payment_method: 'PaymentMethod',
	token: 'token',
	setup_intent: 'setupintent',
	payment_intent: 'payment_intent',
	mandate: 'mandate',
	dispute: 'dispute',
	webhook_endpoint: 'webhook endpoint',
};

/**
 * Fields a publishable key may see on intents (what Stripe.js gets back).
 */
export const PUBLIC_PI_FIELDS = [
	'id',
	'object',
	'amount',
	'amount_details',
	'automatic_payment_methods',
	'canceled_at',
	'cancellation_reason',
	'capture_method',
	'client_secret',
	'confirmation_method',
	'created',
	'currency',
	'description',
	'last_payment_error',
	'livemode',
	'next_action',
	'payment_method',
	'payment_method_types',
	'processing',
	'receipt_email',
	'setup_future_usage',
	'shipping',
	'status',
];
export const PUBLIC_SI_FIELDS = [
	'id',
	'object',
	'automatic_payment_methods',
	'cancellation_reason',
	'client_secret',
	'created',
	'description',
	'last_setup_error',
	'livemode',
	'next_action',
	'payment_method',
	'payment_method_types',
	'status',
	'usage',
];
