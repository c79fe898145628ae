/**
 * Writes lib/paypal/limits.json: the string, array and enum limits that PayPal's published
 * OpenAPI definitions put on the request bodies the PayPal stand-in checks. The server SDK's
 * models (which the stand-in walks for structure, types and required fields) carry no lengths
 * or patterns, so those come from here.
 *
 *   node tests/stand-ins/tools/paypal-limits.mjs SPEC_DIR
 *
 * SPEC_DIR holds checkout_orders_v2.json, payments_payment_v2.json and
 * notifications_webhooks_v1.json from github.com/paypal/paypal-rest-api-specifications
 * (folder openapi/). This machine cannot fetch them; run it where a copy exists.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
const OUT = path.join( HERE, '..', 'lib', 'paypal', 'limits.json' );

/** Request kind → [ spec file, schema of its body ]. */
const BODIES = {
	'orders.create': [ 'checkout_orders_v2.json', 'order_request' ],
	'orders.capture': [ 'checkout_orders_v2.json', 'order_capture_request' ],
	'captures.refund': [ 'payments_payment_v2.json', 'refund_request' ],
	'webhooks.create': [ 'notifications_webhooks_v1.json', 'webhook' ],
	'webhooks.update': [ 'notifications_webhooks_v1.json', 'patch_request' ],
	'webhooks.verify': [
		'notifications_webhooks_v1.json',
		'verify_webhook_signature',
	],
};

const KEPT = [
	'minLength',
	'maxLength',
	'pattern',
	'minItems',
	'maxItems',
	'minimum',
	'maximum',
	'enum',
];
// Formats the stand-in can check; PayPal's own formats (ppaas_…) are covered by their patterns.
const FORMATS = [ 'uri', 'date-time' ];

/**
 * Limits of every writable field under a schema, keyed by its path with "*" for array items.
 *
 * @param {Object} spec OpenAPI document.
 * @param {string} root Schema name.
 * @return {Object} Path → limits.
 */
function limitsOf( spec, root ) {
	const out = {};
	const resolve = ( schema ) =>
		schema && schema.$ref
			? spec.components.schemas[ schema.$ref.split( '/' ).pop() ]
			: schema;
	const walk = ( schema, at, seen ) => {
		if ( schema && schema.$ref ) {
			// Recursive definitions stop at their second visit.
			if ( seen.includes( schema.$ref ) ) {
				return;
			}
			seen = [ ...seen, schema.$ref ];
		}
		const resolved = resolve( schema );
		if ( ! resolved ) {
			return;
		}
		for ( const part of [
			...( resolved.allOf || [] ),
			...( resolved.anyOf || [] ),
		] ) {
			walk( part, at, seen );
		}
		const limits = {};
		for ( const key of KEPT ) {
			if ( resolved[ key ] !== undefined ) {
				limits[ key ] = resolved[ key ];
			}
		}
		if ( FORMATS.includes( resolved.format ) ) {
			limits.format = resolved.format;
		}
		if ( Object.keys( limits ).length && at ) {
			out[ at ] = { ...out[ at ], ...limits };
		}
		for ( const [ name, property ] of Object.entries(
			resolved.properties || {}
		) ) {
			// Read-only fields are PayPal's own (ids, links, an event's contents): not for callers.
			if ( ! property.readOnly ) {
				walk( property, at ? `${ at }/${ name }` : name, seen );
			}
		}
		if ( resolved.items ) {
			walk( resolved.items, at ? `${ at }/*` : '*', seen );
		}
	};
	walk( { $ref: `#/components/schemas/${ root }` }, '', [] );
	return out;
}

const specDir = process.argv[ 2 ];
if ( ! specDir ) {
	process.stderr.write(
		'Usage: node tests/stand-ins/tools/paypal-limits.mjs SPEC_DIR\n'
	);
	process.exit( 1 );
}
const specs = {};
const result = {};
const versions = {};
for ( const [ kind, [ file, root ] ] of Object.entries( BODIES ) ) {
	specs[ file ] =
		specs[ file ] ||
		JSON.parse( readFileSync( path.join( specDir, file ), 'utf8' ) );
	versions[ file ] = specs[ file ].info.version;
	result[ kind ] = limitsOf( specs[ file ], root );
}
const header = {
	source: 'github.com/paypal/paypal-rest-api-specifications openapi/ (Apache-2.0), written by tests/stand-ins/tools/paypal-limits.mjs',
	versions,
};
// One field per line keeps reviews of a regenerated file readable.
const lines = [ '{', `"_source": ${ JSON.stringify( header ) },` ];
const kinds = Object.keys( result );
kinds.forEach( ( kind, k ) => {
	lines.push( `${ JSON.stringify( kind ) }: {` );
	const entries = Object.entries( result[ kind ] );
	entries.forEach( ( [ at, limits ], i ) =>
		lines.push(
			`${ JSON.stringify( at ) }: ${ JSON.stringify( limits ) }${
				i < entries.length - 1 ? ',' : ''
			}`
		)
	);
	lines.push( `}${ k < kinds.length - 1 ? ',' : '' }` );
} );
lines.push( '}' );
writeFileSync( OUT, `${ lines.join( '\n' ) }\n` );
process.stdout.write(
	`${ OUT }: ${ kinds
		.map(
			( kind ) => `${ kind } ${ Object.keys( result[ kind ] ).length }`
		)
		.join( ', ' ) }\n`
);
