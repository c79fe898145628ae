/**
 * PayPal REST stand-in (https://api-m.paypal.com and https://api-m.sandbox.paypal.com
 * replaced by {server}/paypal): OAuth client credentials, Orders v2, captures, and webhook
 * signature verification (POST /v1/notifications/verify-webhook-signature).
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

const INFO =
	'https://developer.paypal.com/api/rest/reference/orders/v2/errors/';

/**
 * Client credentials the stand-in refuses (any other non-empty pair works).
 *
 * @param {string} value Client id or secret.
 * @return {boolean} Whether it is a "bad" credential.
 */
const isBadCredential = ( value ) =>
	! value || /^(invalid|bad|wrong)/i.test( value );

/**
 * PayPal's error body.
 *
 * @param {number} status  HTTP status.
 * @param {string} name    Error name.
 * @param {string} message Message.
 * @param {Array}  details Details.
 * @return {HttpAnswer} Answer to throw.
 */
function paypalError( status, name, message, details = undefined ) {
	const body = { name, message, debug_id: debugId() };
	if ( details ) {
		body.details = details;
	}
	body.links = [
		{
			href: `${ INFO }#${ details && details[ 0 ] ? details[ 0 ].issue : name }`,
			rel: 'information_link',
			method: 'GET',
		},
	];
	return new HttpAnswer( status, body );
}

const invalidRequest = ( field, issue, description, location = 'body' ) =>
	paypalError(
		400,
		'INVALID_REQUEST',
		'Request is not well-formed, syntactically incorrect, or violates schema.',
		[ { field, value: undefined, location, issue, description } ]
	);

const unprocessable = ( issue, description, field = undefined ) =>
	paypalError(
		422,
		'UNPROCESSABLE_ENTITY',
		'The requested action could not be performed, semantically incorrect, or failed business validation.',
		[
			{
				...( field ? { field, location: 'body' } : {} ),
				issue,
				description,
			},
		]
	);

const notFound = ( description ) =>
	paypalError(
		404,
		'RESOURCE_NOT_FOUND',
		'The specified resource does not exist.',
		[ { issue: 'INVALID_RESOURCE_ID', description } ]
	);

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

const AMOUNT_PATTERN = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;
const ZERO_DECIMAL = new Set( [ 'HUF', 'JPY', 'TWD' ] );

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
		/** @type {Map<string, Object>} PayPal-Request-Id → order id */
		this.requestIds = new Map();
	}

	/**
	 * Error answers used by the server's generic scenarios.
	 *
	 * @param {string} scenario server_error | rate_limited.
	 * @return {HttpAnswer} Answer.
	 */
	scenarioAnswer( scenario ) {
		if ( scenario === 'rate_limited' ) {
			return paypalError(
				429,
				'RATE_LIMIT_REACHED',
				'Too many requests. Blocked due to rate limiting.'
			);
		}
		return paypalError(
			500,
			'INTERNAL_SERVER_ERROR',
			'An internal server error has occurred.'
		);
	}

	handle( ctx ) {
		try {
			const { method, path } = ctx;
			let match;
			if ( method === 'POST' && path === '/v1/oauth2/token' ) {
				return this.token( ctx );
			}
			if ( method === 'POST' && path === '/v2/checkout/orders' ) {
				this.authorize( ctx, true );
				return this.createOrder( ctx );
			}
			if (
				( match = /^\/v2\/checkout\/orders\/([^/]+)$/.exec( path ) ) &&
				method === 'GET'
			) {
				this.authorize( ctx, true );
				return this.answer( 200, this.mustOrder( match[ 1 ] ) );
			}
			if (
				( match =
					/^\/v2\/checkout\/orders\/([^/]+)\/stand-in-approve$/.exec(
						path
					) ) &&
				method === 'POST'
			) {
				return this.approve( ctx, match[ 1 ] );
			}
			if (
				( match = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(
					path
				) ) &&
				method === 'POST'
			) {
				this.authorize( ctx, true );
				return this.capture( ctx, match[ 1 ] );
			}
			if (
				( match = /^\/v2\/payments\/captures\/([^/]+)$/.exec(
					path
				) ) &&
				method === 'GET'
			) {
				this.authorize( ctx, false );
				return this.getCapture( ctx, match[ 1 ] );
			}
			if (
				( match = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(
					path
				) ) &&
				method === 'POST'
			) {
				this.authorize( ctx, false );
				return this.refund( ctx, match[ 1 ] );
			}
			if (
				method === 'POST' &&
				path === '/v1/notifications/verify-webhook-signature'
			) {
				this.authorize( ctx, false );
				return this.verifyWebhookSignature( ctx );
			}
			if (
				( match = /^\/v2\/payments\/refunds\/([^/]+)$/.exec( path ) ) &&
				method === 'GET'
			) {
				this.authorize( ctx, false );
				const refund = this.refunds.get( match[ 1 ] );
				if ( ! refund ) {
					throw notFound(
						'Specified resource ID does not exist. Please check the resource ID and try again.'
					);
				}
				return this.answer( 200, refund );
			}
			throw new HttpAnswer( 404, {
				name: 'NOT_FOUND',
				message: 'The specified resource does not exist.',
				debug_id: debugId(),
			} );
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
			scope: 'https://uri.paypal.com/services/payments/payment/authcode https://uri.paypal.com/services/checkout/one-click-with-merchant-issued-token https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/payments/realtimepayment https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/orders/client_sdk_orders_api openid',
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
			throw notFound(
				`Specified resource ID does not exist. Please check the resource ID and try again.`
			);
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

	validateAmount( amount, field ) {
		if ( ! amount || typeof amount !== 'object' ) {
			throw invalidRequest(
				field,
				'MISSING_REQUIRED_PARAMETER',
				'A required field / parameter is missing.'
			);
		}
		if ( ! amount.currency_code ) {
			throw invalidRequest(
				`${ field }/currency_code`,
				'MISSING_REQUIRED_PARAMETER',
				'A required field / parameter is missing.'
			);
		}
		if ( ! /^[A-Z]{3}$/.test( String( amount.currency_code ) ) ) {
			throw unprocessable(
				'CURRENCY_NOT_SUPPORTED',
				'Currency code is invalid or is not currently supported. Please refer https://developer.paypal.com/docs/api/reference/currency-codes/ for list of supported currency codes.',
				`${ field }/currency_code`
			);
		}
		if ( amount.value === undefined || amount.value === null ) {
			throw invalidRequest(
				`${ field }/value`,
				'MISSING_REQUIRED_PARAMETER',
				'A required field / parameter is missing.'
			);
		}
		const value = String( amount.value );
		if (
			typeof amount.value !== 'string' ||
			! AMOUNT_PATTERN.test( value )
		) {
			throw invalidRequest(
				`${ field }/value`,
				'INVALID_PARAMETER_SYNTAX',
				'The value of a field does not conform to the expected format.'
			);
		}
		const decimals = value.includes( '.' )
			? value.split( '.' )[ 1 ].length
			: 0;
		if ( decimals > ( ZERO_DECIMAL.has( amount.currency_code ) ? 0 : 2 ) ) {
			throw unprocessable(
				'DECIMAL_PRECISION',
				'If the currency supports decimals, only two decimal place precision is supported.',
				`${ field }/value`
			);
		}
		if ( Number( value ) <= 0 ) {
			throw unprocessable(
				'CANNOT_BE_ZERO_OR_NEGATIVE',
				'Must be greater than zero. If the currency supports decimals, only two decimal place precision is supported.',
				`${ field }/value`
			);
		}
	}

	createOrder( ctx ) {
		if ( ctx.jsonError ) {
			throw invalidRequest(
				'/',
				'MALFORMED_REQUEST_JSON',
				'The request JSON is not well formed.'
			);
		}
		const requestId = ctx.headers[ 'paypal-request-id' ];
		if ( requestId && this.requestIds.has( requestId ) ) {
			const existing = this.orders.get(
				this.requestIds.get( requestId )
			);
			return this.orderAnswer( ctx, existing, 200 );
		}
		const body = ctx.body || {};
		if ( ! body.intent ) {
			throw invalidRequest(
				'/intent',
				'MISSING_REQUIRED_PARAMETER',
				'A required field / parameter is missing.'
			);
		}
		if ( ! [ 'CAPTURE', 'AUTHORIZE' ].includes( body.intent ) ) {
			throw invalidRequest(
				'/intent',
				'INVALID_PARAMETER_VALUE',
				'The value of a field is invalid.'
			);
		}
		if (
			! Array.isArray( body.purchase_units ) ||
			! body.purchase_units.length
		) {
			throw invalidRequest(
				'/purchase_units',
				'MISSING_REQUIRED_PARAMETER',
				'A required field / parameter is missing.'
			);
		}
		const units = body.purchase_units.map( ( unit, index ) => {
			const ref = unit.reference_id || ( index === 0 ? 'default' : '' );
			const field = `/purchase_units/@reference_id=='${ ref }'`;
			this.validateAmount( unit.amount, `${ field }/amount` );
			if ( unit.custom_id !== undefined ) {
				if ( String( unit.custom_id ).length > 127 ) {
					throw invalidRequest(
						`${ field }/custom_id`,
						'INVALID_STRING_LENGTH',
						'The value of a field is either too short or too long.'
					);
				}
			}
			if ( unit.invoice_id && String( unit.invoice_id ).length > 127 ) {
				throw invalidRequest(
					`${ field }/invoice_id`,
					'INVALID_STRING_LENGTH',
					'The value of a field is either too short or too long.'
				);
			}
			if ( unit.shipping && unit.shipping.address ) {
				const address = unit.shipping.address;
				if ( ! address.country_code ) {
					throw invalidRequest(
						`${ field }/shipping/address/country_code`,
						'MISSING_REQUIRED_PARAMETER',
						'A required field / parameter is missing.'
					);
				}
				if ( ! /^[A-Z]{2}$/.test( String( address.country_code ) ) ) {
					throw invalidRequest(
						`${ field }/shipping/address/country_code`,
						'INVALID_PARAMETER_SYNTAX',
						'The value of a field does not conform to the expected format.'
					);
				}
			}
			return {
				reference_id: ref || `unit-${ index }`,
				amount: clone( unit.amount ),
				payee: {
					email_address: 'sb-merchant@business.example.com',
					merchant_id: 'STANDINMERCHANT',
				},
				...( unit.description
					? { description: unit.description }
					: {} ),
				...( unit.custom_id !== undefined
					? { custom_id: String( unit.custom_id ) }
					: {} ),
				...( unit.invoice_id ? { invoice_id: unit.invoice_id } : {} ),
				...( unit.soft_descriptor
					? { soft_descriptor: unit.soft_descriptor }
					: {} ),
				...( unit.items ? { items: clone( unit.items ) } : {} ),
				...( unit.shipping
					? { shipping: clone( unit.shipping ) }
					: {} ),
			};
		} );
		const now = isoSeconds();
		const order = {
			id: paypalId(),
			intent: body.intent,
			status: 'CREATED',
			purchase_units: units,
			create_time: now,
		};
		if ( body.payer ) {
			order.payer = clone( body.payer );
		}
		if ( body.application_context ) {
			order.application_context = clone( body.application_context );
		}
		this.orders.set( order.id, order );
		if ( requestId ) {
			this.requestIds.set( requestId, order.id );
		}
		return this.orderAnswer( ctx, order, 201 );
	}

	orderAnswer( ctx, order, status ) {
		const representation = /return=representation/i.test(
			String( ctx.headers.prefer || '' )
		);
		const full = {
			...clone( order ),
			links: this.orderLinks( ctx, order ),
		};
		if ( representation ) {
			return this.answer( status, full );
		}
		return this.answer( status, {
			id: order.id,
			status: order.status,
			links: full.links,
		} );
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
		if ( order.status !== 'CREATED' && order.status !== 'APPROVED' ) {
			throw unprocessable(
				'ORDER_ALREADY_COMPLETED',
				'The order cannot be patched after it is completed.'
			);
		}
		const payerId = ( ctx.body && ctx.body.payer_id ) || 'STANDINPAYER';
		order.status = 'APPROVED';
		order.payer = {
			name: { given_name: 'Stand', surname: 'In' },
			email_address: 'sb-buyer@personal.example.com',
			payer_id: payerId,
			address: { country_code: 'AU' },
		};
		order.payment_source = {
			paypal: {
				email_address: 'sb-buyer@personal.example.com',
				account_id: payerId,
				account_status: 'VERIFIED',
				name: { given_name: 'Stand', surname: 'In' },
				address: { country_code: 'AU' },
			},
		};
		order.update_time = isoSeconds();
		return this.answer( 200, {
			...clone( order ),
			links: this.orderLinks( ctx, order ),
		} );
	}

	capture( ctx, id ) {
		const order = this.mustOrder( id );
		if ( order.intent !== 'CAPTURE' ) {
			throw unprocessable(
				'ACTION_DOES_NOT_MATCH_INTENT',
				"Order was created with an intent to 'AUTHORIZE'. Please use v2/checkout/orders/order_id/authorize to complete the transaction or alternately Create an order with an intent of 'CAPTURE'."
			);
		}
		if ( order.status === 'COMPLETED' ) {
			throw unprocessable(
				'ORDER_ALREADY_CAPTURED',
				"Order already captured.If 'intent=CAPTURE' only one capture per order is allowed."
			);
		}
		if ( order.status !== 'APPROVED' ) {
			throw unprocessable(
				'ORDER_NOT_APPROVED',
				"Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request."
			);
		}
		const requestId = ctx.headers[ 'paypal-request-id' ];
		const forced = ctx.take( [
			'capture_not_completed',
			'capture_amount_mismatch',
			'card_declined',
		] );
		if ( forced && forced.scenario === 'card_declined' ) {
			throw unprocessable(
				'INSTRUMENT_DECLINED',
				"The instrument presented was either declined by the processor or bank, or it can't be used for this payment."
			);
		}
		const unit = order.purchase_units[ 0 ];
		const amount = clone( unit.amount );
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
		const captureId = paypalId();
		const fee = ( Number( amount.value ) * 0.026 + 0.3 ).toFixed( 2 );
		const capture = {
			id: captureId,
			status,
			...( status === 'PENDING'
				? {
						status_details: {
							reason: forced.reason || 'PENDING_REVIEW',
						},
					}
				: {} ),
			amount,
			final_capture: true,
			seller_protection: {
				status: 'ELIGIBLE',
				dispute_categories: [
					'ITEM_NOT_RECEIVED',
					'UNAUTHORIZED_TRANSACTION',
				],
			},
			seller_receivable_breakdown: {
				gross_amount: clone( amount ),
				paypal_fee: { currency_code: amount.currency_code, value: fee },
				net_amount: {
					currency_code: amount.currency_code,
					value: ( Number( amount.value ) - Number( fee ) ).toFixed(
						2
					),
				},
			},
			...( unit.custom_id !== undefined
				? { custom_id: unit.custom_id }
				: {} ),
			...( unit.invoice_id ? { invoice_id: unit.invoice_id } : {} ),
			payee: clone( unit.payee ),
			supplementary_data: { related_ids: { order_id: order.id } },
			create_time: now,
			update_time: now,
		};
		this.captures.set( captureId, capture );
		order.status = 'COMPLETED';
		order.update_time = now;
		unit.payments = {
			captures: [ this.captureView( ctx, capture, false ) ],
		};
		if ( requestId ) {
			this.requestIds.set( `capture:${ requestId }`, order.id );
		}
		return this.answer( 201, {
			id: order.id,
			status: order.status,
			payment_source: clone( order.payment_source ),
			purchase_units: [
				{
					reference_id: unit.reference_id,
					...( unit.shipping
						? { shipping: clone( unit.shipping ) }
						: {} ),
					payments: clone( unit.payments ),
				},
			],
			payer: clone( order.payer ),
			links: this.orderLinks( ctx, order ),
		} );
	}

	captureView( ctx, capture, withSupplementary = true ) {
		const base = this.base( ctx );
		const view = clone( capture );
		if ( ! withSupplementary ) {
			delete view.supplementary_data;
			delete view.payee;
		}
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
			{
				href: `${ base }/v2/checkout/orders/${ capture.supplementary_data.related_ids.order_id }`,
				rel: 'up',
				method: 'GET',
			},
		];
		return view;
	}

	getCapture( ctx, id ) {
		const capture = this.captures.get( id );
		if ( ! capture ) {
			throw notFound(
				'Specified resource ID does not exist. Please check the resource ID and try again.'
			);
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
		}
		return this.answer( 200, view );
	}

	/**
	 * POST /v1/notifications/verify-webhook-signature: SUCCESS only for a delivery the stand-in
	 * signed for this webhook id with this event; FAILURE otherwise (or when the scenario
	 * webhook_verification_failed is queued). Missing fields answer 400 as PayPal does.
	 *
	 * @param {Object} ctx Request context.
	 * @return {Object} Answer.
	 */
	verifyWebhookSignature( ctx ) {
		if ( ctx.jsonError ) {
			throw invalidRequest(
				'/',
				'MALFORMED_REQUEST_JSON',
				'The request JSON is not well formed.'
			);
		}
		const body = ctx.body || {};
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
					`/${ field }`,
					'MISSING_REQUIRED_PARAMETER',
					'A required field / parameter is missing.'
				);
			}
		}
		if ( ! body.webhook_event || typeof body.webhook_event !== 'object' ) {
			throw invalidRequest(
				'/webhook_event',
				'MISSING_REQUIRED_PARAMETER',
				'A required field / parameter is missing.'
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
	 * A PAYMENT.CAPTURE.* event as PayPal sends it. COMPLETED and DENIED carry the capture;
	 * REFUNDED and REVERSED a refund whose "up" link names the capture.
	 *
	 * @param {Object} ctx     Origin and prefix (for links).
	 * @param {Object} options type, capture_id, and for a refund amount (its value) and
	 *                         total_refunded; for a capture unknown to the stand-in, amount.
	 * @return {Object} The event.
	 */
	makeEvent( ctx, options = {} ) {
		const type = options.type || 'PAYMENT.CAPTURE.COMPLETED';
		const captureId = options.capture_id || paypalId();
		const stored = this.captures.get( captureId );
		const amount = stored
			? clone( stored.amount )
			: {
					currency_code: 'AUD',
					value: String( options.amount || '52.50' ),
				};
		let resource;
		if ( /REFUNDED|REVERSED$/.test( type ) ) {
			const value = String( options.refund_amount || amount.value );
			const total = String( options.total_refunded || value );
			resource = {
				id: paypalId(),
				status: 'COMPLETED',
				amount: { currency_code: amount.currency_code, value },
				seller_payable_breakdown: {
					gross_amount: {
						currency_code: amount.currency_code,
						value,
					},
					total_refunded_amount: {
						currency_code: amount.currency_code,
						value: total,
					},
				},
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
		} else {
			resource = stored
				? this.captureView( ctx, stored )
				: {
						id: captureId,
						amount,
						final_capture: true,
						create_time: isoSeconds(),
						update_time: isoSeconds(),
					};
			resource.status = type.endsWith( 'DENIED' )
				? 'DECLINED'
				: 'COMPLETED';
			delete resource.status_details;
			if ( stored ) {
				stored.status = resource.status;
				delete stored.status_details;
			}
		}
		return {
			id: `WH-${ paypalId( 17 ) }-${ paypalId( 17 ) }`,
			event_version: '1.0',
			create_time: isoSeconds(),
			resource_type: /REFUNDED|REVERSED$/.test( type )
				? 'refund'
				: 'capture',
			resource_version: '2.0',
			event_type: type,
			summary: `Payment ${ type.split( '.' ).pop().toLowerCase() }`,
			resource,
			links: [],
		};
	}

	refund( ctx, id ) {
		const capture = this.captures.get( id );
		if ( ! capture ) {
			throw notFound(
				'Specified resource ID does not exist. Please check the resource ID and try again.'
			);
		}
		if (
			capture.status !== 'COMPLETED' &&
			capture.status !== 'PARTIALLY_REFUNDED'
		) {
			throw unprocessable(
				'CAPTURE_FULLY_REFUNDED',
				'The capture has already been fully refunded'
			);
		}
		const body = ctx.body || {};
		const amount = body.amount
			? clone( body.amount )
			: clone( capture.amount );
		if ( body.amount ) {
			this.validateAmount( body.amount, '/amount' );
		}
		const refunded =
			Number( capture.refunded_value || 0 ) + Number( amount.value );
		if ( refunded > Number( capture.amount.value ) + 1e-9 ) {
			throw unprocessable(
				'REFUND_AMOUNT_EXCEEDED',
				'The refund amount must be less than or equal to the capture amount that has not yet been refunded.'
			);
		}
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
		const now = isoSeconds();
		const refund = {
			id: paypalId(),
			status: 'COMPLETED',
			amount,
			...( body.invoice_id ? { invoice_id: body.invoice_id } : {} ),
			...( body.note_to_payer
				? { note_to_payer: body.note_to_payer }
				: {} ),
			create_time: now,
			update_time: now,
			links: [
				{
					href: `${ this.base( ctx ) }/v2/payments/refunds/`,
					rel: 'self',
					method: 'GET',
				},
				{
					href: `${ this.base( ctx ) }/v2/payments/captures/${ id }`,
					rel: 'up',
					method: 'GET',
				},
			],
		};
		refund.links[ 0 ].href += refund.id;
		this.refunds.set( refund.id, refund );
		return this.answer( 201, {
			id: refund.id,
			status: refund.status,
			links: refund.links,
		} );
	}
}
