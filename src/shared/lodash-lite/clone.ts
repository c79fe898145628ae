/**
 * lodash's clone as formik's setIn() uses it: a shallow copy that keeps an
 * object's prototype ("this keeps inheritance when obj is a class"). Dates,
 * maps and sets are copied; primitives and functions come back as they are.
 * @param value Any value.
 */
export default function clone< T >( value: T ): T {
	return shallowCopy( value, ( item ) => item );
}

/**
 * One level of copying; `copy` maps each member (identity for clone(), a
 * recursive copy for cloneDeep()).
 * @param value   Any value.
 * @param copy    Applied to every element, map value, set member or property.
 * @param created Told of a new container before its members are copied, so a
 *                deep copy can resolve circular references to it.
 */
export function shallowCopy< T >(
	value: T,
	copy: ( item: unknown ) => unknown,
	created: ( container: object ) => void = () => undefined
): T {
	if ( value === null || typeof value !== 'object' ) {
		return value;
	}
	if ( Array.isArray( value ) ) {
		const copied: unknown[] = [];
		created( copied );
		value.forEach( ( item, index ) => {
			copied[ index ] = copy( item );
		} );
		return copied as T;
	}
	if ( value instanceof Date ) {
		return new Date( value.getTime() ) as T;
	}
	if ( value instanceof RegExp ) {
		const copied = new RegExp( value.source, value.flags );
		copied.lastIndex = value.lastIndex;
		return copied as T;
	}
	if ( value instanceof Map ) {
		const copied = new Map();
		created( copied );
		value.forEach( ( item, key ) => copied.set( key, copy( item ) ) );
		return copied as T;
	}
	if ( value instanceof Set ) {
		const copied = new Set();
		created( copied );
		value.forEach( ( item ) => copied.add( copy( item ) ) );
		return copied as T;
	}
	const source = value as Record< PropertyKey, unknown >;
	const copied = Object.create( Object.getPrototypeOf( value ) ) as Record<
		PropertyKey,
		unknown
	>;
	created( copied );
	for ( const key of Object.keys( source ) ) {
		copied[ key ] = copy( source[ key ] );
	}
	for ( const symbol of Object.getOwnPropertySymbols( source ) ) {
		if ( Object.prototype.propertyIsEnumerable.call( source, symbol ) ) {
			copied[ symbol ] = copy( source[ symbol ] );
		}
	}
	return copied as T;
}
