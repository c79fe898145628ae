/**
 * The Stripe API versions the stand-in answers in, and their definitions (<version>.json,
 * written by generate.mjs from the `stripe` SDK types of each version), loaded once per version.
 * The renderer (../render.mjs), the request validator (validate.mjs) and the shape checker
 * (shape.mjs) all read these files: there is no other copy of Stripe's shapes.
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );

export const ENDIVE = '2026-10-28.endive';
export const V2024_06_20 = '2024-06-20';

/**
 * Each version the stand-in answers in, with the npm package whose types describe it
 * (package.json devDependencies). The first is the account default after a reset.
 */
export const SDK_PACKAGES = {
	[ ENDIVE ]: 'stripe',
	[ V2024_06_20 ]: 'stripe-2024-06-20',
};

/** What the stand-in answers in (a Stripe-Version outside this list is refused). */
export const SUPPORTED_VERSIONS = Object.keys( SDK_PACKAGES );

const cache = new Map();

/**
 * @param {string} version API version, e.g. "2026-10-28.endive".
 * @return {Object|null} Schema, or null when no SDK describes that version.
 */
export function loadSchema( version ) {
	if ( ! SUPPORTED_VERSIONS.includes( version ) ) {
		return null;
	}
	if ( ! cache.has( version ) ) {
		const file = path.join( HERE, `${ version }.json` );
		const schema = existsSync( file )
			? JSON.parse( readFileSync( file, 'utf8' ) )
			: null;
		if ( schema ) {
			schema.templates = Object.keys( schema.endpoints )
				.map( ( key ) => {
					const [ method, template ] = key.split( ' ' );
					const segments = template.split( '/' );
					return {
						key,
						method,
						segments,
						variables: segments.filter( ( s ) => s === ':id' )
							.length,
					};
				} )
				// "/v1/customers/search" before "/v1/customers/:id".
				.sort( ( a, b ) => a.variables - b.variables );
		}
		cache.set( version, schema );
	}
	return cache.get( version );
}

/**
 * The endpoint a request is for.
 *
 * @param {Object} schema      Schema.
 * @param {string} method      HTTP method.
 * @param {string} requestPath Path, e.g. "/v1/payment_intents/pi_1/confirm".
 * @return {string|null} Endpoint key, e.g. "POST /v1/payment_intents/:id/confirm".
 */
export function findEndpoint( schema, method, requestPath ) {
	const segments = String( requestPath ).split( '?' )[ 0 ].split( '/' );
	for ( const template of schema.templates ) {
		if (
			template.method === method &&
			template.segments.length === segments.length &&
			template.segments.every( ( s, i ) =>
				s === ':id' ? segments[ i ] !== '' : s === segments[ i ]
			)
		) {
			return template.key;
		}
	}
	return null;
}

/**
 * Follow { ref } to its definition.
 *
 * @param {Object} schema Schema.
 * @param {*}      node   Type node.
 * @return {*} Node (undefined for a definition the schema does not carry).
 */
export function resolve( schema, node ) {
	let current = node;
	for ( let i = 0; current && current.ref && i < 20; i++ ) {
		current = schema.defs[ current.ref ];
	}
	return current;
}

/**
 * The event types of a version (the SDK's typed events), e.g. no invoice_payment.paid in
 * 2024-06-20.
 *
 * @param {string} version A supported version.
 * @return {string[]} Event types.
 */
export function stripeEventTypes( version ) {
	const schema = loadSchema( version );
	return schema ? Object.keys( schema.eventTypes ) : [];
}
