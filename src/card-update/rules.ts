/**
 * The update-card form's rules (docs/widget-contract.md#38-update-card-form, docs/widget-contract.md#53-payment-donation-and-update-card-form): name on card and the
 * provider's three card markers are required; name on card is at most 100
 * characters; only Visa, Mastercard and Amex are accepted.
 */
import { object, string, type ObjectSchema } from 'yup';
import { NAME_ON_CARD_MAX } from '../payments/stripe/card-fields/card-rules';
import { texts } from './texts';

// One brand rule and one name limit for both card forms.
export {
	ACCEPTED_CARD_BRANDS,
	NAME_ON_CARD_MAX,
	cardBrandError,
	type ProviderField,
} from '../payments/stripe/card-fields/card-rules';

/**
 * The form's values. The card fields hold markers only ("" or " "): the card
 * itself stays inside the provider's fields.
 */
export interface CardUpdateValues {
	nameOnCard: string;
	cardNumber: string;
	cardExpiry: string;
	cardCvv: string;
}

export const initialValues: CardUpdateValues = {
	nameOnCard: '',
	cardNumber: '',
	cardExpiry: '',
	cardCvv: '',
};

/**
 * Built on use, so the messages are translated when shown.
 */
export function cardUpdateSchema(): ObjectSchema< CardUpdateValues > {
	const required = texts.required();
	return object( {
		nameOnCard: string()
			.trim()
			.required( required )
			.max( NAME_ON_CARD_MAX, required ),
		// A marker is " " when the provider says the field is complete.
		cardNumber: string().required( required ),
		cardExpiry: string().required( required ),
		cardCvv: string().required( required ),
	} );
}

/**
 * The formData of docs/widget-contract.md#7-the-calls-it-makes call 9: JSON holding only nameOnCard.
 * @param nameOnCard The name as typed.
 */
export function buildFormData( nameOnCard: string ): string {
	return JSON.stringify( { nameOnCard: nameOnCard.trim() } );
}
