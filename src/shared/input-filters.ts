/**
 * Character filters applied while typing (docs/widget-contract.md#51-amount, docs/widget-contract.md#52-details, docs/widget-contract.md#53-payment-donation-and-update-card-form).
 *
 * Each text filter removes what the field does not accept and cuts the text to
 * 100 characters. "Letters" means letters of any script (so "José" and "Zoë"
 * survive); the typographic apostrophe (’) that phone keyboards insert counts
 * as an apostrophe.
 */

export const FILTER_MAX_LENGTH = 100;

const cut = ( value: string ): string =>
	Array.from( value ).slice( 0, FILTER_MAX_LENGTH ).join( '' );

const NAME_REJECT = /[^\p{L}\p{M} '’&-]/gu;
const ORGANISATION_REJECT = /[^\p{L}\p{M}\p{Nd} '’&-]/gu;
const STREET_REJECT = /[^\p{L}\p{M}\p{Nd} '’,&/-]/gu;
const NAME_ON_CARD_REJECT = /[^\p{L}\p{M}\s'’&-]/gu;
const NON_DIGIT = /\D/g;

/**
 * First name, last name, city, state, country, in honour of.
 * @param value Text as typed or pasted.
 */
export function filterName( value: string ): string {
	return cut( value.replace( NAME_REJECT, '' ) );
}

/**
 * Organisation name: as names, plus digits.
 * @param value Text as typed or pasted.
 */
export function filterOrganisationName( value: string ): string {
	return cut( value.replace( ORGANISATION_REJECT, '' ) );
}

/**
 * Street: letters, digits, spaces, apostrophe, comma, &, - and /.
 * @param value Text as typed or pasted.
 */
export function filterStreet( value: string ): string {
	return cut( value.replace( STREET_REJECT, '' ) );
}

/**
 * Postcode: digits only.
 * @param value Text as typed or pasted.
 */
export function filterPostcode( value: string ): string {
	return cut( value.replace( NON_DIGIT, '' ) );
}

/**
 * Name on card: letters, whitespace, apostrophe, ampersand and hyphen.
 * @param value Text as typed or pasted.
 */
export function filterNameOnCard( value: string ): string {
	return cut( value.replace( NAME_ON_CARD_REJECT, '' ) );
}

/**
 * Mobile: digits only, at most 10.
 * @param value Text as typed or pasted.
 */
export function filterMobile( value: string ): string {
	return value.replace( NON_DIGIT, '' ).slice( 0, 10 );
}

/**
 * Keys that edit or move rather than type a character. The amount keystroke
 * filter lets these through so the field stays usable from the keyboard
 * (Tab, arrows, Home/End) and copy/paste shortcuts keep working.
 */
const NAVIGATION_KEYS = new Set( [
	'Tab',
	'Enter',
	'Escape',
	'ArrowLeft',
	'ArrowRight',
	'ArrowUp',
	'ArrowDown',
	'Home',
	'End',
	// Virtual keyboards composing text report these instead of the character;
	// normaliseAmountInput() cleans what they type.
	'Unidentified',
	'Process',
] );

export interface AmountKeystroke {
	key: string;
	value: string;
	selectionStart: number | null;
	selectionEnd: number | null;
	/** Ctrl or Meta held: a shortcut such as paste, not a typed character. */
	withShortcutModifier?: boolean;
}

const AMOUNT_SHAPE = /^\d*(\.\d{0,2})?$/;

/**
 * Custom amount keystroke filter (docs/widget-contract.md#51-amount): only digits, ".", Backspace and
 * Delete type into the field; a second "." and a third decimal are blocked.
 * @param stroke The key and the field state before it.
 */
export function acceptsAmountKeystroke( stroke: AmountKeystroke ): boolean {
	const { key, value, withShortcutModifier } = stroke;
	if ( withShortcutModifier || NAVIGATION_KEYS.has( key ) ) {
		return true;
	}
	if ( key === 'Backspace' || key === 'Delete' ) {
		return true;
	}
	if ( ! /^[0-9.]$/.test( key ) ) {
		return false;
	}
	const start = stroke.selectionStart ?? value.length;
	const end = stroke.selectionEnd ?? start;
	const next = value.slice( 0, start ) + key + value.slice( end );
	return AMOUNT_SHAPE.test( next );
}

/**
 * Paste filter (docs/widget-contract.md#51-amount): keeps digits and the first "." only.
 * @param text Text as pasted or typed.
 */
export function filterPastedAmount( text: string ): string {
	let seenDot = false;
	let result = '';
	for ( const character of text ) {
		if ( /[0-9]/.test( character ) ) {
			result += character;
		} else if ( character === '.' && ! seenDot ) {
			seenDot = true;
			result += character;
		}
	}
	return result;
}

/**
 * Safety net for input the keystroke filter cannot see (mobile keyboards,
 * drag and drop, autofill, a paste that lands next to an existing "."):
 * digits and the first "." only, at most two decimals.
 * @param text Text as pasted or typed.
 */
export function normaliseAmountInput( text: string ): string {
	const cleaned = filterPastedAmount( text );
	const dot = cleaned.indexOf( '.' );
	return dot === -1 ? cleaned : cleaned.slice( 0, dot + 3 );
}
