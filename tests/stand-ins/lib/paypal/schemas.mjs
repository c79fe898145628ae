/**
 * PayPal's published definitions, as the stand-in checks requests and its own answers.
 *
 * Structure, types, required fields and enum values come from the models of the npm package
 * paypal-server-sdk 2.5.0 (by PayPal) (APIMatic schemas: `validateBeforeMap` reads JSON names, the
 * direction an API answer travels). Those models let unknown fields and enum values through (an
 * SDK must not break when PayPal adds one), and carry no lengths or patterns; so the walk is
 * recorded, and the stand-in adds what PayPal itself refuses: fields its model does not have,
 * enum values it does not list, and the limits of PayPal's OpenAPI files (limits.json).
 * Webhooks Management is not in the SDK: its bodies are modelled here from PayPal's
 * notifications_webhooks_v1 definition, with the SDK's own schema builders.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire( import.meta.url );
const SDK_DIR = path.dirname( require.resolve( '@paypal/paypal-server-sdk' ) );
// The package exports only its entry point; the models are plain files beside it.
const sdkFile = ( file ) => require( path.join( SDK_DIR, file ) );
const S = sdkFile( 'schema.js' );
const model = ( name ) => sdkFile( `models/${ name }.js` )[ `${ name }Schema` ];

const LIMITS = require( './limits.json' );

// --- Webhooks Management v1 (not in the SDK) -------------------------------------------------

const link = model( 'linkDescription' );

/** An event, as deliveries and verify-webhook-signature carry it. */
const eventSchema = S.object( {
	id: [ 'id', S.optional( S.string() ) ],
	createTime: [ 'create_time', S.optional( S.string() ) ],
	resourceType: [ 'resource_type', S.optional( S.string() ) ],
	eventVersion: [ 'event_version', S.optional( S.string() ) ],
	eventType: [ 'event_type', S.optional( S.string() ) ],
	summary: [ 'summary', S.optional( S.string() ) ],
	resourceVersion: [ 'resource_version', S.optional( S.string() ) ],
	// Checked on its own against the model its resource_type names.
	resource: [ 'resource', S.optional( S.unknown() ) ],
	links: [ 'links', S.optional( S.array( link ) ) ],
} );

const webhookRequestSchema = S.object( {
	url: [ 'url', S.string() ],
	eventTypes: [
		'event_types',
		S.array( S.object( { name: [ 'name', S.string() ] } ) ),
	],
} );

const webhookSchema = S.object( {
	id: [ 'id', S.string() ],
	url: [ 'url', S.string() ],
	eventTypes: [
		'event_types',
		S.array(
			S.object( {
				name: [ 'name', S.string() ],
				description: [ 'description', S.optional( S.string() ) ],
				status: [ 'status', S.optional( S.string() ) ],
				resourceVersions: [
					'resource_versions',
					S.optional( S.array( S.string() ) ),
				],
			} )
		),
	],
	links: [ 'links', S.optional( S.array( link ) ) ],
} );

const verifyRequestSchema = S.object( {
	authAlgo: [ 'auth_algo', S.string() ],
	certUrl: [ 'cert_url', S.string() ],
	transmissionId: [ 'transmission_id', S.string() ],
	transmissionSig: [ 'transmission_sig', S.string() ],
	transmissionTime: [ 'transmission_time', S.string() ],
	webhookId: [ 'webhook_id', S.string() ],
	// PayPal checks the event it signed byte for byte: its contents are not a request field.
	webhookEvent: [ 'webhook_event', S.unknown() ],
} );

const VERIFICATION_STATUS = { Success: 'SUCCESS', Failure: 'FAILURE' };

// --- What is checked ----------------------------------------------------------------------------

/** Request kind → schema of its JSON body. */
const REQUESTS = {
	'orders.create': () => model( 'orderRequest' ),
	'orders.capture': () => model( 'orderCaptureRequest' ),
	'captures.refund': () => model( 'refundRequest' ),
	'webhooks.create': () => webhookRequestSchema,
	'webhooks.update': () => S.array( model( 'patch' ) ),
	'webhooks.verify': () => verifyRequestSchema,
};

/** Resource kind → schema of the stand-in's answer. */
const RESOURCES = {
	order: () => model( 'order' ),
	capture: () => model( 'capturedPayment' ),
	refund: () => model( 'refund' ),
	event: () => eventSchema,
	webhook: () => webhookSchema,
	'webhook-list': () =>
		S.object( { webhooks: [ 'webhooks', S.array( webhookSchema ) ] } ),
	verification: () =>
		S.object( {
			verificationStatus: [
				'verification_status',
				S.stringEnum( VERIFICATION_STATUS ),
			],
		} ),
};

/**
 * Fields PayPal documents and sends that SDK 2.5.0's models leave out (the answer shape check
 * allows them). Paths as in limits.json, "*" for array items.
 */
const DOCUMENTED_BEYOND_SDK = {
	// Orders v2 / Payments v2 seller_protection: "dispute_categories" (readOnly) in PayPal's
	// OpenAPI and in every sandbox capture; the SDK models only "status".
	capture: [ 'seller_protection/dispute_categories' ],
	order: [
		'purchase_units/*/payments/captures/*/seller_protection/dispute_categories',
	],
};

/** PayPal's issue names for schema problems, with the descriptions its answers carry. */
export const ISSUES = {
	MISSING_REQUIRED_PARAMETER: 'A required field / parameter is missing.',
	INVALID_PARAMETER_SYNTAX:
		'The value of a field does not conform to the expected format.',
	INVALID_PARAMETER_VALUE: 'The value of a field is invalid.',
	INVALID_STRING_LENGTH:
		'The value of a field is either too short or too long.',
	INVALID_ARRAY_MIN_ITEMS:
		'The number of items in an array parameter is too small.',
	INVALID_ARRAY_MAX_ITEMS:
		'The number of items in an array parameter is too large.',
	MALFORMED_REQUEST_JSON: 'The request JSON is not well formed.',
};

/**
 * Patterns PayPal publishes but cannot apply to its own values: a base64 signature may begin
 * with "+" or "/", which `^(?!\d+$)\w+\S+` refuses, yet PayPal verifies such deliveries.
 */
const UNENFORCED_PATTERNS = {
	'webhooks.verify': [ 'transmission_sig', 'transmission_id' ],
};

// --- The walk -----------------------------------------------------------------------------------

/**
 * A schema context (what APIMatic's validateAndMap builds) that records every value the
 * schema visits, with the type it expects there.
 *
 * @param {Object}   context The context's own fields.
 * @param {Object[]} visits  Collects { path, type, value }.
 * @return {Object} SchemaContextCreator.
 */
function recordingContext( context, visits ) {
	const createChild = ( key, value, childSchema ) => {
		const child = {
			value,
			type: childSchema.type(),
			branch: context.branch.concat( [ value ] ),
			path: context.path.concat( key ),
			strictValidation: context.strictValidation,
		};
		visits.push( { path: child.path, type: child.type, value } );
		return recordingContext( child, visits );
	};
	const mapChildren = ( items, itemSchema, mapper ) =>
		items.map( ( item ) =>
			mapper( item, createChild( item[ 0 ], item[ 1 ], itemSchema ) )
		);
	return {
		...context,
		createChild,
		mapChildren,
		flatmapChildren: ( ...args ) => mapChildren( ...args ).flat(),
		fail: ( message ) => [
			{
				value: context.value,
				type: context.type,
				path: context.path,
				message:
					message ||
					`Expected value to be of type '${
						context.type
					}' but found '${ typeof context.value }'.`,
			},
		],
	};
}

/**
 * The type under Optional<…>, Lazy<…> and Nullable<…>.
 *
 * @param {string} type APIMatic type string.
 * @return {string} Inner type.
 */
function innerType( type ) {
	let inner = type;
	let match;
	while ( ( match = /^(?:Optional|Lazy|Nullable)<(.*)>$/.exec( inner ) ) ) {
		inner = match[ 1 ];
	}
	return inner;
}

/**
 * The values of an Enum<"A","B"> type, or null for other types.
 *
 * @param {string} type APIMatic type string.
 * @return {string[]|null} Values.
 */
function enumValues( type ) {
	const inner = innerType( type );
	if ( ! inner.startsWith( 'Enum<' ) ) {
		return null;
	}
	return [ ...inner.matchAll( /"((?:[^"\\]|\\.)*)"/g ) ].map(
		( match ) => match[ 1 ]
	);
}

const isPlainObject = ( value ) =>
	value !== null && typeof value === 'object' && ! Array.isArray( value );

/**
 * Walks a value with a schema.
 *
 * @param {Object} schema APIMatic schema.
 * @param {*}      value  JSON value.
 * @return {{errors: Object[], visits: Object[], unknown: Object[]}} SDK errors, every visited
 *     value, and fields the schema does not know ({ path, value }).
 */
function walk( schema, value ) {
	const visits = [ { path: [], type: schema.type(), value } ];
	const errors = schema.validateBeforeMap(
		value,
		recordingContext(
			{ value, type: schema.type(), branch: [ value ], path: [] },
			visits
		)
	);
	const known = new Map();
	for ( const visit of visits ) {
		if ( visit.path.length ) {
			const parent = JSON.stringify( visit.path.slice( 0, -1 ) );
			if ( ! known.has( parent ) ) {
				known.set( parent, new Set() );
			}
			known.get( parent ).add( String( visit.path.at( -1 ) ) );
		}
	}
	const unknown = [];
	for ( const visit of visits ) {
		if (
			isPlainObject( visit.value ) &&
			innerType( visit.type ).startsWith( 'Object<' )
		) {
			const seen = known.get( JSON.stringify( visit.path ) ) || new Set();
			for ( const key of Object.keys( visit.value ) ) {
				if ( ! seen.has( key ) ) {
					unknown.push( {
						path: visit.path.concat( key ),
						value: visit.value[ key ],
					} );
				}
			}
		}
	}
	return { errors, visits, unknown };
}

/**
 * A path with "*" for array indexes, the key of limits.json.
 *
 * @param {Array<string|number>} at Path.
 * @return {string} Pattern.
 */
const limitKey = ( at ) =>
	at.map( ( part ) => ( typeof part === 'number' ? '*' : part ) ).join( '/' );

/**
 * The JSON pointer PayPal names a field with. Purchase units are named by reference_id
 * ("default" when a single unit has none), as PayPal's answers do.
 *
 * @param {Array<string|number>} at   Path.
 * @param {*}                    body The request body.
 * @return {string} For example "/purchase_units/@reference_id=='default'/amount/value".
 */
export function fieldPointer( at, body ) {
	const parts = [];
	at.forEach( ( part, index ) => {
		if (
			index === 1 &&
			at[ 0 ] === 'purchase_units' &&
			typeof part === 'number'
		) {
			const units =
				body && Array.isArray( body.purchase_units )
					? body.purchase_units
					: [];
			const unit = units[ part ];
			const ref =
				unit && typeof unit.reference_id === 'string'
					? unit.reference_id
					: units.length === 1 && 'default';
			parts.push( ref ? `@reference_id=='${ ref }'` : String( part ) );
			return;
		}
		parts.push( String( part ) );
	} );
	return `/${ parts.join( '/' ) }`;
}

/**
 * Orders paths field by field, array items by index.
 *
 * @param {Array} a Path.
 * @param {Array} b Path.
 * @return {number} Sort order.
 */
function comparePaths( a, b ) {
	for ( let i = 0; i < Math.min( a.length, b.length ); i++ ) {
		if ( a[ i ] !== b[ i ] ) {
			return typeof a[ i ] === 'number' && typeof b[ i ] === 'number'
				? a[ i ] - b[ i ]
				: String( a[ i ] ).localeCompare( String( b[ i ] ) );
		}
	}
	return a.length - b.length;
}

/**
 * One "details" entry of PayPal's 400.
 *
 * @param {string} issue Issue name (a key of ISSUES).
 * @param {Array}  at    Path.
 * @param {*}      body  Request body (to name purchase units).
 * @param {*}      value The offending value, if any.
 * @return {Object} { field, value?, location, issue, description }.
 */
function detail( issue, at, body, value = undefined ) {
	const entry = { field: fieldPointer( at, body ) };
	if ( value !== undefined && value !== null && typeof value !== 'object' ) {
		entry.value = String( value );
	}
	entry.location = 'body';
	entry.issue = issue;
	entry.description = ISSUES[ issue ];
	return entry;
}

/**
 * What a limit of PayPal's OpenAPI says about a value, or null.
 *
 * @param {Object} limits  { minLength, maxLength, pattern, enum, format, minItems, maxItems }.
 * @param {*}      value   Value.
 * @param {Object} options { enforcePattern, enumFromSdk }.
 * @return {string|null} Issue name.
 */
function limitIssue( limits, value, options ) {
	if ( Array.isArray( value ) ) {
		if ( limits.minItems !== undefined && value.length < limits.minItems ) {
			return 'INVALID_ARRAY_MIN_ITEMS';
		}
		if ( limits.maxItems !== undefined && value.length > limits.maxItems ) {
			return 'INVALID_ARRAY_MAX_ITEMS';
		}
		return null;
	}
	if ( typeof value !== 'string' ) {
		return null;
	}
	if (
		( limits.minLength !== undefined && value.length < limits.minLength ) ||
		( limits.maxLength !== undefined && value.length > limits.maxLength )
	) {
		return 'INVALID_STRING_LENGTH';
	}
	if (
		limits.enum &&
		! options.enumFromSdk &&
		! limits.enum.includes( value )
	) {
		return 'INVALID_PARAMETER_VALUE';
	}
	if (
		limits.pattern &&
		options.enforcePattern &&
		! new RegExp( limits.pattern ).test( value )
	) {
		return 'INVALID_PARAMETER_SYNTAX';
	}
	if ( limits.format === 'uri' && ! isHttpUrl( value ) ) {
		return 'INVALID_PARAMETER_SYNTAX';
	}
	if (
		limits.format === 'date-time' &&
		! /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(
			value
		)
	) {
		return 'INVALID_PARAMETER_SYNTAX';
	}
	return null;
}

function isHttpUrl( value ) {
	try {
		return /^https?:$/.test( new URL( value ).protocol );
	} catch {
		return false;
	}
}

/**
 * The problems PayPal would name in a request body, as the "details" of its 400
 * INVALID_REQUEST, in document order. Empty when PayPal's schema accepts the body.
 *
 * @param {string} kind A key of REQUESTS, e.g. 'orders.create'.
 * @param {*}      body Parsed JSON body.
 * @return {Object[]} Details.
 */
export function requestProblems( kind, body ) {
	const schema = REQUESTS[ kind ]();
	const limits = LIMITS[ kind ] || {};
	const unenforced = UNENFORCED_PATTERNS[ kind ] || [];
	const { errors, visits, unknown } = walk( schema, body );
	const found = [];
	const failed = new Set();
	for ( const error of errors ) {
		failed.add( JSON.stringify( error.path ) );
		const missing =
			/^Some properties are missing in the object: (.*)\.$/.exec(
				String( error.message ).split( '\n' )[ 0 ]
			);
		if ( missing ) {
			for ( const [ , name ] of missing[ 1 ].matchAll( /"([^"]*)"/g ) ) {
				found.push( {
					at: error.path.concat( name ),
					entry: detail(
						'MISSING_REQUIRED_PARAMETER',
						error.path.concat( name ),
						body
					),
				} );
			}
		} else if ( error.value === null || error.value === undefined ) {
			found.push( {
				at: error.path,
				entry: detail( 'MISSING_REQUIRED_PARAMETER', error.path, body ),
			} );
		} else {
			// A value of another JSON type than the model's (a number for a string, an
			// object for an array): PayPal cannot read it into its request.
			found.push( {
				at: error.path,
				entry: detail(
					'INVALID_PARAMETER_SYNTAX',
					error.path,
					body,
					error.value
				),
			} );
		}
	}
	for ( const visit of visits ) {
		if ( failed.has( JSON.stringify( visit.path ) ) ) {
			continue;
		}
		const values = enumValues( visit.type );
		if (
			values &&
			typeof visit.value === 'string' &&
			! values.includes( visit.value )
		) {
			found.push( {
				at: visit.path,
				entry: detail(
					'INVALID_PARAMETER_VALUE',
					visit.path,
					body,
					visit.value
				),
			} );
			continue;
		}
		const key = limitKey( visit.path );
		const issue = limits[ key ]
			? limitIssue( limits[ key ], visit.value, {
					enforcePattern: ! unenforced.includes( key ),
					enumFromSdk: Boolean( values ),
				} )
			: null;
		if ( issue ) {
			found.push( {
				at: visit.path,
				entry: detail( issue, visit.path, body, visit.value ),
			} );
		}
	}
	for ( const field of unknown ) {
		// A field PayPal's model does not have: its JSON binding refuses the body.
		found.push( {
			at: field.path,
			entry: detail(
				'MALFORMED_REQUEST_JSON',
				field.path,
				body,
				field.value
			),
		} );
	}
	return found
		.sort( ( a, b ) => comparePaths( a.at, b.at ) )
		.map( ( item ) => item.entry );
}

/**
 * How an answer of the stand-in differs from PayPal's published model of that resource: SDK
 * validation errors, enum values the model does not list, and fields it does not have (beyond
 * those PayPal documents and SDK 2.5.0 omits). Empty when the answer fits.
 *
 * @param {Object} resource The answer (an order, capture, refund, event, webhook …).
 * @param {string} kind     A key of RESOURCES: order, capture, refund, event, webhook,
 *                          webhook-list, verification.
 * @return {string[]} Problems, each "path: what".
 */
export function shapeProblems( resource, kind ) {
	const problems = [];
	const check = ( value, schemaKind, prefix ) => {
		const allowed = DOCUMENTED_BEYOND_SDK[ schemaKind ] || [];
		const { errors, visits, unknown } = walk(
			RESOURCES[ schemaKind ](),
			value
		);
		const name = ( at ) => [ ...prefix, ...at ].join( '/' ) || '(root)';
		for ( const error of errors ) {
			problems.push(
				`${ name( error.path ) }: ${
					String( error.message ).split( '\n' )[ 0 ]
				}`
			);
		}
		for ( const visit of visits ) {
			const values = enumValues( visit.type );
			if (
				values &&
				typeof visit.value === 'string' &&
				! values.includes( visit.value )
			) {
				problems.push(
					`${ name( visit.path ) }: "${
						visit.value
					}" is not one of ${ values.join( ', ' ) }`
				);
			}
		}
		for ( const field of unknown ) {
			if ( ! allowed.includes( limitKey( field.path ) ) ) {
				problems.push(
					`${ name( field.path ) }: not a field of PayPal's ${ schemaKind } model`
				);
			}
		}
	};
	check( resource, kind, [] );
	if ( kind === 'event' && isPlainObject( resource ) ) {
		const resourceKind = { capture: 'capture', refund: 'refund' }[
			resource.resource_type
		];
		if ( ! resourceKind ) {
			problems.push(
				`resource_type: "${ resource.resource_type }" is not a capture or refund`
			);
		} else {
			check( resource.resource, resourceKind, [ 'resource' ] );
		}
	}
	return problems;
}

/**
 * Every request kind and resource kind the stand-in knows (for tests).
 */
export const REQUEST_KINDS = Object.keys( REQUESTS );
export const RESOURCE_KINDS = Object.keys( RESOURCES );

/**
 * The limits of a request kind (for tests).
 *
 * @param {string} kind Request kind.
 * @return {Object} Path → limits.
 */
export const limitsOf = ( kind ) => LIMITS[ kind ] || {};
