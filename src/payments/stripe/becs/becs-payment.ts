/**
 * BECS Direct Debit donation: create the payment method from the bank
 * account element, then post to the server, which creates and confirms the
 * payment with the accepted mandate. It is a delayed-notification method:
 * the bank confirms in up to three business days, and the server records the
 * donation, the receipt and analytics from the provider's webhook.
 *
 * Server contract for action=process_becs_debit:
 *   HTTP 202 { success: false, type: "pending", data: { message } }
 *                                            → accepted, being processed
 *   HTTP 200 { success: false, type: "card_error", data: { message } }
 *                                            → message on the bank account field
 *   any other non-OK status (400/403/409/429/5xx) → failure screen
 */
import { pickText } from '../../../shared/ajax';
import {
	isAcceptedPending,
	serverNotice,
	type PaymentServer,
	type ServerNotice,
} from '../../gateway';

export type BecsPaymentOutcome =
	/** Accepted; completes when the bank confirms (no reference until then). */
	| { kind: 'processing' }
	/** Shown on the bank account field; the donor may fix it and retry. */
	| { kind: 'bank-error'; message: string }
	| { kind: 'failure'; errorMessage: string; notice?: ServerNotice };

export interface BecsProvider {
	/** The pm_… id, or the provider's message when it refuses the account. */
	createPaymentMethod: () => Promise< { id: string } | { error: string } >;
}

export async function payByBecsDebit(
	provider: BecsProvider,
	server: PaymentServer,
	fallbackMessage: string
): Promise< BecsPaymentOutcome > {
	try {
		const paymentMethod = await provider.createPaymentMethod();
		if ( 'error' in paymentMethod ) {
			return {
				kind: 'bank-error',
				message: paymentMethod.error || fallbackMessage,
			};
		}
		const response = await server.post( 'process_becs_debit', {
			token: paymentMethod.id,
			formData: server.formData(),
			coverAmount: server.coverAmount(),
			currentUrl: server.currentUrl,
			attemptId: server.attemptId(),
			captchaToken: await server.captchaToken(),
			mandateAccepted: '1',
		} );
		if ( ! response.ok ) {
			return {
				kind: 'failure',
				errorMessage: '',
				notice: serverNotice( response ),
			};
		}
		// A debit is never final at once: an outright success is treated the
		// same way, so the browser never reports a purchase the bank may refuse.
		if ( isAcceptedPending( response ) ) {
			return { kind: 'processing' };
		}
		return {
			kind: 'bank-error',
			message:
				pickText( response.body, 'data', 'message' ) || fallbackMessage,
		};
	} catch ( error ) {
		return {
			kind: 'failure',
			errorMessage:
				error instanceof Error ? error.message : String( error ),
		};
	}
}
