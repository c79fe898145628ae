/**
 * Stripe stand-in: helpers shared by the resource modules (errors, expand lists, search, signing).
 */
import { createHmac } from 'node:crypto';
import { randomString, unixNow, HttpAnswer } from '../util.mjs';

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

// Stripe's pages spell the code with hyphens: .../error-codes/card-declined.
export const docUrl = ( code ) =>
	`https://stripe.com/docs/error-codes/${ code.replace( /_/g, '-' ) }`;

export const requestLogUrl = () =>
	`https://dashboard.stripe.com/test/logs/req_${ randomString( 14 ) }`;

/**
 * Throw Stripe's invalid_request_error.
 *
 * @param {string} message Message.
 * @param {Object} extra   param, code, status.
 */
export function invalid( message, extra = {} ) {
	const { status = 400, ...fields } = extra;
	const error = { type: 'invalid_request_error', message, ...fields };
	if ( error.code ) {
		error.doc_url = docUrl( error.code );
	}
	error.request_log_url = requestLogUrl();
	throw new HttpAnswer( status, { error } );
}

export const missingParam = ( param ) =>
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
export function expandList( value ) {
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
export function matchesQuery( object, parsed ) {
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
export function hide( object, key, value ) {
	Object.defineProperty( object, key, {
		value,
		enumerable: false,
		writable: true,
		configurable: true,
	} );
}
