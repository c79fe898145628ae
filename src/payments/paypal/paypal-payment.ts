/**
 * Wallet-provider order and approval (docs/widget-contract.md#48-wallet-provider-one-off, docs/widget-contract.md#7-the-calls-it-makes call 7). Creating the
 * order names it to the server (open_paypal_order) before the donor can pay,
 * so the site keeps a record of it even if the browser never reports the
 * capture; on approval the order is captured and the capture reported.
 */
import { pick } from '../../shared/ajax';
import {
	isAcceptedPending,
	serverNotice,
	type PaymentServer,
	type ServerNotice,
} from '../gateway';
import { outcomeUnknown } from '../attempt-memory';
import type { WalletOrder } from './order';

export interface OpenedOrder {
	orderId: string;
	/** The attempt the order was opened for; the paying call reuses it. */
	attemptId: string;
}

/**
 * The server refused to open the order; what it said, for the failure screen
 * (the PayPal button reports the error through onError, which may not hand
 * back this very object, so the caller keeps the notice too).
 */
export class OrderRefused extends Error {
	constructor( readonly notice: ServerNotice | undefined ) {
		super( 'The PayPal payment could not be started.' );
		this.name = 'OrderRefused';
	}
}

/**
 * Creates the order with the attempt id as its invoice_id, then has the server
 * open the attempt's record with it (carrying the attempt's captcha token: the
 * paying call needs none). Throws when either fails (OrderRefused when the
 * server refused), so the PayPal button stops and reports the error (onError:
 * the failure screen).
 *
 * @param create The SDK's actions.order.create.
 * @param order  The order of docs/widget-contract.md#37-wallet-provider-order-built-client-side.
 * @param server Server access.
 */
export async function openPayPalOrder(
	create: ( order: WalletOrder ) => Promise< string >,
	order: WalletOrder,
	server: PaymentServer
): Promise< OpenedOrder > {
	const attemptId = server.newAttemptId();
	const orderId = await create( {
		...order,
		purchase_units: order.purchase_units.map( ( unit, index ) =>
			index === 0 ? { ...unit, invoice_id: attemptId } : unit
		),
	} );
	const response = await server.post( 'open_paypal_order', {
		formData: server.formData(),
		coverAmount: server.coverAmount(),
		attemptId,
		orderId,
		captchaToken: await server.captchaToken(),
	} );
	if ( ! response.ok || pick( response.body, 'success' ) !== true ) {
		throw new OrderRefused( serverNotice( response ) );
	}
	return { orderId, attemptId };
}

export type PayPalOutcome =
	/**
	 * Paid. Also when the site answered 202 (it has yet to confirm the
	 * capture: PayPal is reviewing it, or could not be asked): the money
	 * moved, and the site records it from PayPal's webhook or its
	 * reconciliation pass, so the donor is never asked to pay again.
	 */
	| { kind: 'success'; captureId: string }
	/** Server said no: the card error is set and the failure screen shown. */
	| { kind: 'declined'; notice?: ServerNotice }
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

/**
 * Captures the approved order and reports the capture.
 *
 * @param capture   The SDK's actions.order.capture.
 * @param server    Server access.
 * @param attemptId The attempt the order was opened for ('' for a new one).
 */
export async function completePayPalPayment(
	capture: () => Promise< unknown >,
	server: PaymentServer,
	attemptId = ''
): Promise< PayPalOutcome > {
	try {
		const captureId = captureIdOf( await capture() );
		if ( ! captureId ) {
			return {
				kind: 'failure',
				errorMessage: 'The order was not captured.',
			};
		}
		// An opened attempt passed the captcha when its order was opened.
		const report = server.post( 'process_paypal_payment', {
			transaction_id: captureId,
			formData: server.formData(),
			coverAmount: server.coverAmount(),
			attemptId: attemptId || server.newAttemptId(),
			...( attemptId
				? {}
				: { captchaToken: await server.captchaToken() } ),
		} );
		// The money has moved. When the site's answer is lost or says it cannot tell yet, an
		// opened attempt's record holds the order, and the site records the capture from
		// PayPal's webhook or its reconciliation pass: the donor is told it went through, never
		// invited to pay a second time.
		const response = await report.catch( ( error: unknown ) => {
			if ( attemptId ) {
				return null;
			}
			throw error;
		} );
		if (
			! response ||
			isAcceptedPending( response ) ||
			( attemptId && outcomeUnknown( response ) )
		) {
			return { kind: 'success', captureId };
		}
		if ( ! response.ok || pick( response.body, 'success' ) !== true ) {
			return { kind: 'declined', notice: serverNotice( response ) };
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
