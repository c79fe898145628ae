/**
 * Writes shapes-<version>.json: the fields of every object the Stripe stand-in answers with, read
 * from the `stripe` npm package's types for that API version (devDependencies `stripe` and
 * `stripe-2024-06-20`). The renderer (render.mjs) projects the stored objects onto these shapes.
 *
 *   node tests/stand-ins/lib/stripe/versions/extract-shapes.mjs
 *
 * Each type is { fields: [ [ name, optional, type ] ] } in the order the SDK declares them;
 * a type is 'string' | 'number' | 'boolean' | 'null' | 'unknown' | { literal } | { ref } |
 * { array } | { union } | { map } (metadata-like records).
 */
/* eslint-disable no-bitwise, no-console -- TypeScript's type and symbol flags are bit sets; the tool reports what it wrote. */
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
const ROOT = path.resolve( HERE, '../../../../..' );
const require = createRequire( path.join( ROOT, 'package.json' ) );
const ts = require( 'typescript' );

// The objects the stand-in stores or answers with, by their `object` value.
export const ROOT_OBJECTS = [
	'balance',
	'card',
	'charge',
	'customer',
	'dispute',
	'event',
	'invoice',
	'invoice_payment',
	'line_item',
	'mandate',
	'payment_intent',
	'payment_method',
	'payment_method_domain',
	'plan',
	'price',
	'product',
	'refund',
	'setup_intent',
	'subscription',
	'subscription_item',
	'token',
	'webhook_endpoint',
];

const VERSIONS = {
	'2026-10-28.endive': path.join(
		ROOT,
		'node_modules/stripe/cjs/stripe.cjs.node.d.ts'
	),
	'2024-06-20': path.join(
		ROOT,
		'node_modules/stripe-2024-06-20/types/index.d.ts'
	),
};

function extract( entry ) {
	const program = ts.createProgram( [ entry ], {
		noEmit: true,
		strict: true,
		skipLibCheck: true,
		types: [],
		lib: [ 'lib.es2022.d.ts' ],
	} );
	const checker = program.getTypeChecker();
	const types = {};
	const objects = {};
	// Stripe.Issuing.Token (2024-06-20) or "…/resources/Issuing/Tokens".Token (endive): both
	// become Issuing.Token, so same-named interfaces of two namespaces stay apart.
	const shortName = ( symbol ) => {
		const full = checker.getFullyQualifiedName( symbol );
		const module = /^"[^"]*\/resources\/((?:[A-Za-z]+\/)*)[^"/]*"\./.exec(
			full
		);
		const prefix = module
			? module[ 1 ].split( '/' ).filter( Boolean ).join( '.' )
			: '';
		const name = full
			.replace( /^"[^"]*"\./, '' )
			.replace( /^Stripe\./, '' );
		return prefix ? `${ prefix }.${ name }` : name;
	};

	const describe = ( type ) => {
		if ( type.isUnion() ) {
			const members = type.types.map( describe );
			// boolean shows as true | false.
			const flat = [];
			for ( const member of members ) {
				if (
					member &&
					typeof member === 'object' &&
					'literal' in member &&
					typeof member.literal === 'boolean'
				) {
					if ( ! flat.includes( 'boolean' ) ) {
						flat.push( 'boolean' );
					}
				} else {
					flat.push( member );
				}
			}
			return flat.length === 1 ? flat[ 0 ] : { union: flat };
		}
		const flags = type.getFlags();
		if ( flags & ts.TypeFlags.Null ) {
			return 'null';
		}
		if ( flags & ts.TypeFlags.StringLiteral ) {
			return { literal: type.value };
		}
		if ( flags & ts.TypeFlags.BooleanLiteral ) {
			return { literal: checker.typeToString( type ) === 'true' };
		}
		if ( flags & ts.TypeFlags.String ) {
			return 'string';
		}
		if (
			flags & ts.TypeFlags.Number ||
			flags & ts.TypeFlags.NumberLiteral
		) {
			return 'number';
		}
		if ( flags & ts.TypeFlags.Boolean ) {
			return 'boolean';
		}
		if (
			flags &
			( ts.TypeFlags.Any |
				ts.TypeFlags.Unknown |
				ts.TypeFlags.Void |
				ts.TypeFlags.Undefined )
		) {
			return 'unknown';
		}
		if ( checker.isArrayType( type ) ) {
			return { array: describe( checker.getTypeArguments( type )[ 0 ] ) };
		}
		if ( flags & ts.TypeFlags.Object ) {
			const symbol = type.aliasSymbol || type.getSymbol();
			const name = symbol ? shortName( symbol ) : '';
			if ( name === 'Decimal' ) {
				return 'string';
			}
			const index = type.getStringIndexType();
			if ( index && type.getProperties().length === 0 ) {
				return { map: describe( index ) };
			}
			let key = name;
			if (
				name === 'ApiList' ||
				name === 'ApiSearchResult' ||
				! name ||
				name === '__type'
			) {
				const args = checker.getTypeArguments
					? type.aliasTypeArguments ||
						checker.getTypeArguments( type ) ||
						[]
					: [];
				key = `${ name || 'anon' }<${ args.map( ( arg ) => checker.typeToString( arg ) ).join( ',' ) }>`;
				if ( ! args.length && ( ! name || name === '__type' ) ) {
					key = `anon:${ checker.typeToString( type ) }`;
				}
			}
			if ( ! types[ key ] ) {
				types[ key ] = { fields: [] };
				for ( const prop of type.getProperties() ) {
					const decl =
						prop.valueDeclaration || prop.declarations?.[ 0 ];
					if ( ! decl ) {
						continue;
					}
					const propType = checker.getTypeOfSymbolAtLocation(
						prop,
						decl
					);
					const optional = !! (
						prop.getFlags() & ts.SymbolFlags.Optional
					);
					// `deleted?: void` marks a non-deleted object: not a field.
					if ( prop.name === 'deleted' && optional ) {
						continue;
					}
					types[ key ].fields.push( [
						prop.name,
						optional,
						describe(
							checker.getNonNullableType( propType ) === propType
								? propType
								: propType
						),
					] );
				}
			}
			return { ref: key };
		}
		return 'unknown';
	};

	// Walk every interface declaration; keep those whose `object` is a root object.
	for ( const file of program.getSourceFiles() ) {
		if ( ! /node_modules\/stripe(-2024-06-20)?\//.test( file.fileName ) ) {
			continue;
		}
		const visit = ( node ) => {
			if ( ts.isInterfaceDeclaration( node ) ) {
				const symbol = checker.getSymbolAtLocation( node.name );
				const type =
					symbol && checker.getDeclaredTypeOfSymbol( symbol );
				const objectProp = type && type.getProperty( 'object' );
				const deleted = type && type.getProperty( 'deleted' );
				if (
					objectProp &&
					! (
						deleted &&
						! ( deleted.getFlags() & ts.SymbolFlags.Optional )
					)
				) {
					const t = checker.getTypeOfSymbolAtLocation(
						objectProp,
						node
					);
					if (
						t.isStringLiteral() &&
						ROOT_OBJECTS.includes( t.value )
					) {
						const name = shortName( symbol );
						// The main interface (Invoice, not e.g. UpcomingInvoice).
						if (
							! objects[ t.value ] ||
							name.length < objects[ t.value ].length
						) {
							objects[ t.value ] = name;
						}
					}
				}
			}
			ts.forEachChild( node, visit );
		};
		visit( file );
	}
	for ( const [ object, name ] of Object.entries( objects ) ) {
		void object;
		// Re-find the symbol by walking again is costly; describe through a lookup.
		const found = findInterface( program, checker, name, shortName );
		describe( checker.getDeclaredTypeOfSymbol( found ) );
	}
	return { objects, types };
}

function findInterface( program, checker, name, shortName ) {
	let result = null;
	for ( const file of program.getSourceFiles() ) {
		if ( result ) {
			break;
		}
		const visit = ( node ) => {
			if ( result ) {
				return;
			}
			if ( ts.isInterfaceDeclaration( node ) ) {
				const symbol = checker.getSymbolAtLocation( node.name );
				if ( symbol && shortName( symbol ) === name ) {
					result = symbol;
					return;
				}
			}
			ts.forEachChild( node, visit );
		};
		visit( file );
	}
	return result;
}

const WEBHOOK_TYPES = {
	'2026-10-28.endive': path.join(
		ROOT,
		'node_modules/stripe/cjs/resources/WebhookEndpoints.d.ts'
	),
	'2024-06-20': path.join(
		ROOT,
		'node_modules/stripe-2024-06-20/types/WebhookEndpointsResource.d.ts'
	),
};

/**
 * The string literals of the first `type NAME = 'a' | 'b' …;` in a file (WebhookEndpointCreateParams
 * comes first in both SDKs).
 *
 * @param {string} file Declaration file.
 * @param {string} name Type alias name.
 * @return {string[]} Values.
 */
function literalsOf( file, name ) {
	const text = readFileSync( file, 'utf8' );
	const match = new RegExp( `type ${ name } =([^;]*);` ).exec( text );
	return match
		? [ ...match[ 1 ].matchAll( /'([^']+)'/g ) ].map( ( m ) => m[ 1 ] )
		: [];
}

for ( const [ version, entry ] of Object.entries( VERSIONS ) ) {
	const shapes = extract( entry );
	// What POST /v1/webhook_endpoints accepts in this version.
	shapes.webhookEvents = literalsOf(
		WEBHOOK_TYPES[ version ],
		'EnabledEvent'
	);
	shapes.apiVersions = literalsOf( WEBHOOK_TYPES[ version ], 'ApiVersion' );
	const missing = ROOT_OBJECTS.filter(
		( object ) => ! shapes.objects[ object ]
	);
	writeFileSync(
		path.join( HERE, `shapes-${ version }.json` ),
		JSON.stringify( { version, ...shapes } ) + '\n'
	);

	console.log(
		`${ version }: ${ Object.keys( shapes.types ).length } types${
			missing.length ? `; no type for ${ missing.join( ', ' ) }` : ''
		}`
	);
}
