/**
 * Stripe's own definitions, as data: the one description of Stripe's shapes the
 * stand-in has. The renderer projects answers onto it, the validator checks
 * requests against it, the shape checker checks answers against it.
 *
 * Reads the TypeScript types of the `stripe` npm SDK (one package per API
 * version, listed in schemas.mjs: `stripe` 23.1.0 for 2026-10-28.endive,
 * `stripe-2024-06-20`, an alias of stripe@16.12.0, for 2024-06-20) with the
 * TypeScript compiler API and writes one JSON file per version next to this script:
 *
 *   endpoints  "POST /v1/payment_intents" → { params, returns } for every
 *              endpoint the stand-in serves (ENDPOINTS below) that the SDK has;
 *   objects    object value ("payment_intent") → definition name;
 *   eventTypes event type → the object its data.object is;
 *   defs       definition name → type, in the compact language below.
 *
 * Type language (JSON):
 *   "string" | "integer" | "number" | "boolean" | "null" | "any"
 *   "decimal"               a decimal number written as a string (Stripe.Decimal)
 *   "empty"                 the empty string only (Stripe.Emptyable<T> is T | '')
 *   { enum: [ … ] }         string literals (the SDK's open `OtherString` is dropped:
 *                           Stripe refuses values it does not list)
 *   { const: true }         a boolean literal (deleted: true)
 *   { array: T }
 *   { anyOf: [ T, … ] }
 *   { props: { name: T }, optional: [ name ], record?: T, includable?: [ name ] }
 *                           an object; `record` types any other key (metadata);
 *                           `includable` lists the optional object and list fields:
 *                           those Stripe leaves out unless expanded are among them
 *                           (invoice.payments, invoice.confirmation_secret); the SDK
 *                           does not say which, so expand takes them all
 *   { ref: "Name" }         a definition in defs
 *   { expandable: [ "Name" ] }  an id string, or (when expanded) one of these objects
 *   { list: T } / { search: T } the list / search_result envelope of T (returns only)
 *
 * Numbers: the SDK types say `number`; Stripe's parameters and fields are integers
 * except percentages and rates, so a number is "integer" unless its name or its
 * documentation says percent, rate or decimal.
 *
 *   node tests/stand-ins/lib/stripe/schema/generate.mjs          write the JSON files
 *   node tests/stand-ins/lib/stripe/schema/generate.mjs --check  exit 1 when they differ
 *                                                                from the installed SDKs
 *
 * The stand-ins' tests run --check, so an SDK bump without a regeneration fails them.
 */
/* eslint-disable no-bitwise -- the TypeScript compiler API reports kinds as bit flags */
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { SDK_PACKAGES, SUPPORTED_VERSIONS } from './schemas.mjs';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
const ROOT = path.resolve( HERE, '../../../../..' );
const require = createRequire( path.join( ROOT, 'package.json' ) );
const ts = require( 'typescript' );

/**
 * Every endpoint the stand-in serves (tests/stand-ins/lib/stripe route table),
 * with the ones being added (webhook endpoints, invoice payments). A test
 * checks this list against the live route table both ways.
 */
export const ENDPOINTS = [
	'POST /v1/payment_methods',
	'GET /v1/payment_methods',
	'GET /v1/payment_methods/:id',
	'POST /v1/payment_methods/:id',
	'POST /v1/payment_methods/:id/attach',
	'POST /v1/payment_methods/:id/detach',
	'POST /v1/tokens',
	'GET /v1/tokens/:id',
	'POST /v1/confirmation_tokens',
	'GET /v1/confirmation_tokens/:id',
	'POST /v1/customers',
	'GET /v1/customers',
	'GET /v1/customers/search',
	'GET /v1/customers/:id',
	'POST /v1/customers/:id',
	'DELETE /v1/customers/:id',
	'GET /v1/customers/:id/payment_methods',
	'POST /v1/customers/:id/sources',
	'POST /v1/products',
	'GET /v1/products',
	'GET /v1/products/search',
	'GET /v1/products/:id',
	'POST /v1/products/:id',
	'POST /v1/prices',
	'GET /v1/prices',
	'GET /v1/prices/search',
	'GET /v1/prices/:id',
	'POST /v1/prices/:id',
	'POST /v1/payment_intents',
	'GET /v1/payment_intents',
	'GET /v1/payment_intents/search',
	'GET /v1/payment_intents/:id',
	'POST /v1/payment_intents/:id',
	'POST /v1/payment_intents/:id/confirm',
	'POST /v1/payment_intents/:id/cancel',
	'POST /v1/setup_intents',
	'GET /v1/setup_intents/:id',
	'POST /v1/setup_intents/:id/confirm',
	'POST /v1/setup_intents/:id/cancel',
	'POST /v1/subscriptions',
	'GET /v1/subscriptions',
	'GET /v1/subscriptions/search',
	'GET /v1/subscriptions/:id',
	'POST /v1/subscriptions/:id',
	'DELETE /v1/subscriptions/:id',
	'GET /v1/invoices',
	'GET /v1/invoices/search',
	'GET /v1/invoices/:id',
	'POST /v1/invoices/:id/pay',
	'POST /v1/invoices/:id/void',
	'GET /v1/invoice_payments',
	'GET /v1/invoice_payments/:id',
	'POST /v1/charges',
	'GET /v1/charges',
	'GET /v1/charges/search',
	'GET /v1/charges/:id',
	'POST /v1/refunds',
	'GET /v1/refunds',
	'GET /v1/refunds/:id',
	'GET /v1/mandates/:id',
	'GET /v1/disputes/:id',
	'GET /v1/balance',
	'GET /v1/balance_transactions',
	'GET /v1/balance_transactions/:id',
	'GET /v1/payouts',
	'GET /v1/payouts/:id',
	'POST /v1/payment_method_domains',
	'GET /v1/payment_method_domains',
	'GET /v1/payment_method_domains/:id',
	'POST /v1/payment_method_domains/:id/validate',
	'GET /v1/events',
	'GET /v1/events/:id',
	'POST /v1/webhook_endpoints',
	'GET /v1/webhook_endpoints',
	'GET /v1/webhook_endpoints/:id',
	'POST /v1/webhook_endpoints/:id',
	'DELETE /v1/webhook_endpoints/:id',
];

/**
 * Endpoints only Stripe.js calls (with the publishable key), which the server SDKs do not have.
 * Each is described by the SDK's test helper that makes the same object server-side (`like`),
 * plus what Stripe.js alone may send: the card from the Elements (type card, and `cardFrom`'s
 * card[…], what that endpoint takes from a publishable key; a server-side test helper takes no
 * card details).
 */
export const STRIPE_JS_ENDPOINTS = {
	'POST /v1/confirmation_tokens': {
		like: 'POST /v1/test_helpers/confirmation_tokens',
		cardFrom: 'POST /v1/payment_methods',
		name: 'StripeJs.ConfirmationTokenCreateParams',
	},
};

/**
 * Object types the stand-in renders (by `object`), described even when no
 * endpoint above returns them directly (events carry them, ids expand to them).
 */
export const OBJECTS = [
	'balance',
	'balance_transaction',
	'card',
	'charge',
	'confirmation_token',
	'customer',
	'dispute',
	'event',
	'invoice',
	'invoice_payment',
	'mandate',
	'payment_intent',
	'payment_method',
	'payment_method_domain',
	'payout',
	'price',
	'product',
	'refund',
	'setup_intent',
	'subscription',
	'subscription_item',
	'token',
	'webhook_endpoint',
];

/**
 * Where each version's SDK keeps its types: one module per resource (stripe 17 and later,
 * cjs/resources/*.d.ts) or one ambient declaration (types/index.d.ts, stripe 16).
 *
 * @param {string} pkgDir Package folder.
 * @return {string} 'modules' | 'ambient'.
 */
const layoutOf = ( pkgDir ) =>
	existsSync( path.join( pkgDir, 'types', 'index.d.ts' ) )
		? 'ambient'
		: 'modules';

export const schemaFile = ( version ) => path.join( HERE, `${ version }.json` );

function listFiles( dir, pattern ) {
	const out = [];
	for ( const entry of readdirSync( dir, { withFileTypes: true } ) ) {
		const full = path.join( dir, entry.name );
		if ( entry.isDirectory() ) {
			out.push( ...listFiles( full, pattern ) );
		} else if ( pattern.test( entry.name ) ) {
			out.push( full );
		}
	}
	return out.sort();
}

/**
 * Method + path template → resource file and method name, from the SDK's
 * JavaScript (the types do not carry paths).
 *
 * @param {string} pkgDir Package folder.
 * @param {string} layout 'modules' (23.x) or 'ambient' (16.x).
 * @return {Map<string, {file: string, name: string}>} By "METHOD /path/:id".
 */
function readPaths( pkgDir, layout ) {
	const dir = path.join( pkgDir, 'cjs', 'resources' );
	const table = new Map();
	for ( const file of listFiles( dir, /\.js$/ ) ) {
		const text = readFileSync( file, 'utf8' );
		const relative = path
			.relative( dir, file )
			.replace( /\.js$/, '' )
			.split( path.sep )
			.join( '/' );
		const pattern =
			layout === 'modules'
				? /\n\s{4}(\w+)\([^)]*\)\s*\{\s*return this\._makeRequest\('(\w+)',\s*(['`])([^'`]+)\3/g
				: /\n\s{4}(\w+):\s*stripeMethod\(\{\s*method:\s*'(\w+)',\s*fullPath:\s*(['`])([^'`]+)\3/g;
		let match;
		while ( ( match = pattern.exec( text ) ) !== null ) {
			const [ , name, method, , rawPath ] = match;
			const template = rawPath
				.replace( /\$\{[^}]+\}/g, ':id' )
				.replace( /\{[^}]+\}/g, ':id' );
			const key = `${ method } ${ template }`;
			if ( ! table.has( key ) ) {
				table.set( key, { file: relative, name } );
			}
		}
	}
	return table;
}

/**
 * Build the schema of one SDK.
 *
 * @param {string} version API version.
 * @return {Object} Schema.
 */
export function buildSchema( version ) {
	// node_modules/<pkg>: the packages' "exports" hide their package.json and types.
	const pkgDir = path.join( ROOT, 'node_modules', SDK_PACKAGES[ version ] );
	const layout = layoutOf( pkgDir );
	const pkgJson = JSON.parse(
		readFileSync( path.join( pkgDir, 'package.json' ), 'utf8' )
	);
	const paths = readPaths( pkgDir, layout );

	const roots =
		layout === 'modules'
			? listFiles( path.join( pkgDir, 'cjs', 'resources' ), /\.d\.ts$/ )
			: [ path.join( pkgDir, 'types', 'index.d.ts' ) ];
	const program = ts.createProgram( roots, {
		noEmit: true,
		// Without it null vanishes from "string | null".
		strict: true,
		skipLibCheck: true,
		target: ts.ScriptTarget.ES2022,
		module: ts.ModuleKind.CommonJS,
		moduleResolution: ts.ModuleResolutionKind.Node10,
		types: [],
		lib: [ 'lib.es2022.d.ts' ],
	} );
	const checker = program.getTypeChecker();

	// ---- Finding SDK declarations by name -------------------------------
	const namespaces = []; // symbol tables to search for top-level names
	if ( layout === 'modules' ) {
		for ( const sf of program.getSourceFiles() ) {
			if ( ! sf.fileName.startsWith( pkgDir ) ) {
				continue;
			}
			const moduleSymbol = checker.getSymbolAtLocation( sf );
			if ( moduleSymbol ) {
				namespaces.push( {
					file: path
						.relative( path.join( pkgDir, 'cjs' ), sf.fileName )
						.replace( /\.d\.ts$/, '' )
						.split( path.sep )
						.join( '/' ),
					exports: checker.getExportsOfModule( moduleSymbol ),
				} );
			}
		}
	} else {
		const stripeModule = checker
			.getAmbientModules()
			.find( ( symbol ) => symbol.getName() === '"stripe"' );
		const stripeNs = checker
			.getExportsOfModule( stripeModule )
			.find( ( symbol ) => symbol.getName() === 'Stripe' );
		namespaces.push( {
			file: '',
			exports: checker.getExportsOfModule( stripeNs ),
		} );
	}
	const findExport = ( name, file = null ) => {
		for ( const ns of namespaces ) {
			if ( file !== null && ns.file !== file ) {
				continue;
			}
			const found = ns.exports.find( ( s ) => s.getName() === name );
			if ( found ) {
				return found;
			}
		}
		return null;
	};

	// ---- Naming definitions ---------------------------------------------
	const names = new Map(); // symbol → def name
	const used = new Map(); // def name → symbol
	const defName = ( symbol ) => {
		if ( names.has( symbol ) ) {
			return names.get( symbol );
		}
		let full = checker
			.getFullyQualifiedName( symbol )
			.replace( /^"stripe"\./, '' );
		// "/abs/path/resources/Checkout/Sessions".Session.Foo → Checkout.Session.Foo
		full = full.replace( /^"([^"]+)"\./, ( all, file ) => {
			const rel = path
				.relative( path.join( pkgDir, 'cjs' ), file )
				.split( path.sep );
			const dirs = rel
				.slice( 0, -1 )
				.filter( ( d ) => d !== 'resources' );
			return dirs.length ? `${ dirs.join( '.' ) }.` : '';
		} );
		full = full.replace( /^Stripe\./, '' );
		let name = full;
		let n = 2;
		while ( used.has( name ) && used.get( name ) !== symbol ) {
			name = `${ full }~${ n++ }`;
		}
		names.set( symbol, name );
		used.set( name, symbol );
		return name;
	};

	// ---- Converting types -------------------------------------------------
	const defs = {};
	const pending = [];
	const isNumberish = ( propName, doc ) =>
		/percent|(^|_)rate$/.test( propName || '' ) ||
		/\b(a|as a|positive|non-negative) (decimal|float)|percentage\b/i.test(
			doc || ''
		);

	const docOf = ( symbol ) =>
		symbol
			? ts.displayPartsToString(
					symbol.getDocumentationComment( checker )
				)
			: '';

	const isOtherString = ( type ) =>
		( type.flags & ts.TypeFlags.Intersection ) !== 0 &&
		type.types.some( ( t ) => t.flags & ts.TypeFlags.String );

	const aliasName = ( type ) =>
		type.aliasSymbol ? type.aliasSymbol.getName() : null;

	const isResourceInterface = ( symbol ) => {
		if ( ! symbol || ! ( symbol.flags & ts.SymbolFlags.Interface ) ) {
			return false;
		}
		const type = checker.getDeclaredTypeOfSymbol( symbol );
		const objectProp = type.getProperty( 'object' );
		if ( ! objectProp ) {
			return false;
		}
		const objectType = checker.getTypeOfSymbol( objectProp );
		return ( objectType.flags & ts.TypeFlags.StringLiteral ) !== 0;
	};

	// A resource interface's `object` value, and whether it is the deleted shape
	// (`deleted: true`); null for any other symbol.
	const resourceObject = ( symbol ) => {
		if ( ! isResourceInterface( symbol ) ) {
			return null;
		}
		const type = checker.getDeclaredTypeOfSymbol( symbol );
		const deleted = type.getProperty( 'deleted' );
		return {
			value: checker.getTypeOfSymbol( type.getProperty( 'object' ) )
				.value,
			deleted:
				!! deleted &&
				( checker.getTypeOfSymbol( deleted ).flags &
					ts.TypeFlags.BooleanLiteral ) !==
					0,
		};
	};

	const refTo = ( symbol ) => {
		const name = defName( symbol );
		if ( ! ( name in defs ) ) {
			defs[ name ] = null; // reserved; filled from the queue
			pending.push( symbol );
		}
		return { ref: name };
	};

	/**
	 * @param {ts.Type} type    Type.
	 * @param {Object}  context propName, doc (for numbers).
	 * @return {*} Type node.
	 */
	const convert = ( type, context = {} ) => {
		if ( aliasName( type ) === 'Decimal' ) {
			return 'decimal';
		}
		// Stripe.Event is a union of ~250 typed events; one definition (below)
		// says what every event has, eventTypes what each carries.
		if ( aliasName( type ) === 'Event' ) {
			return { ref: 'Event' };
		}
		const f = type.flags;
		if ( f & ts.TypeFlags.Union ) {
			return convertUnion( type.types, context );
		}
		if ( f & ts.TypeFlags.Any || f & ts.TypeFlags.Unknown ) {
			return 'any';
		}
		if ( f & ts.TypeFlags.String ) {
			return 'string';
		}
		if ( f & ts.TypeFlags.StringLiteral ) {
			return type.value === '' ? 'empty' : { enum: [ type.value ] };
		}
		if ( f & ts.TypeFlags.Number ) {
			return isNumberish( context.propName, context.doc )
				? 'number'
				: 'integer';
		}
		if ( f & ts.TypeFlags.NumberLiteral ) {
			return 'integer';
		}
		if ( f & ts.TypeFlags.Boolean ) {
			return 'boolean';
		}
		if ( f & ts.TypeFlags.BooleanLiteral ) {
			return { const: type.intrinsicName === 'true' };
		}
		if ( f & ts.TypeFlags.Null ) {
			return 'null';
		}
		if ( f & ts.TypeFlags.Intersection ) {
			if ( isOtherString( type ) ) {
				return 'string';
			}
			return 'any';
		}
		if ( f & ts.TypeFlags.Object ) {
			if ( checker.isArrayType( type ) ) {
				return {
					array: convert(
						checker.getTypeArguments( type )[ 0 ],
						context
					),
				};
			}
			const symbol = type.aliasSymbol || type.getSymbol();
			const name = symbol && symbol.getName();
			if ( name === 'ApiList' || name === 'ApiSearchResult' ) {
				const args =
					type.aliasTypeArguments ||
					checker.getTypeArguments( type ) ||
					[];
				const item = convert( args[ 0 ] );
				return name === 'ApiList' ? { list: item } : { search: item };
			}
			if (
				symbol &&
				symbol.flags & ts.SymbolFlags.Interface &&
				! (
					type.objectFlags & ts.ObjectFlags.Reference &&
					checker.getTypeArguments( type ).length
				)
			) {
				return refTo( symbol );
			}
			return convertObject( type );
		}
		return 'any';
	};

	// Union order is the compiler's; sorted, the output changes only with the SDK.
	const byJson = ( a, b ) => {
		const x = JSON.stringify( a );
		const y = JSON.stringify( b );
		if ( x < y ) {
			return -1;
		}
		return x > y ? 1 : 0;
	};

	const convertUnion = ( members, context ) => {
		const out = [];
		const literals = [];
		let trueSeen = false;
		let falseSeen = false;
		for ( const member of members ) {
			const f = member.flags;
			if ( f & ts.TypeFlags.Undefined ) {
				continue;
			}
			if ( isOtherString( member ) ) {
				continue;
			}
			if ( f & ts.TypeFlags.StringLiteral && member.value !== '' ) {
				literals.push( member.value );
				continue;
			}
			if ( f & ts.TypeFlags.BooleanLiteral ) {
				if ( member.intrinsicName === 'true' ) {
					trueSeen = true;
				} else {
					falseSeen = true;
				}
				continue;
			}
			out.push( convert( member, context ) );
		}
		if ( trueSeen && falseSeen ) {
			out.unshift( 'boolean' );
		} else if ( trueSeen || falseSeen ) {
			out.unshift( { const: trueSeen } );
		}
		if ( literals.length ) {
			out.unshift( { enum: [ ...new Set( literals ) ].sort() } );
		}
		// An id or the object it names: "string | Stripe.Charge".
		const objectRefs = out.filter(
			( node ) =>
				node && node.ref && isResourceInterface( used.get( node.ref ) )
		);
		if ( out.includes( 'string' ) && objectRefs.length ) {
			const rest = out.filter(
				( node ) => node !== 'string' && ! objectRefs.includes( node )
			);
			rest.unshift( {
				expandable: objectRefs.map( ( node ) => node.ref ).sort(),
			} );
			return rest.length === 1
				? rest[ 0 ]
				: { anyOf: rest.sort( byJson ) };
		}
		const unique = [];
		const seen = new Set();
		for ( const node of out ) {
			const key = JSON.stringify( node );
			if ( ! seen.has( key ) ) {
				seen.add( key );
				unique.push( node );
			}
		}
		// Emptyable<string> stays [ "empty", "string" ]: Stripe refuses '' for
		// a plain string parameter (parameter_invalid_empty).
		unique.sort( byJson );
		return unique.length === 1 ? unique[ 0 ] : { anyOf: unique };
	};

	const mentionsEmptyable = ( typeNode ) => {
		if ( ts.isTypeReferenceNode( typeNode ) ) {
			return (
				typeNode.typeName.getText() === 'Emptyable' ||
				typeNode.typeName.getText() === 'Stripe.Emptyable'
			);
		}
		if ( ts.isUnionTypeNode( typeNode ) ) {
			return typeNode.types.some( mentionsEmptyable );
		}
		return false;
	};

	const withEmpty = ( node ) => {
		const members = node && node.anyOf ? node.anyOf : [ node ];
		if ( members.includes( 'empty' ) ) {
			return node;
		}
		return { anyOf: [ 'empty', ...members ].sort( byJson ) };
	};

	const convertObject = ( type ) => {
		const node = { props: {}, optional: [] };
		const includable = [];
		for ( const prop of checker.getPropertiesOfType( type ) ) {
			const decl =
				prop.valueDeclaration || ( prop.declarations || [] )[ 0 ];
			if ( decl && ts.isMethodSignature( decl ) ) {
				continue;
			}
			const propName = prop.getName();
			const propType = checker.getTypeOfSymbol( prop );
			const doc = docOf( prop );
			let converted = convert( propType, { propName, doc } );
			// A dictionary only Stripe.js reads, "the shape of the contents is subject to
			// change" (next_action.use_stripe_sdk): any keys. stripe 23 declares it as a map;
			// 16.12.0 as an empty interface, which would otherwise read as "no fields".
			if ( /shape of the contents is subject to change/i.test( doc ) ) {
				converted = { props: {}, optional: [], record: 'any' };
			}
			// The compiler folds Emptyable<string> (string | '') into string; the
			// declaration still says it.
			if ( decl && decl.type && mentionsEmptyable( decl.type ) ) {
				converted = withEmpty( converted );
			}
			node.props[ propName ] = converted;
			if ( prop.flags & ts.SymbolFlags.Optional ) {
				node.optional.push( propName );
				const inner =
					converted && converted.anyOf
						? converted.anyOf
						: [ converted ];
				if (
					inner.some(
						( n ) =>
							n &&
							typeof n === 'object' &&
							( n.list || n.search || n.ref || n.props )
					)
				) {
					includable.push( propName );
				}
			}
		}
		const index = checker.getIndexInfoOfType( type, ts.IndexKind.String );
		if ( index ) {
			node.record = convert( index.type );
		}
		node.props = Object.fromEntries(
			Object.keys( node.props )
				.sort()
				.map( ( key ) => [ key, node.props[ key ] ] )
		);
		node.optional.sort();
		if ( includable.length ) {
			node.includable = includable.sort();
		}
		return node;
	};

	const drain = () => {
		while ( pending.length ) {
			const symbol = pending.shift();
			const name = defName( symbol );
			defs[ name ] = convertObject(
				checker.getDeclaredTypeOfSymbol( symbol )
			);
		}
	};

	// ---- Endpoints --------------------------------------------------------
	const endpoints = {};
	const missing = [];
	for ( const endpoint of ENDPOINTS ) {
		const where = paths.get(
			STRIPE_JS_ENDPOINTS[ endpoint ]
				? STRIPE_JS_ENDPOINTS[ endpoint ].like
				: endpoint
		);
		if ( ! where ) {
			missing.push( endpoint );
			continue;
		}
		const resourceBase = where.file.split( '/' ).pop();
		const dir = where.file.split( '/' ).slice( 0, -1 );
		let classSymbol = null;
		if ( layout === 'modules' ) {
			const file = [ 'resources', ...dir, resourceBase ].join( '/' );
			for ( const candidate of namespaces.filter(
				( ns ) => ns.file === file
			) ) {
				classSymbol = candidate.exports.find(
					( s ) =>
						s.flags & ts.SymbolFlags.Class &&
						/Resource$/.test( s.getName() )
				);
			}
		} else {
			let scope = namespaces[ 0 ].exports;
			for ( const segment of dir ) {
				const ns = scope.find( ( s ) => s.getName() === segment );
				scope = ns ? checker.getExportsOfModule( ns ) : [];
			}
			classSymbol = scope.find(
				( s ) => s.getName() === `${ resourceBase }Resource`
			);
		}
		if ( ! classSymbol ) {
			throw new Error(
				`${ version }: no resource class for ${ where.file }`
			);
		}
		const classType = checker.getDeclaredTypeOfSymbol( classSymbol );
		const method = classType.getProperty( where.name );
		if ( ! method ) {
			throw new Error(
				`${ version }: ${ classSymbol.getName() } has no ${ where.name }`
			);
		}
		const signatures = checker
			.getTypeOfSymbol( method )
			.getCallSignatures();
		const signature =
			signatures.find( ( s ) =>
				s.parameters.some( ( p ) => p.getName() === 'params' )
			) || signatures[ 0 ];
		const paramsSymbol = signature.parameters.find(
			( p ) => p.getName() === 'params'
		);
		const params = paramsSymbol
			? convert(
					checker.getNonNullableType(
						checker.getTypeOfSymbol( paramsSymbol )
					)
				)
			: { props: {}, optional: [] };
		endpoints[ endpoint ] = {
			params,
			returns: convertReturn( signature.getReturnType() ),
			sdk: `${ classSymbol.getName() }.${ where.name }`,
		};
	}

	/**
	 * The Stripe.js endpoints' parameters: their test helper's, under their own definition
	 * names (StripeJs.…), with payment_method_data[card] as `cardFrom` takes card.
	 */
	function addStripeJsCards() {
		for ( const [ endpoint, { like, cardFrom, name } ] of Object.entries(
			STRIPE_JS_ENDPOINTS
		) ) {
			const entry = endpoints[ endpoint ];
			const source = endpoints[ cardFrom ];
			if ( ! entry || ! source ) {
				continue;
			}
			const deref = ( node ) =>
				node && node.ref ? defs[ node.ref ] : node;
			const card = deref( source.params ).props.card;
			const params = structuredClone( deref( entry.params ) );
			const dataNode = params.props.payment_method_data;
			const data = structuredClone( deref( dataNode ) );
			data.props = Object.fromEntries(
				Object.entries( { ...data.props, card } ).sort( ( a, b ) =>
					a[ 0 ].localeCompare( b[ 0 ] )
				)
			);
			data.optional = [
				...new Set( [ ...data.optional, 'card' ] ),
			].sort();
			if ( data.props.type && data.props.type.enum ) {
				data.props.type = {
					enum: [
						...new Set( [ ...data.props.type.enum, 'card' ] ),
					].sort(),
				};
			}
			defs[ `${ name }.PaymentMethodData` ] = data;
			params.props.payment_method_data = {
				ref: `${ name }.PaymentMethodData`,
			};
			defs[ name ] = params;
			entry.params = { ref: name };
			entry.sdk = `Stripe.js: ${ like } (${ entry.sdk }), with payment_method_data[card] as ${ cardFrom }`;
		}
	}

	function convertReturn( type ) {
		// Promise<Response<T>>, ApiListPromise<T>, ApiSearchResultPromise<T>
		const symbol = type.aliasSymbol || type.getSymbol();
		const name = symbol ? symbol.getName() : '';
		const args =
			type.aliasTypeArguments || checker.getTypeArguments( type ) || [];
		if ( name === 'ApiListPromise' ) {
			return { list: convert( args[ 0 ] ) };
		}
		if ( name === 'ApiSearchResultPromise' ) {
			return { search: convert( args[ 0 ] ) };
		}
		if ( name === 'Promise' ) {
			const inner = args[ 0 ];
			const innerArgs =
				inner.aliasTypeArguments ||
				( inner.flags & ts.TypeFlags.Object
					? checker.getTypeArguments( inner )
					: [] );
			if (
				inner.aliasSymbol &&
				inner.aliasSymbol.getName() === 'Response'
			) {
				return convert( innerArgs[ 0 ] );
			}
			// Response<T> = T & { lastResponse }: keep the part that is not lastResponse.
			if ( inner.flags & ts.TypeFlags.Intersection ) {
				const part = inner.types.find(
					( t ) => ! t.getProperty( 'lastResponse' )
				);
				return convert( part );
			}
			return convert( inner );
		}
		return convert( type );
	}

	/**
	 * Keep what the stand-in can answer: everything reachable from the endpoints
	 * and the listed object types, where an id that merely could expand to an
	 * object type the stand-in never renders (an Account, a Review) stays an id.
	 */
	function prune() {
		const listed = new Set( OBJECTS );
		const objectValue = ( name ) =>
			resourceObject( used.get( name ) )?.value ?? null;
		const keep = new Set();
		const visit = ( node ) => {
			if ( ! node || typeof node !== 'object' ) {
				return;
			}
			if ( Array.isArray( node ) ) {
				node.forEach( visit );
				return;
			}
			if ( node.ref ) {
				enter( node.ref );
			}
			if ( node.expandable ) {
				node.expandable
					.filter( ( name ) => listed.has( objectValue( name ) ) )
					.forEach( enter );
			}
			for ( const [ key, value ] of Object.entries( node ) ) {
				if ( key !== 'expandable' && key !== 'ref' ) {
					visit( value );
				}
			}
		};
		const enter = ( name ) => {
			if ( keep.has( name ) ) {
				return;
			}
			keep.add( name );
			visit( defs[ name ] );
		};
		Object.values( endpoints ).forEach( visit );
		for ( const [ name ] of used ) {
			if ( listed.has( objectValue( name ) ) ) {
				enter( name );
			}
		}
		for ( const name of Object.keys( defs ) ) {
			if ( ! keep.has( name ) ) {
				delete defs[ name ];
				used.delete( name );
			}
		}
	}

	// ---- Object types by their `object` value ------------------------------
	const objects = {};
	const collectObjects = () => {
		for ( const [ name, symbol ] of used ) {
			const resource = resourceObject( symbol );
			if ( resource ) {
				const key = resource.deleted
					? `deleted ${ resource.value }`
					: resource.value;
				if ( ! objects[ key ] || name.length < objects[ key ].length ) {
					objects[ key ] = name;
				}
			}
		}
	};
	// ---- Events -------------------------------------------------------------
	// Event: EventBase, whose data.object is any Stripe object (checked by its
	// own `object` value) and whose type is one of the typed events' types.
	const eventTypes = {};
	const eventBase = findExport( 'EventBase' );
	for ( const ns of namespaces ) {
		for ( const symbol of ns.exports ) {
			if ( ! ( symbol.flags & ts.SymbolFlags.Interface ) ) {
				continue;
			}
			const type = checker.getDeclaredTypeOfSymbol( symbol );
			const bases = type.getBaseTypes ? type.getBaseTypes() || [] : [];
			if ( ! bases.some( ( b ) => b.getSymbol() === eventBase ) ) {
				continue;
			}
			const typeProp = type.getProperty( 'type' );
			const dataProp = type.getProperty( 'data' );
			const literal = checker.getTypeOfSymbol( typeProp );
			if ( ! ( literal.flags & ts.TypeFlags.StringLiteral ) ) {
				continue;
			}
			const objectType = checker
				.getTypeOfSymbol( dataProp )
				.getProperty( 'object' );
			const carried = checker.getTypeOfSymbol( objectType );
			const carriedSymbol = carried.getSymbol();
			let value = null;
			if ( isResourceInterface( carriedSymbol ) ) {
				value = checker.getTypeOfSymbol(
					checker
						.getDeclaredTypeOfSymbol( carriedSymbol )
						.getProperty( 'object' )
				).value;
			}
			eventTypes[ literal.value ] = value;
		}
	}
	if ( eventBase ) {
		const event = convertObject(
			checker.getDeclaredTypeOfSymbol( eventBase )
		);
		event.props.data = {
			props: {
				object: 'stripeObject',
				previous_attributes: { record: 'any' },
			},
			optional: [ 'previous_attributes' ],
		};
		event.props.type = { enum: Object.keys( eventTypes ).sort() };
		defs.Event = event;
		used.set( 'Event', eventBase );
	}

	drain();
	addStripeJsCards();
	// The listed object types, even when no served endpoint returns them.
	const byObject = new Map();
	for ( const ns of namespaces ) {
		for ( const symbol of ns.exports ) {
			const resource = resourceObject( symbol );
			if (
				resource &&
				! resource.deleted &&
				! byObject.has( resource.value )
			) {
				byObject.set( resource.value, symbol );
			}
		}
	}
	for ( const value of OBJECTS ) {
		if ( value === 'event' ) {
			continue;
		}
		if ( byObject.has( value ) ) {
			refTo( byObject.get( value ) );
		}
	}
	drain();
	prune();
	collectObjects();

	const sorted = ( object ) =>
		Object.fromEntries(
			Object.keys( object )
				.sort()
				.map( ( k ) => [ k, object[ k ] ] )
		);
	return {
		version,
		sdk: `${ pkgJson.name }@${ pkgJson.version }`,
		generatedBy:
			'tests/stand-ins/lib/stripe/schema/generate.mjs (do not edit by hand)',
		missingEndpoints: missing,
		objects: sorted( objects ),
		eventTypes: sorted( eventTypes ),
		endpoints: sorted( endpoints ),
		defs: sorted( defs ),
	};
}

/**
 * The JSON text: one definition or endpoint per line, so an SDK bump reads as
 * a diff of the definitions that changed.
 *
 * @param {Object} schema Schema.
 * @return {string} Text.
 */
export function render( schema ) {
	const lines = [ '{' ];
	const keys = Object.keys( schema );
	keys.forEach( ( key, i ) => {
		const comma = i < keys.length - 1 ? ',' : '';
		const value = schema[ key ];
		if (
			value &&
			typeof value === 'object' &&
			! Array.isArray( value ) &&
			[ 'objects', 'eventTypes', 'endpoints', 'defs' ].includes( key )
		) {
			lines.push( `\t${ JSON.stringify( key ) }: {` );
			const inner = Object.keys( value );
			inner.forEach( ( name, j ) => {
				lines.push(
					`\t\t${ JSON.stringify( name ) }: ${ JSON.stringify(
						value[ name ]
					) }${ j < inner.length - 1 ? ',' : '' }`
				);
			} );
			lines.push( `\t}${ comma }` );
		} else {
			lines.push(
				`\t${ JSON.stringify( key ) }: ${ JSON.stringify( value ) }${ comma }`
			);
		}
	} );
	lines.push( '}' );
	return lines.join( '\n' ) + '\n';
}

function main( argv ) {
	const check = argv.includes( '--check' );
	let differ = 0;
	for ( const version of SUPPORTED_VERSIONS ) {
		const text = render( buildSchema( version ) );
		const file = schemaFile( version );
		if ( check ) {
			const committed = existsSync( file )
				? readFileSync( file, 'utf8' )
				: '';
			if ( committed !== text ) {
				differ++;
				process.stderr.write(
					`${ path.relative( ROOT, file ) } differs from what the installed SDK gives; run node ${ path.relative(
						ROOT,
						fileURLToPath( import.meta.url )
					) } and review the diff.\n`
				);
			}
		} else {
			writeFileSync( file, text );
			process.stdout.write(
				`wrote ${ path.relative( ROOT, file ) } (${ text.length } bytes)\n`
			);
		}
	}
	if ( differ ) {
		process.exitCode = 1;
	}
}

if (
	process.argv[ 1 ] &&
	path.resolve( process.argv[ 1 ] ) === fileURLToPath( import.meta.url )
) {
	main( process.argv.slice( 2 ) );
}
