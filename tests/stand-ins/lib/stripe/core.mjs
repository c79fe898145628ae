/**
 * Stripe stand-in core: the class, request pipeline (routing, API keys, idempotency) and state.
 */
import { randomString, clone, canonicalJson, HttpAnswer } from '../util.mjs';
import { DEFAULT_API_VERSION } from './constants.mjs';
import { SUPPORTED_VERSIONS } from './schema/schemas.mjs';
import { docUrl, requestLogUrl, invalid } from './helpers.mjs';
import { Routes } from './routes.mjs';
import { Rendering } from './render.mjs';
import { Store } from './store.mjs';
import { Params } from './params.mjs';
import { Events } from './events.mjs';
import { PaymentMethods } from './payment_methods.mjs';
import { Tokens } from './tokens.mjs';
import { ConfirmationTokens } from './confirmation_tokens.mjs';
import { Becs } from './becs.mjs';
import { Customers } from './customers.mjs';
import { ProductsPrices } from './products_prices.mjs';
import { PaymentAttempts } from './payment_attempts.mjs';
import { PaymentIntents } from './payment_intents.mjs';
import { SetupIntents } from './setup_intents.mjs';
import { Subscriptions } from './subscriptions.mjs';
import { Invoices } from './invoices.mjs';
import { InvoicePayments } from './invoice_payments.mjs';
import { WebhookEndpoints } from './webhook_endpoints.mjs';
import { ChargesRefunds } from './charges_refunds.mjs';
import { DisputesBalance } from './disputes_balance.mjs';
import { BalanceTransactions } from './balance_transactions.mjs';
import { PaymentMethodDomains } from './payment_method_domains.mjs';
import { Payouts } from './payouts.mjs';
import { Control } from './control.mjs';
import { validateStripeRequest } from './schema/validate.mjs';

/** The api_error words of Stripe's server-side statuses (statusAnswer()). */
const SERVER_ERROR_MESSAGES = {
	500: 'An unknown error occurred. Please try again later.',
	502: 'Error while communicating with one of our backends.  Sorry about that!  We have been notified of the problem.  If you have any questions, we can help at https://support.stripe.com/.',
	503: "There was an unexpected error processing this request–we've been notified of this issue. We'll update our status page at https://status.stripe.com/ with more information if we're seeing systemic issues.",
	504: 'Error while communicating with one of our backends.  Sorry about that!  We have been notified of the problem.  If you have any questions, we can help at https://support.stripe.com/.',
};

/**
 * The Stripe stand-in. One instance per server; reset() empties it. The methods of each
 * resource live in their own module (a class used as a mixin) and are copied onto this one.
 */
export class StripeStandIn {
	constructor() {
		this.reset();
		this.routes = this.buildRoutes();
	}

	reset() {
		/** @type {Map<string, Object>} id → Stripe object */
		this.objects = new Map();
		/** @type {Map<string, Object>} instrument id → card info and state */
		this.cards = new Map();
		/** @type {Map<string, Object>} idempotency key → stored answer */
		this.idempotency = new Map();
		/** @type {Set<string>} idempotency keys whose request is still being worked on */
		this.inFlight = new Set();
		/** @type {Object[]} events, oldest first */
		this.events = [];
		/** The account's default API version (no Stripe-Version header; new webhook endpoints). */
		this.defaultApiVersion = DEFAULT_API_VERSION;
		/** The version of the request being answered (null outside a request). */
		this.requestVersion = null;
		/** @type {Set<string>} required fields a rendering had to leave null (tests read it) */
		this.renderGaps = new Set();
		this.sequence = 0;
	}

	/**
	 * Answer one request.
	 *
	 * @param {Object} ctx Request context from the server.
	 * @return {{status: number, body: *, headers: Object}} Answer.
	 */
	handle( ctx ) {
		const answer = this.answerRequest( ctx );
		// What Stripe's libraries read before retrying: never a 4xx (the same request would
		// fail the same way); the 409 of a key in use, and the server's own errors, may be.
		if ( answer.status >= 400 ) {
			answer.headers = {
				...answer.headers,
				'Stripe-Should-Retry': answer.status === 409 ? 'true' : 'false',
			};
		}
		return answer;
	}

	/**
	 * Take a request's Idempotency-Key when it arrives to be worked on (before any delay), as
	 * Stripe does: the key stays taken until the work is done and its answer stored, whether or
	 * not the caller is still connected (a caller that times out does not stop Stripe's work).
	 * Another request with the key meanwhile gets Stripe's 409 idempotency_key_in_use. A request
	 * Stripe never works on (lost before it, held by the timeout scenario, refused by its rate
	 * limiter) takes no key.
	 *
	 * @param {Object} ctx Request context.
	 * @return {{answer?: Object, release?: Function}} The 409 to send, or how to free the key
	 * once the work is done.
	 */
	claimIdempotencyKey( ctx ) {
		const key = ctx.headers[ 'idempotency-key' ];
		const apiKey = this.apiKeyFrom( ctx.headers );
		if ( ! key || ctx.method !== 'POST' || ! apiKey ) {
			return {};
		}
		const scope = `${ apiKey }\n${ key }`;
		if ( this.inFlight.has( scope ) ) {
			return {
				answer: {
					status: 409,
					body: {
						error: {
							code: 'idempotency_key_in_use',
							doc_url: docUrl( 'idempotency_key_in_use' ),
							message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${ key }. Please try again later.`,
							request_log_url: requestLogUrl(),
							type: 'invalid_request_error',
						},
					},
					headers: {
						'Request-Id': `req_${ randomString( 14 ) }`,
						'Idempotency-Key': key,
						'Stripe-Should-Retry': 'true',
					},
				},
			};
		}
		const inFlight = this.inFlight;
		inFlight.add( scope );
		let released = false;
		return {
			release: () => {
				if ( ! released ) {
					released = true;
					inFlight.delete( scope );
				}
			},
		};
	}

	/**
	 * What Stripe answers with a server-side status, having done nothing: 429 from its rate
	 * limiter (which runs before the idempotency layer), 500 api_error, and 502 / 503 / 504 with
	 * the api_error bodies Stripe's servers have been seen sending (Stripe documents the
	 * statuses, not these words). Stripe-Should-Retry only when asked: true, false or none.
	 *
	 * @param {number}   status              429, 500, 502, 503 or 504.
	 * @param {Object}   options
	 * @param {?boolean} options.shouldRetry Stripe-Should-Retry, or null for none.
	 * @return {{status: number, body: Object, headers: Object}} Answer.
	 */
	statusAnswer( status, { shouldRetry = null } = {} ) {
		const error =
			status === 429
				? {
						type: 'invalid_request_error',
						code: 'rate_limit',
						doc_url:
							'https://stripe.com/docs/error-codes/rate-limit',
						message:
							'Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
					}
				: {
						type: 'api_error',
						message: SERVER_ERROR_MESSAGES[ status ],
					};
		return {
			status,
			body: { error },
			headers: {
				'Request-Id': `req_${ randomString( 14 ) }`,
				...( shouldRetry === null || shouldRetry === undefined
					? {}
					: {
							'Stripe-Should-Retry': shouldRetry
								? 'true'
								: 'false',
						} ),
			},
		};
	}

	/**
	 * Store an answer the stand-in made outside a route (a forced 500) for the request's
	 * Idempotency-Key, as Stripe's idempotency layer stores a 500: a retry with the key and the
	 * same parameters gets it again, replayed.
	 *
	 * @param {Object} ctx    Request context.
	 * @param {Object} answer {status, body, headers}.
	 */
	storeAnswer( ctx, answer ) {
		const key = ctx.headers[ 'idempotency-key' ];
		const apiKey = this.apiKeyFrom( ctx.headers );
		if ( ! key || ctx.method !== 'POST' || ! apiKey ) {
			return;
		}
		const scope = `${ apiKey }\n${ key }`;
		if ( ! this.idempotency.has( scope ) ) {
			this.idempotency.set( scope, {
				path: ctx.path,
				fingerprint: canonicalJson( ctx.body || {} ),
				status: answer.status,
				body: clone( answer.body ),
				requestId: answer.headers[ 'Request-Id' ],
			} );
		}
	}

	/**
	 * The API key of a request (Bearer, or Basic with the key as user name), or ''.
	 *
	 * @param {Object} headers Lower-cased request headers.
	 * @return {string} Key.
	 */
	apiKeyFrom( headers ) {
		const header = String( headers.authorization || '' ).trim();
		if ( /^bearer\s+/i.test( header ) ) {
			return header.replace( /^bearer\s+/i, '' ).trim();
		}
		if ( /^basic\s+/i.test( header ) ) {
			return Buffer.from( header.replace( /^basic\s+/i, '' ), 'base64' )
				.toString( 'utf8' )
				.split( ':' )[ 0 ];
		}
		return '';
	}

	/**
	 * The answer to one request, before the retry advice.
	 *
	 * @param {Object} ctx Request context from the server.
	 * @return {{status: number, body: *, headers: Object}} Answer.
	 */
	answerRequest( ctx ) {
		const requestId = `req_${ randomString( 14 ) }`;
		const asked = ctx.headers[ 'stripe-version' ];
		const version = asked ? String( asked ).trim() : this.defaultApiVersion;
		const baseHeaders = {
			'Request-Id': requestId,
			'Stripe-Version': version,
		};
		try {
			const route = this.findRoute( ctx.method, ctx.path );
			const auth = this.authenticate( ctx.headers, route );
			if ( ! SUPPORTED_VERSIONS.includes( version ) ) {
				baseHeaders[ 'Stripe-Version' ] = this.defaultApiVersion;
				invalid( `Invalid Stripe API version: ${ version }` );
			}
			this.requestVersion = version;
			// Stripe's libraries send a DELETE's parameters in the query string (as for GET).
			let params = ctx.method === 'GET' ? ctx.query : ctx.body;
			if ( ctx.method === 'DELETE' ) {
				params = { ...( ctx.query || {} ), ...( ctx.body || {} ) };
			}
			const req = { ctx, auth, params: params || {} };
			// Stripe refuses what its definitions do not take (unknown, missing, mistyped
			// parameters, impossible expands) before anything runs, so before the
			// idempotency store too: a refused request saves no result.
			// In the request's own version: a 2024-06-20 call may send what endive refuses.
			const refusal = validateStripeRequest( {
				method: ctx.method,
				path: ctx.path,
				params: req.params,
				version: this.requestVersion,
				publishable: auth.publishable,
			} );
			if ( refusal ) {
				throw new HttpAnswer( refusal.status, {
					error: {
						...refusal.error,
						request_log_url: requestLogUrl(),
					},
				} );
			}

			const idempotencyKey = ctx.headers[ 'idempotency-key' ];
			if ( idempotencyKey && ctx.method === 'POST' ) {
				baseHeaders[ 'Idempotency-Key' ] = idempotencyKey;
				const scope = `${ auth.key }\n${ idempotencyKey }`;
				const fingerprint = canonicalJson( req.params );
				const stored = this.idempotency.get( scope );
				if ( stored ) {
					if ( stored.path !== ctx.path ) {
						invalid(
							`Keys for idempotent requests can only be used for the same endpoint they were first used for ('POST ${ stored.path }' vs 'POST ${ ctx.path }'). Try using a key other than '${ idempotencyKey }' if you meant to execute a different request.`,
							{ type: 'idempotency_error' }
						);
					}
					if ( stored.fingerprint !== fingerprint ) {
						throw new HttpAnswer( 400, {
							error: {
								type: 'idempotency_error',
								message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${ idempotencyKey }' if you meant to execute a different request.`,
								request_log_url: requestLogUrl(),
							},
						} );
					}
					return {
						status: stored.status,
						body: clone( stored.body ),
						headers: {
							...baseHeaders,
							'Original-Request': stored.requestId,
							'Idempotent-Replayed': 'true',
						},
					};
				}
				const answer = this.run( route, req );
				if ( answer.status < 300 || answer.status === 402 ) {
					this.idempotency.set( scope, {
						path: ctx.path,
						fingerprint,
						status: answer.status,
						body: clone( answer.body ),
						requestId,
					} );
				}
				return {
					...answer,
					headers: { ...baseHeaders, ...answer.headers },
				};
			}
			const answer = this.run( route, req );
			return {
				...answer,
				headers: { ...baseHeaders, ...answer.headers },
			};
		} catch ( error ) {
			if ( error instanceof HttpAnswer ) {
				return {
					status: error.status,
					body: error.body,
					headers: { ...baseHeaders, ...error.headers },
				};
			}
			throw error;
		} finally {
			this.requestVersion = null;
		}
	}

	/**
	 * Run a control call (tests only) with its answers rendered in a version.
	 *
	 * @param {string|undefined} version  api_version of the call, or the account default.
	 * @param {Function}         callback What to do.
	 * @return {*} The callback's answer.
	 */
	inVersion( version, callback ) {
		const chosen = version || this.defaultApiVersion;
		if ( ! SUPPORTED_VERSIONS.includes( chosen ) ) {
			throw new HttpAnswer( 400, {
				error: `api_version must be one of ${ SUPPORTED_VERSIONS.join( ', ' ) }`,
			} );
		}
		const previous = this.requestVersion;
		this.requestVersion = chosen;
		try {
			return callback( chosen );
		} finally {
			this.requestVersion = previous;
		}
	}

	/**
	 * POST /__control/stripe/account: the account's default API version.
	 *
	 * @param {Object} body {default_api_version?}
	 * @return {Object} {default_api_version, supported_api_versions}
	 */
	account( body = {} ) {
		if ( body.default_api_version !== undefined ) {
			if ( ! SUPPORTED_VERSIONS.includes( body.default_api_version ) ) {
				throw new HttpAnswer( 400, {
					error: `default_api_version must be one of ${ SUPPORTED_VERSIONS.join(
						', '
					) }`,
				} );
			}
			this.defaultApiVersion = body.default_api_version;
		}
		return {
			default_api_version: this.defaultApiVersion,
			supported_api_versions: SUPPORTED_VERSIONS,
		};
	}

	/**
	 * Run a route; card errors are answers, so they can be stored for replay.
	 *
	 * @param {Object} route Route.
	 * @param {Object} req   Request.
	 * @return {Object} Answer.
	 */
	run( route, req ) {
		try {
			const body = route.handler( req, ...route.args );
			return { status: 200, body, headers: {} };
		} catch ( error ) {
			if ( error instanceof HttpAnswer && error.status === 402 ) {
				return {
					status: 402,
					body: error.body,
					headers: error.headers,
				};
			}
			throw error;
		}
	}

	findRoute( method, path ) {
		for ( const [ routeMethod, pattern, handler, options ] of this
			.routes ) {
			if ( routeMethod !== method ) {
				continue;
			}
			const match = pattern.exec( path );
			if ( match ) {
				return {
					handler: handler.bind( this ),
					args: match.slice( 1 ).map( decodeURIComponent ),
					publishable: !! ( options && options.publishable ),
				};
			}
		}
		throw new HttpAnswer( 404, {
			error: {
				type: 'invalid_request_error',
				message: `Unrecognized request URL (${ method }: ${ path }). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
			},
		} );
	}

	/**
	 * Check the API key (Bearer, or Basic with the key as user name).
	 *
	 * @param {Object} headers Lower-cased request headers.
	 * @param {Object} route   Matched route.
	 * @return {{key: string, publishable: boolean, livemode: boolean}} Auth.
	 */
	authenticate( headers, route ) {
		const key = this.apiKeyFrom( headers );
		if ( ! key ) {
			throw new HttpAnswer( 401, {
				error: {
					type: 'invalid_request_error',
					message:
						"You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
				},
			} );
		}
		const valid =
			/^(sk_test_|sk_live_|rk_|pk_test_|pk_live_)/.test( key ) &&
			! /^(sk|pk|rk)_(test|live)_invalid$/.test( key );
		if ( ! valid ) {
			const masked =
				key.length > 12
					? `${ key.slice( 0, 8 ) }${ '*'.repeat( key.length - 12 ) }${ key.slice( -4 ) }`
					: key;
			throw new HttpAnswer( 401, {
				error: {
					type: 'invalid_request_error',
					message: `Invalid API Key provided: ${ masked }`,
				},
			} );
		}
		const publishable = key.startsWith( 'pk_' );
		if ( publishable && ! route.publishable ) {
			throw new HttpAnswer( 401, {
				error: {
					type: 'invalid_request_error',
					code: 'secret_key_required',
					doc_url: docUrl( 'secret_key_required' ),
					message:
						'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
				},
			} );
		}
		return { key, publishable, livemode: /_live_/.test( key ) };
	}
}

for ( const mixin of [
	Routes,
	Rendering,
	Store,
	Params,
	Events,
	PaymentMethods,
	Tokens,
	ConfirmationTokens,
	Becs,
	Customers,
	ProductsPrices,
	PaymentAttempts,
	PaymentIntents,
	SetupIntents,
	Subscriptions,
	Invoices,
	InvoicePayments,
	WebhookEndpoints,
	ChargesRefunds,
	DisputesBalance,
	BalanceTransactions,
	PaymentMethodDomains,
	Payouts,
	Control,
] ) {
	for ( const name of Object.getOwnPropertyNames( mixin.prototype ) ) {
		if ( name === 'constructor' ) {
			continue;
		}
		if (
			Object.prototype.hasOwnProperty.call(
				StripeStandIn.prototype,
				name
			)
		) {
			throw new Error( `StripeStandIn: ${ name } is defined twice` );
		}
		Object.defineProperty(
			StripeStandIn.prototype,
			name,
			Object.getOwnPropertyDescriptor( mixin.prototype, name )
		);
	}
}
