/**
 * Rules of the payment step (docs/widget-contract.md#53-payment-donation-and-update-card-form): name on card, the provider's card
 * markers and the privacy box, checked before a payment starts. The brand
 * rule lives with the card fields both card forms share.
 */
import { messages } from '../shared/messages';
import type { DonationValues } from '../shared/donation-values';

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
