/**
 * PayPal REST stand-in (https://api-m.paypal.com and https://api-m.sandbox.paypal.com
 * replaced by {server}/paypal): OAuth client credentials, Orders v2, captures and refunds
 * (Payments v2), Webhooks Management and webhook signature verification
 * (POST /v1/notifications/verify-webhook-signature).
 *
 * Request bodies are checked against PayPal's published definitions (lib/paypal/schemas.mjs)
 * and refused as PayPal refuses them (400 INVALID_REQUEST with details, 422 for business
 * rules); `validation` (the control API's switch) turns the 400 checks off for debugging.
 */
import { createHmac } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
	paypalId,
	debugId,
	isoSeconds,
	randomString,
	clone,
	HttpAnswer,
} from './util.mjs';
import { requestProblems } from './paypal/schemas.mjs';
import {
	paypalError,
	invalidRequest,
	requestDetail,
	malformedJson,
	unprocessable,
	notFound,
} from './paypal/errors.mjs';
import { WebhookRegistry, EVENT_TYPES } from './paypal/webhooks.mjs';

export { EVENT_TYPES } from './paypal/webhooks.mjs';

/**
 * Client credentials the stand-in refuses (any other non-empty pair works).
 *
 * @param {string} value Client id or secret.
 * @return {boolean} Whether it is a "bad" credential.
 */
const isBadCredential = ( value ) =>
	! value || /^(invalid|bad|wrong)/i.test( value );

/**
 * The stand-in's own signing key. Real PayPal signs deliveries with its private key
 * (SHA256withRSA over "<transmission id>|<time>|<webhook id>|<CRC32 of the body>"); only
 * PayPal can check them, which is why sites call verify-webhook-signature. The stand-in keeps
 * that shape with an HMAC, so only deliveries it signed verify.
 */
const WEBHOOK_SIGNING_KEY = 'stand-in-paypal-webhook-key';

export const WEBHOOK_CERT_URL =
	'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-stand-in';

/**
 * The PAYPAL-* headers of a delivery of an event to a webhook, as the stand-in signs them.
 * The CRC covers the event's canonical JSON, so a body pretty-printed or re-encoded on the way
 * still verifies, while any change to its content does not.
 *
 * @param {Object} event     The event.
 * @param {string} webhookId The webhook's id.
 * @param {Object} options   transmissionId, time.
 * @return {Object} Header name → value.
 */
export function signPayPalWebhook( event, webhookId, options = {} ) {
	const transmissionId = options.transmissionId || randomUUIDish();
	const time = options.time || new Date().toISOString();
	const signed = `${ transmissionId }|${ time }|${ webhookId }|${ crc32(
		JSON.stringify( event )
	) }`;
	return {
		'paypal-transmission-id': transmissionId,
		'paypal-transmission-time': time,
		'paypal-transmission-sig': createHmac( 'sha256', WEBHOOK_SIGNING_KEY )
			.update( signed )
			.digest( 'base64' ),
		'paypal-cert-url': WEBHOOK_CERT_URL,
		'paypal-auth-algo': 'SHA256withRSA',
	};
}

function randomUUIDish() {
	return `${ randomString( 8, '0123456789abcdef' ) }-${ randomString(
		4,
		'0123456789abcdef'
	) }-11ef-${ randomString( 4, '0123456789abcdef' ) }-${ randomString(
		12,
		'0123456789abcdef'
	) }`;
}

/** PayPal's currency codes (developer.paypal.com/api/rest/reference/currency-codes). */
const CURRENCIES = new Set( [
	'AUD',
	'BRL',
	'CAD',
	'CNY',
	'CZK',
	'DKK',
	'EUR',
	'HKD',
	'HUF',
	'INR',
	'ILS',
	'JPY',
	'MYR',
	'MXN',
	'TWD',
	'NZD',
	'NOK',
	'PHP',
	'PLN',
	'GBP',
	'SGD',
	'SEK',
	'CHF',
	'THB',
	'USD',
] );
/** "This currency does not support decimals." */
const ZERO_DECIMAL = new Set( [ 'HUF', 'JPY', 'TWD' ] );
const AMOUNT_PATTERN = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;
const MAX_VALUE = 999999999999999.99;

/**
 * Countries whose shipping address needs a city and a postal code, from PayPal's "Country and
 * region address requirements" for Orders v2 (only these are modelled).
 */
const ADDRESS_REQUIREMENTS = {
	AU: { city: true, postalCode: true },
	AT: { city: true, postalCode: true },
	AR: { city: true, postalCode: true },
};

/** The account the stand-in's REST app belongs to (every order's payee). */
const MERCHANT = {
	email_address: 'sb-merchant@business.example.com',
	merchant_id: 'STANDNXMERCHT',
};

const APPROVER = {
	payerId: 'STANDINPAYER',
	email: 'sb-buyer@personal.example.com',
	name: { given_name: 'Stand', surname: 'In' },
};

/** A payer unrelated to the widget, who paid the charity for something else. */
const OTHER_PAYER = {
	payerId: 'GALAGUESTPAYR',
	email: 'sb-gala-guest@personal.example.com',
	name: { given_name: 'Gala', surname: 'Guest' },
};

/** Percentage and fixed part of the stand-in's PayPal fee. */
const FEE_RATE = 0.026;
const FEE_FIXED = 0.3;

const isObject = ( value ) =>
	value !== null && typeof value === 'object' && ! Array.isArray( value );

const money = ( currencyCode, value ) => ( {
	currency_code: currencyCode,
	value: String( value ),
} );

/**
 * A number as PayPal prints an amount of this currency.
 *
 * @param {number} value    Amount.
 * @param {string} currency Currency code.
 * @return {string} "52.50", or "5250" for zero-decimal currencies.
 */
const format = ( value, currency ) =>
	ZERO_DECIMAL.has( currency )
		? String( Math.round( value ) )
		: value.toFixed( 2 );

// PayPal's endpoints the stand-in serves: method, path, who may call (a server with a Bearer
// token; the browser stand-in too, as PayPal's SDK does; anyone), and the answer.
const ROUTES = [
	[
		'POST',
		/^\/v1\/oauth2\/token$/,
		'anyone',
		( pp, ctx ) => pp.token( ctx ),
	],
	[
		'POST',
		/^\/v2\/checkout\/orders$/,
		'browser or server',
		( pp, ctx ) => pp.createOrder( ctx ),
	],
	[
		'GET',
		/^\/v2\/checkout\/orders\/([^/]+)$/,
		'browser or server',
		( pp, ctx, id ) => pp.orderAnswer( ctx, pp.mustOrder( id ), 200, true ),
	],
	[
		'POST',
		/^\/v2\/checkout\/orders\/([^/]+)\/stand-in-approve$/,
		'anyone',
		( pp, ctx, id ) => pp.approve( ctx, id ),
	],
	[
		'POST',
		/^\/v2\/checkout\/orders\/([^/]+)\/capture$/,
		'browser or server',
		( pp, ctx, id ) => pp.capture( ctx, id ),
	],
	[
		'GET',
		/^\/v2\/payments\/captures\/([^/]+)$/,
		'server',
		( pp, ctx, id ) => pp.getCapture( ctx, id ),
	],
	[
		'POST',
		/^\/v2\/payments\/captures\/([^/]+)\/refund$/,
		'server',
		( pp, ctx, id ) => pp.refund( ctx, id ),
	],
	[
		'GET',
		/^\/v2\/payments\/refunds\/([^/]+)$/,
		'server',
		( pp, ctx, id ) => pp.getRefund( ctx, id ),
	],
	[
		'POST',
		/^\/v1\/notifications\/verify-webhook-signature$/,
		'server',
		( pp, ctx ) => pp.verifyWebhookSignature( ctx ),
	],
];

export class PayPalStandIn {
	constructor() {
		this.reset();
	}

	reset() {
		/** @type {Map<string, {expires: number, clientId: string}>} */
		this.tokens = new Map();
		/** @type {Map<string, Object>} */
		this.orders = new Map();
		/** @type {Map<string, Object>} */
		this.captures = new Map();
		/** @type {Map<string, Object>} */
		this.refunds = new Map();
		/** @type {Map<string, Object>} PayPal-Request-Id → order id or stored answer */
		this.requestIds = new Map();
		/** @type {Map<string, Promise>} path + PayPal-Request-Id → its request's work, while it runs */
		this.inFlight = new Map();
		/** @type {Set<string>} Captures made by POST /__control/paypal/foreign-capture. */
		this.foreign = new Set();
		this.webhooks = new WebhookRegistry();
		/** Whether request bodies are checked against PayPal's schemas (400s). */
		this.validation = true;
	}

	/**
	 * Error answers used by the server's generic scenarios.
	 *
	 * @param {string} scenario server_error | rate_limited.
	 * @return {HttpAnswer} Answer.
	 */
	scenarioAnswer( scenario ) {
		return this.statusAnswer( scenario === 'rate_limited' ? 429 : 500 );
	}

	/**
	 * An error answer with a server-side status (the generic scenarios and the status fault), in
	 * PayPal's error_429, error_500 and error_503 shapes. PayPal documents no body of its own for
	 * 502 and 504; they get the 503's.
	 *
	 * @param {number} status 429, 500, 502, 503 or 504.
	 * @return {HttpAnswer} Answer.
	 */
	statusAnswer( status ) {
		let answer;
		if ( status === 429 ) {
			answer = paypalError(
				429,
				'RATE_LIMIT_REACHED',
				'Too many requests. Blocked due to rate limiting.'
			);
		} else if ( status === 500 ) {
			answer = paypalError(
				500,
				'INTERNAL_SERVER_ERROR',
				'An internal server error occurred.'
			);
		} else {
			answer = paypalError(
				status,
				'SERVICE_UNAVAILABLE',
				'Service Unavailable.'
			);
		}
		answer.headers = { 'Paypal-Debug-Id': answer.body.debug_id };
		return answer;
	}

	/**
	 * Take a POST's PayPal-Request-Id while its request is worked on. PayPal documents that of
	 * two simultaneous requests with one PayPal-Request-Id it "processes the first request and
	 * might fail the second request", without saying how; the stand-in invents no failure: the
	 * second waits until the first is done, then gets what PayPal returns for a PayPal-Request-Id
	 * already used (the first's result).
	 *
	 * @param {Object} ctx Request context.
	 * @return {Promise<Function>} How to free it once the work is done (its answer stored).
	 */
	async claimRequestId( ctx ) {
		const requestId = ctx.headers[ 'paypal-request-id' ];
		if ( ! requestId || ctx.method !== 'POST' ) {
			return () => {};
		}
		const scope = `${ ctx.path }\n${ requestId }`;
		const inFlight = this.inFlight;
		while ( inFlight.has( scope ) ) {
			await inFlight.get( scope );
		}
		let done;
		const working = new Promise( ( resolve ) => {
			done = resolve;
		} );
		inFlight.set( scope, working );
		return () => {
			if ( inFlight.get( scope ) === working ) {
				inFlight.delete( scope );
				done();
			}
		};
	}

	handle( ctx ) {
		try {
			return this.route( ctx );
		} catch ( error ) {
			if ( error instanceof HttpAnswer ) {
				return {
					status: error.status,
					body: error.body,
					headers: { 'Paypal-Debug-Id': debugId(), ...error.headers },
				};
			}
			throw error;
		}
	}

	route( ctx ) {
		const { method, path } = ctx;
		for ( const [ routeMethod, pattern, caller, answer ] of ROUTES ) {
			const match = method === routeMethod && pattern.exec( path );
			if ( match ) {
				if ( caller !== 'anyone' ) {
					this.authorize( ctx, caller === 'browser or server' );
				}
				return answer( this, ctx, match[ 1 ] );
			}
		}
		if ( path.startsWith( '/v1/notifications/webhooks' ) ) {
			this.authorize( ctx, false );
			const answered = this.webhooks.handle(
				ctx,
				( status, body ) => this.answer( status, body ),
				this.validation
			);
			if ( answered ) {
				return answered;
			}
		}
		throw new HttpAnswer( 404, {
			name: 'NOT_FOUND',
			message: 'The specified resource does not exist.',
			debug_id: debugId(),
		} );
	}

	answer( status, body, headers = {} ) {
		return {
			status,
			body: clone( body ),
			headers: { 'Paypal-Debug-Id': debugId(), ...headers },
		};
	}

	base( ctx ) {
		return `${ ctx.origin }${ ctx.prefix }`;
	}

	/**
	 * The JSON object body of a call, {} when there is none; a body that is not a JSON object
	 * is refused as PayPal refuses it.
	 *
	 * @param {Object} ctx Request context.
	 * @param {string} api A key of ERROR_DOCS.
	 * @return {Object} Body.
	 */
	objectBody( ctx, api ) {
		if ( ctx.jsonError ) {
			throw malformedJson( api );
		}
		if ( ! ctx.rawBody || ! String( ctx.rawBody ).trim() ) {
			return {};
		}
		if ( ! isObject( ctx.body ) ) {
			throw malformedJson( api );
		}
		return ctx.body;
	}

	/**
	 * 400 INVALID_REQUEST when PayPal's schema refuses the body (while validation is on).
	 *
	 * @param {string} kind Request kind (schemas.mjs).
	 * @param {Object} body Body.
	 * @param {string} api  A key of ERROR_DOCS.
	 */
	validate( kind, body, api ) {
		if ( ! this.validation ) {
			return;
		}
		const details = requestProblems( kind, body );
		if ( details.length ) {
			throw invalidRequest( details, api );
		}
	}

	// ------------------------------------------------------------------
	// Auth
	// ------------------------------------------------------------------

	token( ctx ) {
		const header = String( ctx.headers.authorization || '' );
		const unauthorised = () =>
			new HttpAnswer( 401, {
				error: 'invalid_client',
				error_description: 'Client Authentication failed',
			} );
		if ( ! /^basic\s+/i.test( header ) ) {
			throw unauthorised();
		}
		const decoded = Buffer.from(
			header.replace( /^basic\s+/i, '' ),
			'base64'
		).toString( 'utf8' );
		const colon = decoded.indexOf( ':' );
		const clientId = colon === -1 ? decoded : decoded.slice( 0, colon );
		const secret = colon === -1 ? '' : decoded.slice( colon + 1 );
		if ( isBadCredential( clientId ) || isBadCredential( secret ) ) {
			throw unauthorised();
		}
		const grantType = ( ctx.body || {} ).grant_type;
		if ( ! grantType ) {
			throw new HttpAnswer( 400, {
				error: 'unsupported_grant_type',
				error_description: 'Grant Type is NULL',
			} );
		}
		if ( grantType !== 'client_credentials' ) {
			throw new HttpAnswer( 400, {
				error: 'unsupported_grant_type',
				error_description: `Grant Type is not supported: ${ grantType }`,
			} );
		}
		const accessToken = `A21AA${ randomString( 92 ) }`;
		this.tokens.set( accessToken, {
			clientId,
			expires: Date.now() + 32400 * 1000,
		} );
		return this.answer( 200, {
			scope: 'https://uri.paypal.com/services/payments/payment/authcode https://uri.paypal.com/services/checkout/one-click-with-merchant-issued-token https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/applications/webhooks https://uri.paypal.com/services/payments/realtimepayment https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/orders/client_sdk_orders_api openid',
			access_token: accessToken,
			token_type: 'Bearer',
			app_id: 'APP-80W284485P519543T',
			expires_in: 32400,
			nonce: `${ isoSeconds() }${ randomString( 43 ) }`,
		} );
	}

	/**
	 * Server calls need a Bearer token from /v1/oauth2/token. The browser
	 * stand-in (like PayPal's SDK, which authorises with the client id) may call
	 * the order endpoints without one: it sends X-Stand-In-Sdk-Client-Id, and
	 * browsers add an Origin header.
	 *
	 * @param {Object}  ctx         Request context.
	 * @param {boolean} browserOkay Whether the browser may call this endpoint.
	 */
	authorize( ctx, browserOkay ) {
		const header = String( ctx.headers.authorization || '' );
		if ( ! header ) {
			if (
				browserOkay &&
				( ctx.headers[ 'x-stand-in-sdk-client-id' ] ||
					ctx.headers.origin )
			) {
				return;
			}
			throw new HttpAnswer( 401, {
				name: 'AUTHENTICATION_FAILURE',
				message:
					'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
				links: [
					{
						href: 'https://developer.paypal.com/docs/api/overview/#error',
						rel: 'information_link',
					},
				],
			} );
		}
		const token = header.replace( /^bearer\s+/i, '' ).trim();
		const known = this.tokens.get( token );
		if ( ! /^bearer\s+/i.test( header ) || ! known ) {
			throw new HttpAnswer( 401, {
				error: 'invalid_token',
				error_description: 'Token signature verification failed',
			} );
		}
		if ( known.expires < Date.now() ) {
			throw new HttpAnswer( 401, {
				error: 'invalid_token',
				error_description: 'Access Token not found in cache',
			} );
		}
	}

	// ------------------------------------------------------------------
	// Orders
	// ------------------------------------------------------------------

	mustOrder( id ) {
		const order = this.orders.get( id );
		if ( ! order ) {
			throw notFound();
		}
		return order;
	}

	orderLinks( ctx, order ) {
		const self = `${ this.base( ctx ) }/v2/checkout/orders/${ order.id }`;
		if ( order.status === 'COMPLETED' ) {
			return [ { href: self, rel: 'self', method: 'GET' } ];
		}
		return [
			{ href: self, rel: 'self', method: 'GET' },
			{
				href: `https://www.sandbox.paypal.com/checkoutnow?token=${ order.id }`,
				rel: 'approve',
				method: 'GET',
			},
			{ href: self, rel: 'update', method: 'PATCH' },
			{
				href: `${ self }/${
					order.intent === 'AUTHORIZE' ? 'authorize' : 'capture'
				}`,
				rel: order.intent === 'AUTHORIZE' ? 'authorize' : 'capture',
				method: 'POST',
			},
		];
	}

	/**
	 * PayPal's business rules for an amount (422), after the schema (400) accepted its form.
	 *
	 * @param {Object} amount  { currency_code, value }.
	 * @param {string} field   Its JSON pointer.
	 * @param {string} api     A key of ERROR_DOCS.
	 * @param {Object} options { zeroAllowed }.
	 */
	amountRules( amount, field, api = 'orders', options = {} ) {
		const currency = String( amount.currency_code );
		if ( ! CURRENCIES.has( currency ) ) {
			throw unprocessable(
				'INVALID_CURRENCY_CODE',
				'Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/api/rest/reference/currency-codes/ for list of supported currency codes.',
				{ field: `${ field }/currency_code`, value: currency },
				api
			);
		}
		const value = String( amount.value );
		const decimals = value.includes( '.' )
			? value.split( '.' )[ 1 ].length
			: 0;
		if ( ZERO_DECIMAL.has( currency ) && decimals > 0 ) {
			throw unprocessable(
				'DECIMALS_NOT_SUPPORTED',
				'Currency does not support decimals. Please refer to https://developer.paypal.com/docs/api/reference/currency-codes/ for more information.',
				{ field: `${ field }/value`, value },
				api
			);
		}
		if ( decimals > 2 ) {
			throw unprocessable(
				'DECIMAL_PRECISION',
				'If the currency supports decimals, only two decimal place precision is supported.',
				{ field: `${ field }/value`, value },
				api
			);
		}
		if (
			Number( value ) < 0 ||
			( Number( value ) === 0 && ! options.zeroAllowed )
		) {
			throw unprocessable(
				options.zeroAllowed
					? 'CANNOT_BE_NEGATIVE'
					: 'CANNOT_BE_ZERO_OR_NEGATIVE',
				options.zeroAllowed
					? 'Must be greater than or equal to 0. If the currency supports decimals, only two decimal place precision is supported.'
					: 'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
				{ field: `${ field }/value`, value },
				api
			);
		}
		if ( Number( value ) > MAX_VALUE ) {
			throw unprocessable(
				'MAX_VALUE_EXCEEDED',
				'Should be less than or equal to 999999999999999.99.',
				{ field: `${ field }/value`, value },
				api
			);
		}
	}

	/**
	 * The minimum an order body needs for the stand-in to work with it, checked even with
	 * validation off (PayPal's own 400s for these, without the rest of the schema).
	 *
	 * @param {Object} body Order request.
	 */
	orderEssentials( body ) {
		const missing = ( field ) =>
			invalidRequest( [
				requestDetail(
					field,
					'MISSING_REQUIRED_PARAMETER',
					'A required field / parameter is missing.'
				),
			] );
		if ( ! [ 'CAPTURE', 'AUTHORIZE' ].includes( body.intent ) ) {
			throw body.intent
				? invalidRequest( [
						requestDetail(
							'/intent',
							'INVALID_PARAMETER_VALUE',
							'The value of a field is invalid.',
							body.intent
						),
					] )
				: missing( '/intent' );
		}
		if (
			! Array.isArray( body.purchase_units ) ||
			! body.purchase_units.length
		) {
			throw missing( '/purchase_units' );
		}
		body.purchase_units.forEach( ( unit, index ) => {
			const amount = isObject( unit ) ? unit.amount : null;
			if (
				! isObject( amount ) ||
				typeof amount.value !== 'string' ||
				! AMOUNT_PATTERN.test( amount.value ) ||
				typeof amount.currency_code !== 'string'
			) {
				throw missing( `/purchase_units/${ index }/amount` );
			}
		} );
	}

	/**
	 * Orders v2's business rules (422) for a body its schema accepted.
	 *
	 * @param {Object} body Order request.
	 */
	orderRules( body ) {
		const units = body.purchase_units;
		const unitField = ( unit, index ) =>
			`/purchase_units/@reference_id=='${
				unit.reference_id ||
				( units.length === 1 ? 'default' : String( index ) )
			}'`;
		if ( units.length > 1 ) {
			if ( units.some( ( unit ) => ! unit.reference_id ) ) {
				throw unprocessable(
					'REFERENCE_ID_REQUIRED',
					"'reference_id' is required for each 'purchase_unit' if multiple 'purchase_unit' are provided.",
					{ field: '/purchase_units' }
				);
			}
			const ids = units.map( ( unit ) => unit.reference_id );
			if ( new Set( ids ).size !== ids.length ) {
				throw unprocessable(
					'DUPLICATE_REFERENCE_ID',
					'`reference_id` must be unique if multiple `purchase_unit` are provided.',
					{ field: '/purchase_units' }
				);
			}
			const currencies = new Set(
				units.map( ( unit ) => unit.amount.currency_code )
			);
			if ( currencies.size > 1 ) {
				throw unprocessable(
					'MULTI_CURRENCY_ORDER',
					'Multiple differing values of currency_code are not supported. Entire Order request must have the same currency_code.',
					{ field: '/purchase_units' }
				);
			}
		}
		units.forEach( ( unit, index ) => {
			const field = unitField( unit, index );
			this.amountRules( unit.amount, `${ field }/amount` );
			this.breakdownRules( unit, field );
			this.addressRules( unit, field );
		} );
	}

	/**
	 * amount.breakdown and items must add up to amount.value.
	 *
	 * @param {Object} unit  Purchase unit.
	 * @param {string} field Its pointer.
	 */
	breakdownRules( unit, field ) {
		const breakdown = unit.amount.breakdown;
		const items = Array.isArray( unit.items ) ? unit.items : [];
		const cents = ( m ) =>
			Math.round( Number( ( m && m.value ) || 0 ) * 100 );
		if ( items.length && ! ( breakdown && breakdown.item_total ) ) {
			throw unprocessable(
				'ITEM_TOTAL_REQUIRED',
				'If item details are specified (items.unit_amount and items.quantity) corresponding amount.breakdown.item_total is required.',
				{ field: `${ field }/amount/breakdown/item_total` }
			);
		}
		if ( ! breakdown ) {
			return;
		}
		for ( const [ key, value ] of Object.entries( breakdown ) ) {
			this.amountRules(
				value,
				`${ field }/amount/breakdown/${ key }`,
				'orders',
				{
					zeroAllowed: true,
				}
			);
		}
		if ( items.length ) {
			const sum = items.reduce(
				( total, item ) =>
					total +
					cents( item.unit_amount ) * Number( item.quantity || 0 ),
				0
			);
			if ( sum !== cents( breakdown.item_total ) ) {
				throw unprocessable(
					'ITEM_TOTAL_MISMATCH',
					'Should equal sum of (unit_amount * quantity) across all items for a given purchase_unit.',
					{
						field: `${ field }/amount/breakdown/item_total/value`,
						value: breakdown.item_total.value,
					}
				);
			}
		}
		const total =
			cents( breakdown.item_total ) +
			cents( breakdown.tax_total ) +
			cents( breakdown.shipping ) +
			cents( breakdown.handling ) +
			cents( breakdown.insurance ) -
			cents( breakdown.shipping_discount ) -
			cents( breakdown.discount );
		if ( total !== cents( unit.amount ) ) {
			throw unprocessable(
				'AMOUNT_MISMATCH',
				'Should equal item_total + tax_total + shipping + handling + insurance - shipping_discount - discount.',
				{ field: `${ field }/amount/value`, value: unit.amount.value }
			);
		}
	}

	/**
	 * A shipping address needs the city and postal code its country requires.
	 *
	 * @param {Object} unit  Purchase unit.
	 * @param {string} field Its pointer.
	 */
	addressRules( unit, field ) {
		const address = unit.shipping && unit.shipping.address;
		const rules = address && ADDRESS_REQUIREMENTS[ address.country_code ];
		if ( ! rules ) {
			return;
		}
		if ( rules.city && ! String( address.admin_area_2 || '' ).trim() ) {
			throw unprocessable(
				'CITY_REQUIRED',
				'The specified country requires a city (address.admin_area_2).',
				{ field: `${ field }/shipping/address/admin_area_2` }
			);
		}
		if (
			rules.postalCode &&
			! String( address.postal_code || '' ).trim()
		) {
			throw unprocessable(
				'POSTAL_CODE_REQUIRED',
				'The specified country requires a postal code.',
				{ field: `${ field }/shipping/address/postal_code` }
			);
		}
	}

	/**
	 * Checks an order request and stores the order (status CREATED).
	 *
	 * @param {Object} body Order request.
	 * @return {Object} Stored order.
	 */
	openOrder( body ) {
		this.validate( 'orders.create', body, 'orders' );
		this.orderEssentials( body );
		this.orderRules( body );
		const single = body.purchase_units.length === 1;
		const units = body.purchase_units.map( ( unit, index ) => {
			const stored = {
				reference_id:
					unit.reference_id ||
					( single ? 'default' : String( index ) ),
				amount: clone( unit.amount ),
				payee: clone( MERCHANT ),
			};
			for ( const key of [
				'description',
				'custom_id',
				'invoice_id',
				'soft_descriptor',
				'items',
				'shipping',
			] ) {
				if ( unit[ key ] !== undefined ) {
					stored[ key ] = clone( unit[ key ] );
				}
			}
			return stored;
		} );
		const order = {
			id: paypalId(),
			intent: body.intent,
			status: 'CREATED',
			purchase_units: units,
			create_time: isoSeconds(),
		};
		if ( body.payer ) {
			order.payer = clone( body.payer );
		}
		this.orders.set( order.id, order );
		return order;
	}

	createOrder( ctx ) {
		// A PayPal-Request-Id already used replays that order, as PayPal's idempotency does.
		const requestId = ctx.headers[ 'paypal-request-id' ];
		if ( requestId && this.requestIds.has( requestId ) ) {
			const existing = this.orders.get(
				this.requestIds.get( requestId )
			);
			return this.orderAnswer( ctx, existing, 200 );
		}
		const order = this.openOrder( this.objectBody( ctx, 'orders' ) );
		if ( requestId ) {
			this.requestIds.set( requestId, order.id );
		}
		return this.orderAnswer( ctx, order, 201 );
	}

	/**
	 * An order as PayPal shows it: in full for GET and Prefer: return=representation, else
	 * { id, status, links }.
	 *
	 * @param {Object}  ctx    Request context.
	 * @param {Object}  order  Stored order.
	 * @param {number}  status HTTP status.
	 * @param {boolean} full   Whether to show it in full regardless of Prefer.
	 * @return {Object} Answer.
	 */
	orderAnswer( ctx, order, status, full = false ) {
		const view = this.orderView( ctx, order );
		if (
			full ||
			/return=representation/i.test( String( ctx.headers.prefer || '' ) )
		) {
			return this.answer( status, view );
		}
		return this.answer( status, {
			id: view.id,
			status: view.status,
			links: view.links,
		} );
	}

	orderView( ctx, order ) {
		const view = clone( order );
		view.purchase_units.forEach( ( unit ) => {
			if ( unit.payments ) {
				unit.payments.captures = unit.payments.captures.map( ( id ) =>
					this.captureView( ctx, this.captures.get( id ), false )
				);
			}
		} );
		view.links = this.orderLinks( ctx, order );
		return view;
	}

	/**
	 * The buyer approves the order (what PayPal's pop-up does).
	 *
	 * @param {Object} order Stored order.
	 * @param {Object} payer { payerId, email, name }.
	 */
	approveOrder( order, payer ) {
		if ( order.status !== 'CREATED' && order.status !== 'APPROVED' ) {
			throw unprocessable(
				'ORDER_ALREADY_COMPLETED',
				'The order cannot be patched after it is completed.'
			);
		}
		order.status = 'APPROVED';
		order.payer = {
			name: clone( payer.name ),
			email_address: payer.email,
			payer_id: payer.payerId,
			address: { country_code: 'AU' },
		};
		order.payment_source = {
			paypal: {
				email_address: payer.email,
				account_id: payer.payerId,
				account_status: 'VERIFIED',
				name: clone( payer.name ),
				address: { country_code: 'AU' },
			},
		};
		order.update_time = isoSeconds();
	}

	/**
	 * What the buyer does in PayPal's pop-up: approve the order.
	 *
	 * @param {Object} ctx Request context.
	 * @param {string} id  Order id.
	 * @return {Object} Answer.
	 */
	approve( ctx, id ) {
		const order = this.mustOrder( id );
		const payerId =
			( isObject( ctx.body ) && ctx.body.payer_id ) || APPROVER.payerId;
		this.approveOrder( order, { ...APPROVER, payerId } );
		return this.answer( 200, this.orderView( ctx, order ) );
	}

	/**
	 * Whether a capture on the account already holds this invoice_id.
	 *
	 * @param {string} invoiceId Invoice id.
	 * @return {boolean} Used.
	 */
	invoiceCaptured( invoiceId ) {
		return [ ...this.captures.values() ].some(
			( capture ) =>
				capture.invoice_id === invoiceId &&
				! [ 'DECLINED', 'FAILED' ].includes( capture.status )
		);
	}

	/**
	 * Captures an approved order: the checks PayPal makes, then the capture.
	 *
	 * @param {Object}      order  Stored order.
	 * @param {Object|null} forced A queued scenario, if any.
	 * @return {Object} Stored capture.
	 */
	captureOrder( order, forced = null ) {
		if ( order.intent !== 'CAPTURE' ) {
			throw unprocessable(
				'ACTION_DOES_NOT_MATCH_INTENT',
				"Order was created with an intent to 'AUTHORIZE'. Please use v2/checkout/orders/order_id/authorize to complete the transaction or alternately Create an order with an intent of 'CAPTURE'."
			);
		}
		if ( order.status === 'COMPLETED' ) {
			throw unprocessable(
				'ORDER_ALREADY_CAPTURED',
				"Order already captured. If 'intent=CAPTURE' only one capture per order is allowed."
			);
		}
		if ( order.status !== 'APPROVED' ) {
			throw unprocessable(
				'ORDER_NOT_APPROVED',
				"Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid `payment_source` in the request."
			);
		}
		if ( forced && forced.scenario === 'card_declined' ) {
			throw unprocessable(
				'INSTRUMENT_DECLINED',
				"The instrument presented was either declined by the processor or bank, or it can't be used for this payment."
			);
		}
		const unit = order.purchase_units[ 0 ];
		if ( unit.invoice_id && this.invoiceCaptured( unit.invoice_id ) ) {
			// The account setting PayPal turns on by default: one payment per invoice id.
			throw unprocessable(
				'DUPLICATE_INVOICE_ID',
				'Requested invoice_id has been previously captured. Possible duplicate transaction.'
			);
		}
		const amount = clone( unit.amount );
		delete amount.breakdown;
		if ( forced && forced.scenario === 'capture_amount_mismatch' ) {
			amount.value =
				forced.value !== undefined
					? String( forced.value )
					: Math.max( 0.01, Number( amount.value ) - 1 ).toFixed( 2 );
		}
		let status = 'COMPLETED';
		if ( forced && forced.scenario === 'capture_not_completed' ) {
			status = forced.status || 'PENDING';
		}
		const now = isoSeconds();
		const capture = {
			id: paypalId(),
			status,
			...( status === 'PENDING'
				? {
						status_details: {
							reason: forced.reason || 'PENDING_REVIEW',
						},
					}
				: {} ),
			amount,
			...( unit.invoice_id !== undefined
				? { invoice_id: unit.invoice_id }
				: {} ),
			...( unit.custom_id !== undefined
				? { custom_id: unit.custom_id }
				: {} ),
			final_capture: true,
			seller_protection: {
				status: 'ELIGIBLE',
				dispute_categories: [
					'ITEM_NOT_RECEIVED',
					'UNAUTHORIZED_TRANSACTION',
				],
			},
			seller_receivable_breakdown: this.receivable( amount ),
			payee: clone( unit.payee ),
			supplementary_data: { related_ids: { order_id: order.id } },
			create_time: now,
			update_time: now,
		};
		this.captures.set( capture.id, capture );
		order.status = 'COMPLETED';
		order.update_time = now;
		unit.payments = { captures: [ capture.id ] };
		return capture;
	}

	/**
	 * gross_amount, paypal_fee and net_amount of a capture.
	 *
	 * @param {Object} amount Capture amount.
	 * @return {Object} seller_receivable_breakdown.
	 */
	receivable( amount ) {
		const currency = amount.currency_code;
		const gross = Number( amount.value );
		const fee = Math.min(
			gross,
			Number( format( gross * FEE_RATE + FEE_FIXED, currency ) )
		);
		return {
			gross_amount: clone( amount ),
			paypal_fee: money( currency, format( fee, currency ) ),
			net_amount: money( currency, format( gross - fee, currency ) ),
		};
	}

	capture( ctx, id ) {
		const order = this.mustOrder( id );
		const body = this.objectBody( ctx, 'orders' );
		this.validate( 'orders.capture', body, 'orders' );
		const requestId = ctx.headers[ 'paypal-request-id' ];
		const replay =
			requestId && this.requestIds.get( `capture:${ requestId }` );
		if ( replay && replay.order === order.id ) {
			return this.answer( 200, replay.body );
		}
		const forced = ctx.take( [
			'capture_not_completed',
			'capture_amount_mismatch',
			'card_declined',
		] );
		this.captureOrder( order, forced );
		const view = this.orderView( ctx, order );
		const unit = view.purchase_units[ 0 ];
		const body201 = {
			id: view.id,
			status: view.status,
			payment_source: view.payment_source,
			purchase_units: [
				{
					reference_id: unit.reference_id,
					...( unit.shipping ? { shipping: unit.shipping } : {} ),
					payments: unit.payments,
				},
			],
			payer: view.payer,
			links: view.links,
		};
		if ( requestId ) {
			this.requestIds.set( `capture:${ requestId }`, {
				order: order.id,
				body: body201,
			} );
		}
		return this.answer( 201, body201 );
	}

	/**
	 * A capture as GET /v2/payments/captures/:id shows it (withSupplementary), or as an
	 * order's purchase_units[].payments.captures[] item (without supplementary_data and payee,
	 * which that model does not have).
	 *
	 * @param {Object}  ctx               Origin and prefix.
	 * @param {Object}  capture           Stored capture.
	 * @param {boolean} withSupplementary Whether it is the Payments v2 view.
	 * @return {Object} View.
	 */
	captureView( ctx, capture, withSupplementary = true ) {
		const base = this.base( ctx );
		const view = clone( capture );
		if ( ! withSupplementary ) {
			delete view.supplementary_data;
			delete view.payee;
		}
		const orderId =
			capture.supplementary_data &&
			capture.supplementary_data.related_ids.order_id;
		view.links = [
			{
				href: `${ base }/v2/payments/captures/${ capture.id }`,
				rel: 'self',
				method: 'GET',
			},
			{
				href: `${ base }/v2/payments/captures/${ capture.id }/refund`,
				rel: 'refund',
				method: 'POST',
			},
			...( orderId
				? [
						{
							href: `${ base }/v2/checkout/orders/${ orderId }`,
							rel: 'up',
							method: 'GET',
						},
					]
				: [] ),
		];
		return view;
	}

	getCapture( ctx, id ) {
		const capture = this.captures.get( id );
		if ( ! capture ) {
			throw notFound( 'payments' );
		}
		const view = this.captureView( ctx, capture );
		const forced = ctx.take( [
			'capture_not_completed',
			'capture_amount_mismatch',
		] );
		if ( forced && forced.scenario === 'capture_not_completed' ) {
			view.status = forced.status || 'PENDING';
			if ( view.status === 'PENDING' ) {
				view.status_details = {
					reason: forced.reason || 'PENDING_REVIEW',
				};
			}
		}
		if ( forced && forced.scenario === 'capture_amount_mismatch' ) {
			view.amount.value =
				forced.value !== undefined
					? String( forced.value )
					: Math.max( 0.01, Number( view.amount.value ) - 1 ).toFixed(
							2
						);
			view.seller_receivable_breakdown = this.receivable( view.amount );
		}
		return this.answer( 200, view );
	}

	/**
	 * A completed capture on the same account that the widget did not make: another checkout
	 * of the charity (a gala ticket) paid by another payer, with its own invoice_id (or none).
	 *
	 * @param {Object} options value, currency_code, invoice_id (null for none), custom_id,
	 *                         description.
	 * @return {Object} { order_id, capture_id }.
	 */
	foreignCapture( options = {} ) {
		const unit = {
			amount: money(
				options.currency_code || 'AUD',
				options.value !== undefined ? options.value : '52.50'
			),
			description: options.description || 'Gala dinner ticket',
		};
		if ( options.invoice_id !== null ) {
			unit.invoice_id =
				options.invoice_id !== undefined
					? String( options.invoice_id )
					: `GALA-${ paypalId( 10 ) }`;
		}
		if ( options.custom_id !== undefined && options.custom_id !== null ) {
			unit.custom_id = String( options.custom_id );
		}
		const order = this.openOrder( {
			intent: 'CAPTURE',
			purchase_units: [ unit ],
		} );
		this.approveOrder( order, OTHER_PAYER );
		const capture = this.captureOrder( order );
		this.foreign.add( capture.id );
		return { order_id: order.id, capture_id: capture.id };
	}

	/**
	 * Every capture on the account, for tests: { capture_id, order_id, status, amount,
	 * invoice_id, custom_id, foreign }.
	 *
	 * @return {Object[]} Captures, oldest first.
	 */
	captureList() {
		return [ ...this.captures.values() ].map( ( capture ) => ( {
			capture_id: capture.id,
			order_id: capture.supplementary_data
				? capture.supplementary_data.related_ids.order_id
				: null,
			status: capture.status,
			amount: clone( capture.amount ),
			invoice_id: capture.invoice_id ?? null,
			custom_id: capture.custom_id ?? null,
			foreign: this.foreign.has( capture.id ),
		} ) );
	}

	// ------------------------------------------------------------------
	// Refunds
	// ------------------------------------------------------------------

	/**
	 * Records a refund of a stored capture (the refund call, or a refund made elsewhere that
	 * an event reports).
	 *
	 * @param {Object} capture Stored capture.
	 * @param {Object} amount  Refund amount.
	 * @param {Object} extra   invoice_id, custom_id, note_to_payer.
	 * @return {Object} Stored refund.
	 */
	recordRefund( capture, amount, extra = {} ) {
		const currency = capture.amount.currency_code;
		const refunded =
			Number( capture.refunded_value || 0 ) + Number( amount.value );
		Object.defineProperty( capture, 'refunded_value', {
			value: refunded,
			enumerable: false,
			writable: true,
			configurable: true,
		} );
		capture.status =
			refunded >= Number( capture.amount.value ) - 1e-9
				? 'REFUNDED'
				: 'PARTIALLY_REFUNDED';
		capture.update_time = isoSeconds();
		// The percentage part of the fee comes back; the fixed part does not.
		const fee = Number(
			format( Number( amount.value ) * FEE_RATE, currency )
		);
		const now = isoSeconds();
		const refund = {
			id: paypalId(),
			status: 'COMPLETED',
			amount: money( currency, amount.value ),
			...extra,
			seller_payable_breakdown: {
				gross_amount: money( currency, amount.value ),
				paypal_fee: money( currency, format( fee, currency ) ),
				net_amount: money(
					currency,
					format( Number( amount.value ) - fee, currency )
				),
				total_refunded_amount: money(
					currency,
					format( refunded, currency )
				),
			},
			payer: clone( MERCHANT ),
			create_time: now,
			update_time: now,
		};
		Object.defineProperty( refund, 'capture_id', {
			value: capture.id,
			enumerable: false,
		} );
		this.refunds.set( refund.id, refund );
		return refund;
	}

	getRefund( ctx, id ) {
		const refund = this.refunds.get( id );
		if ( ! refund ) {
			throw notFound( 'payments' );
		}
		return this.answer( 200, this.refundView( ctx, refund ) );
	}

	refundView( ctx, refund ) {
		const view = clone( refund );
		view.links = [
			{
				href: `${ this.base( ctx ) }/v2/payments/refunds/${ refund.id }`,
				rel: 'self',
				method: 'GET',
			},
			{
				href: `${ this.base( ctx ) }/v2/payments/captures/${ refund.capture_id }`,
				rel: 'up',
				method: 'GET',
			},
		];
		return view;
	}

	refund( ctx, id ) {
		const capture = this.captures.get( id );
		if ( ! capture ) {
			throw notFound( 'payments' );
		}
		const body = this.objectBody( ctx, 'payments' );
		this.validate( 'captures.refund', body, 'payments' );
		// A PayPal-Request-Id already used for this capture's refund answers with that refund,
		// as PayPal's idempotency does: a retried request makes no second refund.
		const requestId = ctx.headers[ 'paypal-request-id' ];
		const replay =
			requestId && this.requestIds.get( `refund:${ requestId }` );
		if ( replay && replay.capture === capture.id ) {
			return this.answer( replay.status, replay.body );
		}
		if ( capture.status === 'PENDING' ) {
			throw unprocessable(
				'PENDING_CAPTURE',
				'Cannot initiate a refund as the capture is pending. Capture is typically pending when the payer has funded the transaction using e-check/bank funded.',
				{},
				'payments'
			);
		}
		if ( capture.status === 'REFUNDED' ) {
			throw unprocessable(
				'CAPTURE_FULLY_REFUNDED',
				'The capture has already been fully refunded',
				{},
				'payments'
			);
		}
		if (
			capture.status !== 'COMPLETED' &&
			capture.status !== 'PARTIALLY_REFUNDED'
		) {
			throw unprocessable(
				'REFUND_NOT_ALLOWED',
				'Capture cannot be refunded.',
				{},
				'payments'
			);
		}
		const remaining =
			Number( capture.amount.value ) -
			Number( capture.refunded_value || 0 );
		const amount = isObject( body.amount )
			? clone( body.amount )
			: money(
					capture.amount.currency_code,
					format( remaining, capture.amount.currency_code )
				);
		if ( isObject( body.amount ) ) {
			if ( amount.currency_code !== capture.amount.currency_code ) {
				throw unprocessable(
					'REFUND_CAPTURE_CURRENCY_MISMATCH',
					'Refund must be in the same currency as the capture',
					{
						field: '/amount/currency_code',
						value: amount.currency_code,
					},
					'payments'
				);
			}
			this.amountRules( amount, '/amount', 'payments' );
		}
		if ( Number( amount.value ) > remaining + 1e-9 ) {
			throw unprocessable(
				'REFUND_AMOUNT_EXCEEDED',
				'The refund amount must be less than or equal to the capture amount that has not yet been refunded.',
				{ field: '/amount/value', value: amount.value },
				'payments'
			);
		}
		if (
			body.invoice_id &&
			[ ...this.refunds.values() ].some(
				( refund ) => refund.invoice_id === body.invoice_id
			)
		) {
			throw unprocessable(
				'DUPLICATE_INVOICE_ID',
				'Invoice ID was previously used to refund a capture.',
				{ field: '/invoice_id', value: body.invoice_id },
				'payments'
			);
		}
		const extra = {};
		for ( const key of [ 'invoice_id', 'custom_id', 'note_to_payer' ] ) {
			if ( body[ key ] !== undefined ) {
				extra[ key ] = String( body[ key ] );
			}
		}
		const refund = this.recordRefund( capture, amount, extra );
		const view = this.refundView( ctx, refund );
		const answer = /return=representation/i.test(
			String( ctx.headers.prefer || '' )
		)
			? view
			: { id: view.id, status: view.status, links: view.links };
		if ( requestId ) {
			this.requestIds.set( `refund:${ requestId }`, {
				capture: capture.id,
				status: 201,
				body: answer,
			} );
		}
		return this.answer( 201, answer );
	}

	// ------------------------------------------------------------------
	// Webhooks
	// ------------------------------------------------------------------

	/**
	 * POST /v1/notifications/verify-webhook-signature: SUCCESS only for a delivery the stand-in
	 * signed for this webhook id with this event; FAILURE otherwise (or when the scenario
	 * webhook_verification_failed is queued). Invalid bodies answer 400 as PayPal does.
	 *
	 * @param {Object} ctx Request context.
	 * @return {Object} Answer.
	 */
	verifyWebhookSignature( ctx ) {
		const body = this.objectBody( ctx, 'webhooks' );
		this.validate( 'webhooks.verify', body, 'webhooks' );
		for ( const field of [
			'auth_algo',
			'cert_url',
			'transmission_id',
			'transmission_sig',
			'transmission_time',
			'webhook_id',
		] ) {
			if ( typeof body[ field ] !== 'string' || ! body[ field ] ) {
				throw invalidRequest(
					[
						requestDetail(
							`/${ field }`,
							'MISSING_REQUIRED_PARAMETER',
							'A required field / parameter is missing.'
						),
					],
					'webhooks'
				);
			}
		}
		if ( ! isObject( body.webhook_event ) ) {
			throw invalidRequest(
				[
					requestDetail(
						'/webhook_event',
						body.webhook_event === undefined
							? 'MISSING_REQUIRED_PARAMETER'
							: 'INVALID_PARAMETER_SYNTAX',
						body.webhook_event === undefined
							? 'A required field / parameter is missing.'
							: 'The value of a field does not conform to the expected format.'
					),
				],
				'webhooks'
			);
		}
		const expected = signPayPalWebhook(
			body.webhook_event,
			body.webhook_id,
			{
				transmissionId: body.transmission_id,
				time: body.transmission_time,
			}
		)[ 'paypal-transmission-sig' ];
		const forced = ctx.take( [ 'webhook_verification_failed' ] );
		const genuine =
			! forced &&
			body.transmission_sig === expected &&
			body.cert_url === WEBHOOK_CERT_URL;
		return this.answer( 200, {
			verification_status: genuine ? 'SUCCESS' : 'FAILURE',
		} );
	}

	/**
	 * A PAYMENT.CAPTURE.* event as PayPal sends it. COMPLETED, PENDING, DECLINED and DENIED
	 * carry the capture (and set a stored capture to that status); REFUNDED and REVERSED
	 * carry a refund whose "up" link names the capture (and record that refund on a stored
	 * capture, as a refund made in PayPal's dashboard would be).
	 *
	 * @param {Object} ctx     Origin and prefix (for links).
	 * @param {Object} options type, capture_id; for a refund refund_amount and
	 *                         total_refunded, or refund_id (a refund already made); for a capture unknown to the stand-in amount,
	 *                         invoice_id, custom_id, order_id; reason (PENDING).
	 * @return {Object} The event.
	 */
	makeEvent( ctx, options = {} ) {
		const type = options.type || 'PAYMENT.CAPTURE.COMPLETED';
		if ( ! /^PAYMENT\.CAPTURE\./.test( type ) || ! EVENT_TYPES[ type ] ) {
			throw new HttpAnswer( 400, {
				error: `type must be one of ${ Object.keys( EVENT_TYPES )
					.filter( ( name ) => name.startsWith( 'PAYMENT.CAPTURE.' ) )
					.join( ', ' ) }`,
			} );
		}
		const captureId = options.capture_id || paypalId();
		const stored = this.captures.get( captureId );
		const amount = stored
			? clone( stored.amount )
			: money( 'AUD', String( options.amount || '52.50' ) );
		const isRefund = /\.(REFUNDED|REVERSED)$/.test( type );
		let resource;
		if ( isRefund ) {
			resource = this.refundResource(
				ctx,
				options,
				stored,
				captureId,
				amount
			);
		} else {
			const status = {
				COMPLETED: 'COMPLETED',
				PENDING: 'PENDING',
				DECLINED: 'DECLINED',
				DENIED: 'DECLINED',
			}[ type.split( '.' ).pop() ];
			if ( stored ) {
				stored.status = status;
				stored.update_time = isoSeconds();
				delete stored.status_details;
				if ( status === 'PENDING' ) {
					stored.status_details = {
						reason: options.reason || 'PENDING_REVIEW',
					};
				}
				resource = this.captureView( ctx, stored );
			} else {
				resource = this.captureView(
					ctx,
					{
						id: captureId,
						status,
						...( status === 'PENDING'
							? {
									status_details: {
										reason:
											options.reason || 'PENDING_REVIEW',
									},
								}
							: {} ),
						amount,
						...( options.invoice_id
							? { invoice_id: String( options.invoice_id ) }
							: {} ),
						...( options.custom_id
							? { custom_id: String( options.custom_id ) }
							: {} ),
						final_capture: true,
						seller_protection: {
							status: 'ELIGIBLE',
							dispute_categories: [
								'ITEM_NOT_RECEIVED',
								'UNAUTHORIZED_TRANSACTION',
							],
						},
						seller_receivable_breakdown: this.receivable( amount ),
						payee: clone( MERCHANT ),
						...( options.order_id
							? {
									supplementary_data: {
										related_ids: {
											order_id: String(
												options.order_id
											),
										},
									},
								}
							: {} ),
						create_time: isoSeconds(),
						update_time: isoSeconds(),
					},
					true
				);
			}
		}
		const id = `WH-${ paypalId( 17 ) }-${ paypalId( 17 ) }`;
		const eventLink = `${ this.base( ctx ) }/v1/notifications/webhooks-events/${ id }`;
		const shown = `$ ${ resource.amount.value } ${ resource.amount.currency_code }`;
		const verb = type.split( '.' ).pop().toLowerCase();
		return {
			id,
			event_version: '1.0',
			create_time: new Date().toISOString(),
			resource_type: isRefund ? 'refund' : 'capture',
			resource_version: '2.0',
			event_type: type,
			summary:
				verb === 'completed' || verb === 'pending'
					? `Payment ${ verb } for ${ shown }`
					: `A ${ shown } capture payment was ${ verb }`,
			resource,
			links: [
				{ href: eventLink, rel: 'self', method: 'GET' },
				{
					href: `${ eventLink }/resend`,
					rel: 'resend',
					method: 'POST',
				},
			],
		};
	}

	/**
	 * The refund a REFUNDED or REVERSED event carries.
	 *
	 * @param {Object}      ctx       Origin and prefix.
	 * @param {Object}      options   refund_amount, total_refunded.
	 * @param {Object|null} stored    The stored capture, if any.
	 * @param {string}      captureId Capture id.
	 * @param {Object}      amount    The capture's amount.
	 * @return {Object} Refund resource.
	 */
	refundResource( ctx, options, stored, captureId, amount ) {
		// A refund already made (through the API): PayPal tells of that very refund.
		if ( options.refund_id && this.refunds.has( options.refund_id ) ) {
			return this.refundView(
				ctx,
				this.refunds.get( options.refund_id )
			);
		}
		const currency = amount.currency_code;
		if (
			stored &&
			[ 'COMPLETED', 'PARTIALLY_REFUNDED' ].includes( stored.status )
		) {
			const remaining =
				Number( stored.amount.value ) -
				Number( stored.refunded_value || 0 );
			const value = Math.min(
				remaining,
				Number( options.refund_amount || remaining )
			);
			const refund = this.recordRefund(
				stored,
				money( currency, format( value, currency ) )
			);
			return this.refundView( ctx, refund );
		}
		const value = String( options.refund_amount || amount.value );
		const fee = format( Number( value ) * FEE_RATE, currency );
		return {
			id: paypalId(),
			status: 'COMPLETED',
			amount: money( currency, value ),
			seller_payable_breakdown: {
				gross_amount: money( currency, value ),
				paypal_fee: money( currency, fee ),
				net_amount: money(
					currency,
					format( Number( value ) - Number( fee ), currency )
				),
				total_refunded_amount: money(
					currency,
					String( options.total_refunded || value )
				),
			},
			payer: clone( MERCHANT ),
			create_time: isoSeconds(),
			update_time: isoSeconds(),
			links: [
				{
					href: `${ this.base( ctx ) }/v2/payments/captures/${ captureId }`,
					rel: 'up',
					method: 'GET',
				},
			],
		};
	}
}
