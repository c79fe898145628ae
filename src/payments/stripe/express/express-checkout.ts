/**
 * Express checkout (docs/widget-contract.md#47-express-checkout-one-off, docs/widget-contract.md#7-the-calls-it-makes calls 5 and 6): submit the wallet sheet,
 * create the payment intent on the server, confirm it with the provider,
 * then fetch the charge reference.
 */
import { pickText, UnreadableAnswer } from '../../../shared/ajax';
import {
	isAcceptedPending,
	serverNotice,
	type PaymentServer,
	type ServerNotice,
} from '../../gateway';

export type ExpressOutcome =
	/** The provider's own message, shown under the express buttons. */
	| { kind: 'provider-error'; message: string }
	/** Non-OK payment_intent: loading is cleared, nothing is shown. */
	| { kind: 'silent' }
	| { kind: 'success'; reference: string }
	| { kind: 'failure'; errorMessage: string; notice?: ServerNotice };

export interface ExpressProvider {
	/** elements.submit(); the provider's message when it refuses. */
	submit: () => Promise< string | null >;
	/**
	 * stripe.confirmPayment(); the provider's message when it refuses, else
	 * the confirmed payment intent id (when the provider reports one).
	 */
	confirm: (
		clientSecret: string
	) => Promise< { error: string } | { paymentIntentId: string } >;
}

export interface ExpressPayment {
	amountCents: number;
	/** Lower-cased for the provider (docs/widget-contract.md#9-business-constants-and-limits). */
	currency: string;
}

/**
 * "pi_123_secret_abc" → "pi_123".
 * @param clientSecret The payment intent client secret.
 */
export function paymentIntentIdFromSecret( clientSecret: string ): string {
	const at = clientSecret.indexOf( '_secret_' );
	return at === -1 ? '' : clientSecret.slice( 0, at );
}

/**
 * The charge reference of a confirmed payment intent: the reference, "" when
 * the server accepted a payment that is not final yet, or null when it did
 * not accept it, then with what the server said (for the failure screen).
 *
 * @param server          Server access.
 * @param paymentIntentId The confirmed intent.
 */
export async function fetchCharge(
	server: Pick< PaymentServer, 'post' | 'formData' | 'currentUrl' >,
	paymentIntentId: string
): Promise< { reference: string | null; notice?: ServerNotice } > {
	const response = await server.post( 'get_charge_id', {
		paymentIntentId,
		formData: server.formData(),
		currentUrl: server.currentUrl,
	} );
	const reference = pickText( response.body, 'data', 'reference' );
	if ( isAcceptedPending( response ) ) {
		return { reference };
	}
	return response.ok && reference
		? { reference }
		: { reference: null, notice: serverNotice( response ) };
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

		const intent = await server
			.post( 'payment_intent', {
				amount: String( payment.amountCents ),
				formData: server.formData(),
				coverAmount: server.coverAmount(),
				currency: payment.currency.toLowerCase(),
				attemptId: server.attemptId(),
				captchaToken: await server.captchaToken(),
			} )
			.catch( ( error: unknown ) => {
				// docs/widget-contract.md#8-the-error-catalogue names this call's non-OK answer: silent, readable or
				// not. An unreadable OK answer stays an exception.
				if ( error instanceof UnreadableAnswer && error.nonOk ) {
					return null;
				}
				throw error;
			} );
		const clientSecret = pickText( intent?.body, 'data', 'client_secret' );
		if ( ! intent?.ok || ! clientSecret ) {
			return { kind: 'silent' };
		}

		const confirmed = await provider.confirm( clientSecret );
		if ( 'error' in confirmed ) {
			return { kind: 'provider-error', message: confirmed.error };
		}

		const charge = await fetchCharge(
			server,
			confirmed.paymentIntentId ||
				paymentIntentIdFromSecret( clientSecret )
		);
		return charge.reference === null
			? { kind: 'failure', errorMessage: '', notice: charge.notice }
			: { kind: 'success', reference: charge.reference };
	} catch ( error ) {
		return {
			kind: 'failure',
			errorMessage:
				error instanceof Error ? error.message : String( error ),
		};
	}
}
