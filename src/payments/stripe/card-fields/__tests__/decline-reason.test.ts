/**
 * The second line under SPEC's card error: the bank's reason, in plain words.
 */
import { declineReason } from '../decline-reason';

describe( "the bank's reason for a refused card", () => {
	it.each( [
		[
			'insufficient_funds',
			'Your bank declined the payment: insufficient funds.',
		],
		[
			'generic_decline',
			'Your bank declined the card. Please contact your bank or use another card.',
		],
		[
			'payment_intent_authentication_failure',
			"Your bank's security check (3-D Secure) was not completed.",
		],
		[
			'setup_intent_authentication_failure',
			"Your bank's security check (3-D Secure) was not completed.",
		],
		[
			'expired_card',
			'Your bank declined the payment: the card has expired.',
		],
		[
			'incorrect_cvc',
			'Your bank declined the payment: the security code (CVV) is incorrect.',
		],
	] )( '%s reads "%s"', ( code, text ) => {
		expect( declineReason( code ) ).toBe( text );
	} );

	it( 'names no suspicion: a lost or stolen card is a plain decline', () => {
		expect( declineReason( 'lost_card' ) ).toBe(
			declineReason( 'generic_decline' )
		);
		expect( declineReason( 'stolen_card' ) ).toBe(
			declineReason( 'generic_decline' )
		);
		expect( declineReason( 'do_not_honor' ) ).toBe(
			declineReason( 'generic_decline' )
		);
	} );

	it( 'adds no line without a reason from the bank', () => {
		expect( declineReason( undefined ) ).toBe( '' );
		expect( declineReason( '' ) ).toBe( '' );
		// The payment's own status, which the server sends when Stripe gave no reason.
		expect( declineReason( 'canceled' ) ).toBe( '' );
		expect( declineReason( 'requires_payment_method' ) ).toBe( '' );
	} );
} );
