/**
 * Stripe's 400s, from Stripe's own definitions (the SDK types, see generate.mjs).
 *
 * validateStripeRequest( { method, path, params, version, publishable } ) → null
 * when Stripe would take the request's parameters, or the answer Stripe gives:
 * { status: 400, error: { type: 'invalid_request_error', code?, message, param?, doc_url? } }.
 *
 * `params` arrive parsed from the form encoding (lib/form.mjs): strings, and
 * objects and arrays of them. Stripe names the first problem it finds; so does
 * this, checking unknown parameters first, then missing ones, then values, then
 * `expand`.
 *
 * Where each wording comes from (answers quoted in public reports; Stripe
 * publishes no list of its messages):
 * - "Received unknown parameter: trial_period_days", code parameter_unknown,
 *   doc_url https://stripe.com/docs/error-codes/parameter-unknown:
 *   github.com/vizhub-studio/vizhub/issues/333; nested names in brackets,
 *   "Received unknown parameter: payment_method_data[shipping]": a README quoted
 *   by the code search (id 25166016410) and "subscription_data[add_invoice_items]".
 * - "Missing required param: ip.": github.com/code-corps/code-corps-api/issues/606
 *   (code parameter_missing: the error codes list, docs.rs stripe-rust ErrorCode).
 * - "Invalid integer: 9175.2", param amount: github.com/Debetux/opencart-stripe/issues/10;
 *   code parameter_invalid_integer and its doc_url:
 *   github.com/stripe-samples/react-elements-netlify-serverless/issues/4.
 * - "Invalid boolean: True", param closed, no code: github.com/stripe/stripe-python/issues/487.
 * - "Invalid capture_method: must be one of automatic or manual":
 *   github.com/stripe/stripe-java/issues/1314; "Invalid usage: must be one of
 *   reusable or single_use", param usage: github.com/stripe/stripe-dotnet/issues/1092;
 *   three or more with a serial comma, "must be one of allow_incomplete,
 *   error_if_incomplete, pending_if_incomplete, or default_incomplete" (a project
 *   log quoting Stripe, code search id 8892633293).
 * - "Invalid array", param payment_method_types: github.com/stripe/stripe-js/issues/202.
 * - "You passed an empty string for 'line_items[0][images]'. We assume empty values
 *   are an attempt to unset a parameter; however 'line_items[0][images]' cannot be
 *   unset. You should remove 'line_items[0][images]' from your request or supply a
 *   non-empty value.", code parameter_invalid_empty: github.com/stripe/stripe-dotnet/issues/1828.
 * - "This property cannot be expanded (payment_intent.b).": a stripe-java test
 *   (code search id 41007527266) that asked an invoice for payment_intent.b.c, so the
 *   path is named up to the segment that cannot be followed; on a list, "This property cannot be expanded
 *   (customer). You may want to try expanding 'data.customer' instead." (code
 *   search id 70891311176, a recorded answer), no code and no param.
 * - "Invalid object" (a value where Stripe wants a hash): no report found; worded
 *   like "Invalid array".
 *
 * Publishable-key calls (Stripe.js) may also carry what Stripe.js sends and the
 * server SDK types do not: `client_secret` (retrieving or confirming an intent)
 * and mandate_data[customer_acceptance][online][infer_from_client]=true (Stripe
 * infers the IP address and user agent from the browser; Stripe's own docs show
 * it in confirmAmazonPaySetup). Only those: they are what the browser stand-in
 * (tests/stand-ins/browser/stripe.js) sends. Parameters named stand_in_* are the
 * stand-in's own test hooks (3-D Secure outcome, wallet type) and are not Stripe's.
 *
 * STRIPE_STAND_IN_VALIDATION=off (environment), or setStripeValidation( false )
 * from a control call, turns this off, for debugging only; it is on by default.
 */
import { loadSchema, findEndpoint, resolve } from './schemas.mjs';

const UNKNOWN = 0;
const MISSING = 1;
const INVALID = 2;

const CLIENT_ONLY = [ 'client_secret' ];

const docUrl = ( code ) =>
	`https://stripe.com/docs/error-codes/${ code.replace( /_/g, '-' ) }`;

let switchedOff = null; // null: as the environment says

/**
 * Whether validation is on (default) for this process.
 *
 * @return {boolean} On.
 */
export function stripeValidationEnabled() {
	if ( switchedOff !== null ) {
		return ! switchedOff;
	}
	return ! /^(0|off|false|no)$/i.test(
		process.env.STRIPE_STAND_IN_VALIDATION || ''
	);
}

/**
 * Turn validation off or on at run time (a control call's job; debugging only).
 *
 * @param {boolean|null} enabled true, false, or null to follow the environment again.
 */
export function setStripeValidation( enabled ) {
	switchedOff = enabled === null ? null : ! enabled;
}

const isPlainObject = ( value ) =>
	!! value && typeof value === 'object' && ! Array.isArray( value );

const display = ( value ) =>
	typeof value === 'string' ? value : JSON.stringify( value );

const oneOf = ( values ) => {
	if ( values.length <= 1 ) {
		return values.join( '' );
	}
	if ( values.length === 2 ) {
		return `${ values[ 0 ] } or ${ values[ 1 ] }`;
	}
	return `${ values.slice( 0, -1 ).join( ', ' ) }, or ${
		values[ values.length - 1 ]
	}`;
};

function problem( rank, message, param, code ) {
	const error = { type: 'invalid_request_error' };
	if ( code ) {
		error.code = code;
		error.doc_url = docUrl( code );
	}
	error.message = message;
	if ( param ) {
		error.param = param;
	}
	return { rank, error };
}

const emptyProblem = ( param ) =>
	problem(
		INVALID,
		`You passed an empty string for '${ param }'. We assume empty values are an attempt to unset a parameter; however '${ param }' cannot be unset. You should remove '${ param }' from your request or supply a non-empty value.`,
		param,
		'parameter_invalid_empty'
	);

const better = ( a, b ) => {
	if ( ! a ) {
		return b;
	}
	if ( ! b ) {
		return a;
	}
	return b.rank < a.rank ? b : a;
};

/**
 * The first problem of a value against a type node (lowest rank first).
 *
 * @param {Object} schema Schema.
 * @param {*}      node   Type node.
 * @param {*}      value  Parsed form value.
 * @param {string} param  Its name in bracket notation.
 * @return {Object|null} { rank, error } or null.
 */
function check( schema, node, value, param ) {
	const type = resolve( schema, node );
	if ( type === undefined || type === 'any' || type === 'stripeObject' ) {
		return null;
	}
	if ( type.anyOf ) {
		return checkUnion( schema, type.anyOf, value, param );
	}
	if ( value === '' && type !== 'empty' ) {
		return emptyProblem( param );
	}
	switch ( type ) {
		case 'empty':
			return value === ''
				? null
				: problem(
						INVALID,
						`Invalid ${ param }: must be empty`,
						param
					);
		case 'string':
			return typeof value === 'string'
				? null
				: problem(
						INVALID,
						`Invalid string: ${ display( value ) }`,
						param
					);
		case 'integer':
			return typeof value === 'string' && /^-?\d+$/.test( value )
				? null
				: problem(
						INVALID,
						`Invalid integer: ${ display( value ) }`,
						param,
						'parameter_invalid_integer'
					);
		case 'number':
		case 'decimal':
			return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test( value )
				? null
				: problem(
						INVALID,
						`Invalid decimal: ${ display( value ) }`,
						param
					);
		case 'boolean':
			return value === 'true' || value === 'false'
				? null
				: problem(
						INVALID,
						`Invalid boolean: ${ display( value ) }`,
						param
					);
		case 'null':
			return problem( INVALID, `Invalid ${ param }`, param );
	}
	if ( type.enum ) {
		return typeof value === 'string' && type.enum.includes( value )
			? null
			: problem(
					INVALID,
					`Invalid ${ param }: must be one of ${ oneOf( type.enum ) }`,
					param
				);
	}
	if ( type.const !== undefined ) {
		return value === String( type.const )
			? null
			: problem( INVALID, `Invalid ${ param }`, param );
	}
	if ( type.array ) {
		if ( ! Array.isArray( value ) ) {
			return problem( INVALID, 'Invalid array', param );
		}
		let found = null;
		value.forEach( ( item, index ) => {
			found = better(
				found,
				check( schema, type.array, item, `${ param }[${ index }]` )
			);
		} );
		return found;
	}
	if ( type.props || type.record ) {
		if ( ! isPlainObject( value ) ) {
			return problem( INVALID, 'Invalid object', param );
		}
		return checkObject( schema, type, value, param );
	}
	return null;
}

function checkObject( schema, type, value, param ) {
	const name = ( key ) => ( param ? `${ param }[${ key }]` : key );
	const props = type.props || {};
	let found = null;
	for ( const key of Object.keys( value ) ) {
		if ( key in props ) {
			found = better(
				found,
				check( schema, props[ key ], value[ key ], name( key ) )
			);
		} else if ( type.record ) {
			// metadata[key]='' unsets the key.
			if ( value[ key ] !== '' ) {
				found = better(
					found,
					check( schema, type.record, value[ key ], name( key ) )
				);
			}
		} else {
			found = better(
				found,
				problem(
					UNKNOWN,
					`Received unknown parameter: ${ name( key ) }`,
					name( key ),
					'parameter_unknown'
				)
			);
		}
	}
	const optional = new Set( type.optional || [] );
	for ( const key of Object.keys( props ) ) {
		if ( ! optional.has( key ) && ! ( key in value ) ) {
			found = better(
				found,
				problem(
					MISSING,
					`Missing required param: ${ name( key ) }.`,
					name( key ),
					'parameter_missing'
				)
			);
		}
	}
	return found;
}

function checkUnion( schema, members, value, param ) {
	if ( value === '' && members.includes( 'empty' ) ) {
		return null;
	}
	const kindOfMember = ( member ) => {
		const type = resolve( schema, member );
		if ( type && ( type.props || type.record ) ) {
			return 'object';
		}
		if ( type && type.array ) {
			return 'array';
		}
		return 'scalar';
	};
	let kind = 'scalar';
	if ( Array.isArray( value ) ) {
		kind = 'array';
	} else if ( isPlainObject( value ) ) {
		kind = 'object';
	}
	let best = null;
	let bestScore = -1;
	for ( let i = 0; i < members.length; i++ ) {
		if ( members[ i ] === 'null' ) {
			continue;
		}
		if ( value === '' && members[ i ] === 'empty' ) {
			return null;
		}
		const found = check( schema, members[ i ], value, param );
		if ( ! found ) {
			return null;
		}
		// Report against the member of the value's kind; among objects, the one
		// naming most of the value's keys (card[number] → the card, not the token).
		const memberKind = kindOfMember( members[ i ] );
		let score = memberKind === kind ? 1000 : 0;
		if ( kind === 'object' && memberKind === 'object' ) {
			const type = resolve( schema, members[ i ] );
			score += Object.keys( value ).filter(
				( key ) => type.props && key in type.props
			).length;
		}
		if ( score > bestScore ) {
			best = found;
			bestScore = score;
		}
	}
	if ( value === '' ) {
		return emptyProblem( param );
	}
	return best;
}

// ---- expand -------------------------------------------------------------

/**
 * Where a path stops being expandable under `node`: null when it can be expanded, else the
 * index of the first segment that cannot be followed (the deepest any alternative reaches).
 *
 * @param {Object}   schema   Schema.
 * @param {*}        node     Type node of the object the path starts at.
 * @param {string[]} segments Path.
 * @param {number}   at       Index of the segment to follow from `node`.
 * @return {number|null} Failing segment, or null.
 */
function unexpandableAt( schema, node, segments, at = 0 ) {
	const type = resolve( schema, node );
	if ( type === undefined ) {
		return null; // an object the definitions do not carry: nothing to check
	}
	if ( ! type || typeof type !== 'object' ) {
		return at;
	}
	const deepest = ( nodes ) => {
		let failed = -1;
		for ( const member of nodes ) {
			const found = unexpandableAt( schema, member, segments, at );
			if ( found === null ) {
				return null;
			}
			failed = Math.max( failed, found );
		}
		return failed < 0 ? at : failed;
	};
	if ( type.anyOf ) {
		return deepest( type.anyOf.filter( ( member ) => member !== 'null' ) );
	}
	if ( type.list || type.search ) {
		if ( segments[ at ] !== 'data' || at + 1 >= segments.length ) {
			return at;
		}
		return unexpandableAt(
			schema,
			type.list || type.search,
			segments,
			at + 1
		);
	}
	if ( type.expandable ) {
		return deepest( type.expandable.map( ( name ) => ( { ref: name } ) ) );
	}
	if ( type.array || ! type.props ) {
		return at;
	}
	const first = segments[ at ];
	if ( ! ( first in type.props ) ) {
		return at;
	}
	const prop = type.props[ first ];
	if ( at === segments.length - 1 ) {
		return isExpandableField( schema, prop ) ||
			( type.includable || [] ).includes( first )
			? null
			: at;
	}
	return unexpandableAt( schema, prop, segments, at + 1 );
}

function isExpandableField( schema, node ) {
	if ( ! node || typeof node !== 'object' ) {
		return false;
	}
	if ( node.expandable ) {
		return true;
	}
	if ( node.anyOf ) {
		return node.anyOf.some( ( member ) =>
			isExpandableField( schema, member )
		);
	}
	return false;
}

function checkExpand( schema, returns, expand ) {
	if ( ! Array.isArray( expand ) ) {
		return null; // "Invalid array" comes from the parameter check
	}
	for ( const path of expand ) {
		if ( typeof path !== 'string' || path === '' ) {
			continue;
		}
		const segments = path.split( '.' );
		// Search results count their matches only when asked.
		if ( returns.search && path === 'total_count' ) {
			continue;
		}
		const failed = unexpandableAt( schema, returns, segments );
		if ( failed !== null ) {
			// Stripe names the path up to the step it could not take: payment_intent.b.c on
			// an invoice is "(payment_intent.b)" (the stripe-java test cited above).
			let message = `This property cannot be expanded (${ segments
				.slice( 0, failed + 1 )
				.join( '.' ) }).`;
			if (
				( returns.list || returns.search ) &&
				unexpandableAt( schema, returns, [ 'data', ...segments ] ) ===
					null
			) {
				message += ` You may want to try expanding 'data.${ path }' instead.`;
			}
			return { type: 'invalid_request_error', message };
		}
	}
	return null;
}

// ---- entry point ----------------------------------------------------------

/**
 * Take out what Stripe.js may send beyond the server SDK's parameters.
 *
 * @param {Object} params Parameters.
 * @return {Object} A copy without them.
 */
function withoutClientOnly( params ) {
	const copy = { ...params };
	for ( const key of CLIENT_ONLY ) {
		delete copy[ key ];
	}
	const online =
		copy.mandate_data &&
		copy.mandate_data.customer_acceptance &&
		copy.mandate_data.customer_acceptance.online;
	if (
		isPlainObject( online ) &&
		online.infer_from_client === 'true' &&
		Object.keys( online ).length === 1
	) {
		// Stripe fills in the browser's address and user agent.
		copy.mandate_data = {
			...copy.mandate_data,
			customer_acceptance: {
				...copy.mandate_data.customer_acceptance,
				online: { ip_address: '0.0.0.0', user_agent: 'Stripe.js' },
			},
		};
	}
	return copy;
}

/**
 * Stripe's answer to a request's parameters.
 *
 * @param {Object}  request             The request.
 * @param {string}  request.method      GET, POST, DELETE.
 * @param {string}  request.path        Stripe path, e.g. "/v1/payment_intents/pi_1" (no "/stripe" prefix).
 * @param {Object}  request.params      Parsed parameters (query for GET and DELETE, body for POST).
 * @param {string}  request.version     Stripe-Version the request is answered in.
 * @param {boolean} request.publishable Made with a publishable key (Stripe.js).
 * @return {Object|null} null, or { status: 400, error }.
 */
export function validateStripeRequest( {
	method,
	path,
	params,
	version,
	publishable = false,
} ) {
	if ( ! stripeValidationEnabled() ) {
		return null;
	}
	if ( String( path ).startsWith( '/__control' ) ) {
		return null;
	}
	const schema = loadSchema( version );
	if ( ! schema ) {
		return null; // no SDK describes this version
	}
	const endpoint = findEndpoint( schema, method, path );
	if ( ! endpoint ) {
		return null; // not an endpoint of this version's SDK (the route answers)
	}
	const definition = schema.endpoints[ endpoint ];
	let given = isPlainObject( params ) ? { ...params } : {};
	for ( const key of Object.keys( given ) ) {
		if ( key.startsWith( 'stand_in_' ) ) {
			delete given[ key ];
		}
	}
	if ( publishable ) {
		given = withoutClientOnly( given );
	}
	const type = resolve( schema, definition.params ) || {
		props: {},
		optional: [],
	};
	const found = checkObject( schema, type, given, '' );
	if ( found ) {
		return { status: 400, error: found.error };
	}
	const expandError = checkExpand( schema, definition.returns, given.expand );
	if ( expandError ) {
		return { status: 400, error: expandError };
	}
	return null;
}

/**
 * The definition a request is checked against (for tests and reports).
 *
 * @param {string} method  Method.
 * @param {string} path    Path.
 * @param {string} version Version.
 * @return {string|null} Endpoint key, or null.
 */
export function stripeEndpointOf( method, path, version ) {
	const schema = loadSchema( version );
	return schema ? findEndpoint( schema, method, path ) : null;
}
