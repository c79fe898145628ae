/**
 * A double of @stripe/react-stripe-js for widget tests: each provider field
 * renders a plain element and hands its onChange to the test, and Stripe.js
 * is a pair of jest mocks. Use it as the module's mock factory:
 *
 *   jest.mock( '@stripe/react-stripe-js', () =>
 *     require( '…/shared/__tests__/stripe-react-double' ).stripeReactDouble()
 *   );
 *
 * then drive it through `stripeDouble` (the same instance the factory uses).
 */

type ChangeHandler = ( event: Record< string, unknown > ) => void;

export const stripeDouble = {
	/** What useStripe() gives: createPaymentMethod and handleNextAction. */
	stripe: {
		createPaymentMethod: jest.fn(),
		handleNextAction: jest.fn(),
	},
	/** What useElements().getElement() gives, whichever element is asked for. */
	element: { focus: jest.fn() },
	/** Each field's onChange, by field: cardNumber, cardExpiry, cardCvc, auBankAccount. */
	handlers: {} as Record< string, ChangeHandler >,
};

function field( name: string ) {
	return function ProviderFieldDouble( props: {
		id: string;
		onChange: ChangeHandler;
		options?: { placeholder?: string };
	} ) {
		stripeDouble.handlers[ name ] = props.onChange;
		return (
			<div
				id={ props.id }
				className="stripe-double"
				data-placeholder={ props.options?.placeholder }
			/>
		);
	};
}

export function stripeReactDouble() {
	return {
		Elements: ( { children }: { children: unknown } ) => children,
		useStripe: () => stripeDouble.stripe,
		useElements: () => ( { getElement: () => stripeDouble.element } ),
		CardNumberElement: field( 'cardNumber' ),
		CardExpiryElement: field( 'cardExpiry' ),
		CardCvcElement: field( 'cardCvc' ),
		AuBankAccountElement: field( 'auBankAccount' ),
		ExpressCheckoutElement: () => null,
	};
}
