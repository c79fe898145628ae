/**
 * Does an answer have the shape Stripe publishes for its `object` in that API
 * version (the SDK types, see generate.mjs)?
 *
 * stripeShapeProblems( object, version ) → list of problems, each naming the
 * field: "payment_intent.charges: not a field of payment_intent in 2026-10-28.endive",
 * "invoice.status: 'paid!' is not one of draft, open, paid, uncollectible, void".
 * Lists, search results, events (data.object) and expanded ids are followed and
 * checked by their own `object`.
 */
import { loadSchema, resolve } from './schemas.mjs';

const kindOf = ( value ) => {
	if ( value === null ) {
		return 'null';
	}
	if ( Array.isArray( value ) ) {
		return 'array';
	}
	return typeof value;
};

const short = ( value ) => {
	const text = JSON.stringify( value );
	return text && text.length > 40 ? `${ text.slice( 0, 37 ) }...` : text;
};

/**
 * @param {*}       object              A Stripe answer (an object with `object`).
 * @param {string}  version             API version.
 * @param {Object}  options
 * @param {boolean} options.publishable An answer to a publishable key: Stripe.js sees
 *                                      a subset of an intent's fields ("If you retrieve
 *                                      a PaymentIntent with a publishable key, it only
 *                                      returns a subset of properties", the SDK's
 *                                      PaymentIntentResource.retrieve), so the intent's
 *                                      own fields may be missing; those present are checked.
 * @return {string[]} Problems; empty when the shape matches.
 */
export function stripeShapeProblems(
	object,
	version,
	{ publishable = false } = {}
) {
	const schema = loadSchema( version );
	if ( ! schema ) {
		return [ `no Stripe definitions for API version ${ version }` ];
	}
	const problems = [];
	checkStripeObject( schema, object, '', problems, version );
	if (
		publishable &&
		object &&
		( object.object === 'payment_intent' ||
			object.object === 'setup_intent' )
	) {
		const top = new RegExp( `^${ object.object }\\.[a-z_]+: missing ` );
		return problems.filter( ( found ) => ! top.test( found ) );
	}
	return problems;
}

/**
 * An object found by its `object` value (and `deleted`).
 *
 * @param {Object}   schema   Schema.
 * @param {*}        value    Value.
 * @param {string}   where    Path so far ('' at the top).
 * @param {string[]} problems Collected problems.
 * @param {string}   version  Version (for messages).
 * @param {string[]} allowed  Definition names the field allows (expandable), or null for any.
 */
function checkStripeObject(
	schema,
	value,
	where,
	problems,
	version,
	allowed = null
) {
	if ( ! value || typeof value !== 'object' || Array.isArray( value ) ) {
		problems.push(
			`${ where || '(answer)' }: not a Stripe object: ${ short( value ) }`
		);
		return;
	}
	const objectValue = value.object;
	const label = where || String( objectValue );
	if ( objectValue === 'list' || objectValue === 'search_result' ) {
		checkEnvelope( schema, value, label, problems, version, null );
		return;
	}
	const key =
		value.deleted === true ? `deleted ${ objectValue }` : objectValue;
	const name = schema.objects[ key ];
	if ( ! name || ! schema.defs[ name ] ) {
		problems.push(
			`${ label }: object '${ key }' is not described by the ${ version } SDK`
		);
		return;
	}
	if ( allowed && ! allowed.includes( name ) ) {
		problems.push(
			`${ label }: a ${ key } where Stripe has ${ allowed.join( ' or ' ) }`
		);
	}
	const own = key === 'event' ? loadSchema( value.api_version ) : null;
	if ( own && own !== schema ) {
		// An event is rendered in its own version (the account's default when it happened,
		// or its endpoint's), whatever version the request that reads it asks for.
		checkStripeObject( own, value, where, problems, value.api_version );
		return;
	}
	checkNode( schema, { ref: name }, value, where || key, problems, version );
}

function checkEnvelope( schema, value, where, problems, version, item ) {
	const isSearch = value.object === 'search_result';
	const fields = isSearch
		? {
				object: null,
				data: null,
				has_more: 'boolean',
				url: 'string',
				next_page: [ 'string', 'null' ],
				total_count: 'integer',
			}
		: { object: null, data: null, has_more: 'boolean', url: 'string' };
	for ( const field of Object.keys( value ) ) {
		if ( ! ( field in fields ) ) {
			problems.push(
				`${ where }.${ field }: not a field of ${ value.object } in ${ version }`
			);
		}
	}
	for ( const [ field, type ] of Object.entries( fields ) ) {
		if ( field === 'object' || field === 'data' ) {
			continue;
		}
		if ( ! ( field in value ) ) {
			if ( field !== 'total_count' ) {
				problems.push( `${ where }.${ field }: missing` );
			}
			continue;
		}
		checkNode(
			schema,
			Array.isArray( type ) ? { anyOf: type } : type,
			value[ field ],
			`${ where }.${ field }`,
			problems,
			version
		);
	}
	if ( ! Array.isArray( value.data ) ) {
		problems.push( `${ where }.data: not an array` );
		return;
	}
	value.data.forEach( ( entry, index ) => {
		const at = `${ where }.data[${ index }]`;
		if ( item ) {
			checkNode( schema, item, entry, at, problems, version );
		} else {
			checkStripeObject( schema, entry, at, problems, version );
		}
	} );
}

/**
 * Quietly: does the value fit the node? (for picking a union member)
 *
 * @param {Object} schema  Schema.
 * @param {*}      node    Node.
 * @param {*}      value   Value.
 * @param {string} version Version.
 * @return {string[]} Problems.
 */
function problemsOf( schema, node, value, version ) {
	const found = [];
	checkNode( schema, node, value, '', found, version );
	return found;
}

/**
 * Whether a node is of the value's kind at all (an object for an object...).
 *
 * @param {Object} schema Schema.
 * @param {*}      node   Node.
 * @param {*}      value  Value.
 * @return {boolean} Same kind.
 */
function accepts( schema, node, value ) {
	const type = resolve( schema, node );
	if ( type === undefined || type === 'any' ) {
		return true;
	}
	const kind = kindOf( value );
	if ( typeof type === 'string' ) {
		return (
			{
				string: 'string',
				empty: 'string',
				decimal: 'string',
				integer: 'number',
				number: 'number',
				boolean: 'boolean',
				null: 'null',
				stripeObject: 'object',
			}[ type ] === kind
		);
	}
	if ( type.enum ) {
		return kind === 'string';
	}
	if ( type.const !== undefined ) {
		return kind === 'boolean';
	}
	if ( type.expandable ) {
		return kind === 'string' || kind === 'object';
	}
	if ( type.array ) {
		return kind === 'array';
	}
	return kind === 'object';
}

function checkNode( schema, node, value, where, problems, version ) {
	const type = resolve( schema, node );
	const defLabel = node && node.ref ? node.ref : null;
	if ( type === undefined || type === 'any' ) {
		return;
	}
	if ( type === 'stripeObject' ) {
		checkStripeObject( schema, value, where, problems, version );
		return;
	}
	if ( type.anyOf ) {
		// Fits a member: fine. Otherwise report against the closest member (an
		// enum's values, an object's fields), not every alternative.
		let closest = null;
		for ( const member of type.anyOf ) {
			const found = problemsOf( schema, member, value, version );
			if ( found.length === 0 ) {
				return;
			}
			const score =
				( accepts( schema, member, value ) ? 0 : 1000 ) + found.length;
			if ( ! closest || score < closest.score ) {
				closest = { member, score };
			}
		}
		checkNode( schema, closest.member, value, where, problems, version );
		return;
	}
	const kind = kindOf( value );
	const expect = ( ok, what ) => {
		if ( ! ok ) {
			problems.push( `${ where }: ${ short( value ) } is not ${ what }` );
		}
	};
	switch ( type ) {
		case 'string':
			return expect( kind === 'string', 'a string' );
		case 'empty':
			return expect( value === '', "''" );
		case 'decimal':
			return expect(
				kind === 'string' && /^-?\d+(\.\d+)?$/.test( value ),
				'a decimal string'
			);
		case 'integer':
			return expect( Number.isInteger( value ), 'an integer' );
		case 'number':
			return expect( kind === 'number', 'a number' );
		case 'boolean':
			return expect( kind === 'boolean', 'a boolean' );
		case 'null':
			return expect( value === null, 'null' );
	}
	if ( type.enum ) {
		if ( kind !== 'string' || ! type.enum.includes( value ) ) {
			const list =
				type.enum.length > 8
					? `${ type.enum.slice( 0, 8 ).join( ', ' ) }, …`
					: type.enum.join( ', ' );
			problems.push(
				`${ where }: ${ short( value ) } is not one of ${ list }`
			);
		}
		return;
	}
	if ( type.const !== undefined ) {
		return expect( value === type.const, JSON.stringify( type.const ) );
	}
	if ( type.expandable ) {
		if ( kind === 'string' ) {
			return;
		}
		if ( kind === 'object' ) {
			checkStripeObject(
				schema,
				value,
				where,
				problems,
				version,
				type.expandable
			);
			return;
		}
		problems.push(
			`${ where }: ${ short( value ) } is neither an id nor an object`
		);
		return;
	}
	if ( type.list || type.search ) {
		if ( kind !== 'object' ) {
			problems.push( `${ where }: ${ short( value ) } is not a list` );
			return;
		}
		const wanted = type.list ? 'list' : 'search_result';
		if ( value.object !== wanted ) {
			problems.push(
				`${ where }.object: ${ short( value.object ) } is not '${ wanted }'`
			);
		}
		checkEnvelope(
			schema,
			{ ...value, object: wanted },
			where,
			problems,
			version,
			type.list || type.search
		);
		return;
	}
	if ( type.array ) {
		if ( kind !== 'array' ) {
			problems.push( `${ where }: ${ short( value ) } is not an array` );
			return;
		}
		value.forEach( ( item, index ) =>
			checkNode(
				schema,
				type.array,
				item,
				`${ where }[${ index }]`,
				problems,
				version
			)
		);
		return;
	}
	if ( type.props || type.record ) {
		if ( kind !== 'object' ) {
			problems.push( `${ where }: ${ short( value ) } is not an object` );
			return;
		}
		const props = type.props || {};
		const optional = new Set( type.optional || [] );
		const objectName =
			props.object && props.object.enum
				? props.object.enum[ 0 ]
				: defLabel || 'this object';
		for ( const field of Object.keys( value ) ) {
			const at = `${ where }.${ field }`;
			if ( field in props ) {
				checkNode(
					schema,
					props[ field ],
					value[ field ],
					at,
					problems,
					version
				);
			} else if ( type.record ) {
				checkNode(
					schema,
					type.record,
					value[ field ],
					at,
					problems,
					version
				);
			} else {
				problems.push(
					`${ at }: not a field of ${ objectName } in ${ version }`
				);
			}
		}
		for ( const field of Object.keys( props ) ) {
			if ( ! optional.has( field ) && ! ( field in value ) ) {
				problems.push(
					`${ where }.${ field }: missing (${ objectName } always has it in ${ version })`
				);
			}
		}
	}
}
