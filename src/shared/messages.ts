/**
 * The error catalogue (docs/widget-contract.md#8-the-error-catalogue). Functions, so the text is translated when
 * shown rather than when the module loads.
 */
import { __ } from '@wordpress/i18n';

export const messages = {
	amountTooLow: () =>
		__(
			'Please choose or enter a donation amount greater than $5',
			'donation-widget'
		),
	amountTooHigh: () =>
		__(
			'Please choose or enter a donation amount less than $999,999.99',
			'donation-widget'
		),
	invalidNumber: () => __( 'Please enter a valid number', 'donation-widget' ),
	required: () => __( 'This field is required', 'donation-widget' ),
	invalidEmail: () => __( 'Invalid email address', 'donation-widget' ),
	mobileLength: () =>
		__( 'Mobile number must be exactly 10 digits!', 'donation-widget' ),
	noMatches: () => __( 'No matches', 'donation-widget' ),
	invalidAddress: () => __( 'Invalid address format', 'donation-widget' ),
	cardBrand: () =>
		__( 'Only Visa, MasterCard, Amex are accepted.', 'donation-widget' ),
	cardDeclined: () =>
		__(
			'Please check your card details and try again!',
			'donation-widget'
		),
	privacyTerms: () =>
		__( 'You must accept the privacy terms', 'donation-widget' ),
};
