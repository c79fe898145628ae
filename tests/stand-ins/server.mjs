/**
 * One local HTTP server standing in for Stripe, PayPal, Experian and Google
 * reCAPTCHA, for tests and demos. State lives in memory.
 *
 *   node tests/stand-ins/server.mjs        (port from STAND_IN_PORT, default 8899)
 *
 * Or programmatically:
 *
 *   import { startStandIns } from './tests/stand-ins/server.mjs';
 *   const standIns = await startStandIns( { port: 0 } );
 *   // standIns.url → "http://127.0.0.1:PORT"; await standIns.close();
 *
 * See README.md in this folder for the base URLs and the control API.
 */
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { parseForm } from './lib/form.mjs';
import { HttpAnswer } from './lib/util.mjs';
import { FaultRegistry } from './lib/faults.mjs';
import { StripeStandIn, signStripePayload } from './lib/stripe.mjs';
import {
	setStripeValidation,
	stripeValidationEnabled,
} from './lib/stripe/schema/validate.mjs';
import { PayPalStandIn, signPayPalWebhook } from './lib/paypal.mjs';
import { ExperianStandIn } from './lib/experian.mjs';
import { RecaptchaStandIn } from './lib/recaptcha.mjs';

export { signStripePayload } from './lib/stripe.mjs';
export { signPayPalWebhook } from './lib/paypal.mjs';
export { encodeForm, parseForm } from './lib/form.mjs';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
const BROWSER_DIR = path.join( HERE, 'browser' );
const BROWSER_FILES = [ 'stripe.js', 'paypal-sdk.js', 'recaptcha.js' ];

export const PROVIDERS = [ 'stripe', 'paypal', 'experian', 'recaptcha' ];

/**
 * Scenarios a test may queue, per provider.
 */
export const SCENARIOS = {
	stripe: [
		'server_error',
		'timeout',
		'rate_limited',
		'card_declined',
		'requires_action',
		'lost_answer',
		'slow',
	],
	paypal: [
		'server_error',
		'timeout',
		'rate_limited',
		'capture_not_completed',
		'capture_amount_mismatch',
		'card_declined',
		'lost_answer',
		'webhook_verification_failed',
		'slow',
	],
	experian: [
		'server_error',
		'timeout',
		'rate_limited',
		'no_matches',
		'partial_match',
	],
	recaptcha: [ 'server_error', 'timeout', 'rate_limited', 'captcha_failed' ],
};

const GENERIC = [ 'server_error', 'timeout', 'rate_limited' ];

const LOGGED_HEADERS = [
	'authorization',
	'content-type',
	'stripe-version',
	'stripe-account',
	'idempotency-key',
	'auth-token',
	'add-components',
	'add-metadata',
	'paypal-request-id',
	'paypal-partner-attribution-id',
	'prefer',
	'origin',
	'referer',
	'user-agent',
	'x-stand-in-sdk-client-id',
];

const ALLOWED_HEADERS = [
	'Authorization',
	'Content-Type',
	'Stripe-Version',
	'Stripe-Account',
	'Idempotency-Key',
	'Auth-Token',
	'Add-Components',
	'Add-Metadata',
	'Reference-Id',
	'PayPal-Request-Id',
	'PayPal-Partner-Attribution-Id',
	'Prefer',
	'X-Stand-In-Sdk-Client-Id',
	'X-Requested-With',
];

const MAX_BODY = 2 * 1024 * 1024;
/** Marks a control body that was not valid JSON (the other control routes read it as {}). */
const BAD_JSON = Symbol( 'bad JSON' );
const MAX_LOG = 5000;

/**
 * Start the stand-in server.
 *
 * @param {Object} options
 * @param {number} options.port          Port (0 for a free one). Default 8899.
 * @param {string} options.host          Interface. Default 127.0.0.1.
 * @param {number} options.timeoutHoldMs How long the "timeout" scenario holds a request. Default 35000.
 * @return {Promise<{url: string, port: number, close: Function, providers: Object}>} Running server.
 */
export async function startStandIns( {
	port = 8899,
	host = '127.0.0.1',
	timeoutHoldMs = 35000,
} = {} ) {
	const providers = {
		stripe: new StripeStandIn(),
		paypal: new PayPalStandIn(),
		experian: new ExperianStandIn(),
		recaptcha: new RecaptchaStandIn(),
	};
	let queue = [];
	let log = [];
	let logSequence = 0;
	const faults = new FaultRegistry();
	/** Requests held without an answer (timeout, hang_after_act). */
	const held = new Set();
	/** Providers at work on a delayed request (slow, stall, drop_request's wait). */
	const pauses = new Set();
	let closing = false;

	const take = (
		provider,
		ctxPaths,
		names,
		{ requirePath = false } = {}
	) => {
		const index = queue.findIndex(
			( entry ) =>
				entry.provider === provider &&
				names.includes( entry.scenario ) &&
				( entry.path
					? ctxPaths.some( ( p ) => p.includes( entry.path ) )
					: ! requirePath )
		);
		if ( index === -1 ) {
			return null;
		}
		const entry = queue[ index ];
		entry.remaining -= 1;
		if ( entry.remaining <= 0 ) {
			queue.splice( index, 1 );
		}
		return { ...entry };
	};

	const server = http.createServer( ( req, res ) => {
		handleRequest( req, res ).catch( ( error ) => {
			// eslint-disable-next-line no-console
			console.error( 'stand-ins: unexpected error', error );
			if ( ! res.headersSent ) {
				send( res, 500, {
					error: {
						type: 'api_error',
						message: `Stand-in crashed: ${ error.message }`,
					},
				} );
			} else {
				endExchange( res );
			}
		} );
	} );

	// Never close an idle keep-alive connection. Node closes one after 5 s (plus a second's
	// grace) unless this is 0, and a client that keeps idle sockets without a timeout of its
	// own (Playwright's APIRequestContext) can write its next control call on the socket just as
	// the server closes it: that call fails with ECONNRESET. Clients close their own sockets;
	// close() ends whatever is left.
	server.keepAliveTimeout = 0;

	/**
	 * Write an answer with CORS headers. Objects become JSON.
	 *
	 * @param {http.ServerResponse} res     Response.
	 * @param {number}              status  Status.
	 * @param {*}                   body    Body.
	 * @param {Object}              headers Headers.
	 */
	function send( res, status, body, headers = {} ) {
		const isText = typeof body === 'string' || Buffer.isBuffer( body );
		let payload = '';
		if ( isText ) {
			payload = body;
		} else if ( body !== undefined ) {
			payload = JSON.stringify( body, null, 2 );
		}
		const hasType = Object.keys( headers ).some(
			( key ) => key.toLowerCase() === 'content-type'
		);
		res.writeHead( status, {
			...corsHeaders(),
			...( ! hasType && body !== undefined
				? {
						'Content-Type': isText
							? 'text/plain; charset=utf-8'
							: 'application/json',
					}
				: {} ),
			...headers,
		} );
		res.end( payload );
	}

	function corsHeaders( req = null ) {
		const requested =
			req && req.headers[ 'access-control-request-headers' ]
				? `, ${ req.headers[ 'access-control-request-headers' ] }`
				: '';
		const headers = {
			'Access-Control-Allow-Origin': '*',
			'Access-Control-Allow-Methods':
				'GET, POST, PUT, PATCH, DELETE, OPTIONS',
			'Access-Control-Allow-Headers': `${ ALLOWED_HEADERS.join(
				', '
			) }${ requested }`,
			'Access-Control-Expose-Headers':
				'Request-Id, Idempotent-Replayed, Original-Request, Stripe-Version, Stripe-Should-Retry, Paypal-Debug-Id',
			'Access-Control-Max-Age': '600',
		};
		if ( req && req.headers[ 'access-control-request-private-network' ] ) {
			headers[ 'Access-Control-Allow-Private-Network' ] = 'true';
		}
		return headers;
	}

	function readBody( req ) {
		return new Promise( ( resolve, reject ) => {
			const chunks = [];
			let size = 0;
			req.on( 'data', ( chunk ) => {
				size += chunk.length;
				if ( size > MAX_BODY ) {
					reject(
						new HttpAnswer( 413, { error: 'Body too large' } )
					);
					req.destroy();
					return;
				}
				chunks.push( chunk );
			} );
			req.on( 'end', () =>
				resolve( Buffer.concat( chunks ).toString( 'utf8' ) )
			);
			req.on( 'error', reject );
		} );
	}

	function parseBody( raw, contentType ) {
		if ( ! raw ) {
			return { body: {}, jsonError: false };
		}
		const type = String( contentType || '' ).toLowerCase();
		const looksJson = /^\s*[[{]/.test( raw );
		if ( type.includes( 'json' ) || ( ! type && looksJson ) ) {
			try {
				return { body: JSON.parse( raw ), jsonError: false };
			} catch {
				return { body: null, jsonError: true };
			}
		}
		return { body: parseForm( raw ), jsonError: false };
	}

	async function handleRequest( req, res ) {
		const url = new URL( req.url, `http://${ req.headers.host || host }` );
		const origin = `http://${ req.headers.host || `${ host }:${ port }` }`;

		if ( req.method === 'OPTIONS' ) {
			res.writeHead( 204, corsHeaders( req ) );
			res.end();
			return;
		}

		const pathname = url.pathname;
		if (
			pathname === '/__control' ||
			pathname.startsWith( '/__control/' )
		) {
			const raw = await readBody( req );
			const { body, jsonError } = parseBody(
				raw,
				req.headers[ 'content-type' ]
			);
			const answer = await control(
				req.method,
				pathname,
				url,
				jsonError ? { [ BAD_JSON ]: raw } : body || {}
			);
			send( res, answer.status, answer.body );
			return;
		}

		if ( pathname.startsWith( '/browser/' ) && req.method === 'GET' ) {
			const name = pathname.slice( '/browser/'.length );
			if ( ! BROWSER_FILES.includes( name ) ) {
				send( res, 404, { error: 'Not found' } );
				return;
			}
			const source = await readFile(
				path.join( BROWSER_DIR, name ),
				'utf8'
			);
			const prelude = `window.__standInApi = Object.assign( { stripe: ${ JSON.stringify(
				`${ origin }/stripe`
			) }, paypal: ${ JSON.stringify(
				`${ origin }/paypal`
			) }, recaptcha: ${ JSON.stringify(
				`${ origin }/recaptcha`
			) } }, window.__standInApi || {} );\n`;
			send( res, 200, prelude + source, {
				'Content-Type': 'application/javascript; charset=utf-8',
				'Cache-Control': 'no-store',
			} );
			return;
		}

		const provider = PROVIDERS.find(
			( name ) =>
				pathname === `/${ name }` ||
				pathname.startsWith( `/${ name }/` )
		);
		if ( ! provider ) {
			send( res, 404, {
				error: `No stand-in at ${ pathname }. Prefixes: ${ PROVIDERS.map(
					( name ) => `/${ name }`
				).join( ', ' ) }, /__control, /browser.`,
			} );
			return;
		}

		const prefix = `/${ provider }`;
		const providerPath = pathname.slice( prefix.length ) || '/';
		let raw = '';
		try {
			raw = await readBody( req );
		} catch ( error ) {
			if ( error instanceof HttpAnswer ) {
				send( res, error.status, error.body );
				return;
			}
			throw error;
		}
		const { body, jsonError } = parseBody(
			raw,
			req.headers[ 'content-type' ]
		);
		const query = parseForm( url.search );
		const headers = {};
		for ( const [ key, value ] of Object.entries( req.headers ) ) {
			headers[ key.toLowerCase() ] = value;
		}

		const entry = {
			id: ++logSequence,
			provider,
			method: req.method,
			path: pathname,
			provider_path: providerPath,
			query,
			body: jsonError ? raw : body,
			headers: Object.fromEntries(
				LOGGED_HEADERS.filter(
					( key ) => headers[ key ] !== undefined
				).map( ( key ) => [ key, headers[ key ] ] )
			),
			time: new Date().toISOString(),
			status: null,
			forced: [],
		};
		log.push( entry );
		if ( log.length > MAX_LOG ) {
			log = log.slice( -MAX_LOG );
		}

		const paths = [ pathname, providerPath ];
		const ctx = {
			method: req.method,
			path: providerPath,
			fullPath: pathname,
			prefix,
			origin,
			query,
			body,
			rawBody: raw,
			jsonError,
			headers,
			take: ( names, options ) => {
				const forced = take( provider, paths, names, options );
				if ( forced ) {
					entry.forced.push( forced.scenario );
				}
				return forced;
			},
		};

		// Faults act at the network edge, before the provider (never on /__control or /browser).
		const fault = faults.pick( {
			provider,
			method: req.method,
			path: providerPath,
			headers,
			params: req.method === 'GET' ? query : body,
		} );
		if ( fault ) {
			entry.fault = fault.fault;
			entry.fault_id = fault.id;
			entry.acted = false;
		}
		// The caller hung up before its answer (its timeout, a killed process).
		let callerGone = false;
		res.on( 'close', () => {
			if ( ! res.writableFinished ) {
				callerGone = true;
			}
		} );

		if ( fault && fault.fault === 'drop_request' ) {
			// Lost on the way: the provider never sees it, so it takes no idempotency key.
			entry.status = 'dropped';
			await pause( fault.ms );
			endExchange( res );
			return;
		}
		if ( fault && fault.fault === 'status' ) {
			const answer = statusAnswer( provider, fault.status, {
				shouldRetry: fault.should_retry,
			} );
			if ( fault.replay ) {
				providers.stripe.storeAnswer( ctx, answer );
			}
			entry.status = answer.status;
			send( res, answer.status, answer.body, answer.headers );
			return;
		}

		// From here the provider has the request. Its Stripe Idempotency-Key (or PayPal-Request-Id)
		// is taken now and kept until the work is done and its answer stored, whether or not the
		// caller is still connected: another request with the key meanwhile gets Stripe's 409 (at
		// PayPal, waits for the first: see claimRequestId()).
		let release = () => {};
		if ( provider === 'stripe' ) {
			const claim = providers.stripe.claimIdempotencyKey( ctx );
			if ( claim.answer ) {
				entry.status = claim.answer.status;
				send(
					res,
					claim.answer.status,
					claim.answer.body,
					claim.answer.headers
				);
				return;
			}
			release = claim.release || release;
		} else if ( provider === 'paypal' ) {
			release = await providers.paypal.claimRequestId( ctx );
		}

		// slow / stall (faults) and slow (scenario): the provider works after `ms`, as under load.
		let delay = 0;
		if ( fault ) {
			delay = [ 'slow', 'stall' ].includes( fault.fault ) ? fault.ms : 0;
		} else {
			const slow = ctx.take( [ 'slow' ] );
			delay = slow ? Number( slow.ms ) || 10000 : 0;
		}
		if ( delay && ! ( await pause( delay ) ) ) {
			release();
			endExchange( res );
			return;
		}
		const generic = fault ? null : ctx.take( GENERIC );
		if ( generic ) {
			// The provider does nothing: the key is free again.
			release();
			if ( generic.scenario === 'timeout' ) {
				holdThenDrop(
					res,
					entry,
					Number( generic.ms ) || timeoutHoldMs
				);
				return;
			}
			const answer = statusAnswer(
				provider,
				generic.scenario === 'rate_limited' ? 429 : 500,
				// Stripe: nothing was done, so the same request may be sent again.
				{ shouldRetry: true }
			);
			entry.status = answer.status;
			send( res, answer.status, answer.body, answer.headers );
			return;
		}
		// lost_answer / lose_answer: the provider does the work (a charge is made, a capture
		// read), then the connection drops before the answer reaches the caller.
		const lost = fault
			? fault.fault === 'lose_answer'
			: !! ctx.take( [ 'lost_answer' ] );
		const answer = providers[ provider ].handle( ctx );
		// Its answer is stored: a retry now gets the replay, not a 409.
		release();
		if ( fault ) {
			entry.acted = true;
			entry.answered = answer.status;
		}
		if ( lost ) {
			entry.status = 'lost';
			entry.answered = answer.status;
			endExchange( res );
			return;
		}
		if ( fault && fault.fault === 'hang_after_act' ) {
			// Nothing reaches the caller until it hangs up (or the server closes).
			entry.status = 'hung';
			const item = { timer: null, res };
			held.add( item );
			res.on( 'close', () => held.delete( item ) );
			return;
		}
		if ( callerGone ) {
			entry.status = 'lost';
			entry.answered = answer.status;
			return;
		}
		entry.status = answer.status;
		send( res, answer.status, answer.body, answer.headers );
	}

	/**
	 * A provider's error answer for a server-side status (the status fault and the generic
	 * scenarios).
	 *
	 * @param {string}   provider            Provider.
	 * @param {number}   status              429, 500, 502, 503 or 504.
	 * @param {Object}   options
	 * @param {?boolean} options.shouldRetry Stripe-Should-Retry (Stripe only), null for none.
	 * @return {{status: number, body: *, headers: Object}} Answer.
	 */
	function statusAnswer( provider, status, { shouldRetry = null } = {} ) {
		if ( provider === 'stripe' ) {
			return providers.stripe.statusAnswer( status, { shouldRetry } );
		}
		const error = providers[ provider ].statusAnswer( status );
		return {
			status: error.status,
			body: error.body,
			headers: error.headers,
		};
	}

	/**
	 * Wait, as a provider at work does, whether or not the caller is still connected.
	 *
	 * @param {number} ms Milliseconds.
	 * @return {Promise<boolean>} False when the server closed meanwhile.
	 */
	function pause( ms ) {
		if ( ! ms ) {
			return Promise.resolve( ! closing );
		}
		return new Promise( ( resolve ) => {
			const item = {
				timer: setTimeout( () => {
					pauses.delete( item );
					resolve( ! closing );
				}, ms ),
				resolve,
			};
			pauses.add( item );
		} );
	}

	/**
	 * End one exchange without an answer, as a network fault does: the connection that carries
	 * this request closes. Nothing was written on it, so no client has it back in a keep-alive
	 * pool: no other request, and never the harness's own control calls, can be on it.
	 *
	 * @param {http.ServerResponse} res Response.
	 */
	function endExchange( res ) {
		if ( ! res.writableEnded ) {
			res.destroy();
		}
	}

	/**
	 * The timeout scenario: hold the request (the provider never works on it), then close its
	 * connection without an answer.
	 *
	 * @param {http.ServerResponse} res    Response.
	 * @param {Object}              entry  Its log entry.
	 * @param {number}              holdMs How long.
	 */
	function holdThenDrop( res, entry, holdMs ) {
		const timer = setTimeout( () => {
			held.delete( item );
			entry.status = 'timeout';
			endExchange( res );
		}, holdMs );
		const item = { timer, res };
		held.add( item );
		res.on( 'close', () => {
			clearTimeout( timer );
			held.delete( item );
		} );
	}

	async function control( method, pathname, url, body ) {
		const route = `${ method } ${ pathname.replace( /\/$/, '' ) }`;
		const ok = ( data, status = 200 ) => ( { status, body: data } );
		try {
			const oneFault = /^DELETE \/__control\/faults\/([^/]+)$/.exec(
				route
			);
			if ( oneFault ) {
				return faults.remove( oneFault[ 1 ] )
					? ok( { deleted: oneFault[ 1 ] } )
					: ok( { error: `No fault ${ oneFault[ 1 ] }` }, 404 );
			}
			switch ( route ) {
				case 'POST /__control/faults':
					if (
						body &&
						typeof body === 'object' &&
						BAD_JSON in body
					) {
						return ok(
							{ error: 'The body is not valid JSON.' },
							400
						);
					}
					return ok( { fault: faults.add( body ) }, 201 );
				case 'GET /__control/faults':
					return ok( { faults: faults.list() } );
				case 'DELETE /__control/faults':
					faults.clear();
					return ok( { cleared: true } );
				case 'GET /__control':
				case 'GET /__control/health':
					return ok( {
						ok: true,
						providers: PROVIDERS,
						scenarios: SCENARIOS,
					} );
				case 'POST /__control/next': {
					const provider = body.provider;
					if ( ! PROVIDERS.includes( provider ) ) {
						return ok(
							{
								error: `provider must be one of ${ PROVIDERS.join( ', ' ) }`,
							},
							400
						);
					}
					if ( ! SCENARIOS[ provider ].includes( body.scenario ) ) {
						return ok(
							{
								error: `scenario for ${ provider } must be one of ${ SCENARIOS[
									provider
								].join( ', ' ) }`,
							},
							400
						);
					}
					const times =
						body.times === undefined ? 1 : Number( body.times );
					if ( ! Number.isInteger( times ) || times < 1 ) {
						return ok(
							{ error: 'times must be a positive integer' },
							400
						);
					}
					const queued = {
						...body,
						provider,
						scenario: body.scenario,
						path: body.path ? String( body.path ) : null,
						times,
						remaining: times,
					};
					queue.push( queued );
					return ok( { queued }, 201 );
				}
				case 'GET /__control/queue':
					return ok( queue );
				case 'DELETE /__control/queue':
					queue = [];
					return ok( { cleared: true } );
				case 'POST /__control/reset':
					queue = [];
					log = [];
					faults.clear();
					for ( const provider of Object.values( providers ) ) {
						provider.reset();
					}
					setStripeValidation( null );
					return ok( { reset: true } );
				case 'GET /__control/requests': {
					const filterProvider = url.searchParams.get( 'provider' );
					const filterPath = url.searchParams.get( 'path' );
					const filterMethod = url.searchParams.get( 'method' );
					return ok(
						log.filter(
							( item ) =>
								( ! filterProvider ||
									item.provider === filterProvider ) &&
								( ! filterPath ||
									item.path.includes( filterPath ) ) &&
								( ! filterMethod ||
									item.method === filterMethod.toUpperCase() )
						)
					);
				}
				case 'DELETE /__control/requests':
					log = [];
					return ok( { cleared: true } );
				// Stripe's parameter checks (lib/stripe/schema/validate.mjs) are on unless
				// turned off here or by STRIPE_STAND_IN_VALIDATION=off: for debugging only.
				// { enabled: null } follows the environment again.
				case 'POST /__control/stripe/validation':
					setStripeValidation(
						body.enabled === undefined || body.enabled === null
							? null
							: body.enabled !== false && body.enabled !== 'false'
					);
					return ok( { enabled: stripeValidationEnabled() } );
				case 'POST /__control/stripe/advance':
					return ok(
						providers.stripe.inVersion( body.api_version, () =>
							providers.stripe.advance( body )
						)
					);
				case 'POST /__control/stripe/confirmation_token/expire':
					return ok(
						providers.stripe.inVersion( body.api_version, () =>
							providers.stripe.expireConfirmationToken( body )
						)
					);
				case 'POST /__control/stripe/event':
					return ok(
						providers.stripe.inVersion( body.api_version, () =>
							providers.stripe.makeEvent( body )
						)
					);
				case 'GET /__control/stripe/account':
				case 'POST /__control/stripe/account':
					return ok( providers.stripe.account( body ) );
				case 'GET /__control/stripe/events': {
					const type = url.searchParams.get( 'type' );
					const version =
						url.searchParams.get( 'api_version' ) || undefined;
					return ok(
						providers.stripe.inVersion( version, () =>
							providers.stripe.recordedEvents( type, version )
						)
					);
				}
				case 'POST /__control/stripe/sign': {
					if ( ! body.secret || body.payload === undefined ) {
						return ok(
							{ error: 'payload and secret are required' },
							400
						);
					}
					const payload =
						typeof body.payload === 'string'
							? body.payload
							: JSON.stringify( body.payload );
					const timestamp =
						Number( body.timestamp ) ||
						Math.floor( Date.now() / 1000 );
					return ok( {
						payload,
						timestamp,
						header: signStripePayload(
							payload,
							body.secret,
							timestamp
						),
					} );
				}
				case 'POST /__control/stripe/becs/settle': {
					if (
						( body.url && ! body.secret ) ||
						( body.secret && ! body.url )
					) {
						return ok(
							{ error: 'url and secret go together' },
							400
						);
					}
					const result = providers.stripe.inVersion(
						body.api_version,
						() => providers.stripe.settleBecs( body )
					);
					return ok( await deliverIfAsked( body, result ) );
				}
				// A dispute on a charge (or its next step), or a payout of the available
				// balance, with the events it makes: delivered at once when url/secret or
				// endpoint are given (as becs/settle).
				case 'POST /__control/stripe/dispute':
				case 'POST /__control/stripe/payout': {
					const result = providers.stripe.inVersion(
						body.api_version,
						() =>
							route.endsWith( '/payout' )
								? providers.stripe.payOut( body )
								: providers.stripe.controlDispute( body )
					);
					return ok( await deliverIfAsked( body, result ) );
				}
				case 'POST /__control/stripe/deliver': {
					const events =
						body.events || ( body.event ? [ body.event ] : [] );
					const plan = providers.stripe.deliveryPlan( body, events );
					return ok( {
						results: await deliverStripeEvents(
							plan.url,
							plan.secret,
							plan.send,
							body.headers
						),
						skipped: plan.skipped,
					} );
				}
				case 'POST /__control/paypal/event':
					return ok(
						providers.paypal.makeEvent(
							{ origin: url.origin, prefix: '/paypal' },
							body
						)
					);
				case 'GET /__control/paypal/validation':
					return ok( { enabled: providers.paypal.validation } );
				case 'POST /__control/paypal/validation':
					if ( typeof body.enabled !== 'boolean' ) {
						return ok(
							{ error: 'enabled must be true or false' },
							400
						);
					}
					providers.paypal.validation = body.enabled;
					return ok( { enabled: providers.paypal.validation } );
				case 'POST /__control/paypal/foreign-capture':
					return ok( providers.paypal.foreignCapture( body ), 201 );
				case 'GET /__control/paypal/captures':
					return ok( providers.paypal.captureList() );
				case 'POST /__control/paypal/sign': {
					if ( ! body.webhook_id || ! body.event ) {
						return ok(
							{ error: 'event and webhook_id are required' },
							400
						);
					}
					return ok( {
						payload: JSON.stringify( body.event, null, 2 ),
						headers: signPayPalWebhook(
							body.event,
							body.webhook_id
						),
					} );
				}
				case 'POST /__control/paypal/deliver': {
					const registered = body.webhook_id
						? providers.paypal.webhooks.get( body.webhook_id )
						: null;
					if ( ! body.webhook_id || ! ( body.url || registered ) ) {
						return ok(
							{
								error: 'webhook_id is required, and url unless the webhook was created through the API',
							},
							400
						);
					}
					const events =
						body.events || ( body.event ? [ body.event ] : [] );
					return ok( {
						results: await deliverPayPalEvents(
							{ ...body, url: body.url || registered.url },
							events,
							registered
						),
					} );
				}
				default:
					return ok(
						{ error: `Unknown control route ${ route }` },
						404
					);
			}
		} catch ( error ) {
			if ( error instanceof HttpAnswer ) {
				return { status: error.status, body: error.body };
			}
			throw error;
		}
	}

	/**
	 * A control call's events delivered to the site, signed, when the call says where (url and
	 * secret, or endpoint): the deliveries and any events skipped are added to its answer.
	 *
	 * @param {Object} body   The control call's body.
	 * @param {Object} result Its answer, with the events it made.
	 * @return {Promise<Object>} The answer.
	 */
	async function deliverIfAsked( body, result ) {
		if ( body.url || body.endpoint ) {
			const plan = providers.stripe.deliveryPlan( body, result.events );
			result.deliveries = await deliverStripeEvents(
				plan.url,
				plan.secret,
				plan.send,
				body.headers
			);
			result.skipped = plan.skipped;
		}
		return result;
	}

	/**
	 * Sign and POST events to a webhook URL, one request each, in order.
	 *
	 * @param {string}   url     Endpoint.
	 * @param {string}   secret  Endpoint secret (whsec_...).
	 * @param {Object[]} events  Events.
	 * @param {Object}   headers Extra headers.
	 * @return {Promise<Object[]>} One result per event.
	 */
	async function deliverStripeEvents( url, secret, events, headers ) {
		const body = { url, secret, headers };
		const results = [];
		for ( const event of events ) {
			const payload = JSON.stringify( event, null, 2 );
			const header = signStripePayload( payload, body.secret );
			try {
				const response = await fetch( body.url, {
					method: 'POST',
					headers: {
						'Content-Type': 'application/json; charset=utf-8',
						'Stripe-Signature': header,
						'User-Agent':
							'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
						...( body.headers || {} ),
					},
					body: payload,
				} );
				results.push( {
					event: event.id,
					type: event.type,
					status: response.status,
					body: await response.text(),
				} );
			} catch ( error ) {
				results.push( {
					event: event.id,
					type: event.type,
					status: null,
					error: error.message,
				} );
			}
		}
		return results;
	}

	/**
	 * POST events to a PayPal webhook URL, one request each, in order, with PAYPAL-* headers
	 * the stand-in's verify endpoint accepts (or, with tamper, a body changed after signing).
	 * A webhook created through the API gets only the event types it subscribed to.
	 *
	 * @param {Object}      options    url, webhook_id, tamper, headers.
	 * @param {Object[]}    events     Events.
	 * @param {Object|null} registered The webhook, when created through the API.
	 * @return {Promise<Object[]>} One result per event.
	 */
	async function deliverPayPalEvents( options, events, registered = null ) {
		const results = [];
		for ( const event of events ) {
			if (
				registered &&
				! registered.names.includes( '*' ) &&
				! registered.names.includes( event.event_type )
			) {
				results.push( {
					event: event.id,
					type: event.event_type,
					status: null,
					skipped: 'not subscribed',
				} );
				continue;
			}
			const signed = signPayPalWebhook( event, options.webhook_id );
			const sent = options.tamper
				? { ...event, summary: `${ event.summary || '' } (changed)` }
				: event;
			try {
				const response = await fetch( options.url, {
					method: 'POST',
					headers: {
						'Content-Type': 'application/json',
						'User-Agent': 'PayPal/AUHD-214.0-58324920',
						...signed,
						...( options.headers || {} ),
					},
					body: JSON.stringify( sent, null, 2 ),
				} );
				results.push( {
					event: event.id,
					type: event.event_type,
					status: response.status,
					body: await response.text(),
				} );
			} catch ( error ) {
				results.push( {
					event: event.id,
					type: event.event_type,
					status: null,
					error: error.message,
				} );
			}
		}
		return results;
	}

	await new Promise( ( resolve, reject ) => {
		server.once( 'error', reject );
		server.listen( port, host, () => {
			server.off( 'error', reject );
			resolve();
		} );
	} );
	const actualPort = server.address().port;
	port = actualPort;
	const url = `http://${ host }:${ actualPort }`;

	return {
		url,
		port: actualPort,
		providers,
		close() {
			closing = true;
			for ( const item of held ) {
				clearTimeout( item.timer );
				item.res.destroy();
			}
			held.clear();
			for ( const item of pauses ) {
				clearTimeout( item.timer );
				item.resolve( false );
			}
			pauses.clear();
			return new Promise( ( resolve ) => {
				server.close( () => resolve() );
				server.closeAllConnections();
			} );
		},
	};
}

function isMain() {
	if ( ! process.argv[ 1 ] ) {
		return false;
	}
	try {
		return (
			realpathSync( process.argv[ 1 ] ) ===
			realpathSync( fileURLToPath( import.meta.url ) )
		);
	} catch {
		return false;
	}
}

if ( isMain() ) {
	const port = Number( process.env.STAND_IN_PORT || 8899 );
	startStandIns( { port } )
		.then( ( standIns ) => {
			// eslint-disable-next-line no-console
			console.log( `stand-ins listening on ${ standIns.url }` );
			const stop = () => {
				standIns.close().then( () => process.exit( 0 ) );
			};
			process.on( 'SIGINT', stop );
			process.on( 'SIGTERM', stop );
		} )
		.catch( ( error ) => {
			// eslint-disable-next-line no-console
			console.error(
				`stand-ins: could not listen on 127.0.0.1:${ port }: ${ error.message }`
			);
			process.exit( 1 );
		} );
}
