/**
 * Stripe stand-in: answers in the shape of the requested API version.
 *
 * Each object is stored once, in a canonical form that carries the fields of every supported
 * version (an invoice keeps `payment_intent` and `parent`, a subscription its period on itself
 * and on each item). Rendering copies it, expands the asked paths, adds the includable fields
 * asked for, and projects the result onto that version's definitions (schema/<version>.json,
 * generated from the SDK types): fields of other versions are dropped, fields the stand-in does
 * not model are null, keys come in Stripe's order (id, object, then the rest alphabetically).
 *
 * Whether a path may be expanded in a version is the request validator's to say
 * (schema/validate.mjs, before anything runs); rendering only follows the paths it is given.
 * Every rendered answer goes through the shape checker (schema/shape.mjs); what it finds is kept
 * in `renderGaps`, which the stand-in's tests require to stay empty.
 */
import { clone } from '../util.mjs';
import { expandList } from './helpers.mjs';
import { loadSchema, resolve, SUPPORTED_VERSIONS } from './schema/schemas.mjs';
import { stripeShapeProblems } from './schema/shape.mjs';

const INCLUDED = Symbol( 'included' );

/**
 * Fields Stripe leaves out unless asked for with expand[] ("includable"). The SDK types mark
 * them optional, as they do other fields, so this list is the stand-in's own.
 */
export const INCLUDABLE = {
	charge: [ 'refunds' ],
	customer: [
		'cash_balance',
		'invoice_credit_balance',
		'sources',
		'subscriptions',
		'tax',
		'tax_ids',
	],
	invoice: [ 'confirmation_secret', 'payments' ],
	plan: [ 'tiers' ],
	price: [ 'currency_options', 'tiers' ],
};

const membersOf = ( node ) =>
	node && typeof node === 'object' && node.anyOf ? node.anyOf : [ node ];

const objectKey = ( value ) =>
	value.deleted === true ? `deleted ${ value.object }` : value.object;

const isEnvelope = ( value ) =>
	value.object === 'list' || value.object === 'search_result';

// Stripe's key order: id, object, then alphabetical (as the SDK declares them).
const ordered = ( names ) => [
	...[ 'id', 'object' ].filter( ( name ) => names.includes( name ) ),
	...names.filter( ( name ) => name !== 'id' && name !== 'object' ).sort(),
];

/**
 * The definition names a field allows for a Stripe object (its refs and expandable targets).
 *
 * @param {*} node Field type.
 * @return {string[]} Definition names.
 */
function allowedNames( node ) {
	const names = [];
	for ( const member of membersOf( node ) ) {
		if ( member && member.ref ) {
			names.push( member.ref );
		}
		if ( member && member.expandable ) {
			names.push( ...member.expandable );
		}
	}
	return names;
}

export class Rendering {
	/**
	 * The version this answer is rendered in: the request's, else the account default.
	 *
	 * @return {string} Version.
	 */
	renderVersion() {
		return this.requestVersion || this.defaultApiVersion;
	}

	/**
	 * Copy an object for an answer, in the version's shape, with the asked paths expanded.
	 *
	 * @param {Object}   object  Stored object.
	 * @param {string[]} expand  Paths such as "latest_invoice.payments".
	 * @param {string}   version API version (default: the request's).
	 * @return {Object} Answer object.
	 */
	render( object, expand = [], version = this.renderVersion() ) {
		if ( ! object ) {
			return object;
		}
		if ( object.object === 'event' ) {
			// An event keeps the version it was made in, whatever the request asks (Stripe).
			return this.renderEvent( object );
		}
		// An object the version's SDK has no type for (an invoice payment at 2024-06-20) is
		// answered in the shape of the first version that has one.
		const shapeVersion = [ version, ...SUPPORTED_VERSIONS ].find(
			( candidate ) =>
				loadSchema( candidate ).objects[ objectKey( object ) ]
		);
		const paths = expandList( expand ).map( ( path ) => path.split( '.' ) );
		const expanded = this.expandInto(
			clone( object ),
			paths,
			shapeVersion || version
		);
		return this.checked(
			this.project(
				expanded,
				null,
				loadSchema( shapeVersion || version )
			),
			shapeVersion || version
		);
	}

	/**
	 * An event, its data.object in the given version (default: the event's own).
	 *
	 * @param {Object} event   Stored event.
	 * @param {string} version API version.
	 * @return {Object} Event.
	 */
	renderEvent( event, version = event.api_version ) {
		const schema = loadSchema( version );
		const copy = clone( event );
		copy.api_version = version;
		if ( copy.data.previous_attributes ) {
			// Only what the version has; a field of another version did not change in this one.
			const def = this.stripeDef( schema, null, copy.data.object );
			copy.data.previous_attributes = Object.fromEntries(
				Object.entries( copy.data.previous_attributes ).filter(
					( [ key ] ) => def && def.props && key in def.props
				)
			);
		}
		return this.checked( this.project( copy, null, schema ), version );
	}

	/**
	 * Note where a rendered answer differs from the SDK types of its version (tests read it).
	 *
	 * @param {Object} answer  Rendered object.
	 * @param {string} version API version.
	 * @return {Object} The answer.
	 */
	checked( answer, version ) {
		for ( const problem of stripeShapeProblems( answer, version ) ) {
			this.renderGaps.add( `${ version } ${ problem }` );
		}
		return answer;
	}

	/**
	 * Expand paths in a (copied) value: ids become their stored objects, includable fields are
	 * put in, lists are followed through `data`.
	 *
	 * @param {*}          value   Value at this place (a copy; changed in place).
	 * @param {string[][]} paths   Remaining paths, split on dots.
	 * @param {string}     version API version.
	 * @return {*} The value, expanded.
	 */
	expandInto( value, paths, version ) {
		if ( ! paths.length || ! value || typeof value !== 'object' ) {
			return value;
		}
		if ( Array.isArray( value ) ) {
			return value.map( ( item ) =>
				this.expandInto( item, paths, version )
			);
		}
		if ( isEnvelope( value ) ) {
			const inner = paths
				.filter( ( path ) => path[ 0 ] === 'data' )
				.map( ( path ) => path.slice( 1 ) );
			value.data = this.expandInto( value.data, inner, version );
			return value;
		}
		if ( value.object ) {
			this.includeAsked( value, paths, version );
		}
		const groups = new Map();
		for ( const [ segment, ...rest ] of paths ) {
			if ( ! groups.has( segment ) ) {
				groups.set( segment, [] );
			}
			if ( rest.length ) {
				groups.get( segment ).push( rest );
			}
		}
		for ( const [ segment, rests ] of groups ) {
			let item = value[ segment ];
			if ( typeof item === 'string' && this.objects.has( item ) ) {
				item = clone( this.objects.get( item ) );
			}
			value[ segment ] = this.expandInto( item, rests, version );
		}
		return value;
	}

	/**
	 * Put the includable fields a path asks for on a Stripe object (the others are left out
	 * when it is projected).
	 *
	 * @param {Object}     object  Copy of a Stripe object.
	 * @param {string[][]} paths   Paths from this object.
	 * @param {string}     version API version.
	 */
	includeAsked( object, paths, version ) {
		const def = this.stripeDef( loadSchema( version ), null, object );
		for ( const field of INCLUDABLE[ object.object ] || [] ) {
			if (
				! def ||
				! ( field in def.props ) ||
				! paths.some( ( path ) => path[ 0 ] === field )
			) {
				continue;
			}
			object[ field ] = this.includable( object, field );
			if ( ! object[ INCLUDED ] ) {
				object[ INCLUDED ] = new Set();
			}
			object[ INCLUDED ].add( field );
		}
	}

	/**
	 * The value of an includable field (computed when the stand-in does not store it).
	 *
	 * @param {Object} object Copy of a Stripe object.
	 * @param {string} field  Field.
	 * @return {*} Value.
	 */
	includable( object, field ) {
		if ( object.object === 'invoice' && field === 'payments' ) {
			return clone( this.invoicePaymentsList( object.id ) );
		}
		if ( object[ field ] !== undefined ) {
			return object[ field ];
		}
		if ( object.object === 'customer' && field !== 'tax' ) {
			const lists = {
				sources: 'sources',
				subscriptions: 'subscriptions',
				tax_ids: 'tax_ids',
			};
			if ( lists[ field ] ) {
				return {
					object: 'list',
					data: [],
					has_more: false,
					url: `/v1/customers/${ object.id }/${ lists[ field ] }`,
				};
			}
		}
		return null;
	}

	/**
	 * The definition of a Stripe object (by its `object` and `deleted`), when the field it is
	 * in allows that object (null node: any).
	 *
	 * @param {Object} schema Version definitions.
	 * @param {*}      node   Field type, or null.
	 * @param {Object} value  The object.
	 * @return {Object|null} Definition.
	 */
	stripeDef( schema, node, value ) {
		if ( ! value || typeof value.object !== 'string' ) {
			return null;
		}
		const name = schema.objects[ objectKey( value ) ];
		if ( ! name || ( node && ! allowedNames( node ).includes( name ) ) ) {
			return null;
		}
		return schema.defs[ name ] || null;
	}

	/**
	 * Project a value onto a type of a version's definitions.
	 *
	 * @param {*}      value  Value.
	 * @param {*}      node   Type (null or 'stripeObject': a Stripe object, by its `object`).
	 * @param {Object} schema Version definitions.
	 * @return {*} Projected value.
	 */
	project( value, node, schema ) {
		if ( value === null || typeof value !== 'object' || node === 'any' ) {
			return value;
		}
		// Object nodes only ('null'.search would be String.prototype.search).
		const types = membersOf( node )
			.map( ( member ) => resolve( schema, member ) )
			.filter( ( type ) => type && typeof type === 'object' );
		if ( Array.isArray( value ) ) {
			const list = types.find( ( type ) => type.array );
			return value.map( ( item ) =>
				this.project( item, list ? list.array : 'any', schema )
			);
		}
		if ( isEnvelope( value ) ) {
			const envelope = types.find( ( type ) => type.list || type.search );
			const item = envelope ? envelope.list || envelope.search : null;
			const fields =
				value.object === 'list'
					? [ 'object', 'data', 'has_more', 'url' ]
					: [
							'object',
							'data',
							'has_more',
							'next_page',
							'url',
							'total_count',
						];
			const out = {};
			for ( const field of fields ) {
				if ( value[ field ] !== undefined ) {
					out[ field ] =
						field === 'data'
							? value.data.map( ( entry ) =>
									this.project( entry, item, schema )
								)
							: value[ field ];
				}
			}
			return out;
		}
		const stripeNode = node === 'stripeObject' ? null : node;
		const def =
			this.stripeDef( schema, stripeNode, value ) ||
			types.find( ( type ) => type.props || type.record );
		const props = ( def && def.props ) || {};
		const names = Object.keys( props );
		if ( ! names.length ) {
			// Not described here, a map (metadata) or opaque: as stored.
			return value;
		}
		const includable = value.object ? INCLUDABLE[ value.object ] || [] : [];
		const optional = new Set( def.optional || [] );
		const out = {};
		for ( const name of ordered( names ) ) {
			if (
				includable.includes( name ) &&
				! ( value[ INCLUDED ] && value[ INCLUDED ].has( name ) )
			) {
				continue;
			}
			if ( value[ name ] !== undefined ) {
				out[ name ] = this.project(
					value[ name ],
					props[ name ],
					schema
				);
			} else if ( ! optional.has( name ) ) {
				out[ name ] = null;
			}
		}
		if ( def.record ) {
			for ( const [ name, item ] of Object.entries( value ) ) {
				if ( ! ( name in props ) ) {
					out[ name ] = item;
				}
			}
		}
		return out;
	}
}
