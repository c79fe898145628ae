/**
 * Stripe stand-in: answers in the shape of the requested API version.
 *
 * Each object is stored once, in a canonical form that carries the fields of every supported
 * version (an invoice keeps `payment_intent` and `parent`, a subscription its period on itself
 * and on each item). Rendering copies it, expands the asked paths (checked against that
 * version's fields), adds the includable fields asked for, and projects the result onto the
 * version's shape from the SDK types: fields of other versions are dropped, nullable fields
 * the stand-in does not model are null, keys come in the SDK's order.
 */
import { clone } from '../util.mjs';
import { TYPE_BY_PREFIX } from './constants.mjs';
import { invalid, expandList } from './helpers.mjs';
import { shapesOf, INCLUDABLE, V2024_06_20 } from './versions/index.mjs';

const INCLUDED = Symbol( 'included' );

// Stripe names the path from the step it could not take: (payment_intent) for
// latest_invoice.payment_intent at endive, (payment_intent.b) when payment_intent is not there.
const cannotExpand = ( segment, rest = [] ) =>
	invalid(
		`This property cannot be expanded (${ [ segment, ...rest ].join( '.' ) }).`,
		{ param: 'expand' }
	);

function members( desc ) {
	return desc && typeof desc === 'object' && desc.union
		? desc.union
		: [ desc ];
}

function refsOf( desc ) {
	return members( desc )
		.filter(
			( member ) => member && typeof member === 'object' && member.ref
		)
		.map( ( member ) => member.ref );
}

/**
 * The literal(s) of a type's `object` field, if it is a Stripe object.
 *
 * @param {Object} type Shape type.
 * @return {string[]} Object names.
 */
function objectNames( type ) {
	const field = type && type.byName.get( 'object' );
	if ( ! field ) {
		return [];
	}
	return members( field.desc )
		.filter(
			( member ) =>
				member && typeof member === 'object' && 'literal' in member
		)
		.map( ( member ) => member.literal );
}

export class Rendering {
	/**
	 * Whether a scalar (or null) is one of a declared type's values.
	 *
	 * @param {*}      value Value.
	 * @param {Object} desc  Declared type.
	 * @return {boolean} Fits.
	 */
	scalarFits( value, desc ) {
		return members( desc ).some( ( member ) => {
			if ( member === 'unknown' ) {
				return true;
			}
			if ( value === null ) {
				return member === 'null';
			}
			if ( member && typeof member === 'object' && 'literal' in member ) {
				return member.literal === value;
			}
			return member === typeof value;
		} );
	}

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
	 * @param {string[]} expand  Paths such as "latest_invoice.payment_intent".
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
		const shapes = shapesOf( version );
		const copy = clone( object );
		const paths = expandList( expand ).map( ( path ) => path.split( '.' ) );
		const expanded = this.expandInto( copy, null, paths, version );
		return this.project( expanded, null, shapes );
	}

	/**
	 * An event, its data.object in the given version (default: the event's own).
	 *
	 * @param {Object} event   Stored event.
	 * @param {string} version API version.
	 * @return {Object} Event.
	 */
	renderEvent( event, version = event.api_version ) {
		const shapes = shapesOf( version );
		const copy = clone( event );
		const snapshot = copy.data.object;
		const objectType = this.typeOf( shapes, snapshot.object );
		const data = {
			object: this.project( snapshot, null, shapes ),
		};
		if ( copy.data.previous_attributes ) {
			// Only what the version has; a field of another version did not change in this one.
			data.previous_attributes = Object.fromEntries(
				Object.entries( copy.data.previous_attributes ).filter(
					( [ key ] ) => objectType && objectType.byName.has( key )
				)
			);
		}
		copy.api_version = version;
		copy.data = { object: {} };
		const rendered = this.project( copy, null, shapes );
		rendered.data = data;
		return rendered;
	}

	/**
	 * The shape type of a Stripe object in a version.
	 *
	 * @param {Object} shapes Version shapes.
	 * @param {string} name   The object's `object` value.
	 * @return {Object|null} Type.
	 */
	typeOf( shapes, name ) {
		const typeName = shapes.objects[ name ];
		return typeName ? shapes.types[ typeName ] : null;
	}

	/**
	 * The type a value takes among a field's declared types: for a Stripe object the member
	 * whose `object` matches (a deleted object the member with `deleted: true`), else the
	 * first object type.
	 *
	 * @param {Object} desc   Field type.
	 * @param {Object} value  Value.
	 * @param {Object} shapes Version shapes.
	 * @return {Object|null} Type.
	 */
	typeForValue( desc, value, shapes ) {
		const refs = refsOf( desc );
		if ( value && typeof value === 'object' && value.object ) {
			const own = this.typeOf( shapes, value.object );
			const candidates = refs
				.map( ( ref ) => shapes.types[ ref ] )
				.filter(
					( type ) =>
						type && objectNames( type ).includes( value.object )
				);
			const deleted = candidates.find(
				( type ) =>
					!! type.byName.get( 'deleted' ) &&
					! type.byName.get( 'deleted' ).optional
			);
			if ( value.deleted === true ) {
				return deleted || null;
			}
			const live = candidates.find( ( type ) => type !== deleted );
			return live || ( desc ? null : own );
		}
		return refs.length ? shapes.types[ refs[ 0 ] ] || null : null;
	}

	/**
	 * Whether a field may be expanded: it holds an id or the object itself.
	 *
	 * @param {Object} desc   Field type.
	 * @param {Object} shapes Version shapes.
	 * @return {boolean} Expandable.
	 */
	expandable( desc, shapes ) {
		const list = members( desc );
		return (
			list.includes( 'string' ) &&
			refsOf( desc ).some(
				( ref ) => objectNames( shapes.types[ ref ] ).length > 0
			)
		);
	}

	/**
	 * Expand paths in a (copied) value, checking each step against the version's fields.
	 *
	 * @param {*}           value   Value at this place (a copy; changed in place).
	 * @param {Object|null} desc    Its declared type (null: a top-level Stripe object).
	 * @param {string[][]}  paths   Remaining paths, split on dots.
	 * @param {string}      version API version.
	 * @return {*} The value, expanded.
	 */
	expandInto( value, desc, paths, version ) {
		if ( ! value || typeof value !== 'object' ) {
			return value;
		}
		if ( Array.isArray( value ) ) {
			const element = members( desc ).find(
				( member ) => member && member.array
			);
			return value.map( ( item ) =>
				this.expandInto(
					item,
					element ? element.array : null,
					paths,
					version
				)
			);
		}
		const shapes = shapesOf( version );
		const type = this.typeForValue( desc, value, shapes );
		if ( ! type ) {
			if ( paths.length ) {
				cannotExpand( ...paths[ 0 ] );
			}
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
			groups.get( segment ).push( rest );
		}
		for ( const [ segment, rests ] of groups ) {
			const field = type.byName.get( segment );
			const included =
				value[ INCLUDED ] && value[ INCLUDED ].has( segment );
			if ( ! field || ( field.optional && ! ( segment in value ) ) ) {
				cannotExpand( segment, rests[ 0 ] );
			}
			let item = value[ segment ];
			const deeper = rests.filter( ( rest ) => rest.length );
			if ( typeof item === 'string' ) {
				if ( ! this.expandable( field.desc, shapes ) ) {
					cannotExpand( segment, rests[ 0 ] );
				}
				const stored = this.objects.get( item );
				if ( stored ) {
					item = clone( stored );
				} else if ( ! TYPE_BY_PREFIX[ item.split( '_' )[ 0 ] ] ) {
					cannotExpand( segment, rests[ 0 ] );
				}
			} else if (
				deeper.length < rests.length &&
				! included &&
				! this.expandable( field.desc, shapes )
			) {
				// Asked to expand a field that never holds an id.
				cannotExpand( segment );
			}
			if ( item && typeof item === 'object' ) {
				item = this.expandInto( item, field.desc, deeper, version );
			}
			value[ segment ] = item;
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
		const includable = INCLUDABLE[ object.object ] || [];
		for ( const field of includable ) {
			if ( ! paths.some( ( path ) => path[ 0 ] === field ) ) {
				continue;
			}
			const type = this.typeOf( shapesOf( version ), object.object );
			if ( ! type || ! type.byName.has( field ) ) {
				continue;
			}
			object[ field ] = this.includable( object, field, version );
			if ( ! object[ INCLUDED ] ) {
				object[ INCLUDED ] = new Set();
			}
			object[ INCLUDED ].add( field );
		}
	}

	/**
	 * The value of an includable field (computed when the stand-in does not store it).
	 *
	 * @param {Object} object  Copy of a Stripe object.
	 * @param {string} field   Field.
	 * @param {string} version API version.
	 * @return {*} Value.
	 */
	includable( object, field, version ) {
		void version;
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
	 * Project a value onto a declared type of a version.
	 *
	 * @param {*}           value  Value.
	 * @param {Object|null} desc   Declared type (null: a Stripe object, by its `object`).
	 * @param {Object}      shapes Version shapes.
	 * @param {string}      where  Where the value is (for the gap report).
	 * @return {*} Projected value.
	 */
	project( value, desc, shapes, where = '' ) {
		if ( value === undefined ) {
			return value;
		}
		if ( value === null || typeof value !== 'object' ) {
			if ( desc && ! this.scalarFits( value, desc ) ) {
				this.renderGaps.add(
					`${ shapes.version } ${ where }: ${ JSON.stringify( value ) }`
				);
			}
			return value;
		}
		if ( Array.isArray( value ) ) {
			const element = members( desc ).find(
				( member ) => member && member.array
			);
			return value.map( ( item ) =>
				this.project(
					item,
					element ? element.array : null,
					shapes,
					`${ where }[]`
				)
			);
		}
		if (
			desc &&
			! refsOf( desc ).length &&
			members( desc ).some( ( member ) => member && member.map )
		) {
			return value;
		}
		const type = this.typeForValue( desc, value, shapes );
		if ( ! type ) {
			return value;
		}
		if (
			value.object === 'dispute' &&
			shapes.version === V2024_06_20 &&
			value.payment_method_details &&
			value.payment_method_details.type === 'au_becs_debit'
		) {
			// 2024-06-20 describes dispute details for cards, Klarna and PayPal only.
			delete value.payment_method_details;
		}
		const includable = value.object ? INCLUDABLE[ value.object ] || [] : [];
		const out = {};
		for ( const [ name, optional, fieldDesc ] of type.fields ) {
			if (
				includable.includes( name ) &&
				! ( value[ INCLUDED ] && value[ INCLUDED ].has( name ) )
			) {
				continue;
			}
			if ( value[ name ] !== undefined ) {
				out[ name ] = this.project(
					value[ name ],
					fieldDesc,
					shapes,
					`${ type.name }.${ name }`
				);
			} else if ( ! optional ) {
				out[ name ] = null;
				if ( ! members( fieldDesc ).includes( 'null' ) ) {
					this.renderGaps.add(
						`${ shapes.version } ${ type.name }.${ name }`
					);
				}
			}
		}
		return out;
	}
}
