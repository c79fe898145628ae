/**
 * lodash's toPath, which formik's getIn() and setIn() use to read a field
 * name such as `address.street` or `donors[0].email` as a list of keys.
 * The patterns are lodash's own (stringToPath), so quoted keys, escapes
 * and a leading dot read the same.
 */
const PROPERTY_NAME =
	/[^.[\]]+|\[(?:(-?\d+(?:\.\d+)?)|(["'])((?:(?!\2)[^\\]|\\.)*?)\2)\]|(?=(?:\.|\[\])(?:\.|\[\]|$))/g;
const ESCAPE = /\\(\\)?/g;

// Field names repeat on every render; lodash keeps 500 of them too.
const CACHE_SIZE = 500;
const cache = new Map< string, string[] >();

// lodash's toKey and baseToString: -0 keeps its sign, arrays join with ",".
function keyText( value: unknown ): string {
	if ( typeof value === 'string' ) {
		return value;
	}
	if ( Array.isArray( value ) ) {
		return value.map( keyText ).join( ',' );
	}
	if ( typeof value === 'number' && Object.is( value, -0 ) ) {
		return '-0';
	}
	return String( value );
}

function stringToPath( text: string ): string[] {
	const cached = cache.get( text );
	if ( cached ) {
		return cached;
	}
	const keys: string[] = [];
	if ( text.charCodeAt( 0 ) === 46 /* . */ ) {
		keys.push( '' );
	}
	text.replace(
		PROPERTY_NAME,
		( match: string, index?: string, quote?: string, quoted?: string ) => {
			keys.push(
				quote
					? ( quoted ?? '' ).replace( ESCAPE, '$1' )
					: index || match
			);
			return match;
		}
	);
	if ( cache.size >= CACHE_SIZE ) {
		cache.clear();
	}
	cache.set( text, keys );
	return keys;
}

export default function toPath( value: unknown ): Array< string | symbol > {
	if ( Array.isArray( value ) ) {
		return value.map( ( key ) =>
			typeof key === 'symbol' ? key : keyText( key )
		);
	}
	if ( typeof value === 'symbol' ) {
		return [ value ];
	}
	// lodash's toString: null and undefined read as an empty path.
	const text = value === null || value === undefined ? '' : keyText( value );
	return [ ...stringToPath( text ) ];
}
