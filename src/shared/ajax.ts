/**
 * The one way the widget talks to admin-ajax.php (SPEC §7): POST with an
 * application/x-www-form-urlencoded body whose `action` selects the handler.
 */

export type AjaxFields = Record< string, string >;

export interface AjaxResponse {
	ok: boolean;
	status: number;
	/** Parsed JSON body; null when the body was not JSON. */
	body: unknown;
}

export type AjaxPost = (
	action: string,
	fields: AjaxFields
) => Promise< AjaxResponse >;

/**
 * Writes to the console without raising an error the page would count.
 * @param message What went wrong.
 * @param detail  The error or object behind it.
 */
export function logProblem( message: string, detail?: unknown ): void {
	// eslint-disable-next-line no-console
	console.warn( `[donation-widget] ${ message }`, detail ?? '' );
}

export function createAjaxClient(
	ajaxUrl: string,
	fetchImpl: typeof fetch = ( ...args ) => window.fetch( ...args )
): AjaxPost {
	return async ( action, fields ) => {
		const body = new URLSearchParams( { ...fields, action } );
		const response = await fetchImpl( ajaxUrl, {
			method: 'POST',
			credentials: 'same-origin',
			headers: {
				'Content-Type':
					'application/x-www-form-urlencoded; charset=UTF-8',
				Accept: 'application/json',
			},
			body: body.toString(),
		} );
		let parsed: unknown = null;
		try {
			parsed = await response.json();
		} catch {
			parsed = null;
		}
		if ( ! response.ok ) {
			logProblem( `${ action } answered HTTP ${ response.status }` );
		}
		return { ok: response.ok, status: response.status, body: parsed };
	};
}

type Loose = Record< string, unknown >;

const isObject = ( value: unknown ): value is Loose =>
	typeof value === 'object' && value !== null;

/**
 * Reads a nested value, e.g. pick( body, 'data', 'result', 'confidence' ).
 * @param value A parsed JSON body.
 * @param path  Keys to follow.
 */
export function pick( value: unknown, ...path: string[] ): unknown {
	let current: unknown = value;
	for ( const key of path ) {
		if ( ! isObject( current ) ) {
			return undefined;
		}
		current = current[ key ];
	}
	return current;
}

export function pickText( value: unknown, ...path: string[] ): string {
	const found = pick( value, ...path );
	if ( typeof found === 'string' ) {
		return found;
	}
	return typeof found === 'number' ? String( found ) : '';
}
