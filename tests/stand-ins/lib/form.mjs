/**
 * application/x-www-form-urlencoded with Stripe's bracket notation.
 *
 *   metadata[foo]=bar                              → { metadata: { foo: 'bar' } }
 *   items[0][price_data][recurring][interval]=week → { items: [ { price_data: { recurring: { interval: 'week' } } } ] }
 *   expand[]=a&expand[]=b                          → { expand: [ 'a', 'b' ] }
 *
 * Numeric and empty segments make arrays, except directly under "metadata"
 * (metadata keys are always strings).
 */

/**
 * Decode one form component ("+" is a space).
 *
 * @param {string} text Encoded text.
 * @return {string} Decoded text.
 */
function decode( text ) {
	const spaced = text.replace( /\+/g, ' ' );
	try {
		return decodeURIComponent( spaced );
	} catch {
		return spaced;
	}
}

/**
 * Split "a[b][0][]" into [ 'a', 'b', '0', '' ].
 *
 * @param {string} key The decoded key.
 * @return {string[]} The path segments.
 */
export function splitKey( key ) {
	const open = key.indexOf( '[' );
	if ( open <= 0 ) {
		return [ key ];
	}
	const segments = [ key.slice( 0, open ) ];
	const rest = key.slice( open );
	const pattern = /\[([^\]]*)\]/g;
	let match;
	let consumed = 0;
	while ( ( match = pattern.exec( rest ) ) !== null ) {
		if ( match.index !== consumed ) {
			break;
		}
		segments.push( match[ 1 ] );
		consumed = pattern.lastIndex;
	}
	if ( consumed !== rest.length ) {
		// Malformed brackets: keep the whole key as one name.
		return [ key ];
	}
	return segments;
}

const isIndex = ( segment ) => segment === '' || /^\d+$/.test( segment );

/**
 * Put a value at a path, creating arrays or objects on the way.
 *
 * @param {Object}   root     Target object.
 * @param {string[]} segments Path.
 * @param {string}   value    Value.
 */
function assign( root, segments, value ) {
	let container = root;
	for ( let i = 0; i < segments.length; i++ ) {
		const segment = segments[ i ];
		const last = i === segments.length - 1;
		const parentName = i > 0 ? segments[ i - 1 ] : null;
		const next = segments[ i + 1 ];
		const makeChild = () =>
			! last && isIndex( next ) && segment !== 'metadata' ? [] : {};

		if ( Array.isArray( container ) && parentName !== 'metadata' ) {
			if ( segment === '' ) {
				if ( last ) {
					container.push( value );
					return;
				}
				// "a[][b]=1&a[][c]=2": reuse the last element while it lacks the key.
				const tail = container[ container.length - 1 ];
				if ( tail && typeof tail === 'object' && ! ( next in tail ) ) {
					container = tail;
				} else {
					const child = makeChild();
					container.push( child );
					container = child;
				}
				continue;
			}
			const index = Number( segment );
			if ( last ) {
				container[ index ] = value;
				return;
			}
			if (
				container[ index ] === undefined ||
				typeof container[ index ] !== 'object'
			) {
				container[ index ] = makeChild();
			}
			container = container[ index ];
			continue;
		}

		if ( last ) {
			container[ segment ] = value;
			return;
		}
		if (
			container[ segment ] === undefined ||
			container[ segment ] === null ||
			typeof container[ segment ] !== 'object'
		) {
			container[ segment ] = makeChild();
		}
		container = container[ segment ];
	}
}

/**
 * Remove holes left by sparse indexes ("items[1]" without "items[0]").
 *
 * @param {*} value Parsed value.
 * @return {*} Compacted value.
 */
function compact( value ) {
	if ( Array.isArray( value ) ) {
		return value.filter( ( item ) => item !== undefined ).map( compact );
	}
	if ( value && typeof value === 'object' ) {
		for ( const key of Object.keys( value ) ) {
			value[ key ] = compact( value[ key ] );
		}
	}
	return value;
}

/**
 * Parse a form body or query string into nested objects and arrays.
 *
 * @param {string|URLSearchParams} input Body text (a leading "?" is ignored).
 * @return {Object} Parsed parameters.
 */
export function parseForm( input ) {
	const root = {};
	const text = String( input || '' ).replace( /^\?/, '' );
	if ( ! text ) {
		return root;
	}
	for ( const pair of text.split( '&' ) ) {
		if ( ! pair ) {
			continue;
		}
		const eq = pair.indexOf( '=' );
		const rawKey = eq === -1 ? pair : pair.slice( 0, eq );
		const rawValue = eq === -1 ? '' : pair.slice( eq + 1 );
		const key = decode( rawKey );
		if ( ! key ) {
			continue;
		}
		assign( root, splitKey( key ), decode( rawValue ) );
	}
	return compact( root );
}

/**
 * Encode nested objects and arrays the way stripe-php and Stripe.js do.
 *
 * @param {Object} params Parameters.
 * @param {string} prefix Internal: key prefix.
 * @return {string} Form body.
 */
export function encodeForm( params, prefix = '' ) {
	const parts = [];
	const add = ( key, value ) => {
		if ( value === undefined ) {
			return;
		}
		if ( value === null ) {
			parts.push( `${ encodeURIComponent( key ) }=` );
			return;
		}
		if ( Array.isArray( value ) ) {
			value.forEach( ( item, index ) => {
				if ( item && typeof item === 'object' ) {
					add( `${ key }[${ index }]`, item );
				} else {
					add( `${ key }[]`, item );
				}
			} );
			return;
		}
		if ( typeof value === 'object' ) {
			for ( const [ childKey, childValue ] of Object.entries( value ) ) {
				add( `${ key }[${ childKey }]`, childValue );
			}
			return;
		}
		parts.push(
			`${ encodeURIComponent( key ) }=${ encodeURIComponent(
				String( value )
			) }`
		);
	};
	for ( const [ key, value ] of Object.entries( params || {} ) ) {
		add( prefix ? `${ prefix }[${ key }]` : key, value );
	}
	return parts.join( '&' );
}
