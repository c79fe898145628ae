/**
 * Injects a provider's script once per page. The cache holds only the
 * promise of a script load, which is idempotent, so sharing it between
 * widget instances is safe.
 */

const loads = new Map< string, Promise< void > >();

export function loadScript(
	src: string,
	attributes: Record< string, string > = {}
): Promise< void > {
	const cached = loads.get( src );
	if ( cached ) {
		return cached;
	}
	const promise = new Promise< void >( ( resolve, reject ) => {
		const script = document.createElement( 'script' );
		script.src = src;
		script.async = true;
		Object.entries( attributes ).forEach( ( [ name, value ] ) =>
			script.setAttribute( name, value )
		);
		script.addEventListener( 'load', () => resolve() );
		script.addEventListener( 'error', () => {
			// Let a later attempt (e.g. after a network blip) try again.
			loads.delete( src );
			script.remove();
			reject( new Error( `Could not load ${ src }` ) );
		} );
		document.head.appendChild( script );
	} );
	loads.set( src, promise );
	return promise;
}

/**
 * Appends query parameters to a script URL that may already have some.
 * @param src    Script URL, possibly with a query already.
 * @param params Parameters to append.
 */
export function withQuery(
	src: string,
	params: Record< string, string >
): string {
	const query = new URLSearchParams( params ).toString();
	if ( ! query ) {
		return src;
	}
	return src + ( src.includes( '?' ) ? '&' : '?' ) + query;
}
