/**
 * Express checkout (docs/widget-contract.md#47-express-checkout-one-off, docs/widget-contract.md#7-the-calls-it-makes calls 5 and 6), finished on the
 * server (the provider's "finalize payments on the server" flow): submit the
 * wallet sheet, turn it into a confirmation token, send it with the payment
 * intent call (the server makes the intent and confirms it with the token),
 * let the bank authenticate the payment when it asks (3-D Secure), then fetch
 * the charge reference (the server confirms an authenticated payment).
 *
 * Server contract for action=payment_intent (amount, formData, coverAmount,
 * currency, attemptId, captchaToken, confirmationToken):
 *   { success: true, data: { client_secret, payment_intent_id, reference } }   → paid: get_charge_id
 *   HTTP 202 { type: "pending", data: { client_secret, payment_intent_id } }  → accepted: get_charge_id
 *   { success: false, type: "requires_action",
 *     data: { client_secret, payment_intent_id } }                            → authenticate, then get_charge_id
 *   { success: false, type: "card_error", data: { message } }                 → shown under the buttons
 *   non-OK HTTP                                                                → silent (contract §8)
 * and for action=get_charge_id: data.reference when paid, 202 pending when
 * accepted but not final, success false with data.message when declined.
 */
import { pick, pickText, UnreadableAnswer } from '../../../shared/ajax';
import { messages } from '../../../shared/messages';
import {
	isAcceptedPending,
	serverNotice,
	type PaymentServer,
	type ServerNotice,
} from '../../gateway';

export type ExpressOutcome =
	/** The provider's (or the bank's) message, shown under the express buttons. */
	| { kind: 'provider-error'; message: string }
	/** Non-OK payment_intent: loading is cleared, nothing is shown. */
	| { kind: 'silent' }
	| { kind: 'success'; reference: string }
	| { kind: 'failure'; errorMessage: string; notice?: ServerNotice };

export interface ExpressProvider {
	/** elements.submit(); the provider's message when it refuses. */
	submit: () => Promise< string | null >;
	/**
	 * stripe.createConfirmationToken() from the Elements (the wallet sheet);
	 * the provider's message when it refuses, else the ctoken_… id.
	 */
	createConfirmationToken: () => Promise<
		{ error: string } | { confirmationToken: string }
	>;
	/**
	 * stripe.handleNextAction(): runs the bank's check (3-D Secure). Passed
	 * or failed, the server reads the outcome next, so nothing is returned.
	 */
	handleNextAction: ( clientSecret: string ) => Promise< void >;
}

export interface ExpressPayment {
	amountCents: number;
	/** Lower-cased for the provider (docs/widget-contract.md#9-business-constants-and-limits). */
	currency: string;
}

/**
 * What a get_charge_id answer means: the reference ("" when the server
 * accepted a payment that is not final yet), the bank's refusal (shown under
 * the buttons), or null when the server did not accept it, then with what
 * it said (for the failure screen).
 */
export type ChargeAnswer =
	| { reference: string }
	| { reference: null; declined: string }
	| { reference: null; notice?: ServerNotice };

/**
 * "pi_123_secret_abc" → "pi_123".
 * @param clientSecret The payment intent client secret.
 */
export function paymentIntentIdFromSecret( clientSecret: string ): string {
	const at = clientSecret.indexOf( '_secret_' );
	return at === -1 ? '' : clientSecret.slice( 0, at );
}

/**
 * The words of a declined answer (success false, HTTP 200): the server's
 * message, else the catalogue's card error.
 * @param body The answer.
 */
function declinedMessage( body: unknown ): string {
	return pickText( body, 'data', 'message' ) || messages.cardDeclined();
}

/**
 * The charge reference of a payment (see ChargeAnswer).
 *
 * @param server          Server access.
 * @param paymentIntentId The payment intent.
 * @param attemptId       The attempt that made it, when known: sent with the call (with the
 *                        help cover, as the paying call sent them), so an answer that leaves the
 *                        outcome unknown keeps that attempt for Try Again instead of a new one
 *                        paying a second time.
 */
export async function fetchCharge(
	server: Pick< PaymentServer, 'post' | 'formData' | 'currentUrl' > &
		Partial< Pick< PaymentServer, 'coverAmount' > >,
	paymentIntentId: string,
	attemptId = ''
): Promise< ChargeAnswer > {
	const response = await server.post( 'get_charge_id', {
		paymentIntentId,
		formData: server.formData(),
		currentUrl: server.currentUrl,
		...( attemptId
			? { attemptId, coverAmount: server.coverAmount?.() ?? '' }
			: {} ),
	} );
	const reference = pickText( response.body, 'data', 'reference' );
	if ( isAcceptedPending( response ) ) {
		return { reference };
	}
	if ( response.ok && pick( response.body, 'success' ) === false ) {
		return { reference: null, declined: declinedMessage( response.body ) };
	}
	return response.ok && reference
		? { reference }
		: { reference: null, notice: serverNotice( response ) };
}

/**
 * The widget's outcome for a get_charge_id answer.
 * @param charge The answer, read.
 */
function outcomeOf( charge: ChargeAnswer ): ExpressOutcome {
	if ( charge.reference !== null ) {
		return { kind: 'success', reference: charge.reference };
	}
	if ( 'declined' in charge ) {
		return { kind: 'provider-error', message: charge.declined };
	}
	return { kind: 'failure', errorMessage: '', notice: charge.notice };
}

export async function payByExpressCheckout(
	provider: ExpressProvider,
	server: PaymentServer,
	payment: ExpressPayment
): Promise< ExpressOutcome > {
	try {
		const submitError = await provider.submit();
		if ( submitError !== null ) {
			return { kind: 'provider-error', message: submitError };
		}
		const token = await provider.createConfirmationToken();
		if ( 'error' in token ) {
			return { kind: 'provider-error', message: token.error };
		}

		const attemptId = server.attemptId();
		const intent = await server
			.post( 'payment_intent', {
				amount: String( payment.amountCents ),
				formData: server.formData(),
				coverAmount: server.coverAmount(),
				currency: payment.currency.toLowerCase(),
				attemptId,
				captchaToken: await server.captchaToken(),
				confirmationToken: token.confirmationToken,
			} )
			.catch( ( error: unknown ) => {
				// docs/widget-contract.md#8-the-error-catalogue names this call's non-OK answer: silent, readable or
				// not. An unreadable OK answer stays an exception.
				if ( error instanceof UnreadableAnswer && error.nonOk ) {
					return null;
				}
				throw error;
			} );
		if ( ! intent?.ok ) {
			return { kind: 'silent' };
		}
		const clientSecret = pickText( intent.body, 'data', 'client_secret' );
		const paymentIntentId =
			pickText( intent.body, 'data', 'payment_intent_id' ) ||
			paymentIntentIdFromSecret( clientSecret );
		const succeeded = pick( intent.body, 'success' ) === true;

		if ( ! succeeded && ! isAcceptedPending( intent ) ) {
			if ( pickText( intent.body, 'type' ) !== 'requires_action' ) {
				// Declined (or refused) by the bank: the donor may use another card.
				return {
					kind: 'provider-error',
					message: declinedMessage( intent.body ),
				};
			}
			if ( ! clientSecret ) {
				return { kind: 'silent' };
			}
			// Passed or failed, the server reads the outcome from the provider next.
			await provider.handleNextAction( clientSecret );
		} else if ( ! paymentIntentId ) {
			// An attempt answered again from its record: its reference, or nothing to go on.
			const reference = pickText( intent.body, 'data', 'reference' );
			return succeeded && reference
				? { kind: 'success', reference }
				: { kind: 'silent' };
		}

		return outcomeOf(
			await fetchCharge( server, paymentIntentId, attemptId )
		);
	} catch ( error ) {
		return {
			kind: 'failure',
			errorMessage:
				error instanceof Error ? error.message : String( error ),
		};
	}
}
