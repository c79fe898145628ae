/**
 * Stripe stand-in: invoice payments (2025-03-31.basil on). Each PaymentIntent that collects an
 * invoice is one InvoicePayment of it: `open` while unpaid, `paid` when the PaymentIntent
 * succeeds, `canceled` when the invoice is voided. Endive invoices carry them only in the
 * includable `payments` list; 2024-06-20 ones name the PaymentIntent and charge themselves.
 */
import { stripeId, unixNow } from '../util.mjs';
import { invalid, missingParam } from './helpers.mjs';

const STATUSES = [ 'canceled', 'open', 'paid' ];

export class InvoicePayments {
	/**
	 * Record that a PaymentIntent collects an invoice.
	 *
	 * @param {Object} invoice Invoice.
	 * @param {Object} pi      Its PaymentIntent.
	 * @return {Object} InvoicePayment.
	 */
	newInvoicePayment( invoice, pi ) {
		const first = ! this.invoicePaymentsOf( invoice.id ).length;
		return this.save( {
			id: stripeId( 'inpay' ),
			object: 'invoice_payment',
			amount_paid: null,
			amount_requested: pi.amount,
			created: unixNow(),
			currency: pi.currency,
			invoice: invoice.id,
			is_default: first,
			livemode: pi.livemode,
			payment: { payment_intent: pi.id, type: 'payment_intent' },
			status: 'open',
			status_transitions: { canceled_at: null, paid_at: null },
		} );
	}

	/**
	 * An invoice's payments, oldest first.
	 *
	 * @param {string} invoiceId Invoice id.
	 * @return {Object[]} Stored InvoicePayments.
	 */
	invoicePaymentsOf( invoiceId ) {
		return [ ...this.objects.values() ]
			.filter(
				( object ) =>
					object.object === 'invoice_payment' &&
					object.invoice === invoiceId
			)
			.sort( ( a, b ) => a.__seq - b.__seq );
	}

	/**
	 * The InvoicePayment of a PaymentIntent, if it collects an invoice.
	 *
	 * @param {string} piId PaymentIntent id.
	 * @return {Object|null} InvoicePayment.
	 */
	invoicePaymentOfIntent( piId ) {
		return (
			[ ...this.objects.values() ].find(
				( object ) =>
					object.object === 'invoice_payment' &&
					object.payment.payment_intent === piId
			) || null
		);
	}

	/**
	 * The includable `payments` list of an invoice (canonical objects; rendered by the caller).
	 *
	 * @param {string} invoiceId Invoice id.
	 * @return {Object} List.
	 */
	invoicePaymentsList( invoiceId ) {
		const data = this.invoicePaymentsOf( invoiceId ).reverse();
		return {
			object: 'list',
			data,
			has_more: false,
			url: `/v1/invoices/${ invoiceId }/payments`,
		};
	}

	/**
	 * Mark an invoice's payment paid (its PaymentIntent succeeded).
	 *
	 * @param {Object} pi PaymentIntent.
	 */
	invoicePaymentPaid( pi ) {
		const payment = this.invoicePaymentOfIntent( pi.id );
		if ( ! payment || payment.status === 'paid' ) {
			return;
		}
		payment.status = 'paid';
		payment.amount_paid = pi.amount_received;
		payment.status_transitions.paid_at = unixNow();
		this.emit( 'invoice_payment.paid', payment );
	}

	/**
	 * Cancel an invoice's open payments (the invoice was voided).
	 *
	 * @param {Object} invoice Invoice.
	 */
	cancelInvoicePayments( invoice ) {
		for ( const payment of this.invoicePaymentsOf( invoice.id ) ) {
			if ( payment.status === 'open' ) {
				payment.status = 'canceled';
				payment.status_transitions.canceled_at = unixNow();
			}
		}
	}

	listInvoicePayments( req ) {
		const p = req.params;
		const payment = p.payment;
		if ( payment !== undefined ) {
			if ( ! payment || typeof payment !== 'object' ) {
				invalid( 'Invalid payment: must be an object', {
					param: 'payment',
				} );
			}
			if ( ! payment.type ) {
				missingParam( 'payment[type]' );
			}
			if (
				! [ 'payment_intent', 'payment_record' ].includes(
					payment.type
				)
			) {
				invalid(
					`Invalid payment[type]: must be one of payment_intent or payment_record`,
					{ param: 'payment[type]' }
				);
			}
		}
		if ( p.status !== undefined && ! STATUSES.includes( p.status ) ) {
			invalid(
				`Invalid status: must be one of ${ STATUSES.join( ', ' ) }`,
				{
					param: 'status',
				}
			);
		}
		return this.list(
			'invoice_payment',
			( item ) =>
				( ! p.invoice || item.invoice === p.invoice ) &&
				( ! p.status || item.status === p.status ) &&
				( ! payment ||
					( item.payment.type === payment.type &&
						( ! payment.payment_intent ||
							item.payment.payment_intent ===
								payment.payment_intent ) &&
						( ! payment.payment_record ||
							item.payment.payment_record ===
								payment.payment_record ) ) ),
			p,
			'/v1/invoice_payments'
		);
	}
}
