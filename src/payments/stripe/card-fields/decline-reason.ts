/**
 * The bank's reason for a refused card, as a second line under SPEC's "Please
 * check your card details and try again!" (never instead of it), so a donor
 * whose card is fine but short of funds, or whose bank check did not finish,
 * does not retype a correct card.
 *
 * The code is what Stripe reports: a decline_code (insufficient_funds,
 * generic_decline …) or an error code (expired_card,
 * payment_intent_authentication_failure …); the server passes it on as
 * data.decline_code, and a failed 3-D Secure step in the browser reports its
 * own. Lost and stolen cards read as a plain decline, as Stripe advises: the
 * donor is told to ask their bank, not what the bank suspects.
 */
import { __ } from '@wordpress/i18n';
import { pickText } from '../../../shared/ajax';

const DECLINED = () =>
	__(
		'Your bank declined the card. Please contact your bank or use another card.',
		'donation-widget'
	);

const AUTHENTICATION = () =>
	__(
		"Your bank's security check (3-D Secure) was not completed.",
		'donation-widget'
	);

const REASONS: Record< string, () => string > = {
	insufficient_funds: () =>
		__(
			'Your bank declined the payment: insufficient funds.',
			'donation-widget'
		),
	expired_card: () =>
		__(
			'Your bank declined the payment: the card has expired.',
			'donation-widget'
		),
	incorrect_cvc: () =>
		__(
			'Your bank declined the payment: the security code (CVV) is incorrect.',
			'donation-widget'
		),
	incorrect_number: () =>
		__( 'The card number is not valid.', 'donation-widget' ),
	invalid_number: () =>
		__( 'The card number is not valid.', 'donation-widget' ),
	processing_error: () =>
		__(
			"Your bank's system could not process the payment. Please try again in a few minutes.",
			'donation-widget'
		),
	card_velocity_exceeded: () =>
		__(
			"Your bank declined the payment: the card's spending limit has been reached.",
			'donation-widget'
		),
	withdrawal_count_limit_exceeded: () =>
		__(
			"Your bank declined the payment: the card's spending limit has been reached.",
			'donation-widget'
		),
	authentication_required: () =>
		__(
			'Your bank declined the payment because it needs a security check (3-D Secure) that was not done.',
			'donation-widget'
		),
	payment_intent_authentication_failure: AUTHENTICATION,
	setup_intent_authentication_failure: AUTHENTICATION,
};

/**
 * What the server falls back to when Stripe gave no reason (the payment's
 * own status, or a request Stripe refused): not the bank's words.
 */
const NOT_A_BANK_REASON = new Set( [
	'canceled',
	'requires_payment_method',
	'requires_confirmation',
	'processing',
	'resource_missing',
	'invalid_request_error',
	'api_error',
] );

/**
 * The line naming the bank's reason; "" when there is no reason to go on.
 * An unlisted decline code (do_not_honor, lost_card …) is a plain decline.
 * @param code Stripe's decline_code or error code.
 */
export function declineReason( code: string | undefined ): string {
	if ( ! code || NOT_A_BANK_REASON.has( code ) ) {
		return '';
	}
	return ( REASONS[ code ] ?? DECLINED )();
}

/** A refused card, with the bank's code when there is one. */
export type CardError = { kind: 'card-error'; reason?: string };

/**
 * A refused card as the server's answer tells it: the server's reading of
 * Stripe's answer (data.decline_code); else, after a 3-D Secure step the donor
 * did not pass, that step's code.
 * @param body           The server's answer.
 * @param authenticated  Whether the donor passed the bank's check (true when none was asked).
 * @param failedStepCode Stripe's code for that check failing.
 */
export function refusedCard(
	body: unknown,
	authenticated: boolean,
	failedStepCode: string
): CardError {
	const reason =
		pickText( body, 'data', 'decline_code' ) ||
		( authenticated ? '' : failedStepCode );
	return reason ? { kind: 'card-error', reason } : { kind: 'card-error' };
}
