/**
 * The Stripe side of the card form, shared by the donation's card method and
 * the update-card widget: tokenise the card number element, and run the
 * bank's 3-D Secure step.
 */
import type {
	PaymentMethodCreateParams,
	Stripe,
	StripeCardNumberElement,
} from '@stripe/stripe-js';

export interface StripeCard {
	/** The card's PaymentMethod id, or null when Stripe refuses the card. */
	createPaymentMethod: (
		billingDetails: PaymentMethodCreateParams.BillingDetails
	) => Promise< { id: string } | null >;
	/** Runs 3-D Secure; true when the cardholder passed it. */
	handleNextAction: ( clientSecret: string ) => Promise< boolean >;
}

/**
 * @param stripe     Stripe.js.
 * @param cardNumber The card number element (null before it mounted).
 */
export function stripeCard(
	stripe: Stripe,
	cardNumber: StripeCardNumberElement | null
): StripeCard {
	return {
		createPaymentMethod: async ( billingDetails ) => {
			if ( ! cardNumber ) {
				return null;
			}
			const result = await stripe.createPaymentMethod( {
				type: 'card',
				card: cardNumber,
				billing_details: billingDetails,
			} );
			return result.paymentMethod
				? { id: result.paymentMethod.id }
				: null;
		},
		handleNextAction: async ( clientSecret ) => {
			const result = await stripe.handleNextAction( { clientSecret } );
			return ! result.error;
		},
	};
}
