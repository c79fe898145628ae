/**
 * What the donor typed, kept in the tab's sessionStorage so that "Try Again"
 * (docs/widget-contract.md#27-donation-failure-screen reloads the page), or any other reload, brings the widget back
 * with it; cleared once a donation is given.
 *
 * Kept: the amount, frequency, help cover, the donor's details and address,
 * the privacy box and whether the card form was open. Never kept: card data
 * (name on card and the card markers: the numbers never leave the
 * provider's frames), captcha tokens, and the payment attempt id. A reload
 * is a new, deliberate attempt: the server replays an attempt id's recorded
 * outcome, so reusing the failed attempt's id would only show the same
 * failure again; each press of Donate still gets its own id, which is what
 * keeps a double press or a network retry from paying twice.
 */
import { useEffect } from '@wordpress/element';
import { useFormikContext } from 'formik';
import { sessionStore } from '../shared/session-store';
import type { Address, DonationValues } from '../shared/donation-values';

type SavedKey =
	| 'amount'
	| 'inputAmount'
	| 'helpCover'
	| 'frequency'
	| 'donateAs'
	| 'organisationName'
	| 'firstName'
	| 'lastName'
	| 'email'
	| 'mobile'
	| 'inMemoryOf'
	| 'addressText'
	| 'privacyTerms'
	| 'showCC';

export type SavedForm = Pick< DonationValues, SavedKey | 'address' >;

const SAVED_KEYS: readonly SavedKey[] = [
	'amount',
	'inputAmount',
	'helpCover',
	'frequency',
	'donateAs',
	'organisationName',
	'firstName',
	'lastName',
	'email',
	'mobile',
	'inMemoryOf',
	'addressText',
	'privacyTerms',
	'showCC',
];

const ADDRESS_KEYS: ReadonlyArray< keyof Address > = [
	'addressLine1',
	'addressLine2',
	'city',
	'state',
	'postalCode',
	'country',
];

/** Allowed values of the fields that are one of a few words. */
const CHOICES: Partial< Record< SavedKey, readonly string[] > > = {
	frequency: [ '4weekly', 'Oneoff' ],
	donateAs: [ 'individual', 'organisation' ],
};

/**
 * One key per widget: the page's path and the widget's place on the page.
 * @param pathname    window.location.pathname.
 * @param widgetIndex The widget's index among the page's widgets.
 */
export function savedFormKey( pathname: string, widgetIndex: number ): string {
	return `donation-widget:form:${ pathname }#${ widgetIndex }`;
}

/**
 * The values worth keeping, nothing else.
 * @param values The form's values.
 */
export function pickSavedForm( values: DonationValues ): SavedForm {
	const saved: Record< string, unknown > = {
		address: { ...values.address },
	};
	SAVED_KEYS.forEach( ( key ) => {
		saved[ key ] = values[ key ];
	} );
	return saved as SavedForm;
}

/**
 * The loaded values with whatever was saved for this widget laid over them.
 * Anything of the wrong type (an older version's data, a hand edit) is
 * ignored field by field.
 *
 * @param values  The values the load sequence (docs/widget-contract.md#41-donation-widget-load) built.
 * @param key     The widget's storage key.
 * @param storage Where it was saved (sessionStorage by default).
 */
export function restoreSavedForm(
	values: DonationValues,
	key: string,
	storage: Storage | null = sessionStore()
): DonationValues {
	let saved: unknown;
	try {
		saved = JSON.parse( storage?.getItem( key ) ?? 'null' );
	} catch {
		return values;
	}
	if ( ! saved || typeof saved !== 'object' ) {
		return values;
	}
	const source = saved as Record< string, unknown >;
	const restored: Record< string, unknown > = { ...values };
	SAVED_KEYS.forEach( ( field ) => {
		const value = source[ field ];
		const choices = CHOICES[ field ];
		if (
			typeof value !== typeof values[ field ] ||
			( typeof value === 'number' &&
				( ! Number.isFinite( value ) || value < 0 ) ) ||
			( choices && ! choices.includes( value as string ) )
		) {
			return;
		}
		restored[ field ] = value;
	} );
	const address = source.address as Record< string, unknown > | undefined;
	if ( address && typeof address === 'object' ) {
		const merged = { ...values.address };
		ADDRESS_KEYS.forEach( ( part ) => {
			if ( typeof address[ part ] === 'string' ) {
				merged[ part ] = address[ part ] as string;
			}
		} );
		restored.address = merged;
	}
	return restored as unknown as DonationValues;
}

/**
 * Saves the values for this widget.
 * @param values  The form's values.
 * @param key     The widget's storage key.
 * @param storage Where to save (sessionStorage by default).
 */
export function saveForm(
	values: DonationValues,
	key: string,
	storage: Storage | null = sessionStore()
): void {
	try {
		storage?.setItem( key, JSON.stringify( pickSavedForm( values ) ) );
	} catch {
		// Storage full or refused (private modes): the widget works without it.
	}
}

/**
 * Forgets this widget's values.
 * @param key     The widget's storage key.
 * @param storage Where they were saved (sessionStorage by default).
 */
export function clearSavedForm(
	key: string,
	storage: Storage | null = sessionStore()
): void {
	try {
		storage?.removeItem( key );
	} catch {
		// Nothing to forget if storage is refused.
	}
}

/**
 * Saves the form's values whenever they change, while the form shows.
 * @param root0
 * @param root0.storageKey
 */
export function SaveForm( { storageKey }: { storageKey: string } ) {
	const { values } = useFormikContext< DonationValues >();
	useEffect( () => saveForm( values, storageKey ), [ values, storageKey ] );
	return null;
}
