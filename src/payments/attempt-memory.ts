/**
 * A payment attempt whose outcome is unknown: its call was lost (a dropped
 * connection, an unreadable answer) or the server said the provider did not
 * answer (data.outcome "unknown"). The site may have charged it, and keeps its
 * record open. So its id is kept in the tab's sessionStorage with the form it
 * paid for, and the next payment of that same form (after Try Again's reload)
 * carries the same attemptId: the server carries on with that payment, finding
 * what the lost call did, instead of starting a second one. Any other answer
 * ends the attempt, and the next press gets a new id, so a declined or refused
 * attempt is never replayed.
 */
import { pickText, type AjaxResponse } from '../shared/ajax';

export interface AttemptMemory {
	/**
	 * The attempt id for a payment of this form: the unknown attempt's when it
	 * was for exactly this form, else a new one.
	 */
	idFor: ( form: string ) => string;
	/** Notes how an attempt's call ended. */
	answered: (
		id: string,
		form: string,
		response: AjaxResponse | null
	) => void;
}

/**
 * Whether an answer leaves the attempt's outcome unknown (null: the call threw).
 * @param response The answer, or null when none came.
 */
export function outcomeUnknown( response: AjaxResponse | null ): boolean {
	if ( ! response ) {
		return true;
	}
	if ( response.ok ) {
		return false;
	}
	return (
		response.body === null ||
		pickText( response.body, 'data', 'outcome' ) === 'unknown'
	);
}

/**
 * The sessionStorage key of a widget's unknown attempt.
 * @param pathname    window.location.pathname.
 * @param widgetIndex The widget's index among the page's widgets.
 */
export function attemptMemoryKey(
	pathname: string,
	widgetIndex: number
): string {
	return `donation-widget:attempt:${ pathname }#${ widgetIndex }`;
}

/**
 * @param key     The widget's storage key.
 * @param storage Where to keep it (null: remember nothing).
 * @param makeId  Makes a new attempt id.
 */
export function attemptMemory(
	key: string,
	storage: Storage | null,
	makeId: () => string
): AttemptMemory {
	const read = (): { id: string; form: string } | null => {
		try {
			const saved: unknown = JSON.parse(
				storage?.getItem( key ) ?? 'null'
			);
			const id = pickText( saved, 'id' );
			return id ? { id, form: pickText( saved, 'form' ) } : null;
		} catch {
			return null;
		}
	};
	// Only ids handed out here are remembered: a wallet provider's order attempt (always
	// new, named in the order itself) never comes back as a card attempt.
	const issued = new Set< string >();
	return {
		idFor: ( form ) => {
			const saved = read();
			const id = saved && saved.form === form ? saved.id : makeId();
			issued.add( id );
			return id;
		},
		answered: ( id, form, response ) => {
			if ( ! issued.has( id ) ) {
				return;
			}
			try {
				if ( outcomeUnknown( response ) ) {
					storage?.setItem( key, JSON.stringify( { id, form } ) );
				} else if ( read()?.id === id ) {
					storage?.removeItem( key );
				}
			} catch {
				// Storage refused (private modes): a Try Again is a new attempt.
			}
		},
	};
}
