/**
 * Card donation (docs/widget-contract.md#46-card-payment-donation, docs/widget-contract.md#7-the-calls-it-makes call 4): tokenise with the provider, post to
 * the server, and finish a 3-D Secure challenge when the server asks.
 *
 * Server contract for action=process_payment_method:
 *   { success: true, data: { reference } }                      → paid
 *   { success: false, type: "requires_action",
 *     data: { client_secret, payment_intent_id } }               → authenticate, post again
 *                                                                  (passed or failed: the
 *                                                                  site confirms, or records
 *                                                                  the failure)
 *   HTTP 202 { success: false, type: "pending" }                → accepted, not final: done
 *   { success: false, … }                                       → card error
 *   non-OK HTTP                                                 → failure screen,
 *                                                    with what the answer said
 */
import { pick, pickText } from '../../../shared/ajax';
import {
	isAcceptedPending,
	serverNotice,
	type PaymentServer,
	type ServerNotice,
} from '../../gateway';
import { refusedCard, type CardError } from '../card-fields/decline-reason';

export type CardPaymentOutcome =
	| { kind: 'success'; reference: string }
	/**
	 * "Please check your card details and try again!" on the card number;
	 * reason is the bank's code (data.decline_code) for the second line.
	 */
	| CardError
	| { kind: 'failure'; errorMessage: string; notice?: ServerNotice };

export interface CardProvider {
	/** Tokenises the card; null when the provider refuses (invalid card). */
	createPaymentMethod: () => Promise< { id: string } | null >;
	/** Runs the 3-D Secure challenge; true when the donor passed it. */
	handleNextAction: ( clientSecret: string ) => Promise< boolean >;
}

export async function payByCard(
	provider: CardProvider,
	server: PaymentServer
): Promise< CardPaymentOutcome > {
	try {
		const paymentMethod = await provider.createPaymentMethod();
		if ( ! paymentMethod ) {
			return { kind: 'card-error' };
		}
		const attemptId = server.attemptId();
		const fields = {
			token: paymentMethod.id,
			cardId: paymentMethod.id,
			formData: server.formData(),
			coverAmount: server.coverAmount(),
			currentUrl: server.currentUrl,
			attemptId,
		};

		let authenticated = true;
		let response = await server.post( 'process_payment_method', {
			...fields,
			captchaToken: await server.captchaToken(),
		} );
		if ( ! response.ok ) {
			return {
				kind: 'failure',
				errorMessage: '',
				notice: serverNotice( response ),
			};
		}

		if (
			pick( response.body, 'success' ) !== true &&
			pickText( response.body, 'type' ) === 'requires_action'
		) {
			const clientSecret = pickText(
				response.body,
				'data',
				'client_secret'
			);
			const paymentIntentId = pickText(
				response.body,
				'data',
				'payment_intent_id'
			);
			if ( ! clientSecret ) {
				return { kind: 'card-error' };
			}
			// Passed or failed, the server hears of it: it confirms the
			// payment, or records the failed check at once.
			authenticated = await provider.handleNextAction( clientSecret );
			response = await server.post( 'process_payment_method', {
				...fields,
				paymentIntentId,
				captchaToken: await server.captchaToken(),
			} );
			if ( ! response.ok ) {
				return {
					kind: 'failure',
					errorMessage: '',
					notice: serverNotice( response ),
				};
			}
		}

		if ( isAcceptedPending( response ) ) {
			return {
				kind: 'success',
				reference: pickText( response.body, 'data', 'reference' ),
			};
		}
		if ( pick( response.body, 'success' ) !== true ) {
			return refusedCard(
				response.body,
				authenticated,
				'payment_intent_authentication_failure'
			);
		}
		return {
			kind: 'success',
			reference: pickText( response.body, 'data', 'reference' ),
		};
	} catch ( error ) {
		return {
			kind: 'failure',
			errorMessage:
				error instanceof Error ? error.message : String( error ),
		};
	}
}
