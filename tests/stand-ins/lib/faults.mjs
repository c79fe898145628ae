/**
 * Faults injected at the network edge, per provider endpoint (POST /__control/faults): what a
 * real network and a real provider do to a call. This module keeps the faults, checks their
 * control bodies and picks the fault of a request; server.mjs carries them out.
 */
import { HttpAnswer } from './util.mjs';

export const FAULT_PROVIDERS = [ 'stripe', 'paypal', 'experian', 'recaptcha' ];

/**
 * The kinds, and what the provider does with the request:
 * - drop_request: never sees it (no work, no idempotency key); the connection closes after ms.
 * - lose_answer: does the work and stores the answer; the connection closes without it.
 * - slow / stall: takes the idempotency key at once, works after ms whether or not the caller
 *   is still there, stores the answer; the caller gets it if still connected.
 * - status: does nothing; the caller gets that status with the provider's error body.
 * - hang_after_act: does the work and stores the answer; the caller gets nothing.
 */
export const FAULT_KINDS = [
	'drop_request',
	'lose_answer',
	'slow',
	'stall',
	'status',
	'hang_after_act',
];

/** Kinds that wait, with their default wait in ms. */
const WAITS = { drop_request: 0, slow: 10000, stall: 10000 };
const MAX_MS = 10 * 60 * 1000;
export const FAULT_STATUSES = [ 429, 500, 502, 503, 504 ];
const METHODS = [ 'GET', 'POST', 'PUT', 'PATCH', 'DELETE' ];
const FIELDS = [
	'provider',
	'method',
	'path',
	'nth',
	'times',
	'fault',
	'ms',
	'status',
	'should_retry',
	'replay',
	'match',
];
const MATCH_FIELDS = [ 'idempotency_key', 'body' ];

const refuse = ( message ) => new HttpAnswer( 400, { error: message } );

/**
 * The faults of one server, in the order they were added.
 */
export class FaultRegistry {
	constructor() {
		this.clear();
	}

	clear() {
		/** @type {Object[]} */
		this.faults = [];
		this.sequence = 0;
	}

	/**
	 * Check a control body and add its fault.
	 *
	 * @param {*} body The JSON body of POST /__control/faults.
	 * @return {Object} The fault as listed.
	 * @throws {HttpAnswer} 400 with { error } for a body that is not one.
	 */
	add( body ) {
		const fault = checkFault( body );
		fault.id = `flt_${ ++this.sequence }`;
		fault.matched = 0;
		fault.fired = 0;
		fault.pattern = pathPattern( fault.path );
		this.faults.push( fault );
		return view( fault );
	}

	list() {
		return this.faults.map( view );
	}

	/**
	 * Remove one fault.
	 *
	 * @param {string} id Its id (flt_…).
	 * @return {boolean} Whether there was one.
	 */
	remove( id ) {
		const before = this.faults.length;
		this.faults = this.faults.filter( ( fault ) => fault.id !== id );
		return this.faults.length < before;
	}

	/**
	 * The fault a request gets, if any. Every fault the request matches counts it; the first
	 * added whose turn it is (from its nth match, fewer than `times` fired) fires. A fault whose
	 * turn another took fires on its next match.
	 *
	 * @param {Object} request {provider, method, path (after the prefix), headers (lower-cased), params}.
	 * @return {Object|null} The fault (internal object), or null.
	 */
	pick( request ) {
		let chosen = null;
		for ( const fault of this.faults ) {
			if ( ! matches( fault, request ) ) {
				continue;
			}
			fault.matched += 1;
			if (
				! chosen &&
				fault.matched >= fault.nth &&
				fault.fired < fault.times
			) {
				fault.fired += 1;
				chosen = fault;
			}
		}
		return chosen;
	}
}

/**
 * A fault as GET /__control/faults lists it.
 *
 * @param {Object} fault Internal fault.
 * @return {Object} Public fields.
 */
function view( fault ) {
	const { pattern, ...shown } = fault;
	void pattern;
	return shown;
}

/**
 * Check a control body strictly; the fault it describes, with its defaults.
 *
 * @param {*} body Body.
 * @return {Object} Fault without id and counts.
 */
function checkFault( body ) {
	if ( ! body || typeof body !== 'object' || Array.isArray( body ) ) {
		throw refuse( 'The body must be a JSON object.' );
	}
	const unknown = Object.keys( body ).filter(
		( key ) => ! FIELDS.includes( key )
	);
	if ( unknown.length ) {
		throw refuse(
			`Unknown field ${ unknown.join( ', ' ) }: a fault takes ${ FIELDS.join(
				', '
			) }.`
		);
	}
	if ( ! FAULT_PROVIDERS.includes( body.provider ) ) {
		throw refuse(
			`provider must be one of ${ FAULT_PROVIDERS.join( ', ' ) }.`
		);
	}
	if ( ! FAULT_KINDS.includes( body.fault ) ) {
		throw refuse( `fault must be one of ${ FAULT_KINDS.join( ', ' ) }.` );
	}
	const fault = {
		provider: body.provider,
		method: null,
		path: checkPath( body.path, body.provider ),
		nth: positiveInteger( body.nth, 'nth' ),
		times: positiveInteger( body.times, 'times' ),
		fault: body.fault,
	};
	if ( body.method !== undefined && body.method !== null ) {
		const method =
			typeof body.method === 'string' ? body.method.toUpperCase() : '';
		if ( ! METHODS.includes( method ) ) {
			throw refuse( `method must be one of ${ METHODS.join( ', ' ) }.` );
		}
		fault.method = method;
	}
	if ( body.fault in WAITS ) {
		fault.ms = body.ms === undefined ? WAITS[ body.fault ] : body.ms;
		if (
			! Number.isInteger( fault.ms ) ||
			fault.ms < 0 ||
			fault.ms > MAX_MS
		) {
			throw refuse(
				`ms must be a whole number of milliseconds from 0 to ${ MAX_MS }.`
			);
		}
	} else if ( body.ms !== undefined ) {
		throw refuse(
			`ms is for ${ Object.keys( WAITS ).join( ', ' ) }, not ${
				body.fault
			}.`
		);
	}
	checkStatusFields( body, fault );
	if ( body.match !== undefined ) {
		fault.match = checkMatch( body.match );
	}
	return fault;
}

/**
 * status, should_retry and replay: only for the status kind (should_retry and replay only on
 * Stripe, replay only for a 500).
 *
 * @param {Object} body  Body.
 * @param {Object} fault The fault being built.
 */
function checkStatusFields( body, fault ) {
	if ( body.fault !== 'status' ) {
		for ( const field of [ 'status', 'should_retry', 'replay' ] ) {
			if ( body[ field ] !== undefined ) {
				throw refuse(
					`${ field } is for the status fault, not ${ body.fault }.`
				);
			}
		}
		return;
	}
	if ( ! FAULT_STATUSES.includes( body.status ) ) {
		throw refuse(
			`status must be one of ${ FAULT_STATUSES.join( ', ' ) }.`
		);
	}
	fault.status = body.status;
	if ( body.should_retry !== undefined && body.should_retry !== null ) {
		if ( body.provider !== 'stripe' ) {
			throw refuse(
				'should_retry sets Stripe-Should-Retry: it is for stripe only.'
			);
		}
		if ( typeof body.should_retry !== 'boolean' ) {
			throw refuse( 'should_retry must be true, false or null.' );
		}
		fault.should_retry = body.should_retry;
	} else {
		fault.should_retry = null;
	}
	if ( body.replay !== undefined ) {
		if (
			body.provider !== 'stripe' ||
			body.status !== 500 ||
			typeof body.replay !== 'boolean'
		) {
			throw refuse(
				'replay (true or false) is for a stripe status 500 only: Stripe stores a 500 for its Idempotency-Key.'
			);
		}
		fault.replay = body.replay;
	}
}

/**
 * @param {*}      value Value.
 * @param {string} name  Field name.
 * @return {number} The integer, 1 when absent.
 */
function positiveInteger( value, name ) {
	if ( value === undefined ) {
		return 1;
	}
	if ( ! Number.isInteger( value ) || value < 1 ) {
		throw refuse( `${ name } must be a positive integer.` );
	}
	return value;
}

/**
 * @param {*}      path     The path field.
 * @param {string} provider The provider.
 * @return {string} The path.
 */
function checkPath( path, provider ) {
	if ( typeof path !== 'string' || ! /^(\/[^/?#\s]+)+$/.test( path ) ) {
		throw refuse(
			'path must be the provider path after its prefix, such as /v1/payment_intents/:id/confirm (no query, no trailing slash).'
		);
	}
	// (reCAPTCHA's own path starts with /recaptcha: /recaptcha/api/siteverify.)
	if (
		provider !== 'recaptcha' &&
		( path === `/${ provider }` || path.startsWith( `/${ provider }/` ) )
	) {
		throw refuse(
			`path comes after the provider prefix: ${ path.slice(
				provider.length + 1
			) }, not ${ path }.`
		);
	}
	return path;
}

/**
 * @param {*} match The match field.
 * @return {Object} { idempotency_key?, body? }.
 */
function checkMatch( match ) {
	if ( ! match || typeof match !== 'object' || Array.isArray( match ) ) {
		throw refuse(
			'match must be an object: { idempotency_key } and/or { body }.'
		);
	}
	const keys = Object.keys( match );
	if (
		! keys.length ||
		keys.some( ( key ) => ! MATCH_FIELDS.includes( key ) )
	) {
		throw refuse(
			`match takes ${ MATCH_FIELDS.join( ' and/or ' ) }, got ${
				keys.join( ', ' ) || 'nothing'
			}.`
		);
	}
	const checked = {};
	if ( match.idempotency_key !== undefined ) {
		if (
			typeof match.idempotency_key !== 'string' ||
			! match.idempotency_key
		) {
			throw refuse(
				'match.idempotency_key must be a non-empty string (a substring of the key).'
			);
		}
		checked.idempotency_key = match.idempotency_key;
	}
	if ( match.body !== undefined ) {
		const body = match.body;
		const scalar = ( value ) =>
			[ 'string', 'number', 'boolean' ].includes( typeof value );
		if (
			! body ||
			typeof body !== 'object' ||
			Array.isArray( body ) ||
			! Object.keys( body ).length ||
			! Object.values( body ).every( scalar )
		) {
			throw refuse(
				'match.body must map parameter names (metadata[attempt_id] for nested ones) to strings, numbers or booleans.'
			);
		}
		checked.body = { ...body };
	}
	return checked;
}

/**
 * @param {string} path Path with :name segments.
 * @return {RegExp} Whole-path pattern; :name is one segment.
 */
function pathPattern( path ) {
	const source = path
		.split( '/' )
		.map( ( segment ) =>
			segment.startsWith( ':' )
				? '[^/]+'
				: segment.replace( /[.*+?^${}()|[\]\\]/g, '\\$&' )
		)
		.join( '/' );
	return new RegExp( `^${ source }$` );
}

/**
 * @param {Object} fault   Fault.
 * @param {Object} request Request (see pick()).
 * @return {boolean} Whether the fault is for this request.
 */
function matches( fault, request ) {
	if (
		fault.provider !== request.provider ||
		( fault.method && fault.method !== request.method ) ||
		! fault.pattern.test( request.path )
	) {
		return false;
	}
	if ( ! fault.match ) {
		return true;
	}
	if ( fault.match.idempotency_key !== undefined ) {
		const key = String(
			request.headers[ 'idempotency-key' ] ||
				request.headers[ 'paypal-request-id' ] ||
				''
		);
		if ( ! key.includes( fault.match.idempotency_key ) ) {
			return false;
		}
	}
	if ( fault.match.body !== undefined ) {
		return Object.entries( fault.match.body ).every(
			( [ name, value ] ) => {
				const found = paramAt( request.params, name );
				return (
					found !== undefined &&
					found !== null &&
					typeof found !== 'object' &&
					String( found ) === String( value )
				);
			}
		);
	}
	return true;
}

/**
 * A parameter by name, with brackets for nesting: metadata[attempt_id], items[0][price].
 *
 * @param {*}      params Parsed parameters.
 * @param {string} name   Name.
 * @return {*} The value, or undefined.
 */
function paramAt( params, name ) {
	const steps = name.replace( /\]/g, '' ).split( '[' );
	let value = params;
	for ( const step of steps ) {
		if ( ! value || typeof value !== 'object' ) {
			return undefined;
		}
		value = value[ step ];
	}
	return value;
}
