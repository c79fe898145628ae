/**
 * Stripe API stand-in (https://api.stripe.com replaced by {server}/stripe).
 *
 * Form-encoded requests, Stripe's object and error shapes, test cards and
 * test PaymentMethod ids, 3-D Secure through a stand-in parameter, idempotency
 * keys, subscriptions with invoices, and the events Stripe would send.
 */
import { createHmac } from 'node:crypto';
import {
	stripeId,
	randomString,
	unixNow,
	clone,
	canonicalJson,
	isTrue,
	HttpAnswer,
	randomUUID,
} from './util.mjs';
import {
	NAMED_CARDS,
	DECLINES,
	cardInfo,
	luhn,
	LEGACY_BRANDS,
} from './cards.mjs';
import { BECS_FAILURE_MESSAGES, becsBehaviour } from './becs.mjs';

const DEFAULT_API_VERSION = '2024-06-20';

// Stripe's documented values for subscription updates and cancellations.
const PRORATION_BEHAVIORS = [ 'always_invoice', 'create_prorations', 'none' ];
const PAUSE_BEHAVIORS = [ 'keep_as_draft', 'mark_uncollectible', 'void' ];
const CANCELLATION_FEEDBACK = [
	'customer_service',
	'low_quality',
	'missing_features',
	'other',
	'switched_service',
	'too_complex',
	'too_expensive',
	'unused',
];

const ZERO_DECIMAL = new Set( [
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
const CURRENCIES = new Set( [
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

const TYPE_BY_PREFIX = {
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
	mandate: 'mandate',
	dp: 'dispute',
};

/**
 * Resource names as Stripe spells them in "No such ..." messages.
 */
const MISSING_NAMES = {
	payment_method: 'PaymentMethod',
	token: 'token',
	setup_intent: 'setupintent',
	payment_intent: 'payment_intent',
	mandate: 'mandate',
	dispute: 'dispute',
};

/**
 * Fields a publishable key may see on intents (what Stripe.js gets back).
 */
const PUBLIC_PI_FIELDS = [
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
const PUBLIC_SI_FIELDS = [
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

/**
 * Sign a webhook payload the way Stripe does (Stripe-Signature header value).
 *
 * @param {string} payload   The exact JSON text that will be posted.
 * @param {string} secret    Endpoint secret (whsec_...).
 * @param {number} timestamp Unix seconds; defaults to now.
 * @return {string} "t=...,v1=..."
 */
export function signStripePayload( payload, secret, timestamp = unixNow() ) {
	const signature = createHmac( 'sha256', secret )
		.update( `${ timestamp }.${ payload }` )
		.digest( 'hex' );
	return `t=${ timestamp },v1=${ signature }`;
}

/**
 * Add whole intervals to a Unix time.
 *
 * @param {number} seconds  Start.
 * @param {string} interval day | week | month | year.
 * @param {number} count    How many.
 * @return {number} End.
 */
export function addInterval( seconds, interval, count = 1 ) {
	const date = new Date( seconds * 1000 );
	switch ( interval ) {
		case 'day':
			date.setUTCDate( date.getUTCDate() + count );
			break;
		case 'week':
			date.setUTCDate( date.getUTCDate() + 7 * count );
			break;
		case 'month':
			date.setUTCMonth( date.getUTCMonth() + count );
			break;
		case 'year':
			date.setUTCFullYear( date.getUTCFullYear() + count );
			break;
	}
	return Math.floor( date.getTime() / 1000 );
}

const docUrl = ( code ) => `https://stripe.com/docs/error-codes/${ code }`;

const requestLogUrl = () =>
	`https://dashboard.stripe.com/test/logs/req_${ randomString( 14 ) }`;

/**
 * Throw Stripe's invalid_request_error.
 *
 * @param {string} message Message.
 * @param {Object} extra   param, code, status.
 */
function invalid( message, extra = {} ) {
	const { status = 400, ...fields } = extra;
	const error = { type: 'invalid_request_error', message, ...fields };
	if ( error.code ) {
		error.doc_url = docUrl( error.code );
	}
	error.request_log_url = requestLogUrl();
	throw new HttpAnswer( status, { error } );
}

const missingParam = ( param ) =>
	invalid( `Missing required param: ${ param }.`, {
		param,
		code: 'parameter_missing',
	} );

/**
 * Read "expand" whether it came as expand[]=a or expand=a.
 *
 * @param {*} value Raw parameter.
 * @return {string[]} Paths.
 */
function expandList( value ) {
	if ( value === undefined || value === null || value === '' ) {
		return [];
	}
	return ( Array.isArray( value ) ? value : [ value ] ).map( String );
}

/**
 * Parse Stripe's search query language (a useful subset).
 *
 * @param {string} query For example "email:'a@b.c' AND metadata['x']:'y'".
 * @return {{clauses: Array, any: boolean}} Parsed query.
 */
export function parseSearchQuery( query ) {
	const clauses = [];
	let any = false;
	let rest = String( query || '' ).trim();
	const clausePattern =
		/^(-?)((?:metadata\[(?:'[^']*'|"[^"]*")\])|[a-zA-Z_][\w.]*)\s*(>=|<=|:|~|>|<)\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|[^\s]+)\s*/;
	while ( rest ) {
		const match = clausePattern.exec( rest );
		if ( ! match ) {
			invalid( `Invalid query: ${ query }`, { param: 'query' } );
		}
		let [ , negate, field, op, value ] = match;
		if ( /^['"]/.test( value ) ) {
			value = value.slice( 1, -1 ).replace( /\\(.)/g, '$1' );
		} else if ( value === 'null' ) {
			value = null;
		}
		const metadataKey = /^metadata\[['"](.*)['"]\]$/.exec( field );
		clauses.push( {
			negate: negate === '-',
			path: metadataKey
				? [ 'metadata', metadataKey[ 1 ] ]
				: field.split( '.' ),
			op,
			value,
		} );
		rest = rest.slice( match[ 0 ].length );
		const joiner = /^(AND|OR)\s+/i.exec( rest );
		if ( joiner ) {
			any = any || joiner[ 1 ].toUpperCase() === 'OR';
			rest = rest.slice( joiner[ 0 ].length );
		}
	}
	return { clauses, any };
}

/**
 * Whether an object matches a parsed search query.
 *
 * @param {Object} object Stripe object.
 * @param {Object} parsed From parseSearchQuery.
 * @return {boolean} Match.
 */
function matchesQuery( object, parsed ) {
	const test = ( clause ) => {
		let actual = object;
		for ( const segment of clause.path ) {
			actual =
				actual && typeof actual === 'object' ? actual[ segment ] : null;
		}
		if ( actual === undefined ) {
			actual = null;
		}
		let result;
		if ( clause.value === null ) {
			result = actual === null || actual === '';
		} else if ( clause.op === ':' ) {
			result =
				String( actual ).toLowerCase() ===
				String( clause.value ).toLowerCase();
		} else if ( clause.op === '~' ) {
			result =
				actual !== null &&
				String( actual )
					.toLowerCase()
					.includes( String( clause.value ).toLowerCase() );
		} else {
			const a = Number( actual );
			const b = Number( clause.value );
			result = {
				'>': a > b,
				'<': a < b,
				'>=': a >= b,
				'<=': a <= b,
			}[ clause.op ];
		}
		return clause.negate ? ! result : result;
	};
	return parsed.any
		? parsed.clauses.some( test )
		: parsed.clauses.every( test );
}

/**
 * Keep request-only state on a stored object without it showing in answers.
 *
 * @param {Object} object Stored object.
 * @param {string} key    Property.
 * @param {*}      value  Value.
 */
function hide( object, key, value ) {
	Object.defineProperty( object, key, {
		value,
		enumerable: false,
		writable: true,
		configurable: true,
	} );
}

/**
 * The Stripe stand-in. One instance per server; reset() empties it.
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
		/** @type {Object[]} events, oldest first */
		this.events = [];
		this.apiVersion = DEFAULT_API_VERSION;
		this.sequence = 0;
	}

	// ------------------------------------------------------------------
	// Request entry point
	// ------------------------------------------------------------------

	/**
	 * Answer one request.
	 *
	 * @param {Object} ctx Request context from the server.
	 * @return {{status: number, body: *, headers: Object}} Answer.
	 */
	handle( ctx ) {
		const requestId = `req_${ randomString( 14 ) }`;
		const baseHeaders = {
			'Request-Id': requestId,
			'Stripe-Version':
				ctx.headers[ 'stripe-version' ] || this.apiVersion,
		};
		if ( ctx.headers[ 'stripe-version' ] ) {
			this.apiVersion = ctx.headers[ 'stripe-version' ];
		}
		try {
			const route = this.findRoute( ctx.method, ctx.path );
			const auth = this.authenticate( ctx.headers, route );
			// Stripe's libraries send a DELETE's parameters in the query string (as for GET).
			let params = ctx.method === 'GET' ? ctx.query : ctx.body;
			if ( ctx.method === 'DELETE' ) {
				params = { ...( ctx.query || {} ), ...( ctx.body || {} ) };
			}
			const req = { ctx, auth, params: params || {} };

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
		}
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
		const header = String( headers.authorization || '' ).trim();
		let key = '';
		if ( /^bearer\s+/i.test( header ) ) {
			key = header.replace( /^bearer\s+/i, '' ).trim();
		} else if ( /^basic\s+/i.test( header ) ) {
			const decoded = Buffer.from(
				header.replace( /^basic\s+/i, '' ),
				'base64'
			).toString( 'utf8' );
			key = decoded.split( ':' )[ 0 ];
		}
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
					? `${ key.slice( 0, 8 ) }${ '*'.repeat(
							key.length - 12
						) }${ key.slice( -4 ) }`
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

	buildRoutes() {
		const PK = { publishable: true };
		const ID = '([^/]+)';
		const r = ( method, path, handler, options ) => [
			method,
			new RegExp( `^${ path.replace( /:id/g, ID ) }$` ),
			handler,
			options,
		];
		return [
			r( 'POST', '/v1/payment_methods', this.createPaymentMethod, PK ),
			r( 'GET', '/v1/payment_methods', this.listPaymentMethods ),
			r( 'GET', '/v1/payment_methods/:id', this.retrievePaymentMethod ),
			r( 'POST', '/v1/payment_methods/:id', this.updatePaymentMethod ),
			r(
				'POST',
				'/v1/payment_methods/:id/attach',
				this.attachPaymentMethod
			),
			r(
				'POST',
				'/v1/payment_methods/:id/detach',
				this.detachPaymentMethod
			),
			r( 'POST', '/v1/tokens', this.createToken, PK ),
			r( 'GET', '/v1/tokens/:id', this.retrieveToken ),

			r( 'POST', '/v1/customers', this.createCustomer ),
			r( 'GET', '/v1/customers', this.listCustomers ),
			r( 'GET', '/v1/customers/search', this.searchOf( 'customer' ) ),
			r( 'GET', '/v1/customers/:id', this.retrieveOf( 'customer' ) ),
			r( 'POST', '/v1/customers/:id', this.updateCustomer ),
			r( 'DELETE', '/v1/customers/:id', this.deleteCustomer ),
			r(
				'GET',
				'/v1/customers/:id/payment_methods',
				this.listCustomerPaymentMethods
			),
			r( 'POST', '/v1/customers/:id/sources', this.createCustomerSource ),

			r( 'POST', '/v1/products', this.createProduct ),
			r( 'GET', '/v1/products', this.listProducts ),
			r( 'GET', '/v1/products/search', this.searchOf( 'product' ) ),
			r( 'GET', '/v1/products/:id', this.retrieveOf( 'product' ) ),
			r( 'POST', '/v1/products/:id', this.updateProduct ),

			r( 'POST', '/v1/prices', this.createPrice ),
			r( 'GET', '/v1/prices', this.listPrices ),
			r( 'GET', '/v1/prices/search', this.searchOf( 'price' ) ),
			r( 'GET', '/v1/prices/:id', this.retrieveOf( 'price' ) ),
			r( 'POST', '/v1/prices/:id', this.updatePrice ),

			r( 'POST', '/v1/payment_intents', this.createPaymentIntent ),
			r( 'GET', '/v1/payment_intents', this.listPaymentIntents ),
			r(
				'GET',
				'/v1/payment_intents/search',
				this.searchOf( 'payment_intent' )
			),
			r(
				'GET',
				'/v1/payment_intents/:id',
				this.retrievePaymentIntent,
				PK
			),
			r( 'POST', '/v1/payment_intents/:id', this.updatePaymentIntent ),
			r(
				'POST',
				'/v1/payment_intents/:id/confirm',
				this.confirmPaymentIntent,
				PK
			),
			r(
				'POST',
				'/v1/payment_intents/:id/cancel',
				this.cancelPaymentIntent
			),

			r( 'POST', '/v1/setup_intents', this.createSetupIntent ),
			r( 'GET', '/v1/setup_intents/:id', this.retrieveSetupIntent, PK ),
			r(
				'POST',
				'/v1/setup_intents/:id/confirm',
				this.confirmSetupIntent,
				PK
			),
			r( 'POST', '/v1/setup_intents/:id/cancel', this.cancelSetupIntent ),

			r( 'POST', '/v1/subscriptions', this.createSubscription ),
			r( 'GET', '/v1/subscriptions', this.listSubscriptions ),
			r(
				'GET',
				'/v1/subscriptions/search',
				this.searchOf( 'subscription' )
			),
			r(
				'GET',
				'/v1/subscriptions/:id',
				this.retrieveOf( 'subscription' )
			),
			r( 'POST', '/v1/subscriptions/:id', this.updateSubscription ),
			r( 'DELETE', '/v1/subscriptions/:id', this.cancelSubscription ),

			r( 'GET', '/v1/invoices', this.listInvoices ),
			r( 'GET', '/v1/invoices/search', this.searchOf( 'invoice' ) ),
			r( 'GET', '/v1/invoices/:id', this.retrieveOf( 'invoice' ) ),
			r( 'POST', '/v1/invoices/:id/pay', this.payInvoice ),
			r( 'POST', '/v1/invoices/:id/void', this.voidInvoice ),

			r( 'POST', '/v1/charges', this.createCharge ),
			r( 'GET', '/v1/charges', this.listCharges ),
			r( 'GET', '/v1/charges/search', this.searchOf( 'charge' ) ),
			r( 'GET', '/v1/charges/:id', this.retrieveOf( 'charge' ) ),

			r( 'POST', '/v1/refunds', this.createRefund ),
			r( 'GET', '/v1/refunds', this.listRefunds ),
			r( 'GET', '/v1/refunds/:id', this.retrieveOf( 'refund' ) ),

			r( 'GET', '/v1/mandates/:id', this.retrieveOf( 'mandate' ) ),
			r( 'GET', '/v1/disputes/:id', this.retrieveOf( 'dispute' ) ),

			r( 'GET', '/v1/balance', this.retrieveBalance ),

			r(
				'POST',
				'/v1/payment_method_domains',
				this.createPaymentMethodDomain
			),
			r(
				'GET',
				'/v1/payment_method_domains',
				this.listPaymentMethodDomains
			),
			r(
				'GET',
				'/v1/payment_method_domains/:id',
				this.retrieveOf( 'payment_method_domain' )
			),
			r(
				'POST',
				'/v1/payment_method_domains/:id/validate',
				this.validatePaymentMethodDomain
			),
			r( 'GET', '/v1/events', this.listEvents ),
			r( 'GET', '/v1/events/:id', this.retrieveOf( 'event' ) ),
		];
	}

	// ------------------------------------------------------------------
	// Storage, rendering, parameters
	// ------------------------------------------------------------------

	save( object ) {
		if ( ! object.__seq ) {
			Object.defineProperty( object, '__seq', {
				value: ++this.sequence,
				enumerable: false,
				writable: true,
			} );
		}
		this.objects.set( object.id, object );
		return object;
	}

	find( id, type ) {
		const object = this.objects.get( String( id ) );
		if ( ! object || ( type && object.object !== type ) ) {
			return null;
		}
		return object;
	}

	/**
	 * Find or throw Stripe's resource_missing error.
	 *
	 * @param {string}      id    Object id.
	 * @param {string}      type  Object type.
	 * @param {string|null} param Request parameter naming it (400), or null for a URL id (404).
	 * @return {Object} Stored object.
	 */
	mustFind( id, type, param = null ) {
		const object = this.find( id, type );
		if ( object ) {
			return object;
		}
		const name = MISSING_NAMES[ type ] || type;
		return invalid( `No such ${ name }: '${ id }'`, {
			status: param ? 400 : 404,
			code: 'resource_missing',
			param: param || ( type === 'payment_intent' ? 'intent' : 'id' ),
		} );
	}

	/**
	 * Copy an object for an answer and expand the asked paths.
	 *
	 * @param {Object}   object Stored object.
	 * @param {string[]} expand Paths such as "latest_invoice.payment_intent".
	 * @return {Object} Answer object.
	 */
	render( object, expand = [] ) {
		if ( ! object ) {
			return object;
		}
		const copy = clone( object );
		for ( const path of expandList( expand ) ) {
			this.expandPath( copy, path.split( '.' ), path );
		}
		return copy;
	}

	expandPath( target, segments, fullPath ) {
		if ( ! target || typeof target !== 'object' || ! segments.length ) {
			return;
		}
		const [ segment, ...rest ] = segments;
		if ( Array.isArray( target ) ) {
			target.forEach( ( item ) =>
				this.expandPath( item, segments, fullPath )
			);
			return;
		}
		if ( ! ( segment in target ) ) {
			invalid( `This property cannot be expanded (${ fullPath }).`, {
				param: 'expand',
			} );
		}
		let value = target[ segment ];
		if ( typeof value === 'string' && this.objects.has( value ) ) {
			value = clone( this.objects.get( value ) );
			target[ segment ] = value;
		} else if (
			typeof value === 'string' &&
			rest.length === 0 &&
			! TYPE_BY_PREFIX[ value.split( '_' )[ 0 ] ]
		) {
			invalid( `This property cannot be expanded (${ fullPath }).`, {
				param: 'expand',
			} );
		}
		if ( rest.length ) {
			if ( Array.isArray( value ) ) {
				value.forEach( ( item ) =>
					this.expandPath( item, rest, fullPath )
				);
			} else {
				this.expandPath( value, rest, fullPath );
			}
		}
	}

	/**
	 * A list object with Stripe's pagination parameters.
	 *
	 * @param {string}   type   Object type.
	 * @param {Function} filter Predicate.
	 * @param {Object}   params Request parameters.
	 * @param {string}   url    List URL.
	 * @return {Object} List object.
	 */
	list( type, filter, params, url ) {
		const limit = this.limitParam( params.limit );
		let items = [ ...this.objects.values() ]
			.filter( ( object ) => object.object === type && filter( object ) )
			.sort( ( a, b ) => b.created - a.created || b.__seq - a.__seq );
		if ( params.starting_after ) {
			const index = items.findIndex(
				( item ) => item.id === params.starting_after
			);
			items = index === -1 ? [] : items.slice( index + 1 );
		} else if ( params.ending_before ) {
			const index = items.findIndex(
				( item ) => item.id === params.ending_before
			);
			items = index === -1 ? [] : items.slice( 0, index );
			items = items.slice( Math.max( 0, items.length - limit ) );
		}
		const page = items.slice( 0, limit );
		const expand = expandList( params.expand ).map( ( path ) =>
			path.replace( /^data\./, '' )
		);
		return {
			object: 'list',
			data: page.map( ( item ) => this.render( item, expand ) ),
			has_more: items.length > limit,
			url,
		};
	}

	searchOf( type ) {
		return ( req ) => {
			const params = req.params;
			if ( ! params.query ) {
				missingParam( 'query' );
			}
			const parsed = parseSearchQuery( params.query );
			const limit = this.limitParam( params.limit );
			const items = [ ...this.objects.values() ]
				.filter(
					( object ) =>
						object.object === type && matchesQuery( object, parsed )
				)
				.sort( ( a, b ) => b.created - a.created || b.__seq - a.__seq );
			const expand = expandList( params.expand ).map( ( path ) =>
				path.replace( /^data\./, '' )
			);
			return {
				object: 'search_result',
				data: items
					.slice( 0, limit )
					.map( ( item ) => this.render( item, expand ) ),
				has_more: items.length > limit,
				next_page: null,
				total_count: items.length,
				url: `/v1/${ type }s/search`,
			};
		};
	}

	retrieveOf( type ) {
		return ( req, id ) =>
			this.render( this.mustFind( id, type ), req.params.expand );
	}

	limitParam( value ) {
		if ( value === undefined || value === '' ) {
			return 10;
		}
		const limit = Number( value );
		if ( ! Number.isInteger( limit ) ) {
			invalid( `Invalid integer: ${ value }`, { param: 'limit' } );
		}
		if ( limit < 1 || limit > 100 ) {
			invalid(
				'This value must be greater than or equal to 1 and less than or equal to 100.',
				{ param: 'limit' }
			);
		}
		return limit;
	}

	intParam( value, param, { required = false, min = null } = {} ) {
		if ( value === undefined || value === '' ) {
			if ( required ) {
				missingParam( param );
			}
			return null;
		}
		if ( ! /^-?\d+$/.test( String( value ) ) ) {
			invalid( `Invalid integer: ${ value }`, { param } );
		}
		const number = Number( value );
		if ( min !== null && number < min ) {
			invalid( `This value must be greater than or equal to ${ min }.`, {
				param,
			} );
		}
		return number;
	}

	currencyParam( value, param = 'currency', required = true ) {
		if ( ! value ) {
			if ( required ) {
				missingParam( param );
			}
			return null;
		}
		const currency = String( value ).toLowerCase();
		if ( ! CURRENCIES.has( currency ) ) {
			invalid(
				`Invalid currency: ${ currency }. Stripe currently supports these currencies: ${ [
					...CURRENCIES,
				].join( ', ' ) }`,
				{ param }
			);
		}
		return currency;
	}

	minimumAmount( amount, currency, param = 'amount' ) {
		const minimum = 50;
		if ( amount < minimum ) {
			const shown = ZERO_DECIMAL.has( currency )
				? `${ minimum }`
				: `$${ ( minimum / 100 ).toFixed( 2 ) }`;
			invalid( `Amount must be at least ${ shown } ${ currency }`, {
				param,
				code: 'amount_too_small',
			} );
		}
	}

	metadataParam( value, previous = {} ) {
		if ( value === undefined ) {
			return { ...previous };
		}
		if ( value === '' ) {
			return {};
		}
		if ( typeof value !== 'object' || Array.isArray( value ) ) {
			invalid( 'Invalid object', { param: 'metadata' } );
		}
		const result = { ...previous };
		for ( const [ key, item ] of Object.entries( value ) ) {
			if ( key.length > 40 ) {
				invalid(
					`Metadata keys can have up to 40 characters. Key '${ key }' is too long.`,
					{ param: `metadata[${ key }]` }
				);
			}
			if ( item === '' ) {
				delete result[ key ];
			} else {
				const text = String( item );
				if ( text.length > 500 ) {
					invalid(
						`Metadata values can have up to 500 characters, but you passed in a value that is ${ text.length } characters. Invalid value: ${ text }`,
						{ param: `metadata[${ key }]` }
					);
				}
				result[ key ] = text;
			}
		}
		if ( Object.keys( result ).length > 50 ) {
			invalid( 'You can have at most 50 metadata keys.', {
				param: 'metadata',
			} );
		}
		return result;
	}

	addressParam( value ) {
		if ( ! value || typeof value !== 'object' ) {
			return null;
		}
		return {
			city: value.city || null,
			country: value.country || null,
			line1: value.line1 || null,
			line2: value.line2 || null,
			postal_code: value.postal_code || null,
			state: value.state || null,
		};
	}

	billingDetailsParam( value = {} ) {
		return {
			address: this.addressParam( value.address ) || {
				city: null,
				country: null,
				line1: null,
				line2: null,
				postal_code: null,
				state: null,
			},
			email: value.email || null,
			name: value.name || null,
			phone: value.phone || null,
		};
	}

	/**
	 * Keep only what a publishable key may see.
	 *
	 * @param {Object}  object Rendered intent.
	 * @param {boolean} pk     Whether the request used a publishable key.
	 * @return {Object} Filtered object.
	 */
	publicView( object, pk ) {
		if ( ! pk ) {
			return object;
		}
		const fields =
			object.object === 'setup_intent'
				? PUBLIC_SI_FIELDS
				: PUBLIC_PI_FIELDS;
		const view = {};
		for ( const field of fields ) {
			if ( field in object ) {
				view[ field ] = object[ field ];
			}
		}
		return view;
	}

	checkClientSecret( intent, params, pk ) {
		if ( ! pk ) {
			return;
		}
		if ( ! params.client_secret ) {
			missingParam( 'client_secret' );
		}
		if ( params.client_secret !== intent.client_secret ) {
			const noun =
				intent.object === 'setup_intent'
					? 'SetupIntent'
					: 'PaymentIntent';
			invalid(
				`The client_secret provided does not match the client_secret associated with the ${ noun }.`,
				{
					param: 'client_secret',
					code:
						intent.object === 'setup_intent'
							? 'setup_intent_invalid_parameter'
							: 'payment_intent_invalid_parameter',
				}
			);
		}
	}

	// ------------------------------------------------------------------
	// Events
	// ------------------------------------------------------------------

	emit( type, object, previousAttributes = null ) {
		const event = {
			id: stripeId( 'evt' ),
			object: 'event',
			api_version: this.apiVersion,
			created: unixNow(),
			data: { object: clone( object ) },
			livemode: !! object.livemode,
			pending_webhooks: 1,
			request: { id: null, idempotency_key: null },
			type,
		};
		if ( previousAttributes ) {
			event.data.previous_attributes = clone( previousAttributes );
		}
		this.save( event );
		this.events.push( event );
		return event;
	}

	listEvents( req ) {
		const params = req.params;
		const types = expandList( params.types );
		return this.list(
			'event',
			( event ) =>
				( ! params.type ||
					event.type === params.type ||
					( params.type.endsWith( '*' ) &&
						event.type.startsWith(
							params.type.slice( 0, -1 )
						) ) ) &&
				( ! types.length || types.includes( event.type ) ),
			params,
			'/v1/events'
		);
	}

	// ------------------------------------------------------------------
	// Cards, PaymentMethods, tokens
	// ------------------------------------------------------------------

	/**
	 * Validate raw card parameters and return card info.
	 *
	 * @param {Object} card  card[...] parameters.
	 * @param {string} param Parameter prefix for messages.
	 * @return {Object} Card info with exp_month, exp_year.
	 */
	cardFromParams( card, param = 'card' ) {
		if ( ! card || typeof card !== 'object' ) {
			missingParam( param );
		}
		const number = String( card.number || '' ).replace( /[\s-]/g, '' );
		if ( ! number ) {
			missingParam( `${ param }[number]` );
		}
		const cardError = ( code, message, errorParam ) => {
			throw new HttpAnswer( 402, {
				error: {
					code,
					doc_url: docUrl( code ),
					message,
					param: errorParam,
					request_log_url: requestLogUrl(),
					type: 'card_error',
				},
			} );
		};
		if ( ! /^\d{12,19}$/.test( number ) || ! luhn( number ) ) {
			cardError(
				'incorrect_number',
				'Your card number is incorrect.',
				'number'
			);
		}
		if ( card.exp_month === undefined || card.exp_month === '' ) {
			missingParam( `${ param }[exp_month]` );
		}
		if ( card.exp_year === undefined || card.exp_year === '' ) {
			missingParam( `${ param }[exp_year]` );
		}
		const month = Number( card.exp_month );
		let year = Number( card.exp_year );
		if ( year < 100 ) {
			year += 2000;
		}
		if ( ! Number.isInteger( month ) || month < 1 || month > 12 ) {
			cardError(
				'invalid_expiry_month',
				"Your card's expiration month is invalid.",
				'exp_month'
			);
		}
		const now = new Date();
		if ( ! Number.isInteger( year ) || year < now.getUTCFullYear() ) {
			cardError(
				'invalid_expiry_year',
				"Your card's expiration year is invalid.",
				'exp_year'
			);
		}
		if ( year === now.getUTCFullYear() && month < now.getUTCMonth() + 1 ) {
			cardError(
				'invalid_expiry_month',
				"Your card's expiration month is invalid.",
				'exp_month'
			);
		}
		if ( card.cvc !== undefined && card.cvc !== '' ) {
			if ( ! /^\d{3,4}$/.test( String( card.cvc ) ) ) {
				cardError(
					'invalid_cvc',
					"Your card's security code is invalid.",
					'cvc'
				);
			}
		}
		return {
			...cardInfo( number ),
			exp_month: month,
			exp_year: year,
			cvc_given: card.cvc !== undefined && card.cvc !== '',
		};
	}

	namedCard( name ) {
		const number = NAMED_CARDS[ name ];
		if ( ! number ) {
			return null;
		}
		return {
			...cardInfo( number ),
			exp_month: 12,
			exp_year: new Date().getUTCFullYear() + 3,
			cvc_given: true,
		};
	}

	paymentMethodCard( info, wallet = null ) {
		return {
			brand: info.brand,
			checks: {
				address_line1_check: null,
				address_postal_code_check: null,
				cvc_check: info.cvc_given ? 'pass' : null,
			},
			country: info.country,
			display_brand:
				info.brand === 'amex' ? 'american_express' : info.brand,
			exp_month: info.exp_month,
			exp_year: info.exp_year,
			fingerprint: `fp${ info.number.slice( -4 ) }${ info.brand }`.slice(
				0,
				16
			),
			funding: info.funding,
			generated_from: null,
			last4: info.last4,
			networks: { available: [ info.brand ], preferred: null },
			three_d_secure_usage: { supported: true },
			wallet,
		};
	}

	newPaymentMethod( info, { billingDetails, metadata, wallet, livemode } ) {
		const pm = {
			id: stripeId( 'pm' ),
			object: 'payment_method',
			allow_redisplay: 'unspecified',
			billing_details: billingDetails || this.billingDetailsParam(),
			card: this.paymentMethodCard( info, wallet ),
			created: unixNow(),
			customer: null,
			livemode: !! livemode,
			metadata: metadata || {},
			type: 'card',
		};
		this.cards.set( pm.id, { ...info, setupDone: false, consumed: false } );
		return this.save( pm );
	}

	/**
	 * Turn a payment_method parameter into a stored instrument. Stripe's test
	 * ids (pm_card_visa, ...) create a fresh PaymentMethod each time, as Stripe does.
	 *
	 * @param {string} id    pm_..., pm_card_NAME or card_...
	 * @param {string} param Parameter name for errors.
	 * @param {Object} auth  Request auth.
	 * @return {Object} PaymentMethod or Card object.
	 */
	resolvePaymentMethod( id, param = 'payment_method', auth = {} ) {
		const text = String( id );
		if ( text.startsWith( 'pm_card_' ) && ! this.objects.has( text ) ) {
			const info = this.namedCard( text.slice( 'pm_card_'.length ) );
			if ( info ) {
				return this.newPaymentMethod( info, {
					livemode: auth.livemode,
				} );
			}
		}
		const object = this.objects.get( text );
		if (
			object &&
			( object.object === 'payment_method' || object.object === 'card' )
		) {
			return object;
		}
		return invalid( `No such PaymentMethod: '${ text }'`, {
			param,
			code: 'resource_missing',
		} );
	}

	/**
	 * A token by id (tok_visa and friends are created on the fly). Marks it used.
	 *
	 * @param {string} id    Token id.
	 * @param {string} param Parameter name.
	 * @return {Object} Token.
	 */
	useToken( id, param ) {
		const text = String( id );
		let token = this.find( text, 'token' );
		if ( ! token && text.startsWith( 'tok_' ) ) {
			const info = this.namedCard( text.slice( 4 ) );
			if ( info ) {
				token = this.newToken( info, {}, false );
			}
		}
		if ( ! token ) {
			invalid( `No such token: '${ text }'`, {
				param,
				code: 'resource_missing',
			} );
		}
		if ( token.used ) {
			invalid(
				`You cannot use a Stripe token more than once: ${ token.id }.`,
				{ param, code: 'token_already_used' }
			);
		}
		token.used = true;
		return token;
	}

	newToken( info, card = {}, livemode = false ) {
		const cardId = stripeId( 'card' );
		const token = {
			id: stripeId( 'tok' ),
			object: 'token',
			card: {
				id: cardId,
				object: 'card',
				address_city: card.address_city || null,
				address_country: card.address_country || null,
				address_line1: card.address_line1 || null,
				address_line1_check: card.address_line1 ? 'unchecked' : null,
				address_line2: card.address_line2 || null,
				address_state: card.address_state || null,
				address_zip: card.address_zip || null,
				address_zip_check: card.address_zip ? 'unchecked' : null,
				brand: LEGACY_BRANDS[ info.brand ] || 'Unknown',
				country: info.country,
				cvc_check: info.cvc_given ? 'unchecked' : null,
				dynamic_last4: null,
				exp_month: info.exp_month,
				exp_year: info.exp_year,
				fingerprint:
					`fp${ info.number.slice( -4 ) }${ info.brand }`.slice(
						0,
						16
					),
				funding: info.funding,
				last4: info.last4,
				metadata: {},
				name: card.name || null,
				tokenization_method: null,
				wallet: null,
			},
			client_ip: '127.0.0.1',
			created: unixNow(),
			livemode: !! livemode,
			type: 'card',
			used: false,
		};
		this.cards.set( token.id, { ...info, setupDone: false } );
		return this.save( token );
	}

	createToken( req ) {
		const p = req.params;
		if ( ! p.card ) {
			invalid(
				'You must supply either a card, customer, PII data, bank account, or account legal entity to create a token.'
			);
		}
		this.forcedCardDecline( req );
		const info = this.cardFromParams( p.card );
		return this.render( this.newToken( info, p.card, req.auth.livemode ) );
	}

	retrieveToken( req, id ) {
		return this.render( this.mustFind( id, 'token' ) );
	}

	/**
	 * A card_declined queued for the exact path of a tokenising call.
	 *
	 * @param {Object} req Request.
	 */
	forcedCardDecline( req ) {
		const forced = req.ctx.take( [ 'card_declined' ], {
			requirePath: true,
		} );
		if ( forced ) {
			const decline =
				DECLINES[ forced.decline_code ] || DECLINES.generic_decline;
			throw new HttpAnswer( 402, {
				error: {
					...decline,
					doc_url: docUrl( decline.code ),
					request_log_url: requestLogUrl(),
					type: 'card_error',
				},
			} );
		}
	}

	createPaymentMethod( req ) {
		const p = req.params;
		if ( ! p.type ) {
			missingParam( 'type' );
		}
		if ( p.type === 'au_becs_debit' ) {
			return this.render(
				this.becsPaymentMethod( p, '', req.auth.livemode )
			);
		}
		if ( p.type !== 'card' ) {
			invalid(
				`The payment method type "${ p.type }" is invalid. This stand-in only supports "card" and "au_becs_debit".`,
				{ param: 'type' }
			);
		}
		this.forcedCardDecline( req );
		let info;
		let billingDetails = this.billingDetailsParam( p.billing_details );
		if ( p.card && p.card.token ) {
			const token = this.useToken( p.card.token, 'card[token]' );
			info = { ...this.cards.get( token.id ) };
			const tc = token.card;
			if ( ! p.billing_details ) {
				billingDetails = this.billingDetailsParam( {
					name: tc.name,
					address: {
						line1: tc.address_line1,
						line2: tc.address_line2,
						city: tc.address_city,
						state: tc.address_state,
						postal_code: tc.address_zip,
						country: tc.address_country,
					},
				} );
			}
		} else {
			info = this.cardFromParams( p.card );
		}
		let wallet = null;
		const walletType = p.stand_in_wallet;
		if ( walletType === 'google_pay' || walletType === 'apple_pay' ) {
			wallet = {
				dynamic_last4: walletType === 'apple_pay' ? info.last4 : null,
				[ walletType ]: {},
				type: walletType,
			};
		}
		const pm = this.newPaymentMethod( info, {
			billingDetails,
			metadata: this.metadataParam( p.metadata ),
			wallet,
			livemode: req.auth.livemode,
		} );
		return this.render( pm );
	}

	// ------------------------------------------------------------------
	// BECS Direct Debit (au_becs_debit)
	// ------------------------------------------------------------------

	/**
	 * Create an au_becs_debit PaymentMethod from type/au_becs_debit/billing_details
	 * parameters (of the request, or of payment_method_data).
	 *
	 * @param {Object}  p        Parameters.
	 * @param {string}  prefix   '' or 'payment_method_data' (for param names).
	 * @param {boolean} livemode Live key.
	 * @return {Object} PaymentMethod.
	 */
	becsPaymentMethod( p, prefix, livemode ) {
		const name = ( param ) =>
			prefix
				? `${ prefix }[${ param.replace( /^(\w+)/, '$1]' ) }`
				: param;
		const data = p.au_becs_debit;
		if ( ! data || typeof data !== 'object' ) {
			missingParam( name( 'au_becs_debit' ) );
		}
		const raw = ( value ) => String( value ?? '' ).trim();
		if ( ! raw( data.bsb_number ) ) {
			missingParam( name( 'au_becs_debit[bsb_number]' ) );
		}
		if ( ! raw( data.account_number ) ) {
			missingParam( name( 'au_becs_debit[account_number]' ) );
		}
		const bsb = raw( data.bsb_number ).replace( /[\s-]/g, '' );
		const account = raw( data.account_number ).replace( /[\s-]/g, '' );
		if ( ! /^\d{6}$/.test( bsb ) ) {
			invalid(
				`Invalid BSB number: '${ raw(
					data.bsb_number
				) }'. A BSB number must be 6 digits.`,
				{
					param: name( 'au_becs_debit[bsb_number]' ),
					code: 'routing_number_invalid',
				}
			);
		}
		if ( ! /^\d{5,9}$/.test( account ) ) {
			invalid(
				`Invalid account number: '${ raw(
					data.account_number
				) }'. An account number must be 5 to 9 digits.`,
				{
					param: name( 'au_becs_debit[account_number]' ),
					code: 'account_number_invalid',
				}
			);
		}
		const billing = p.billing_details || {};
		if ( ! raw( billing.name ) ) {
			missingParam( name( 'billing_details[name]' ) );
		}
		if ( ! raw( billing.email ) ) {
			missingParam( name( 'billing_details[email]' ) );
		}
		if ( ! /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test( raw( billing.email ) ) ) {
			invalid( `Invalid email address: ${ raw( billing.email ) }`, {
				param: name( 'billing_details[email]' ),
				code: 'email_invalid',
			} );
		}
		const pm = {
			id: stripeId( 'pm' ),
			object: 'payment_method',
			allow_redisplay: 'unspecified',
			au_becs_debit: {
				bsb_number: bsb,
				fingerprint: `becs${ bsb }${ account }`.slice( -16 ),
				last4: account.slice( -4 ),
			},
			billing_details: this.billingDetailsParam( billing ),
			created: unixNow(),
			customer: null,
			livemode: !! livemode,
			metadata: this.metadataParam( p.metadata ),
			type: 'au_becs_debit',
		};
		this.cards.set( pm.id, {
			behaviour: 'becs',
			becs: becsBehaviour( bsb, account ),
			mandate: null,
			setupDone: false,
			consumed: false,
		} );
		return this.save( pm );
	}

	/**
	 * payment_method_options for the given payment_method_types.
	 *
	 * @param {string[]} types Types.
	 * @param {boolean}  setup SetupIntent (no installments).
	 * @return {Object} Options.
	 */
	methodOptions( types, setup = false ) {
		const options = {};
		if ( types.includes( 'card' ) ) {
			options.card = {
				...( setup ? {} : { installments: null } ),
				mandate_options: null,
				network: null,
				request_three_d_secure: 'automatic',
			};
		}
		if ( types.includes( 'au_becs_debit' ) ) {
			options.au_becs_debit = {};
		}
		return options;
	}

	isBecs( instrument ) {
		return !! instrument && instrument.type === 'au_becs_debit';
	}

	/**
	 * Check that an intent may take this payment method (types and currency).
	 *
	 * @param {Object}      instrument PaymentMethod.
	 * @param {string[]}    types      payment_method_types of the intent.
	 * @param {string|null} currency   Currency (PaymentIntents).
	 * @param {string}      noun       PaymentIntent | SetupIntent.
	 */
	checkMethodType( instrument, types, currency, noun ) {
		const type = instrument.type || 'card';
		if ( ! types.includes( type ) ) {
			invalid(
				`The PaymentMethod provided (${ type }) is not allowed for this ${ noun }. Please attach a PaymentMethod of one of the following types: ${ types.join(
					', '
				) }. Alternatively update the allowed payment_method_types for this ${ noun } to include "${ type }".`,
				{
					param: 'payment_method',
					code:
						noun === 'SetupIntent'
							? 'setup_intent_invalid_parameter'
							: 'payment_intent_incompatible_payment_method',
				}
			);
		}
		if ( type === 'au_becs_debit' && currency && currency !== 'aud' ) {
			invalid(
				`The currency provided (${ currency }) is invalid. Payments with au_becs_debit support the following currencies: aud.`,
				{ param: 'currency', code: 'payment_intent_invalid_parameter' }
			);
		}
	}

	/**
	 * Read mandate_data / mandate for confirming an intent with a BECS method.
	 * Throws Stripe's error when there is neither and no usable mandate.
	 *
	 * @param {Object}      p          Request parameters.
	 * @param {Object}      instrument PaymentMethod.
	 * @param {string|null} customer   Intent's customer.
	 * @param {string}      noun       PaymentIntent | SetupIntent.
	 * @param {Object}      req        Request (auth and headers).
	 * @return {Object} Plan: {acceptance} or {existing}.
	 */
	becsMandatePlan( p, instrument, customer, noun, req ) {
		const base = 'mandate_data[customer_acceptance]';
		if ( p.mandate_data !== undefined && p.mandate_data !== '' ) {
			const acceptance =
				( p.mandate_data && p.mandate_data.customer_acceptance ) ||
				null;
			if ( ! acceptance || typeof acceptance !== 'object' ) {
				missingParam( base );
			}
			if ( ! acceptance.type ) {
				missingParam( `${ base }[type]` );
			}
			if ( ! [ 'online', 'offline' ].includes( acceptance.type ) ) {
				invalid(
					`Invalid ${ base }[type]: must be one of online or offline`,
					{ param: `${ base }[type]` }
				);
			}
			if (
				acceptance.type === 'online' &&
				acceptance.online &&
				isTrue( acceptance.online.infer_from_client ) &&
				req.auth.publishable
			) {
				// What Stripe.js sends: Stripe takes the address and agent of the browser.
				acceptance.online = {
					ip_address: '127.0.0.1',
					user_agent:
						req.ctx.headers[ 'user-agent' ] || 'Mozilla/5.0',
				};
			}
			if ( acceptance.type === 'online' ) {
				const online = acceptance.online || {};
				if ( ! online.ip_address ) {
					missingParam( `${ base }[online][ip_address]` );
				}
				if ( ! online.user_agent ) {
					missingParam( `${ base }[online][user_agent]` );
				}
			}
			return {
				acceptance: {
					accepted_at: acceptance.accepted_at
						? Number( acceptance.accepted_at )
						: unixNow(),
					...( acceptance.type === 'online'
						? {
								online: {
									ip_address: String(
										acceptance.online.ip_address
									),
									user_agent: String(
										acceptance.online.user_agent
									),
								},
							}
						: { offline: {} } ),
					type: acceptance.type,
				},
			};
		}
		if ( p.mandate ) {
			const mandate = this.mustFind( p.mandate, 'mandate', 'mandate' );
			this.checkMandateActive( mandate, noun );
			return { existing: mandate.id };
		}
		const state = this.cards.get( instrument.id ) || {};
		const existing = state.mandate
			? this.find( state.mandate, 'mandate' )
			: null;
		if (
			existing &&
			existing.type === 'multi_use' &&
			instrument.customer &&
			instrument.customer === customer
		) {
			this.checkMandateActive( existing, noun );
			return { existing: existing.id };
		}
		return invalid(
			`This ${ noun } requires a mandate, but no existing mandate was found. Collect mandate acceptance from the customer and try again, providing acceptance data in the mandate_data parameter.`,
			{ param: 'mandate_data' }
		);
	}

	checkMandateActive( mandate, noun ) {
		if ( mandate.status !== 'active' ) {
			invalid(
				`The mandate ${ mandate.id } is ${ mandate.status } and cannot be used for this ${ noun }. Collect a new mandate from the customer and provide it with mandate_data.`,
				{
					param: 'mandate',
					code:
						noun === 'SetupIntent'
							? 'setup_intent_mandate_invalid'
							: 'payment_intent_mandate_invalid',
				}
			);
		}
	}

	/**
	 * Carry out a mandate plan: create the Mandate, or reuse the existing one.
	 *
	 * @param {Object}  plan       From becsMandatePlan (or null).
	 * @param {Object}  instrument PaymentMethod.
	 * @param {boolean} multiUse   Reusable (setup, setup_future_usage, invoices).
	 * @param {boolean} livemode   Live.
	 * @return {string|null} Mandate id.
	 */
	applyMandatePlan( plan, instrument, multiUse, livemode ) {
		if ( plan && plan.existing ) {
			return plan.existing;
		}
		const state = this.cards.get( instrument.id );
		if ( ! plan || ! plan.acceptance ) {
			return state && state.mandate ? state.mandate : null;
		}
		const id = `mandate_${ randomString( 24 ) }`;
		const mandate = {
			id,
			object: 'mandate',
			customer_acceptance: plan.acceptance,
			livemode: !! livemode,
			...( multiUse
				? { multi_use: {} }
				: { single_use: { amount: null, currency: 'aud' } } ),
			payment_method: instrument.id,
			payment_method_details: {
				au_becs_debit: {
					url: `https://stripe.com/au-becs-dd-service-agreement/${ randomString(
						24
					) }`,
				},
				type: 'au_becs_debit',
			},
			status: 'active',
			type: multiUse ? 'multi_use' : 'single_use',
		};
		this.save( mandate );
		if ( state && multiUse ) {
			state.mandate = id;
		}
		return id;
	}

	/**
	 * Confirm a PaymentIntent with a BECS method: a pending charge and
	 * `processing`, or an immediate failure for the limit test accounts.
	 *
	 * @param {Object} pi         PaymentIntent.
	 * @param {Object} instrument PaymentMethod.
	 * @return {{ok: boolean, error?: Object}} Outcome.
	 */
	attemptBecsPayment( pi, instrument ) {
		const state = this.cards.get( instrument.id );
		const behaviour = state.becs;
		const plan = pi.__mandatePlan || null;
		hide( pi, '__mandatePlan', null );
		const multiUse = !! ( pi.setup_future_usage || pi.invoice );
		const mandateId = this.applyMandatePlan(
			plan,
			instrument,
			multiUse,
			pi.livemode
		);
		const mandate = mandateId ? this.find( mandateId, 'mandate' ) : null;
		if ( mandate ) {
			this.checkMandateActive( mandate, 'PaymentIntent' );
		}
		pi.payment_method_options = { au_becs_debit: {} };
		pi.next_action = null;
		const details = {
			au_becs_debit: {
				bsb_number: instrument.au_becs_debit.bsb_number,
				fingerprint: instrument.au_becs_debit.fingerprint,
				last4: instrument.au_becs_debit.last4,
				mandate: mandateId,
			},
			type: 'au_becs_debit',
		};
		if ( behaviour.outcome === 'limit' ) {
			const code = behaviour.code;
			const message = BECS_FAILURE_MESSAGES[ code ];
			pi.status = 'requires_payment_method';
			pi.last_payment_error = {
				code,
				doc_url: docUrl( code ),
				message,
				payment_method: clone( instrument ),
				type: 'invalid_request_error',
			};
			pi.payment_method = null;
			this.emit( 'payment_intent.payment_failed', pi );
			this.afterIntent( pi );
			return {
				ok: false,
				error: {
					error: {
						code,
						doc_url: docUrl( code ),
						message,
						payment_intent: this.render( pi ),
						payment_method: this.render( instrument ),
						request_log_url: requestLogUrl(),
						type: 'invalid_request_error',
					},
				},
			};
		}
		const charge = this.newCharge( {
			amount: pi.amount,
			currency: pi.currency,
			customer: pi.customer,
			instrument,
			paymentIntent: pi.id,
			invoice: pi.invoice,
			description: pi.description,
			metadata: pi.metadata,
			receiptEmail: pi.receipt_email,
			livemode: pi.livemode,
			pending: true,
			paymentMethodDetails: details,
		} );
		const previous = pi.status;
		pi.latest_charge = charge.id;
		pi.status = 'processing';
		pi.last_payment_error = null;
		if ( ! pi.customer ) {
			state.consumed = true;
		}
		if ( pi.setup_future_usage && pi.customer && ! instrument.customer ) {
			instrument.customer = pi.customer;
			this.emit( 'payment_method.attached', instrument );
		}
		this.emit( 'payment_intent.processing', pi, { status: previous } );
		this.afterIntent( pi );
		return { ok: true };
	}

	/**
	 * Set up a BECS method: the mandate is the setup; no bank round trip.
	 *
	 * @param {Object} si         SetupIntent.
	 * @param {Object} instrument PaymentMethod.
	 * @return {{ok: boolean}} Outcome.
	 */
	attemptBecsSetup( si, instrument ) {
		const state = this.cards.get( instrument.id );
		const plan = si.__mandatePlan || null;
		hide( si, '__mandatePlan', null );
		si.latest_attempt = stripeId( 'setatt' );
		si.mandate = this.applyMandatePlan(
			plan,
			instrument,
			true,
			si.livemode
		);
		si.payment_method_options = { au_becs_debit: {} };
		si.next_action = null;
		si.status = 'succeeded';
		si.last_setup_error = null;
		state.setupDone = true;
		if ( si.customer && ! instrument.customer ) {
			instrument.customer = si.customer;
			this.emit( 'payment_method.attached', instrument );
		}
		this.emit( 'setup_intent.succeeded', si );
		return { ok: true };
	}

	/**
	 * POST /__control/stripe/becs/settle: "up to three business days later".
	 * Every processing BECS PaymentIntent (or the one named) reaches the
	 * outcome its test account decides.
	 *
	 * @param {Object} body {payment_intent?}
	 * @return {Object} {settled: [...], events}
	 */
	settleBecs( body = {} ) {
		const firstEvent = this.events.length;
		const processing = ( pi ) =>
			pi.object === 'payment_intent' &&
			pi.status === 'processing' &&
			this.isBecs( this.find( pi.payment_method, 'payment_method' ) );
		let targets;
		if ( body.payment_intent ) {
			const pi = this.find( body.payment_intent, 'payment_intent' );
			if ( ! pi ) {
				throw new HttpAnswer( 404, {
					error: `No such payment_intent: '${ body.payment_intent }'`,
				} );
			}
			if ( ! processing( pi ) ) {
				throw new HttpAnswer( 400, {
					error: `The PaymentIntent ${ pi.id } is not a processing au_becs_debit payment (status ${ pi.status }).`,
				} );
			}
			targets = [ pi ];
		} else {
			targets = [ ...this.objects.values() ].filter( processing );
		}
		const settled = targets.map( ( pi ) => this.settleOne( pi ) );
		return { settled, events: this.events.slice( firstEvent ) };
	}

	settleOne( pi ) {
		const first = this.events.length;
		const instrument = this.find( pi.payment_method, 'payment_method' );
		const state = this.cards.get( instrument.id );
		const behaviour = state.becs;
		const charge = this.find( pi.latest_charge, 'charge' );
		let dispute = null;
		if ( behaviour.outcome === 'fail' ) {
			const code = behaviour.code;
			const message = BECS_FAILURE_MESSAGES[ code ];
			charge.status = 'failed';
			charge.paid = false;
			charge.captured = false;
			charge.amount_captured = 0;
			charge.failure_code = code;
			charge.failure_message = message;
			charge.failure_balance_transaction = stripeId( 'txn' );
			charge.outcome = {
				network_status: 'declined_by_network',
				reason: null,
				risk_level: 'not_assessed',
				seller_message: message,
				type: 'issuer_declined',
			};
			this.emit( 'charge.failed', charge, { status: 'pending' } );
			pi.status = 'requires_payment_method';
			pi.last_payment_error = {
				charge: charge.id,
				code,
				doc_url: docUrl( code ),
				message,
				payment_method: clone( instrument ),
				type: 'invalid_request_error',
			};
			pi.payment_method = null;
			this.emit( 'payment_intent.payment_failed', pi, {
				status: 'processing',
			} );
			const mandateId =
				charge.payment_method_details.au_becs_debit.mandate;
			const mandate = mandateId
				? this.find( mandateId, 'mandate' )
				: null;
			if ( mandate && behaviour.mandate === 'inactive' ) {
				mandate.status = 'inactive';
				this.emit( 'mandate.updated', mandate, { status: 'active' } );
			}
			this.afterIntent( pi );
		} else {
			charge.status = 'succeeded';
			charge.paid = true;
			this.emit( 'charge.succeeded', charge, { status: 'pending' } );
			pi.status = 'succeeded';
			pi.amount_received = pi.amount;
			this.emit( 'payment_intent.succeeded', pi, {
				status: 'processing',
			} );
			this.afterIntent( pi );
			if ( behaviour.outcome === 'dispute' ) {
				dispute = this.newDispute( charge );
			}
		}
		const invoice = pi.invoice ? this.find( pi.invoice, 'invoice' ) : null;
		const sub =
			invoice && invoice.subscription
				? this.find( invoice.subscription, 'subscription' )
				: null;
		return {
			payment_intent: this.render( pi, [ 'latest_charge' ] ),
			account: behaviour.account,
			outcome: behaviour.outcome,
			...( behaviour.code ? { failure_code: behaviour.code } : {} ),
			...( invoice ? { invoice: this.render( invoice ) } : {} ),
			...( sub ? { subscription: this.render( sub ) } : {} ),
			...( dispute ? { dispute: this.render( dispute ) } : {} ),
			events: this.events.slice( first ).map( ( event ) => event.type ),
		};
	}

	newDispute( charge ) {
		const dispute = {
			id: stripeId( 'dp' ),
			object: 'dispute',
			amount: charge.amount,
			balance_transactions: [],
			charge: charge.id,
			created: unixNow(),
			currency: charge.currency,
			evidence: {},
			evidence_details: {
				due_by: null,
				has_evidence: false,
				past_due: false,
				submission_count: 0,
			},
			is_charge_refundable: false,
			livemode: charge.livemode,
			metadata: {},
			payment_intent: charge.payment_intent,
			payment_method_details: { type: 'au_becs_debit' },
			reason: 'debit_not_authorized',
			status: 'lost',
		};
		this.save( dispute );
		charge.disputed = true;
		this.emit( 'charge.dispute.created', dispute );
		return dispute;
	}

	retrievePaymentMethod( req, id ) {
		const pm = this.objects.get( id );
		if ( ! pm || pm.object !== 'payment_method' ) {
			invalid( `No such PaymentMethod: '${ id }'`, {
				status: 404,
				code: 'resource_missing',
				param: 'id',
			} );
		}
		return this.render( pm, req.params.expand );
	}

	updatePaymentMethod( req, id ) {
		const pm = this.find( id, 'payment_method' );
		if ( ! pm ) {
			invalid( `No such PaymentMethod: '${ id }'`, {
				status: 404,
				code: 'resource_missing',
				param: 'id',
			} );
		}
		const p = req.params;
		if ( p.billing_details ) {
			pm.billing_details = {
				...pm.billing_details,
				...this.billingDetailsParam( {
					...pm.billing_details,
					...p.billing_details,
				} ),
			};
		}
		pm.metadata = this.metadataParam( p.metadata, pm.metadata );
		if ( p.card ) {
			if ( p.card.exp_month ) {
				pm.card.exp_month = Number( p.card.exp_month );
			}
			if ( p.card.exp_year ) {
				pm.card.exp_year = Number( p.card.exp_year );
			}
		}
		return this.render( pm, p.expand );
	}

	listPaymentMethods( req ) {
		const p = req.params;
		return this.list(
			'payment_method',
			( pm ) =>
				( ! p.customer || pm.customer === p.customer ) &&
				( ! p.type || pm.type === p.type ),
			p,
			'/v1/payment_methods'
		);
	}

	listCustomerPaymentMethods( req, id ) {
		this.mustFind( id, 'customer' );
		const p = req.params;
		return this.list(
			'payment_method',
			( pm ) => pm.customer === id && ( ! p.type || pm.type === p.type ),
			p,
			`/v1/customers/${ id }/payment_methods`
		);
	}

	/**
	 * Attach a PaymentMethod to a customer (declined cards fail, as on Stripe).
	 *
	 * @param {Object}  pm              PaymentMethod.
	 * @param {Object}  customer        Customer.
	 * @param {Object}  [options]       Options.
	 * @param {boolean} [options.check] Whether declined cards fail to attach.
	 * @return {Object} PaymentMethod.
	 */
	attach( pm, customer, { check = true } = {} ) {
		if ( pm.customer === customer.id ) {
			return pm;
		}
		if ( pm.customer ) {
			invalid(
				'The payment method you provided has already been attached to a customer.',
				{ param: 'payment_method' }
			);
		}
		const state = this.cards.get( pm.id ) || {};
		if ( state.consumed ) {
			invalid(
				'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
				{ param: 'payment_method' }
			);
		}
		if (
			check &&
			state.behaviour &&
			state.behaviour.startsWith( 'decline:' )
		) {
			const reason = state.behaviour.slice( 'decline:'.length );
			if ( reason !== 'insufficient_funds' ) {
				const decline = DECLINES[ reason ];
				throw new HttpAnswer( 402, {
					error: {
						...decline,
						doc_url: docUrl( decline.code ),
						request_log_url: requestLogUrl(),
						type: 'card_error',
					},
				} );
			}
		}
		pm.customer = customer.id;
		this.emit( 'payment_method.attached', pm );
		return pm;
	}

	attachPaymentMethod( req, id ) {
		const p = req.params;
		if ( ! p.customer ) {
			missingParam( 'customer' );
		}
		const customer = this.mustFind( p.customer, 'customer', 'customer' );
		let pm;
		if ( id.startsWith( 'pm_card_' ) && ! this.objects.has( id ) ) {
			pm = this.resolvePaymentMethod( id, 'payment_method', req.auth );
		} else {
			pm = this.find( id, 'payment_method' );
			if ( ! pm ) {
				invalid( `No such PaymentMethod: '${ id }'`, {
					status: 404,
					code: 'resource_missing',
					param: 'payment_method',
				} );
			}
		}
		this.attach( pm, customer );
		return this.render( pm, p.expand );
	}

	detachPaymentMethod( req, id ) {
		const pm = this.find( id, 'payment_method' );
		if ( ! pm ) {
			invalid( `No such PaymentMethod: '${ id }'`, {
				status: 404,
				code: 'resource_missing',
				param: 'payment_method',
			} );
		}
		if ( ! pm.customer ) {
			invalid(
				'The payment method you provided is not attached to a customer so detachment is impossible.',
				{ param: 'payment_method' }
			);
		}
		const customer = this.find( pm.customer, 'customer' );
		if (
			customer &&
			customer.invoice_settings.default_payment_method === pm.id
		) {
			customer.invoice_settings.default_payment_method = null;
		}
		pm.customer = null;
		const state = this.cards.get( pm.id );
		if ( state ) {
			state.consumed = true;
		}
		this.emit( 'payment_method.detached', pm );
		return this.render( pm );
	}

	/**
	 * Card info (number, brand, behaviour) of a PaymentMethod, card or token.
	 *
	 * @param {string} id Instrument id.
	 * @return {Object} Card info.
	 */
	cardState( id ) {
		return (
			this.cards.get( id ) || {
				...cardInfo( '4242424242424242' ),
				setupDone: false,
			}
		);
	}

	/**
	 * Check that a PaymentMethod may be used with this customer (Stripe's rules).
	 *
	 * @param {Object}      pm         PaymentMethod or card.
	 * @param {string|null} customerId Customer id on the intent.
	 */
	checkUsable( pm, customerId ) {
		if ( pm.object === 'card' ) {
			if ( pm.customer && pm.customer !== customerId ) {
				invalid(
					`The source ${ pm.id } does not belong to the customer given.`,
					{ param: 'payment_method' }
				);
			}
			return;
		}
		if ( pm.customer && pm.customer !== customerId ) {
			if ( ! customerId ) {
				invalid(
					'The provided PaymentMethod belongs to a Customer, but you did not provide the Customer ID. Please include the Customer ID in the `customer` parameter.',
					{ param: 'payment_method' }
				);
			}
			invalid(
				`The provided PaymentMethod ${ pm.id } does not belong to the Customer ${ customerId }.`,
				{ param: 'payment_method' }
			);
		}
		const state = this.cards.get( pm.id );
		if ( ! pm.customer && state && state.consumed ) {
			invalid(
				'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again. To use a PaymentMethod multiple times, you must attach it to a Customer first.',
				{ param: 'payment_method' }
			);
		}
	}

	// ------------------------------------------------------------------
	// Customers
	// ------------------------------------------------------------------

	createCustomer( req ) {
		const p = req.params;
		const customer = {
			id: stripeId( 'cus', 14 ),
			object: 'customer',
			address: this.addressParam( p.address ),
			balance: 0,
			created: unixNow(),
			currency: null,
			default_source: null,
			delinquent: false,
			description: p.description || null,
			discount: null,
			email: p.email || null,
			invoice_prefix: randomString( 8 ).toUpperCase(),
			invoice_settings: {
				custom_fields: null,
				default_payment_method: null,
				footer: null,
				rendering_options: null,
			},
			livemode: req.auth.livemode,
			metadata: this.metadataParam( p.metadata ),
			name: p.name || null,
			next_invoice_sequence: 1,
			phone: p.phone || null,
			preferred_locales: [],
			shipping: p.shipping || null,
			tax_exempt: 'none',
			test_clock: null,
		};
		// Validate references before saving anything.
		let pm = null;
		if ( p.payment_method ) {
			pm = this.resolvePaymentMethod(
				p.payment_method,
				'payment_method',
				req.auth
			);
		}
		let defaultPm = null;
		if ( p.invoice_settings && p.invoice_settings.default_payment_method ) {
			defaultPm = p.invoice_settings.default_payment_method;
		}
		this.save( customer );
		if ( pm ) {
			try {
				this.attach( pm, customer );
			} catch ( error ) {
				this.objects.delete( customer.id );
				throw error;
			}
		}
		if ( defaultPm ) {
			const target =
				pm && defaultPm === p.payment_method
					? pm
					: this.resolvePaymentMethod(
							defaultPm,
							'invoice_settings[default_payment_method]',
							req.auth
						);
			if ( target.customer !== customer.id ) {
				this.objects.delete( customer.id );
				invalid(
					`No such PaymentMethod: '${ defaultPm }'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
					{ param: 'invoice_settings[default_payment_method]' }
				);
			}
			customer.invoice_settings.default_payment_method = target.id;
		}
		if ( p.source ) {
			this.addSource( customer, p.source );
		}
		this.emit( 'customer.created', customer );
		return this.render( customer, p.expand );
	}

	addSource( customer, source ) {
		const token = this.useToken( source, 'source' );
		const card = {
			...clone( token.card ),
			customer: customer.id,
		};
		this.cards.set( card.id, { ...this.cards.get( token.id ) } );
		this.save( card );
		if ( ! customer.default_source ) {
			customer.default_source = card.id;
		}
		return card;
	}

	createCustomerSource( req, id ) {
		const customer = this.mustFind( id, 'customer' );
		if ( ! req.params.source ) {
			missingParam( 'source' );
		}
		return this.render( this.addSource( customer, req.params.source ) );
	}

	updateCustomer( req, id ) {
		const customer = this.mustFind( id, 'customer' );
		const p = req.params;
		const previous = {};
		for ( const field of [ 'email', 'name', 'phone', 'description' ] ) {
			if ( p[ field ] !== undefined ) {
				previous[ field ] = customer[ field ];
				customer[ field ] = p[ field ] || null;
			}
		}
		if ( p.address !== undefined ) {
			customer.address = this.addressParam( p.address );
		}
		if ( p.shipping !== undefined ) {
			customer.shipping = p.shipping || null;
		}
		if ( p.metadata !== undefined ) {
			previous.metadata = clone( customer.metadata );
			customer.metadata = this.metadataParam(
				p.metadata,
				customer.metadata
			);
		}
		if (
			p.invoice_settings &&
			'default_payment_method' in p.invoice_settings
		) {
			const value = p.invoice_settings.default_payment_method;
			previous.invoice_settings = clone( customer.invoice_settings );
			if ( ! value ) {
				customer.invoice_settings.default_payment_method = null;
			} else {
				const pm = this.find( value, 'payment_method' );
				if ( ! pm || pm.customer !== customer.id ) {
					invalid(
						`No such PaymentMethod: '${ value }'; It's possible this PaymentMethod exists on one of your connected accounts, in which case you should retry this request on that connected account.`,
						{
							param: 'invoice_settings[default_payment_method]',
							code: 'resource_missing',
						}
					);
				}
				customer.invoice_settings.default_payment_method = pm.id;
			}
		}
		if ( p.source ) {
			const card = this.addSource( customer, p.source );
			customer.default_source = card.id;
		}
		if ( p.default_source ) {
			customer.default_source = p.default_source;
		}
		this.emit( 'customer.updated', customer, previous );
		return this.render( customer, p.expand );
	}

	deleteCustomer( req, id ) {
		this.mustFind( id, 'customer' );
		this.objects.delete( id );
		return { id, object: 'customer', deleted: true };
	}

	listCustomers( req ) {
		const p = req.params;
		return this.list(
			'customer',
			( customer ) =>
				! p.email ||
				String( customer.email || '' ).toLowerCase() ===
					String( p.email ).toLowerCase(),
			p,
			'/v1/customers'
		);
	}

	// ------------------------------------------------------------------
	// Products and prices
	// ------------------------------------------------------------------

	createProduct( req ) {
		const p = req.params;
		if ( ! p.name ) {
			missingParam( 'name' );
		}
		if ( p.id && this.objects.has( p.id ) ) {
			invalid( 'Product already exists.', {
				param: 'id',
				code: 'resource_already_exists',
			} );
		}
		const now = unixNow();
		const product = {
			id: p.id || stripeId( 'prod', 14 ),
			object: 'product',
			active: p.active === undefined ? true : isTrue( p.active ),
			created: now,
			default_price: null,
			description: p.description || null,
			images: [],
			livemode: req.auth.livemode,
			marketing_features: [],
			metadata: this.metadataParam( p.metadata ),
			name: p.name,
			package_dimensions: null,
			shippable: null,
			statement_descriptor: p.statement_descriptor || null,
			tax_code: null,
			type: 'service',
			unit_label: null,
			updated: now,
			url: null,
		};
		this.save( product );
		if ( p.default_price_data ) {
			const price = this.newPrice(
				{ ...p.default_price_data, product: product.id },
				req.auth,
				'default_price_data'
			);
			product.default_price = price.id;
		}
		this.emit( 'product.created', product );
		return this.render( product, p.expand );
	}

	updateProduct( req, id ) {
		const product = this.mustFind( id, 'product' );
		const p = req.params;
		for ( const field of [ 'name', 'description', 'default_price' ] ) {
			if ( p[ field ] !== undefined ) {
				product[ field ] = p[ field ] || null;
			}
		}
		if ( p.active !== undefined ) {
			product.active = isTrue( p.active );
		}
		product.metadata = this.metadataParam( p.metadata, product.metadata );
		product.updated = unixNow();
		return this.render( product, p.expand );
	}

	listProducts( req ) {
		const p = req.params;
		const ids = expandList( p.ids );
		return this.list(
			'product',
			( product ) =>
				( p.active === undefined ||
					product.active === isTrue( p.active ) ) &&
				( ! ids.length || ids.includes( product.id ) ),
			p,
			'/v1/products'
		);
	}

	newPrice( p, auth, param = '' ) {
		const name = ( field ) => ( param ? `${ param }[${ field }]` : field );
		const currency = this.currencyParam( p.currency, name( 'currency' ) );
		let unitAmount = this.intParam( p.unit_amount, name( 'unit_amount' ), {
			min: 0,
		} );
		if ( unitAmount === null && p.unit_amount_decimal !== undefined ) {
			unitAmount = Math.round( Number( p.unit_amount_decimal ) );
		}
		if ( unitAmount === null ) {
			missingParam( name( 'unit_amount' ) );
		}
		let productId = p.product;
		if ( ! productId && p.product_data ) {
			if ( ! p.product_data.name ) {
				missingParam( name( 'product_data[name]' ) );
			}
			const product = {
				id: stripeId( 'prod', 14 ),
				object: 'product',
				active: true,
				created: unixNow(),
				default_price: null,
				description: null,
				images: [],
				livemode: !! auth.livemode,
				metadata: this.metadataParam( p.product_data.metadata ),
				name: p.product_data.name,
				type: 'service',
				updated: unixNow(),
				url: null,
			};
			this.save( product );
			productId = product.id;
		}
		if ( ! productId ) {
			missingParam( name( 'product' ) );
		}
		this.mustFind( productId, 'product', name( 'product' ) );
		let recurring = null;
		if ( p.recurring ) {
			const interval = p.recurring.interval;
			if ( ! interval ) {
				missingParam( name( 'recurring[interval]' ) );
			}
			if ( ! [ 'day', 'week', 'month', 'year' ].includes( interval ) ) {
				invalid(
					`Invalid recurring[interval]: must be one of day, week, month, or year`,
					{ param: name( 'recurring[interval]' ) }
				);
			}
			const count =
				this.intParam(
					p.recurring.interval_count,
					name( 'recurring[interval_count]' ),
					{ min: 1 }
				) || 1;
			recurring = {
				aggregate_usage: null,
				interval,
				interval_count: count,
				meter: null,
				trial_period_days: null,
				usage_type: 'licensed',
			};
		}
		const price = {
			id: stripeId( 'price', 24 ),
			object: 'price',
			active: p.active === undefined ? true : isTrue( p.active ),
			billing_scheme: 'per_unit',
			created: unixNow(),
			currency,
			custom_unit_amount: null,
			livemode: !! auth.livemode,
			lookup_key: p.lookup_key || null,
			metadata: this.metadataParam( p.metadata ),
			nickname: p.nickname || null,
			product: productId,
			recurring,
			tax_behavior: p.tax_behavior || 'unspecified',
			tiers_mode: null,
			transform_quantity: null,
			type: recurring ? 'recurring' : 'one_time',
			unit_amount: unitAmount,
			unit_amount_decimal: String( unitAmount ),
		};
		return this.save( price );
	}

	createPrice( req ) {
		const price = this.newPrice( req.params, req.auth );
		this.emit( 'price.created', price );
		return this.render( price, req.params.expand );
	}

	updatePrice( req, id ) {
		const price = this.mustFind( id, 'price' );
		const p = req.params;
		if ( p.active !== undefined ) {
			price.active = isTrue( p.active );
		}
		if ( p.nickname !== undefined ) {
			price.nickname = p.nickname || null;
		}
		if ( p.lookup_key !== undefined ) {
			price.lookup_key = p.lookup_key || null;
		}
		price.metadata = this.metadataParam( p.metadata, price.metadata );
		return this.render( price, p.expand );
	}

	listPrices( req ) {
		const p = req.params;
		const lookupKeys = expandList( p.lookup_keys );
		return this.list(
			'price',
			( price ) =>
				( ! p.product || price.product === p.product ) &&
				( p.active === undefined ||
					price.active === isTrue( p.active ) ) &&
				( ! p.type || price.type === p.type ) &&
				( ! p.currency || price.currency === p.currency ) &&
				( ! lookupKeys.length ||
					lookupKeys.includes( price.lookup_key ) ),
			p,
			'/v1/prices'
		);
	}

	// ------------------------------------------------------------------
	// Charges and payment attempts
	// ------------------------------------------------------------------

	/**
	 * Create a Charge object (succeeded or failed).
	 *
	 * @param {Object} details amount, currency, customer, instrument, decline, paymentIntent, invoice, description, metadata, receiptEmail, billingDetails, livemode.
	 * @return {Object} Charge.
	 */
	newCharge( details ) {
		const {
			amount,
			currency,
			customer = null,
			instrument,
			decline = null,
			paymentIntent = null,
			invoice = null,
			description = null,
			metadata = {},
			receiptEmail = null,
			livemode = false,
			pending = false,
			paymentMethodDetails = null,
		} = details;
		const state = this.cardState( instrument.id );
		const card =
			instrument.object === 'payment_method'
				? instrument.card || {}
				: {
						brand: state.brand,
						country: state.country,
						exp_month: instrument.exp_month,
						exp_year: instrument.exp_year,
						fingerprint: instrument.fingerprint,
						funding: state.funding,
						last4: state.last4,
						wallet: null,
					};
		const billingDetails =
			instrument.object === 'payment_method'
				? instrument.billing_details
				: this.billingDetailsParam( {
						name: instrument.name,
						address: {
							line1: instrument.address_line1,
							line2: instrument.address_line2,
							city: instrument.address_city,
							state: instrument.address_state,
							postal_code: instrument.address_zip,
							country: instrument.address_country,
						},
					} );
		const id = stripeId( 'ch' );
		const charge = {
			id,
			object: 'charge',
			amount,
			amount_captured: decline ? 0 : amount,
			amount_refunded: 0,
			application_fee_amount: null,
			balance_transaction: decline ? null : stripeId( 'txn' ),
			billing_details: billingDetails,
			calculated_statement_descriptor: 'DONATION',
			captured: ! decline,
			created: unixNow(),
			currency,
			customer,
			description,
			disputed: false,
			failure_balance_transaction: null,
			failure_code: decline ? decline.code : null,
			failure_message: decline ? decline.message : null,
			fraud_details: {},
			invoice,
			livemode,
			metadata: clone( metadata ),
			outcome: decline
				? {
						network_status: 'declined_by_network',
						reason: decline.decline_code,
						risk_level: 'normal',
						risk_score: 20,
						seller_message:
							'The bank did not return any further details with this decline.',
						type: 'issuer_declined',
					}
				: {
						network_status: 'approved_by_network',
						reason: null,
						risk_level: 'normal',
						risk_score: 20,
						seller_message: 'Payment complete.',
						type: 'authorized',
					},
			paid: ! decline,
			payment_intent: paymentIntent,
			payment_method: instrument.id,
			payment_method_details: paymentMethodDetails || {
				card: {
					amount_authorized: decline ? null : amount,
					brand: card.brand,
					checks: {
						address_line1_check: null,
						address_postal_code_check: null,
						cvc_check: 'pass',
					},
					country: card.country,
					exp_month: card.exp_month,
					exp_year: card.exp_year,
					fingerprint: card.fingerprint,
					funding: card.funding,
					last4: card.last4,
					network: card.brand,
					three_d_secure: null,
					wallet: card.wallet || null,
				},
				type: 'card',
			},
			receipt_email: receiptEmail,
			receipt_number: null,
			receipt_url: `https://pay.stripe.com/receipts/payment/${ randomString(
				40
			) }`,
			refunded: false,
			refunds: {
				object: 'list',
				data: [],
				has_more: false,
				total_count: 0,
				url: `/v1/charges/${ id }/refunds`,
			},
			review: null,
			shipping: null,
			source: instrument.object === 'card' ? clone( instrument ) : null,
			statement_descriptor: null,
			status: decline ? 'failed' : 'succeeded',
		};
		if ( pending ) {
			charge.status = 'pending';
			charge.paid = false;
			charge.outcome = {
				network_status: 'approved_by_network',
				reason: null,
				risk_level: 'not_assessed',
				seller_message: 'Payment complete.',
				type: 'authorized',
			};
		}
		this.save( charge );
		let eventType = decline ? 'charge.failed' : 'charge.succeeded';
		if ( pending ) {
			eventType = 'charge.pending';
		}
		this.emit( eventType, charge );
		return charge;
	}

	/**
	 * Decide what a card does on a payment.
	 *
	 * @param {Object}      state                 Card state.
	 * @param {Object}      options               Options.
	 * @param {boolean}     options.offSession    Merchant-initiated payment.
	 * @param {boolean}     options.authenticated 3-D Secure already completed.
	 * @param {Object|null} options.forced        Queued scenario, if any.
	 * @return {{result: string, decline?: Object}} result: succeed | action | decline.
	 */
	decide(
		state,
		{ offSession = false, authenticated = false, forced = null }
	) {
		if ( forced && forced.scenario === 'card_declined' ) {
			return {
				result: 'decline',
				decline:
					DECLINES[ forced.decline_code ] || DECLINES.generic_decline,
			};
		}
		const needsAction =
			( forced && forced.scenario === 'requires_action' ) ||
			state.behaviour === '3ds_always' ||
			( state.behaviour === '3ds_unless_setup' && ! state.setupDone );
		if ( needsAction && ! authenticated ) {
			return offSession
				? {
						result: 'decline',
						decline: DECLINES.authentication_required,
					}
				: { result: 'action' };
		}
		if ( state.behaviour.startsWith( 'decline:' ) ) {
			return {
				result: 'decline',
				decline: DECLINES[ state.behaviour.slice( 8 ) ],
			};
		}
		if ( state.behaviour === 'charge_fail' ) {
			return { result: 'decline', decline: DECLINES.generic_decline };
		}
		return { result: 'succeed' };
	}

	nextAction( intent ) {
		return {
			type: 'use_stripe_sdk',
			use_stripe_sdk: {
				type: 'three_d_secure_redirect',
				stripe_js: `https://hooks.stripe.com/3d_secure_2/hosted?merchant=acct_standin&payment_intent=${ intent.id }`,
				source: stripeId( 'payatt' ),
				directory_server_name: 'visa',
				server_transaction_id: randomUUID(),
				three_ds_method_url: '',
				three_ds_optimizations: '',
			},
		};
	}

	cardErrorBody( decline, { intent, instrument, charge } ) {
		const error = {
			code: decline.code,
			decline_code: decline.decline_code,
			doc_url: docUrl( decline.code ),
			message: decline.message,
			request_log_url: requestLogUrl(),
			type: 'card_error',
		};
		if ( decline.param ) {
			error.param = decline.param;
		}
		if ( charge ) {
			error.charge = charge.id;
		}
		if ( intent ) {
			error[ intent.object ] = this.render( intent );
		}
		if ( instrument && instrument.object === 'payment_method' ) {
			error.payment_method = this.render( instrument );
		}
		return { error };
	}

	/**
	 * Try to collect a PaymentIntent with its payment method.
	 *
	 * @param {Object} pi      PaymentIntent (with payment_method set).
	 * @param {Object} req     Request (for queued scenarios).
	 * @param {Object} options offSession, authenticated, force ('succeed' | 'decline').
	 * @return {{ok: boolean, error?: Object}} Outcome; the PI is updated.
	 */
	attemptPayment( pi, req, options = {} ) {
		const instrument = this.objects.get( pi.payment_method );
		if ( this.isBecs( instrument ) ) {
			return this.attemptBecsPayment( pi, instrument );
		}
		const state = this.cardState( instrument.id );
		let forced = null;
		if ( options.force === 'decline' ) {
			forced = {
				scenario: 'card_declined',
				decline_code: options.declineCode,
			};
		} else if ( req && ! options.force ) {
			forced = req.ctx.take( [ 'card_declined', 'requires_action' ] );
		}
		const decision =
			options.force === 'succeed'
				? { result: 'succeed' }
				: this.decide( state, { ...options, forced } );
		const previousStatus = pi.status;

		if ( decision.result === 'action' ) {
			pi.status = 'requires_action';
			pi.next_action = this.nextAction( pi );
			pi.last_payment_error = null;
			this.emit( 'payment_intent.requires_action', pi, {
				status: previousStatus,
			} );
			this.afterIntent( pi );
			return { ok: true };
		}

		const charge = this.newCharge( {
			amount: pi.amount,
			currency: pi.currency,
			customer: pi.customer,
			instrument,
			decline: decision.result === 'decline' ? decision.decline : null,
			paymentIntent: pi.id,
			invoice: pi.invoice,
			description: pi.description,
			metadata: pi.metadata,
			receiptEmail: pi.receipt_email,
			livemode: pi.livemode,
		} );
		pi.latest_charge = charge.id;
		pi.next_action = null;

		if ( decision.result === 'decline' ) {
			const decline = decision.decline;
			pi.status = 'requires_payment_method';
			pi.last_payment_error = {
				charge: charge.id,
				code: decline.code,
				decline_code: decline.decline_code,
				doc_url: docUrl( decline.code ),
				message: decline.message,
				...( decline.param ? { param: decline.param } : {} ),
				payment_method: clone( instrument ),
				type: 'card_error',
			};
			pi.payment_method = null;
			this.emit( 'payment_intent.payment_failed', pi );
			this.afterIntent( pi );
			return {
				ok: false,
				error: this.cardErrorBody( decline, {
					intent: pi,
					instrument,
					charge,
				} ),
			};
		}

		pi.status = 'succeeded';
		pi.amount_received = pi.amount;
		pi.last_payment_error = null;
		if ( options.authenticated || pi.setup_future_usage ) {
			state.setupDone = true;
		}
		if ( ! pi.customer && instrument.object === 'payment_method' ) {
			state.consumed = true;
		}
		if (
			pi.setup_future_usage &&
			pi.customer &&
			instrument.object === 'payment_method' &&
			! instrument.customer
		) {
			instrument.customer = pi.customer;
			this.emit( 'payment_method.attached', instrument );
		}
		this.emit( 'payment_intent.succeeded', pi );
		this.afterIntent( pi );
		return { ok: true };
	}

	/**
	 * Finish 3-D Secure for an intent in requires_action.
	 *
	 * @param {Object} intent  PaymentIntent or SetupIntent.
	 * @param {string} outcome succeed | fail.
	 * @param {Object} req     Request.
	 * @return {{ok: boolean, error?: Object}} Outcome.
	 */
	completeAuthentication( intent, outcome, req ) {
		const isSetup = intent.object === 'setup_intent';
		if ( outcome === 'succeed' ) {
			return isSetup
				? this.attemptSetup( intent, req, { authenticated: true } )
				: this.attemptPayment( intent, req, { authenticated: true } );
		}
		const instrument = this.objects.get( intent.payment_method );
		const error = {
			code: isSetup
				? 'setup_intent_authentication_failure'
				: 'payment_intent_authentication_failure',
			doc_url: docUrl(
				isSetup
					? 'setup_intent_authentication_failure'
					: 'payment_intent_authentication_failure'
			),
			message: `The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this ${
				isSetup ? 'SetupIntent' : 'PaymentIntent'
			} again.`,
			payment_method: clone( instrument ),
			type: 'invalid_request_error',
		};
		intent.status = 'requires_payment_method';
		intent.next_action = null;
		intent.payment_method = null;
		if ( isSetup ) {
			intent.last_setup_error = error;
			this.emit( 'setup_intent.setup_failed', intent );
		} else {
			intent.last_payment_error = error;
			this.emit( 'payment_intent.payment_failed', intent );
			this.afterIntent( intent );
		}
		return { ok: true };
	}

	// ------------------------------------------------------------------
	// PaymentIntents
	// ------------------------------------------------------------------

	createPaymentIntent( req ) {
		const p = req.params;
		const amount = this.intParam( p.amount, 'amount', { required: true } );
		const currency = this.currencyParam( p.currency );
		this.minimumAmount( amount, currency );
		const customer = p.customer
			? this.mustFind( p.customer, 'customer', 'customer' ).id
			: null;
		let instrument = null;
		if ( p.payment_method ) {
			instrument = this.resolvePaymentMethod(
				p.payment_method,
				'payment_method',
				req.auth
			);
			this.checkUsable( instrument, customer );
		} else if ( p.payment_method_data ) {
			instrument = this.paymentMethodFromData(
				p.payment_method_data,
				req
			);
		}
		const automatic = p.automatic_payment_methods
			? {
					allow_redirects:
						p.automatic_payment_methods.allow_redirects || 'always',
					enabled: isTrue( p.automatic_payment_methods.enabled ),
				}
			: null;
		const confirm = isTrue( p.confirm );
		const offSession = this.offSessionParam( p.off_session );
		if ( offSession && ! confirm ) {
			invalid(
				'You can only set `off_session` when you are also confirming the PaymentIntent (i.e. `confirm=true`).',
				{ param: 'off_session' }
			);
		}
		if ( confirm && ! instrument ) {
			invalid(
				"You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
				{ code: 'payment_intent_unexpected_state' }
			);
		}
		if (
			confirm &&
			automatic &&
			automatic.enabled &&
			automatic.allow_redirects !== 'never' &&
			! p.return_url
		) {
			invalid(
				'This PaymentIntent is configured to accept payment methods enabled in your Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents. If you wish to accept redirect-based payment methods, set the `return_url` parameter when confirming the PaymentIntent.',
				{}
			);
		}
		let paymentMethodTypes = expandList( p.payment_method_types );
		if ( automatic && automatic.enabled ) {
			paymentMethodTypes = [ 'card', 'link' ];
		} else if ( ! paymentMethodTypes.length ) {
			paymentMethodTypes = [ 'card' ];
		}
		let mandatePlan = null;
		if ( instrument ) {
			this.checkMethodType(
				instrument,
				paymentMethodTypes,
				currency,
				'PaymentIntent'
			);
			if ( confirm && this.isBecs( instrument ) ) {
				mandatePlan = this.becsMandatePlan(
					p,
					instrument,
					customer,
					'PaymentIntent',
					req
				);
			}
		}
		const id = stripeId( 'pi' );
		const pi = {
			id,
			object: 'payment_intent',
			amount,
			amount_capturable: 0,
			amount_details: { tip: {} },
			amount_received: 0,
			application: null,
			application_fee_amount: null,
			automatic_payment_methods: automatic,
			canceled_at: null,
			cancellation_reason: null,
			capture_method: p.capture_method || 'automatic',
			client_secret: `${ id }_secret_${ randomString( 25 ) }`,
			confirmation_method: p.confirmation_method || 'automatic',
			created: unixNow(),
			currency,
			customer,
			description: p.description || null,
			invoice: null,
			last_payment_error: null,
			latest_charge: null,
			livemode: req.auth.livemode,
			metadata: this.metadataParam( p.metadata ),
			next_action: null,
			on_behalf_of: null,
			payment_method: instrument ? instrument.id : null,
			payment_method_configuration_details: null,
			payment_method_options: this.methodOptions( paymentMethodTypes ),
			payment_method_types: paymentMethodTypes,
			processing: null,
			receipt_email: p.receipt_email || null,
			review: null,
			setup_future_usage: p.setup_future_usage || null,
			shipping: p.shipping || null,
			source: null,
			statement_descriptor: p.statement_descriptor || null,
			statement_descriptor_suffix: p.statement_descriptor_suffix || null,
			status: instrument
				? 'requires_confirmation'
				: 'requires_payment_method',
			transfer_data: null,
			transfer_group: null,
		};
		hide( pi, '__mandatePlan', mandatePlan );
		this.save( pi );
		this.emit( 'payment_intent.created', pi );
		if ( confirm ) {
			const outcome = this.attemptPayment( pi, req, {
				offSession: !! offSession,
			} );
			if ( ! outcome.ok ) {
				throw new HttpAnswer( 402, outcome.error );
			}
		}
		return this.render( pi, p.expand );
	}

	offSessionParam( value ) {
		if ( value === undefined || value === '' || value === 'false' ) {
			return false;
		}
		if ( value === 'one_off' || value === 'recurring' ) {
			return value;
		}
		return isTrue( value );
	}

	paymentMethodFromData( data, req ) {
		if ( data.type === 'au_becs_debit' ) {
			return this.becsPaymentMethod(
				data,
				'payment_method_data',
				req.auth.livemode
			);
		}
		if ( data.type !== 'card' ) {
			missingParam( 'payment_method_data[type]' );
		}
		let info;
		if ( data.card && data.card.token ) {
			const token = this.useToken(
				data.card.token,
				'payment_method_data[card][token]'
			);
			info = { ...this.cards.get( token.id ) };
		} else {
			info = this.cardFromParams(
				data.card,
				'payment_method_data[card]'
			);
		}
		return this.newPaymentMethod( info, {
			billingDetails: this.billingDetailsParam( data.billing_details ),
			metadata: this.metadataParam( data.metadata ),
			livemode: req.auth.livemode,
		} );
	}

	retrievePaymentIntent( req, id ) {
		const pi = this.mustFind( id, 'payment_intent' );
		this.checkClientSecret( pi, req.params, req.auth.publishable );
		return this.publicView(
			this.render( pi, req.auth.publishable ? [] : req.params.expand ),
			req.auth.publishable
		);
	}

	updatePaymentIntent( req, id ) {
		const pi = this.mustFind( id, 'payment_intent' );
		const p = req.params;
		if ( [ 'succeeded', 'canceled', 'processing' ].includes( pi.status ) ) {
			if (
				Object.keys( p ).some(
					( key ) =>
						! [
							'metadata',
							'description',
							'expand',
							'receipt_email',
						].includes( key )
				)
			) {
				invalid(
					`This PaymentIntent's ${ Object.keys( p ).join( ', ' ) } could not be updated because it has a status of ${ pi.status }. You may only update the metadata, description, and receipt_email of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
					{ code: 'payment_intent_unexpected_state' }
				);
			}
		}
		if ( p.amount !== undefined ) {
			pi.amount = this.intParam( p.amount, 'amount' );
			this.minimumAmount( pi.amount, pi.currency );
		}
		if ( p.currency !== undefined ) {
			pi.currency = this.currencyParam( p.currency );
		}
		if ( p.customer !== undefined ) {
			pi.customer = p.customer
				? this.mustFind( p.customer, 'customer', 'customer' ).id
				: null;
		}
		if ( p.payment_method ) {
			const instrument = this.resolvePaymentMethod(
				p.payment_method,
				'payment_method',
				req.auth
			);
			this.checkUsable( instrument, pi.customer );
			pi.payment_method = instrument.id;
			pi.status = 'requires_confirmation';
		}
		for ( const field of [
			'description',
			'receipt_email',
			'setup_future_usage',
			'statement_descriptor',
			'statement_descriptor_suffix',
		] ) {
			if ( p[ field ] !== undefined ) {
				pi[ field ] = p[ field ] || null;
			}
		}
		pi.metadata = this.metadataParam( p.metadata, pi.metadata );
		return this.render( pi, p.expand );
	}

	confirmPaymentIntent( req, id ) {
		const pi = this.mustFind( id, 'payment_intent' );
		const p = req.params;
		const pk = req.auth.publishable;
		this.checkClientSecret( pi, p, pk );
		if ( pi.status === 'succeeded' ) {
			invalid(
				'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
				{ code: 'payment_intent_unexpected_state' }
			);
		}
		if ( pi.status === 'canceled' || pi.status === 'processing' ) {
			invalid(
				`You cannot confirm this PaymentIntent because it has a status of ${ pi.status }.`,
				{ code: 'payment_intent_unexpected_state' }
			);
		}
		const view = () =>
			this.publicView( this.render( pi, pk ? [] : p.expand ), pk );

		if ( pi.status === 'requires_action' && p.stand_in_3ds ) {
			const outcome = this.completeAuthentication(
				pi,
				p.stand_in_3ds === 'fail' ? 'fail' : 'succeed',
				req
			);
			if ( ! outcome.ok ) {
				throw new HttpAnswer( 402, outcome.error );
			}
			return view();
		}

		if ( p.payment_method ) {
			const instrument = this.resolvePaymentMethod(
				p.payment_method,
				'payment_method',
				req.auth
			);
			this.checkUsable( instrument, pi.customer );
			pi.payment_method = instrument.id;
		} else if ( p.payment_method_data ) {
			pi.payment_method = this.paymentMethodFromData(
				p.payment_method_data,
				req
			).id;
		}
		if ( ! pi.payment_method ) {
			invalid(
				"You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
				{ code: 'payment_intent_unexpected_state' }
			);
		}
		if ( p.receipt_email !== undefined ) {
			pi.receipt_email = p.receipt_email || null;
		}
		if ( p.setup_future_usage !== undefined ) {
			pi.setup_future_usage = p.setup_future_usage || null;
		}
		const chosen = this.objects.get( pi.payment_method );
		this.checkMethodType(
			chosen,
			pi.payment_method_types,
			pi.currency,
			'PaymentIntent'
		);
		if ( this.isBecs( chosen ) ) {
			hide(
				pi,
				'__mandatePlan',
				this.becsMandatePlan(
					p,
					chosen,
					pi.customer,
					'PaymentIntent',
					req
				)
			);
		}
		const automatic = pi.automatic_payment_methods;
		if (
			! pk &&
			automatic &&
			automatic.enabled &&
			automatic.allow_redirects !== 'never' &&
			! p.return_url
		) {
			invalid(
				'This PaymentIntent is configured to accept payment methods enabled in your Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents. If you wish to accept redirect-based payment methods, set the `return_url` parameter when confirming the PaymentIntent.'
			);
		}
		const outcome = this.attemptPayment( pi, req, {
			offSession: !! this.offSessionParam( p.off_session ),
		} );
		if ( ! outcome.ok ) {
			if ( pk ) {
				outcome.error.error.payment_intent = this.publicView(
					outcome.error.error.payment_intent,
					true
				);
			}
			throw new HttpAnswer( 402, outcome.error );
		}
		return view();
	}

	cancelPaymentIntent( req, id ) {
		const pi = this.mustFind( id, 'payment_intent' );
		if ( [ 'succeeded', 'canceled' ].includes( pi.status ) ) {
			invalid(
				`You cannot cancel this PaymentIntent because it has a status of ${ pi.status }. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
				{ code: 'payment_intent_unexpected_state' }
			);
		}
		pi.status = 'canceled';
		pi.canceled_at = unixNow();
		pi.cancellation_reason = req.params.cancellation_reason || null;
		pi.next_action = null;
		this.emit( 'payment_intent.canceled', pi );
		return this.render( pi, req.params.expand );
	}

	listPaymentIntents( req ) {
		const p = req.params;
		return this.list(
			'payment_intent',
			( pi ) => ! p.customer || pi.customer === p.customer,
			p,
			'/v1/payment_intents'
		);
	}

	// ------------------------------------------------------------------
	// SetupIntents
	// ------------------------------------------------------------------

	createSetupIntent( req ) {
		const p = req.params;
		const customer = p.customer
			? this.mustFind( p.customer, 'customer', 'customer' ).id
			: null;
		let instrument = null;
		if ( p.payment_method ) {
			instrument = this.resolvePaymentMethod(
				p.payment_method,
				'payment_method',
				req.auth
			);
			this.checkUsable( instrument, customer );
		}
		let setupTypes = expandList( p.payment_method_types );
		if ( ! setupTypes.length ) {
			setupTypes = [ 'card' ];
		}
		let mandatePlan = null;
		if ( instrument ) {
			this.checkMethodType( instrument, setupTypes, null, 'SetupIntent' );
			if ( isTrue( p.confirm ) && this.isBecs( instrument ) ) {
				mandatePlan = this.becsMandatePlan(
					p,
					instrument,
					customer,
					'SetupIntent',
					req
				);
			}
		}
		const id = stripeId( 'seti' );
		const si = {
			id,
			object: 'setup_intent',
			application: null,
			automatic_payment_methods: p.automatic_payment_methods
				? {
						allow_redirects:
							p.automatic_payment_methods.allow_redirects ||
							'always',
						enabled: isTrue( p.automatic_payment_methods.enabled ),
					}
				: null,
			cancellation_reason: null,
			client_secret: `${ id }_secret_${ randomString( 25 ) }`,
			created: unixNow(),
			customer,
			description: p.description || null,
			flow_directions: null,
			last_setup_error: null,
			latest_attempt: null,
			livemode: req.auth.livemode,
			mandate: null,
			metadata: this.metadataParam( p.metadata ),
			next_action: null,
			on_behalf_of: null,
			payment_method: instrument ? instrument.id : null,
			payment_method_options: this.methodOptions( setupTypes, true ),
			payment_method_types: setupTypes,
			single_use_mandate: null,
			status: instrument
				? 'requires_confirmation'
				: 'requires_payment_method',
			usage: p.usage || 'off_session',
		};
		hide( si, '__mandatePlan', mandatePlan );
		this.save( si );
		this.emit( 'setup_intent.created', si );
		if ( isTrue( p.confirm ) ) {
			if ( ! instrument ) {
				invalid(
					"You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
					{ code: 'setup_intent_unexpected_state' }
				);
			}
			const outcome = this.attemptSetup( si, req );
			if ( ! outcome.ok ) {
				throw new HttpAnswer( 402, outcome.error );
			}
		}
		return this.render( si, p.expand );
	}

	attemptSetup( si, req, { authenticated = false } = {} ) {
		const instrument = this.objects.get( si.payment_method );
		if ( this.isBecs( instrument ) ) {
			return this.attemptBecsSetup( si, instrument );
		}
		const state = this.cardState( instrument.id );
		const forced =
			req && req.ctx.take( [ 'card_declined', 'requires_action' ] );
		si.latest_attempt = stripeId( 'setatt' );
		let decline = null;
		if ( forced && forced.scenario === 'card_declined' ) {
			decline =
				DECLINES[ forced.decline_code ] || DECLINES.generic_decline;
		} else if (
			! authenticated &&
			( ( forced && forced.scenario === 'requires_action' ) ||
				state.behaviour === '3ds_always' ||
				state.behaviour === '3ds_unless_setup' )
		) {
			si.status = 'requires_action';
			si.next_action = this.nextAction( si );
			return { ok: true };
		} else if (
			state.behaviour.startsWith( 'decline:' ) &&
			state.behaviour !== 'decline:insufficient_funds'
		) {
			decline = DECLINES[ state.behaviour.slice( 8 ) ];
		}
		si.next_action = null;
		if ( decline ) {
			si.status = 'requires_payment_method';
			si.last_setup_error = {
				code: decline.code,
				decline_code: decline.decline_code,
				doc_url: docUrl( decline.code ),
				message: decline.message,
				payment_method: clone( instrument ),
				type: 'card_error',
			};
			si.payment_method = null;
			this.emit( 'setup_intent.setup_failed', si );
			return {
				ok: false,
				error: this.cardErrorBody( decline, {
					intent: si,
					instrument,
				} ),
			};
		}
		si.status = 'succeeded';
		si.last_setup_error = null;
		state.setupDone = true;
		if ( si.customer && instrument.object === 'payment_method' ) {
			const customer = this.find( si.customer, 'customer' );
			if ( customer && ! instrument.customer ) {
				instrument.customer = customer.id;
				this.emit( 'payment_method.attached', instrument );
			}
		}
		this.emit( 'setup_intent.succeeded', si );
		return { ok: true };
	}

	retrieveSetupIntent( req, id ) {
		const si = this.mustFind( id, 'setup_intent' );
		this.checkClientSecret( si, req.params, req.auth.publishable );
		return this.publicView(
			this.render( si, req.auth.publishable ? [] : req.params.expand ),
			req.auth.publishable
		);
	}

	confirmSetupIntent( req, id ) {
		const si = this.mustFind( id, 'setup_intent' );
		const p = req.params;
		const pk = req.auth.publishable;
		this.checkClientSecret( si, p, pk );
		if ( [ 'succeeded', 'canceled' ].includes( si.status ) ) {
			invalid(
				`You cannot confirm this SetupIntent because it has a status of ${ si.status }.`,
				{ code: 'setup_intent_unexpected_state' }
			);
		}
		const view = () =>
			this.publicView( this.render( si, pk ? [] : p.expand ), pk );
		if ( si.status === 'requires_action' && p.stand_in_3ds ) {
			const outcome = this.completeAuthentication(
				si,
				p.stand_in_3ds === 'fail' ? 'fail' : 'succeed',
				req
			);
			if ( ! outcome.ok ) {
				throw new HttpAnswer( 402, outcome.error );
			}
			return view();
		}
		if ( p.payment_method ) {
			const instrument = this.resolvePaymentMethod(
				p.payment_method,
				'payment_method',
				req.auth
			);
			this.checkUsable( instrument, si.customer );
			si.payment_method = instrument.id;
		} else if ( p.payment_method_data ) {
			si.payment_method = this.paymentMethodFromData(
				p.payment_method_data,
				req
			).id;
		}
		if ( ! si.payment_method ) {
			invalid(
				"You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
				{ code: 'setup_intent_unexpected_state' }
			);
		}
		const chosen = this.objects.get( si.payment_method );
		this.checkMethodType(
			chosen,
			si.payment_method_types,
			null,
			'SetupIntent'
		);
		if ( this.isBecs( chosen ) ) {
			hide(
				si,
				'__mandatePlan',
				this.becsMandatePlan(
					p,
					chosen,
					si.customer,
					'SetupIntent',
					req
				)
			);
		}
		const outcome = this.attemptSetup( si, req );
		if ( ! outcome.ok ) {
			if ( pk ) {
				outcome.error.error.setup_intent = this.publicView(
					outcome.error.error.setup_intent,
					true
				);
			}
			throw new HttpAnswer( 402, outcome.error );
		}
		return view();
	}

	cancelSetupIntent( req, id ) {
		const si = this.mustFind( id, 'setup_intent' );
		if ( [ 'succeeded', 'canceled' ].includes( si.status ) ) {
			invalid(
				`You cannot cancel this SetupIntent because it has a status of ${ si.status }.`,
				{ code: 'setup_intent_unexpected_state' }
			);
		}
		si.status = 'canceled';
		si.cancellation_reason = req.params.cancellation_reason || null;
		si.next_action = null;
		this.emit( 'setup_intent.canceled', si );
		return this.render( si, req.params.expand );
	}

	// ------------------------------------------------------------------
	// Subscriptions and invoices
	// ------------------------------------------------------------------

	/**
	 * Resolve items[] into subscription items with embedded prices.
	 *
	 * @param {Array}  items items parameter.
	 * @param {Object} auth  Request auth.
	 * @return {Array} [{price, quantity}]
	 */
	resolveItems( items, auth ) {
		if ( ! items || ! Array.isArray( items ) || ! items.length ) {
			missingParam( 'items' );
		}
		return items.map( ( item, index ) => {
			const param = `items[${ index }]`;
			let price;
			if ( item.price ) {
				price = this.mustFind(
					item.price,
					'price',
					`${ param }[price]`
				);
			} else if ( item.price_data ) {
				const data = item.price_data;
				if ( ! data.product ) {
					missingParam( `${ param }[price_data][product]` );
				}
				if ( ! data.recurring ) {
					missingParam( `${ param }[price_data][recurring]` );
				}
				price = this.newPrice(
					{ ...data, active: 'false' },
					auth,
					`${ param }[price_data]`
				);
			} else {
				invalid(
					`You must provide either price or price_data for ${ param }.`,
					{ param }
				);
			}
			if ( price.type !== 'recurring' ) {
				invalid(
					'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
					{ param: `${ param }[price]` }
				);
			}
			const quantity =
				this.intParam( item.quantity, `${ param }[quantity]`, {
					min: 0,
				} ) ?? 1;
			return {
				price,
				quantity,
				metadata: this.metadataParam( item.metadata ),
			};
		} );
	}

	subscriptionItem( subscription, item, start, end ) {
		const price = clone( item.price );
		return {
			id: stripeId( 'si', 14 ),
			object: 'subscription_item',
			billing_thresholds: null,
			created: unixNow(),
			current_period_end: end,
			current_period_start: start,
			discounts: [],
			metadata: item.metadata || {},
			plan: this.planOf( price ),
			price,
			quantity: item.quantity,
			subscription,
			tax_rates: [],
		};
	}

	planOf( price ) {
		return {
			id: price.id,
			object: 'plan',
			active: price.active,
			amount: price.unit_amount,
			amount_decimal: price.unit_amount_decimal,
			billing_scheme: 'per_unit',
			created: price.created,
			currency: price.currency,
			interval: price.recurring.interval,
			interval_count: price.recurring.interval_count,
			livemode: price.livemode,
			metadata: price.metadata,
			nickname: price.nickname,
			product: price.product,
			usage_type: 'licensed',
		};
	}

	/**
	 * A finalized (open) invoice for the current period of a subscription.
	 *
	 * @param {Object} sub    Subscription.
	 * @param {string} reason subscription_create | subscription_cycle.
	 * @return {Object} Invoice.
	 */
	newInvoice( sub, reason ) {
		const now = unixNow();
		const customer = this.find( sub.customer, 'customer' );
		const lines = sub.items.data.map( ( item ) => ( {
			id: stripeId( 'il' ),
			object: 'line_item',
			amount: item.price.unit_amount * item.quantity,
			currency: item.price.currency,
			description: `${ item.quantity } × ${
				( this.find( item.price.product, 'product' ) || {} ).name ||
				'Donation'
			} (at $${ ( item.price.unit_amount / 100 ).toFixed( 2 ) } / ${
				item.price.recurring.interval_count > 1
					? `every ${ item.price.recurring.interval_count } ${ item.price.recurring.interval }s`
					: item.price.recurring.interval
			})`,
			livemode: sub.livemode,
			metadata: {},
			period: {
				start: sub.current_period_start,
				end: sub.current_period_end,
			},
			price: clone( item.price ),
			quantity: item.quantity,
			subscription: sub.id,
			subscription_item: item.id,
			type: 'subscription',
		} ) );
		const total = lines.reduce( ( sum, line ) => sum + line.amount, 0 );
		const sequence = customer ? customer.next_invoice_sequence++ : 1;
		const id = stripeId( 'in' );
		const invoice = {
			id,
			object: 'invoice',
			account_country: 'AU',
			account_name: 'Stand-in Charity',
			amount_due: total,
			amount_paid: 0,
			amount_remaining: total,
			attempt_count: 0,
			attempted: false,
			auto_advance: true,
			billing_reason: reason,
			charge: null,
			collection_method: 'charge_automatically',
			confirmation_secret: null,
			created: now,
			currency: sub.currency,
			customer: sub.customer,
			customer_email: customer ? customer.email : null,
			customer_name: customer ? customer.name : null,
			default_payment_method: null,
			description: null,
			hosted_invoice_url: `https://invoice.stripe.com/i/acct_standin/test_${ randomString(
				30
			) }`,
			invoice_pdf: `https://pay.stripe.com/invoice/acct_standin/test_${ randomString(
				30
			) }/pdf`,
			lines: {
				object: 'list',
				data: lines,
				has_more: false,
				total_count: lines.length,
				url: `/v1/invoices/${ id }/lines`,
			},
			livemode: sub.livemode,
			metadata: {},
			next_payment_attempt: null,
			number: `${ customer ? customer.invoice_prefix : 'STANDIN' }-${ String(
				sequence
			).padStart( 4, '0' ) }`,
			paid: false,
			parent: {
				quote_details: null,
				subscription_details: {
					metadata: clone( sub.metadata ),
					subscription: sub.id,
				},
				type: 'subscription_details',
			},
			payment_intent: null,
			period_end: sub.current_period_end,
			period_start: sub.current_period_start,
			status: 'open',
			status_transitions: {
				finalized_at: now,
				marked_uncollectible_at: null,
				paid_at: null,
				voided_at: null,
			},
			subscription: sub.id,
			subtotal: total,
			total,
		};
		this.save( invoice );
		this.emit( 'invoice.created', invoice );
		this.emit( 'invoice.finalized', invoice );
		return invoice;
	}

	/**
	 * The PaymentIntent that collects an invoice.
	 *
	 * @param {Object}      invoice      Invoice.
	 * @param {string|null} instrumentId Payment method.
	 * @return {Object} PaymentIntent.
	 */
	invoicePaymentIntent( invoice, instrumentId ) {
		const id = stripeId( 'pi' );
		const sub = invoice.subscription
			? this.find( invoice.subscription, 'subscription' )
			: null;
		const instrument = instrumentId
			? this.objects.get( instrumentId )
			: null;
		const types = ( sub && sub.payment_settings.payment_method_types ) || [
			( instrument && instrument.type ) || 'card',
		];
		const pi = {
			id,
			object: 'payment_intent',
			amount: invoice.amount_due,
			amount_capturable: 0,
			amount_details: { tip: {} },
			amount_received: 0,
			application: null,
			application_fee_amount: null,
			automatic_payment_methods: null,
			canceled_at: null,
			cancellation_reason: null,
			capture_method: 'automatic',
			client_secret: `${ id }_secret_${ randomString( 25 ) }`,
			confirmation_method: 'automatic',
			created: unixNow(),
			currency: invoice.currency,
			customer: invoice.customer,
			description:
				invoice.billing_reason === 'subscription_create'
					? 'Subscription creation'
					: 'Subscription update',
			invoice: invoice.id,
			last_payment_error: null,
			latest_charge: null,
			livemode: invoice.livemode,
			metadata: {},
			next_action: null,
			on_behalf_of: null,
			payment_method: instrumentId,
			payment_method_configuration_details: null,
			payment_method_options: this.methodOptions( types ),
			payment_method_types: types,
			processing: null,
			receipt_email: null,
			review: null,
			setup_future_usage: 'off_session',
			shipping: null,
			source: null,
			statement_descriptor: null,
			statement_descriptor_suffix: null,
			status: instrumentId
				? 'requires_confirmation'
				: 'requires_payment_method',
			transfer_data: null,
			transfer_group: null,
		};
		this.save( pi );
		this.emit( 'payment_intent.created', pi );
		invoice.payment_intent = pi.id;
		invoice.confirmation_secret = {
			client_secret: pi.client_secret,
			type: 'payment_intent',
		};
		return pi;
	}

	/**
	 * Keep invoice and subscription in step with the invoice's PaymentIntent.
	 *
	 * @param {Object} pi PaymentIntent.
	 */
	afterIntent( pi ) {
		if ( ! pi.invoice ) {
			return;
		}
		const invoice = this.find( pi.invoice, 'invoice' );
		if ( ! invoice ) {
			return;
		}
		const sub = invoice.subscription
			? this.find( invoice.subscription, 'subscription' )
			: null;
		invoice.attempted = true;
		if ( pi.status === 'processing' ) {
			// The invoice stays open (payment pending), the subscription as it was.
			return;
		}
		if ( pi.status === 'succeeded' ) {
			invoice.attempt_count += 1;
			invoice.status = 'paid';
			invoice.paid = true;
			invoice.amount_paid = invoice.amount_due;
			invoice.amount_remaining = 0;
			invoice.charge = pi.latest_charge;
			invoice.next_payment_attempt = null;
			invoice.status_transitions.paid_at = unixNow();
			this.emit( 'invoice.paid', invoice );
			this.emit( 'invoice.payment_succeeded', invoice );
			if ( sub ) {
				const previous = { status: sub.status };
				if (
					sub.save_default_payment_method === 'on_subscription' &&
					! sub.default_payment_method
				) {
					sub.default_payment_method = pi.payment_method;
				}
				if (
					[ 'incomplete', 'past_due', 'unpaid' ].includes(
						sub.status
					)
				) {
					sub.status = 'active';
					this.emit( 'customer.subscription.updated', sub, previous );
				}
			}
			return;
		}
		if ( pi.status === 'requires_action' ) {
			this.emit( 'invoice.payment_action_required', invoice );
		} else if ( pi.status === 'requires_payment_method' ) {
			invoice.attempt_count += 1;
			invoice.next_payment_attempt =
				invoice.billing_reason === 'subscription_create'
					? null
					: unixNow() + 3 * 86400;
			this.emit( 'invoice.payment_failed', invoice );
		}
		if (
			sub &&
			invoice.billing_reason !== 'subscription_create' &&
			sub.status === 'active'
		) {
			const previous = { status: sub.status };
			sub.status = 'past_due';
			this.emit( 'customer.subscription.updated', sub, previous );
		}
	}

	createSubscription( req ) {
		const p = req.params;
		if ( ! p.customer ) {
			missingParam( 'customer' );
		}
		const customer = this.mustFind( p.customer, 'customer', 'customer' );
		const behaviour = p.payment_behavior || 'allow_incomplete';
		if (
			! [
				'allow_incomplete',
				'default_incomplete',
				'error_if_incomplete',
				'pending_if_incomplete',
			].includes( behaviour )
		) {
			invalid(
				`Invalid payment_behavior: must be one of allow_incomplete, default_incomplete, error_if_incomplete, or pending_if_incomplete`,
				{ param: 'payment_behavior' }
			);
		}
		let instrumentId = null;
		if ( p.default_payment_method ) {
			const pm = this.resolvePaymentMethod(
				p.default_payment_method,
				'default_payment_method',
				req.auth
			);
			if ( pm.customer !== customer.id ) {
				invalid(
					`The customer does not have a payment method with the ID ${ pm.id }. The payment method must be attached to the customer.`,
					{ param: 'default_payment_method' }
				);
			}
			instrumentId = pm.id;
		} else if ( customer.invoice_settings.default_payment_method ) {
			instrumentId = customer.invoice_settings.default_payment_method;
		} else if ( customer.default_source ) {
			instrumentId = customer.default_source;
		}
		if ( ! instrumentId && behaviour !== 'default_incomplete' ) {
			invalid(
				'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
				{ code: 'resource_missing' }
			);
		}
		const settingsTypes = expandList(
			p.payment_settings && p.payment_settings.payment_method_types
		);
		const chosen = instrumentId ? this.objects.get( instrumentId ) : null;
		if ( chosen && settingsTypes.length ) {
			this.checkMethodType( chosen, settingsTypes, null, 'Subscription' );
		}
		if ( this.isBecs( chosen ) ) {
			const state = this.cards.get( chosen.id ) || {};
			const mandate = state.mandate
				? this.find( state.mandate, 'mandate' )
				: null;
			if ( ! mandate || mandate.type !== 'multi_use' ) {
				invalid(
					'This PaymentIntent requires a mandate, but no existing mandate was found. Collect mandate acceptance from the customer and try again, providing acceptance data in the mandate_data parameter.',
					{ param: 'default_payment_method' }
				);
			}
			this.checkMandateActive( mandate, 'PaymentIntent' );
		}
		const items = this.resolveItems( p.items, req.auth );
		const currency = items[ 0 ].price.currency;
		if ( this.isBecs( chosen ) && currency !== 'aud' ) {
			invalid(
				`The currency provided (${ currency }) is invalid. Payments with au_becs_debit support the following currencies: aud.`,
				{ param: 'currency', code: 'payment_intent_invalid_parameter' }
			);
		}
		const recurring = items[ 0 ].price.recurring;
		const now = unixNow();
		const periodEnd = addInterval(
			now,
			recurring.interval,
			recurring.interval_count
		);
		const id = stripeId( 'sub' );
		const sub = {
			id,
			object: 'subscription',
			application: null,
			application_fee_percent: null,
			automatic_tax: { enabled: false, liability: null },
			billing_cycle_anchor: now,
			billing_thresholds: null,
			cancel_at: null,
			cancel_at_period_end: false,
			canceled_at: null,
			cancellation_details: {
				comment: null,
				feedback: null,
				reason: null,
			},
			collection_method: 'charge_automatically',
			created: now,
			currency,
			current_period_end: periodEnd,
			current_period_start: now,
			customer: customer.id,
			days_until_due: null,
			default_payment_method: p.default_payment_method
				? instrumentId
				: null,
			default_source: null,
			description: p.description || null,
			discount: null,
			discounts: [],
			ended_at: null,
			items: {
				object: 'list',
				data: [],
				has_more: false,
				total_count: items.length,
				url: `/v1/subscription_items?subscription=${ id }`,
			},
			latest_invoice: null,
			livemode: req.auth.livemode,
			metadata: this.metadataParam( p.metadata ),
			next_pending_invoice_item_invoice: null,
			pause_collection: null,
			payment_settings: {
				payment_method_options: null,
				payment_method_types: settingsTypes.length
					? settingsTypes
					: null,
				save_default_payment_method:
					( p.payment_settings &&
						p.payment_settings.save_default_payment_method ) ||
					'off',
			},
			pending_invoice_item_interval: null,
			pending_setup_intent: null,
			pending_update: null,
			plan: this.planOf( items[ 0 ].price ),
			quantity: items[ 0 ].quantity,
			schedule: null,
			start_date: now,
			status: 'incomplete',
			test_clock: null,
			transfer_data: null,
			trial_end: null,
			trial_settings: {
				end_behavior: { missing_payment_method: 'create_invoice' },
			},
			trial_start: null,
		};
		Object.defineProperty( sub, 'save_default_payment_method', {
			value: sub.payment_settings.save_default_payment_method,
			enumerable: false,
			writable: true,
		} );
		sub.items.data = items.map( ( item ) =>
			this.subscriptionItem( id, item, now, periodEnd )
		);
		this.save( sub );
		this.emit( 'customer.subscription.created', sub );
		const invoice = this.newInvoice( sub, 'subscription_create' );
		sub.latest_invoice = invoice.id;

		if ( invoice.amount_due === 0 ) {
			invoice.status = 'paid';
			invoice.paid = true;
			invoice.status_transitions.paid_at = now;
			sub.status = 'active';
			this.emit( 'invoice.paid', invoice );
			return this.render( sub, p.expand );
		}
		if ( behaviour === 'default_incomplete' ) {
			this.invoicePaymentIntent( invoice, instrumentId );
			return this.render( sub, p.expand );
		}
		const pi = this.invoicePaymentIntent( invoice, instrumentId );
		const outcome = this.attemptPayment( pi, req, { offSession: false } );
		if ( behaviour === 'error_if_incomplete' && sub.status !== 'active' ) {
			const error = outcome.ok
				? this.cardErrorBody( DECLINES.authentication_required, {
						intent: pi,
						instrument: this.objects.get( instrumentId ),
					} )
				: outcome.error;
			// Stripe does not keep the subscription in this case.
			sub.status = 'incomplete_expired';
			throw new HttpAnswer( 402, error );
		}
		return this.render( sub, p.expand );
	}

	updateSubscription( req, id ) {
		const sub = this.mustFind( id, 'subscription' );
		const p = req.params;
		const previous = {};
		if ( sub.status === 'canceled' ) {
			const allowed = [ 'metadata', 'cancellation_details', 'expand' ];
			if (
				Object.keys( p ).some( ( key ) => ! allowed.includes( key ) )
			) {
				invalid(
					'A canceled subscription can only update its cancellation_details and metadata.'
				);
			}
		}
		if ( p.default_payment_method !== undefined ) {
			previous.default_payment_method = sub.default_payment_method;
			if ( ! p.default_payment_method ) {
				sub.default_payment_method = null;
			} else {
				const pm = this.resolvePaymentMethod(
					p.default_payment_method,
					'default_payment_method',
					req.auth
				);
				if ( pm.customer !== sub.customer ) {
					invalid(
						`The customer does not have a payment method with the ID ${ pm.id }. The payment method must be attached to the customer.`,
						{ param: 'default_payment_method' }
					);
				}
				sub.default_payment_method = pm.id;
			}
		}
		if ( p.cancel_at_period_end !== undefined ) {
			previous.cancel_at_period_end = sub.cancel_at_period_end;
			sub.cancel_at_period_end = isTrue( p.cancel_at_period_end );
			sub.cancel_at = sub.cancel_at_period_end
				? sub.current_period_end
				: null;
		}
		if ( p.description !== undefined ) {
			sub.description = p.description || null;
		}
		if ( p.metadata !== undefined ) {
			previous.metadata = clone( sub.metadata );
			sub.metadata = this.metadataParam( p.metadata, sub.metadata );
		}
		this.updateSubscriptionSchedule( sub, p, previous );
		if ( p.items ) {
			previous.items = clone( sub.items );
			this.checkItemIds( sub, p.items );
			const items = this.resolveItems( p.items, req.auth );
			sub.items.data = items.map( ( item, index ) => {
				const made = this.subscriptionItem(
					sub.id,
					item,
					sub.current_period_start,
					sub.current_period_end
				);
				// An item named by id is updated in place: it keeps its id.
				const named = p.items[ index ] && p.items[ index ].id;
				return named ? { ...made, id: named } : made;
			} );
			sub.items.total_count = items.length;
			sub.quantity = items[ 0 ].quantity;
			sub.plan = this.planOf( items[ 0 ].price );
		}
		this.emit( 'customer.subscription.updated', sub, previous );
		return this.render( sub, p.expand );
	}

	cancelSubscription( req, id ) {
		const sub = this.mustFind( id, 'subscription' );
		if ( sub.status === 'canceled' ) {
			invalid( `No such subscription: '${ id }'`, {
				status: 404,
				code: 'resource_missing',
				param: 'id',
			} );
		}
		const details = req.params.cancellation_details;
		if ( details !== undefined && typeof details !== 'object' ) {
			invalid( 'Invalid cancellation_details: must be an object', {
				param: 'cancellation_details',
			} );
		}
		const feedback = details ? details.feedback : undefined;
		if ( feedback && ! CANCELLATION_FEEDBACK.includes( feedback ) ) {
			invalid(
				`Invalid cancellation_details[feedback]: must be one of ${ CANCELLATION_FEEDBACK.join(
					', '
				) }`,
				{ param: 'cancellation_details[feedback]' }
			);
		}
		if ( details && String( details.comment || '' ).length > 5000 ) {
			invalid(
				'Invalid cancellation_details[comment]: must be at most 5000 characters',
				{ param: 'cancellation_details[comment]' }
			);
		}
		this.cancel( sub );
		if ( details ) {
			sub.cancellation_details.comment = details.comment || null;
			sub.cancellation_details.feedback = feedback || null;
		}
		return this.render( sub, req.params.expand );
	}

	/**
	 * The parts of a subscription update that move its next charge or its price, checked as
	 * Stripe checks them: proration_behavior, trial_end (a later first charge, used to skip one)
	 * and pause_collection.
	 *
	 * @param {Object} sub      Subscription.
	 * @param {Object} p        Parameters.
	 * @param {Object} previous previous_attributes for the event.
	 */
	updateSubscriptionSchedule( sub, p, previous ) {
		if (
			p.proration_behavior !== undefined &&
			! PRORATION_BEHAVIORS.includes( p.proration_behavior )
		) {
			invalid(
				`Invalid proration_behavior: must be one of ${ PRORATION_BEHAVIORS.join(
					', '
				) }`,
				{ param: 'proration_behavior' }
			);
		}
		if ( p.trial_end !== undefined ) {
			const now = unixNow();
			const end =
				p.trial_end === 'now'
					? now
					: this.intParam( p.trial_end, 'trial_end', {
							required: true,
						} );
			if ( p.trial_end !== 'now' && end <= now ) {
				invalid(
					'Invalid timestamp: must be an integer Unix timestamp in the future.',
					{ param: 'trial_end' }
				);
			}
			previous.trial_end = sub.trial_end;
			previous.status = sub.status;
			previous.current_period_end = sub.current_period_end;
			if ( end === now ) {
				sub.trial_end = now;
				sub.status = 'active';
			} else {
				sub.trial_start = now;
				sub.trial_end = end;
				sub.status = 'trialing';
				sub.current_period_start = now;
				sub.current_period_end = end;
				sub.billing_cycle_anchor = end;
				for ( const item of sub.items.data ) {
					item.current_period_start = now;
					item.current_period_end = end;
				}
			}
		}
		if ( p.pause_collection !== undefined ) {
			previous.pause_collection = sub.pause_collection;
			if ( p.pause_collection === '' ) {
				sub.pause_collection = null;
			} else {
				const pause =
					typeof p.pause_collection === 'object'
						? p.pause_collection
						: {};
				if ( ! pause.behavior ) {
					missingParam( 'pause_collection[behavior]' );
				}
				if ( ! PAUSE_BEHAVIORS.includes( pause.behavior ) ) {
					invalid(
						`Invalid pause_collection[behavior]: must be one of ${ PAUSE_BEHAVIORS.join(
							', '
						) }`,
						{ param: 'pause_collection[behavior]' }
					);
				}
				const resumesAt = this.intParam(
					pause.resumes_at,
					'pause_collection[resumes_at]'
				);
				if ( resumesAt !== null && resumesAt <= unixNow() ) {
					invalid(
						'Invalid timestamp: must be an integer Unix timestamp in the future.',
						{ param: 'pause_collection[resumes_at]' }
					);
				}
				sub.pause_collection = {
					behavior: pause.behavior,
					resumes_at: resumesAt,
				};
			}
		}
	}

	/**
	 * items[n][id] must name one of the subscription's own items (Stripe then updates it in
	 * place; without an id it would add an item).
	 *
	 * @param {Object} sub   Subscription.
	 * @param {Array}  items items parameter.
	 */
	checkItemIds( sub, items ) {
		( Array.isArray( items ) ? items : [] ).forEach( ( item, index ) => {
			if (
				item &&
				item.id &&
				! sub.items.data.some( ( own ) => own.id === item.id )
			) {
				invalid(
					`Invalid subscription_item: ${ item.id } does not belong to subscription ${ sub.id }`,
					{ param: `items[${ index }][id]` }
				);
			}
		} );
	}

	cancel( sub ) {
		const now = unixNow();
		sub.status = 'canceled';
		sub.canceled_at = now;
		sub.ended_at = now;
		sub.cancellation_details = {
			comment: null,
			feedback: null,
			reason: 'cancellation_requested',
		};
		this.emit( 'customer.subscription.deleted', sub );
	}

	listSubscriptions( req ) {
		const p = req.params;
		return this.list(
			'subscription',
			( sub ) =>
				( ! p.customer || sub.customer === p.customer ) &&
				( ! p.price ||
					sub.items.data.some(
						( item ) => item.price.id === p.price
					) ) &&
				( p.status === 'all' ||
					( p.status
						? sub.status === p.status
						: ! [ 'canceled', 'incomplete_expired' ].includes(
								sub.status
							) ) ),
			p,
			'/v1/subscriptions'
		);
	}

	listInvoices( req ) {
		const p = req.params;
		return this.list(
			'invoice',
			( invoice ) =>
				( ! p.customer || invoice.customer === p.customer ) &&
				( ! p.subscription ||
					invoice.subscription === p.subscription ) &&
				( ! p.status || invoice.status === p.status ),
			p,
			'/v1/invoices'
		);
	}

	payInvoice( req, id ) {
		const invoice = this.mustFind( id, 'invoice' );
		const p = req.params;
		if ( invoice.status === 'paid' ) {
			invalid( 'Invoice is already paid', {
				code: 'invoice_not_editable',
			} );
		}
		if ( invoice.status === 'void' ) {
			invalid( 'This invoice can no longer be paid because it is void.', {
				code: 'invoice_not_editable',
			} );
		}
		let pi = invoice.payment_intent
			? this.find( invoice.payment_intent, 'payment_intent' )
			: null;
		const sub = invoice.subscription
			? this.find( invoice.subscription, 'subscription' )
			: null;
		const customer = this.find( invoice.customer, 'customer' );
		let instrumentId = pi ? pi.payment_method : null;
		if ( p.payment_method ) {
			const instrument = this.resolvePaymentMethod(
				p.payment_method,
				'payment_method',
				req.auth
			);
			this.checkUsable( instrument, invoice.customer );
			instrumentId = instrument.id;
		}
		if ( ! instrumentId ) {
			instrumentId =
				( sub && sub.default_payment_method ) ||
				( customer &&
					( customer.invoice_settings.default_payment_method ||
						customer.default_source ) ) ||
				null;
		}
		if ( ! instrumentId ) {
			invalid(
				'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
				{ code: 'invoice_no_customer_line_items' }
			);
		}
		if ( ! pi ) {
			pi = this.invoicePaymentIntent( invoice, instrumentId );
		}
		pi.payment_method = instrumentId;
		const offSession =
			p.off_session === undefined ? true : isTrue( p.off_session );
		const outcome = this.attemptPayment( pi, req, { offSession } );
		if ( ! outcome.ok ) {
			throw new HttpAnswer( 402, outcome.error );
		}
		if ( pi.status === 'requires_action' ) {
			throw new HttpAnswer(
				402,
				this.cardErrorBody( DECLINES.authentication_required, {
					intent: pi,
					instrument: this.objects.get( instrumentId ),
				} )
			);
		}
		return this.render( invoice, p.expand );
	}

	voidInvoice( req, id ) {
		const invoice = this.mustFind( id, 'invoice' );
		if ( invoice.status !== 'open' ) {
			invalid(
				`You can only pass in open invoices. This invoice isn't open.`,
				{ code: 'invoice_not_editable' }
			);
		}
		invoice.status = 'void';
		invoice.status_transitions.voided_at = unixNow();
		this.emit( 'invoice.voided', invoice );
		return this.render( invoice, req.params.expand );
	}

	// ------------------------------------------------------------------
	// Legacy charges, refunds, balance
	// ------------------------------------------------------------------

	createCharge( req ) {
		const p = req.params;
		const amount = this.intParam( p.amount, 'amount', { required: true } );
		const currency = this.currencyParam( p.currency );
		this.minimumAmount( amount, currency );
		let customer = null;
		if ( p.customer ) {
			customer = this.mustFind( p.customer, 'customer', 'customer' );
		}
		let instrument;
		if ( p.source ) {
			const source = String( p.source );
			if ( source.startsWith( 'tok_' ) ) {
				if ( customer ) {
					invalid(
						'Customer ' +
							customer.id +
							' does not have a linked source with ID ' +
							source +
							'.',
						{ param: 'source', code: 'missing' }
					);
				}
				const token = this.useToken( source, 'source' );
				instrument = clone( token.card );
				this.cards.set( instrument.id, {
					...this.cards.get( token.id ),
				} );
			} else {
				instrument = this.find( source, 'card' );
				if ( ! instrument ) {
					invalid( `No such source: '${ source }'`, {
						param: 'source',
						code: 'resource_missing',
					} );
				}
				if ( customer && instrument.customer !== customer.id ) {
					invalid(
						`Customer ${ customer.id } does not have a linked source with ID ${ source }.`,
						{ param: 'source', code: 'missing' }
					);
				}
				if ( ! customer && instrument.customer ) {
					invalid(
						`Cannot charge a customer's card (${ source }) without also specifying the customer.`,
						{ param: 'source' }
					);
				}
			}
		} else if ( customer ) {
			if ( ! customer.default_source ) {
				invalid( 'Cannot charge a customer that has no active card', {
					param: 'card',
					code: 'missing',
				} );
			}
			instrument = this.find( customer.default_source, 'card' );
		} else {
			invalid( 'Must provide source or customer.', {
				code: 'parameter_missing',
			} );
		}
		const state = this.cardState( instrument.id );
		const forced = req.ctx.take( [ 'card_declined' ] );
		const decision = this.decide( state, {
			offSession: true,
			forced,
		} );
		const decline = decision.result === 'succeed' ? null : decision.decline;
		const charge = this.newCharge( {
			amount,
			currency,
			customer: customer ? customer.id : null,
			instrument,
			decline,
			description: p.description || null,
			metadata: this.metadataParam( p.metadata ),
			receiptEmail: p.receipt_email || null,
			livemode: req.auth.livemode,
		} );
		if ( decline ) {
			throw new HttpAnswer(
				402,
				this.cardErrorBody( decline, { charge } )
			);
		}
		return this.render( charge, p.expand );
	}

	listCharges( req ) {
		const p = req.params;
		return this.list(
			'charge',
			( charge ) =>
				( ! p.customer || charge.customer === p.customer ) &&
				( ! p.payment_intent ||
					charge.payment_intent === p.payment_intent ),
			p,
			'/v1/charges'
		);
	}

	createRefund( req ) {
		const p = req.params;
		let charge;
		if ( p.charge ) {
			charge = this.mustFind( p.charge, 'charge', 'charge' );
		} else if ( p.payment_intent ) {
			const pi = this.mustFind(
				p.payment_intent,
				'payment_intent',
				'payment_intent'
			);
			if ( pi.status !== 'succeeded' || ! pi.latest_charge ) {
				invalid(
					`This PaymentIntent (${ pi.id }) does not have a successful charge to refund.`,
					{ param: 'payment_intent', code: 'charge_not_refundable' }
				);
			}
			charge = this.find( pi.latest_charge, 'charge' );
		} else {
			invalid(
				'One of the following params should be provided for this request: payment_intent or charge.',
				{
					code: 'parameter_missing',
				}
			);
		}
		if ( charge.status !== 'succeeded' ) {
			invalid( `Charge ${ charge.id } has not been captured.`, {
				code: 'charge_not_refundable',
			} );
		}
		const remaining = charge.amount - charge.amount_refunded;
		if ( remaining <= 0 ) {
			invalid( `Charge ${ charge.id } has already been refunded.`, {
				code: 'charge_already_refunded',
			} );
		}
		const amount =
			this.intParam( p.amount, 'amount', { min: 1 } ) ?? remaining;
		if ( amount > remaining ) {
			invalid(
				`Refund amount ($${ ( amount / 100 ).toFixed(
					2
				) }) is greater than unrefunded amount on charge ($${ (
					remaining / 100
				).toFixed( 2 ) })`,
				{ param: 'amount', code: 'amount_too_large' }
			);
		}
		const refund = {
			id: stripeId( 're' ),
			object: 'refund',
			amount,
			balance_transaction: stripeId( 'txn' ),
			charge: charge.id,
			created: unixNow(),
			currency: charge.currency,
			destination_details: { card: { type: 'refund' }, type: 'card' },
			metadata: this.metadataParam( p.metadata ),
			payment_intent: charge.payment_intent,
			reason: p.reason || null,
			receipt_number: null,
			source_transfer_reversal: null,
			status: 'succeeded',
			transfer_reversal: null,
		};
		this.save( refund );
		charge.amount_refunded += amount;
		charge.refunded = charge.amount_refunded >= charge.amount;
		charge.refunds.data.unshift( clone( refund ) );
		charge.refunds.total_count += 1;
		this.emit( 'charge.refunded', charge );
		this.emit( 'refund.created', refund );
		return this.render( refund, p.expand );
	}

	listRefunds( req ) {
		const p = req.params;
		return this.list(
			'refund',
			( refund ) =>
				( ! p.charge || refund.charge === p.charge ) &&
				( ! p.payment_intent ||
					refund.payment_intent === p.payment_intent ),
			p,
			'/v1/refunds'
		);
	}

	// ------------------------------------------------------------------
	// Payment method domains (where Elements may show the wallets)
	// ------------------------------------------------------------------

	createPaymentMethodDomain( req ) {
		const name = String( req.params.domain_name || '' ).toLowerCase();
		if ( ! name ) {
			missingParam( 'domain_name' );
		}
		const taken = [ ...this.objects.values() ].some(
			( object ) =>
				object.object === 'payment_method_domain' &&
				object.livemode === req.auth.livemode &&
				object.domain_name === name
		);
		if ( taken ) {
			invalid( `A payment method domain already exists for ${ name }.`, {
				param: 'domain_name',
				code: 'resource_already_exists',
			} );
		}
		const domain = {
			id: stripeId( 'pmd', 24 ),
			object: 'payment_method_domain',
			created: unixNow(),
			domain_name: name,
			enabled:
				req.params.enabled === undefined
					? true
					: isTrue( req.params.enabled ),
			livemode: req.auth.livemode,
		};
		this.verifyWallets( domain );
		return this.render( this.save( domain ) );
	}

	listPaymentMethodDomains( req ) {
		const name = String( req.params.domain_name || '' ).toLowerCase();
		return this.list(
			'payment_method_domain',
			( domain ) =>
				domain.livemode === req.auth.livemode &&
				( ! name || domain.domain_name === name ),
			req.params,
			'/v1/payment_method_domains'
		);
	}

	validatePaymentMethodDomain( req, id ) {
		const domain = this.mustFind( id, 'payment_method_domain' );
		this.verifyWallets( domain );
		return this.render( domain );
	}

	/**
	 * Stripe verifies a domain per wallet. Here: Google Pay needs nothing; Apple Pay needs a
	 * public domain name (not localhost or an IP address), and a name under `.invalid` fails
	 * both, so tests can see an inactive wallet with its reason.
	 *
	 * @param {Object} domain A payment_method_domain.
	 */
	verifyWallets( domain ) {
		const name = domain.domain_name;
		const unreachable = name.endsWith( '.invalid' );
		const notPublic =
			name === 'localhost' ||
			/^[0-9.]+$/.test( name ) ||
			name.includes( ':' );
		const status = ( reason ) =>
			reason
				? {
						status: 'inactive',
						status_details: { error_message: reason },
					}
				: { status: 'active' };
		let appleReason = '';
		if ( unreachable ) {
			appleReason = `Apple Pay could not verify ${ name }: the domain could not be reached.`;
		} else if ( notPublic ) {
			appleReason =
				'Apple Pay needs a public domain name served over HTTPS.';
		}
		domain.apple_pay = status( appleReason );
		domain.google_pay = status(
			unreachable ? `Google Pay could not verify ${ name }.` : ''
		);
		domain.link = { status: 'active' };
		domain.paypal = {
			status: 'inactive',
			status_details: {
				error_message: 'PayPal is not enabled on this account.',
			},
		};
	}

	retrieveBalance( req ) {
		let available = 0;
		for ( const object of this.objects.values() ) {
			if ( object.object === 'charge' && object.status === 'succeeded' ) {
				available += object.amount - object.amount_refunded;
			}
		}
		return {
			object: 'balance',
			available: [
				{
					amount: available,
					currency: 'aud',
					source_types: { card: available },
				},
			],
			connect_reserved: [ { amount: 0, currency: 'aud' } ],
			livemode: req.auth.livemode,
			pending: [
				{ amount: 0, currency: 'aud', source_types: { card: 0 } },
			],
		};
	}

	// ------------------------------------------------------------------
	// Control helpers (tests only)
	// ------------------------------------------------------------------

	/**
	 * POST /__control/stripe/advance
	 *
	 * @param {Object} body {subscription, action, decline_code?} or {payment_intent, action}.
	 * @return {Object} What happened, with the would-be webhook events.
	 */
	advance( body ) {
		const firstEvent = this.events.length;
		const done = ( result, mainTypes ) => {
			const events = this.events.slice( firstEvent );
			const main =
				events.find( ( event ) => mainTypes.includes( event.type ) ) ||
				events[ events.length - 1 ] ||
				null;
			return { ...result, events, event: main };
		};
		if ( ! body || ! body.subscription ) {
			throw new HttpAnswer( 400, {
				error: 'subscription is required',
			} );
		}
		const sub = this.find( body.subscription, 'subscription' );
		if ( ! sub ) {
			throw new HttpAnswer( 404, {
				error: `No such subscription: '${ body.subscription }'`,
			} );
		}
		const action = body.action;
		if ( action === 'cancel' ) {
			this.cancel( sub );
			return done( { subscription: this.render( sub ) }, [
				'customer.subscription.deleted',
			] );
		}
		if ( action === 'expire_incomplete' ) {
			const previous = { status: sub.status };
			sub.status = 'incomplete_expired';
			sub.ended_at = unixNow();
			const invoice = this.find( sub.latest_invoice, 'invoice' );
			if ( invoice && invoice.status === 'open' ) {
				invoice.status = 'void';
				invoice.status_transitions.voided_at = unixNow();
				this.emit( 'invoice.voided', invoice );
			}
			this.emit( 'customer.subscription.updated', sub, previous );
			this.emit( 'customer.subscription.deleted', sub );
			return done( { subscription: this.render( sub ) }, [
				'customer.subscription.deleted',
			] );
		}
		if (
			! [ 'renewal_paid', 'renewal_failed', 'renewal' ].includes( action )
		) {
			throw new HttpAnswer( 400, {
				error: 'action must be renewal_paid, renewal_failed, renewal, cancel or expire_incomplete',
			} );
		}
		if ( [ 'canceled', 'incomplete_expired' ].includes( sub.status ) ) {
			throw new HttpAnswer( 400, {
				error: `The subscription is ${ sub.status }.`,
			} );
		}
		const previous = {
			current_period_start: sub.current_period_start,
			current_period_end: sub.current_period_end,
			latest_invoice: sub.latest_invoice,
		};
		const recurring = sub.items.data[ 0 ].price.recurring;
		sub.current_period_start = sub.current_period_end;
		sub.current_period_end = addInterval(
			sub.current_period_start,
			recurring.interval,
			recurring.interval_count
		);
		for ( const item of sub.items.data ) {
			item.current_period_start = sub.current_period_start;
			item.current_period_end = sub.current_period_end;
		}
		const invoice = this.newInvoice( sub, 'subscription_cycle' );
		sub.latest_invoice = invoice.id;
		this.emit( 'customer.subscription.updated', sub, previous );
		const customer = this.find( sub.customer, 'customer' );
		let instrumentId =
			sub.default_payment_method ||
			( customer &&
				( customer.invoice_settings.default_payment_method ||
					customer.default_source ) ) ||
			null;
		if ( ! instrumentId ) {
			const pm = this.resolvePaymentMethod( 'pm_card_visa' );
			if ( customer ) {
				pm.customer = customer.id;
			}
			instrumentId = pm.id;
		}
		const pi = this.invoicePaymentIntent( invoice, instrumentId );
		let force;
		if ( action === 'renewal_paid' ) {
			force = 'succeed';
		} else if ( action === 'renewal_failed' ) {
			force = 'decline';
		}
		this.attemptPayment( pi, null, {
			offSession: true,
			force,
			declineCode: body.decline_code,
		} );
		return done(
			{
				subscription: this.render( sub ),
				invoice: this.render( invoice ),
				payment_intent: this.render( pi ),
			},
			[
				'invoice.paid',
				'invoice.payment_failed',
				'invoice.payment_action_required',
			]
		);
	}

	/**
	 * POST /__control/stripe/event: an event for any stored object.
	 *
	 * @param {Object} body {type, id, previous_attributes?}
	 * @return {Object} {event}
	 */
	makeEvent( body ) {
		if ( ! body || ! body.type || ! body.id ) {
			throw new HttpAnswer( 400, { error: 'type and id are required' } );
		}
		const object = this.objects.get( body.id );
		if ( ! object ) {
			throw new HttpAnswer( 404, {
				error: `No such object: '${ body.id }'`,
			} );
		}
		return {
			event: this.emit(
				body.type,
				object,
				body.previous_attributes || null
			),
		};
	}
}
