/**
 * The one way the widget talks to admin-ajax.php (docs/widget-contract.md#7-the-calls-it-makes): POST with an
 * application/x-www-form-urlencoded body whose `action` selects the handler.
 */

import { __ } from '@wordpress/i18n';

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
 * An answer the widget cannot read: a host's or security plugin's HTML error
 * page, a PHP fatal, an empty body, admin-ajax's bare "0", someone else's
 * JSON. The calls treat it as SPEC's "unexpected exception" (docs/widget-contract.md#46-card-payment-donation, docs/widget-contract.md#49-update-card-flow,
 * docs/widget-contract.md#7-the-calls-it-makes): what such an answer would mean is a guess, so none is made.
 */
export class UnreadableAnswer extends Error {
	constructor(
		public readonly action: string,
		public readonly status: number
	) {
		// Shown as errorMessage where SPEC shows one (the update-card
		// widget's "Page not found" alert), so in the donor's words.
		super(
			__(
				"We could not read the server's answer. Please try again later.",
				'donation-widget'
			)
		);
		this.name = 'UnreadableAnswer';
	}

	/** Whether the HTTP status was not OK too (SPEC's "non-OK status"). */
	get nonOk(): boolean {
		return this.status < 200 || this.status > 299;
	}
}

/**
 * Whether a body is one of the plugin's own answers: a JSON object with a
 * boolean success (Http/AjaxResult.php writes every answer so).
 * @param body The parsed body (null when it was not JSON).
 */
export function isReadableAnswer( body: unknown ): boolean {
	return (
		isObject( body ) &&
		! Array.isArray( body ) &&
		typeof body.success === 'boolean'
	);
}

/**
 * The one place unreadable answers are classified: the same client, except
 * that an unreadable answer is thrown as UnreadableAnswer, so each call's
 * own exception path (the failure screen, the "Page not found" alert, a
 * logged address lookup) handles it as SPEC says.
 * @param post The admin-ajax client.
 */
export function readableAnswersOnly( post: AjaxPost ): AjaxPost {
	return async ( action, fields ) => {
		const response = await post( action, fields );
		if ( ! isReadableAnswer( response.body ) ) {
			logProblem(
				`${ action } answered HTTP ${ response.status } with something that is not its JSON`
			);
			throw new UnreadableAnswer( action, response.status );
		}
		return response;
	};
}

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
