/**
 * Small helpers shared by the provider stand-ins.
 */
import { randomBytes, randomUUID } from 'node:crypto';

const ALPHANUMERIC =
	'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const UPPER_ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A random string drawn from an alphabet.
 *
 * @param {number} length   How many characters.
 * @param {string} alphabet Characters to draw from.
 * @return {string} The random string.
 */
export function randomString( length, alphabet = ALPHANUMERIC ) {
	const bytes = randomBytes( length );
	let out = '';
	for ( let i = 0; i < length; i++ ) {
		out += alphabet[ bytes[ i ] % alphabet.length ];
	}
	return out;
}

/**
 * A Stripe-looking id such as "pi_3PqRsTuVwXyZ0123456789ab".
 *
 * @param {string} prefix Object prefix without the underscore.
 * @param {number} length Length of the random part.
 * @return {string} The id.
 */
export function stripeId( prefix, length = 24 ) {
	return `${ prefix }_${ randomString( length ) }`;
}

/**
 * A PayPal-looking id: 17 upper-case letters and digits.
 *
 * @param {number} length Length.
 * @return {string} The id.
 */
export function paypalId( length = 17 ) {
	return randomString( length, UPPER_ALPHANUMERIC );
}

/**
 * A debug id as PayPal returns them (13 hex characters).
 *
 * @return {string} The id.
 */
export function debugId() {
	return randomBytes( 7 ).toString( 'hex' ).slice( 0, 13 );
}

export { randomUUID };

/**
 * Unix time in seconds.
 *
 * @return {number} Seconds since the epoch.
 */
export function unixNow() {
	return Math.floor( Date.now() / 1000 );
}

/**
 * ISO 8601 time without milliseconds, as PayPal and Google print it.
 *
 * @param {Date} date The date.
 * @return {string} For example "2026-11-21T10:00:00Z".
 */
export function isoSeconds( date = new Date() ) {
	return date.toISOString().replace( /\.\d{3}Z$/, 'Z' );
}

/**
 * Deep copy of a JSON-compatible value.
 *
 * @param {*} value The value.
 * @return {*} The copy.
 */
export function clone( value ) {
	return value === undefined ? undefined : structuredClone( value );
}

/**
 * JSON with object keys sorted, to compare request parameters.
 *
 * @param {*} value The value.
 * @return {string} Canonical JSON.
 */
export function canonicalJson( value ) {
	if ( Array.isArray( value ) ) {
		return `[${ value.map( canonicalJson ).join( ',' ) }]`;
	}
	if ( value && typeof value === 'object' ) {
		return `{${ Object.keys( value )
			.sort()
			.map(
				( key ) =>
					`${ JSON.stringify( key ) }:${ canonicalJson( value[ key ] ) }`
			)
			.join( ',' ) }}`;
	}
	return JSON.stringify( value === undefined ? null : value );
}

/**
 * Whether a form value means "true" (Stripe accepts "true" and booleans).
 *
 * @param {*} value The value.
 * @return {boolean} True for "true", true, "1".
 */
export function isTrue( value ) {
	return value === true || value === 'true' || value === '1';
}

/**
 * An error that carries a complete HTTP answer.
 */
export class HttpAnswer extends Error {
	/**
	 * @param {number} status  HTTP status.
	 * @param {*}      body    JSON body.
	 * @param {Object} headers Extra headers.
	 */
	constructor( status, body, headers = {} ) {
		super( `HTTP ${ status }` );
		this.status = status;
		this.body = body;
		this.headers = headers;
	}
}
