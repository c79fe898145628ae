/**
 * Card rules both card forms share (docs/widget-contract.md#53-payment-donation-and-update-card-form): the accepted brands and the
 * markers the form keeps for the provider's fields.
 */
import { messages } from '../../../shared/messages';

export const ACCEPTED_CARD_BRANDS = [ 'visa', 'mastercard', 'amex' ] as const;

export const NAME_ON_CARD_MAX = 100;

/** The provider's three fields; the form holds a marker for each. */
export type ProviderField = 'cardNumber' | 'cardExpiry' | 'cardCvv';
export type ProviderErrors = Partial< Record< ProviderField, string > >;

/**
 * The values a card form holds: the name, and markers ("" or " " once the
 * provider reports the field complete). The card stays with the provider.
 */
export interface CardFieldValues {
	nameOnCard: string;
	cardNumber: string;
	cardExpiry: string;
	cardCvv: string;
}

/**
 * The brand message, or null. "unknown" is what the provider reports while
 * too few digits are typed to tell, so it is not rejected.
 * @param brand Brand reported by the card number field.
 */
export function cardBrandError( brand: string | undefined ): string | null {
	if ( ! brand || brand === 'unknown' ) {
		return null;
	}
	return ( ACCEPTED_CARD_BRANDS as readonly string[] ).includes( brand )
		? null
		: messages.cardBrand();
}
