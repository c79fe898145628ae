/**
 * Rules of the payment step (SPEC §5.3): name on card, the provider's card
 * markers, accepted brands and the privacy box.
 */
import { messages } from './messages';
import type { DonationValues } from './types';

export const ACCEPTED_CARD_BRANDS = [ 'visa', 'mastercard', 'amex' ] as const;

export const CARD_FIELDS = [
	'nameOnCard',
	'cardNumber',
	'cardExpiry',
	'cardCvv',
] as const;

export type CardField = ( typeof CARD_FIELDS )[ number ];
export type PaymentField = CardField | 'privacyTerms';
export type PaymentErrors = Partial< Record< PaymentField, string > >;

/**
 * The brand message, or null. "unknown" is what the provider reports while
 * too few digits are typed to tell, so it is not rejected.
 * @param brand Brand reported by the card field.
 */
export function cardBrandError( brand: string | undefined ): string | null {
	if ( ! brand || brand === 'unknown' ) {
		return null;
	}
	return ( ACCEPTED_CARD_BRANDS as readonly string[] ).includes( brand )
		? null
		: messages.cardBrand();
}

/**
 * Privacy terms, checked before every payment method.
 * @param values Form values.
 */
export function validatePrivacy(
	values: Pick< DonationValues, 'privacyTerms' >
): PaymentErrors {
	return values.privacyTerms ? {} : { privacyTerms: messages.privacyTerms() };
}

/**
 * The card form: every field required, plus the privacy terms.
 * @param values Form values.
 */
export function validateCardPayment(
	values: Pick< DonationValues, CardField | 'privacyTerms' >
): PaymentErrors {
	const errors: PaymentErrors = {};
	if ( values.nameOnCard.trim() === '' ) {
		errors.nameOnCard = messages.required();
	}
	for ( const field of [ 'cardNumber', 'cardExpiry', 'cardCvv' ] as const ) {
		if ( values[ field ] === '' ) {
			errors[ field ] = messages.required();
		}
	}
	return { ...errors, ...validatePrivacy( values ) };
}
