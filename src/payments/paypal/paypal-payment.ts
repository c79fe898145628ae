/**
 * Wallet-provider approval (SPEC §4.8, §7 call 7): capture the order, then
 * tell the server about the capture.
 */
import { pick } from '../../shared/ajax';
import { isAcceptedPending, type PaymentServer } from '../gateway';

export type PayPalOutcome =
	| { kind: 'success'; captureId: string }
	/** Server said no: the card error is set and the failure screen shown. */
	| { kind: 'declined' }
	| { kind: 'failure'; errorMessage: string };

/**
 * purchase_units[0].payments.captures[0].id of a captured order.
 * @param order The captured order.
 */
export function captureIdOf( order: unknown ): string {
	const units = pick( order, 'purchase_units' );
	const firstUnit = Array.isArray( units ) ? units[ 0 ] : undefined;
	const captures = pick( firstUnit, 'payments', 'captures' );
	const firstCapture: unknown = Array.isArray( captures )
		? captures[ 0 ]
		: undefined;
	const id = pick( firstCapture, 'id' );
	return typeof id === 'string' ? id : '';
}

export async function completePayPalPayment(
	capture: () => Promise< unknown >,
	server: PaymentServer
): Promise< PayPalOutcome > {
	try {
		const captureId = captureIdOf( await capture() );
		if ( ! captureId ) {
			return {
				kind: 'failure',
				errorMessage: 'The order was not captured.',
			};
		}
		const response = await server.post( 'process_paypal_payment', {
			transaction_id: captureId,
			formData: server.formData(),
			coverAmount: server.coverAmount(),
			attemptId: server.newAttemptId(),
			captchaToken: await server.captchaToken(),
		} );
		if ( isAcceptedPending( response ) ) {
			return { kind: 'success', captureId };
		}
		if ( ! response.ok || pick( response.body, 'success' ) !== true ) {
			return { kind: 'declined' };
		}
		return { kind: 'success', captureId };
	} catch ( error ) {
		return {
			kind: 'failure',
			errorMessage:
				error instanceof Error ? error.message : String( error ),
		};
	}
}
