/**
 * Stripe stand-in: Subscription invoices, the PaymentIntent that collects each, and what its outcome does to them.
 */
import {
	stripeId,
	randomString,
	unixNow,
	clone,
	isTrue,
	HttpAnswer,
} from '../util.mjs';
import { DECLINES } from '../cards.mjs';
import { invalid } from './helpers.mjs';

export class Invoices {
	/**
	 * A finalized (open) invoice for the current period of a subscription.
	 *
	 * @param {Object} sub    Subscription.
	 * @param {string} reason subscription_create | subscription_cycle.
	 * @param {number} share  The part of a full period billed: 1, 0 for a trial, a fraction for
	 *                        a first period prorated up to a billing_cycle_anchor.
	 * @return {Object} Invoice.
	 */
	newInvoice( sub, reason, share = 1 ) {
		const now = unixNow();
		const customer = this.find( sub.customer, 'customer' );
		const sequence = customer ? customer.next_invoice_sequence++ : 1;
		const id = stripeId( 'in' );
		// Canonical line items: 2024-06-20's price, plan and type, and endive's pricing and
		// parent, side by side (the renderer keeps the requested version's).
		const prorated = share > 0 && share < 1;
		const lines = sub.items.data.map( ( item ) => {
			const amount = Math.round(
				item.price.unit_amount * item.quantity * share
			);
			return {
				id: stripeId( 'il' ),
				object: 'line_item',
				amount,
				amount_excluding_tax: amount,
				currency: item.price.currency,
				description: `${ item.quantity } × ${
					( this.find( item.price.product, 'product' ) || {} ).name ||
					'Donation'
				} (at $${ ( item.price.unit_amount / 100 ).toFixed( 2 ) } / ${
					item.price.recurring.interval_count > 1
						? `every ${ item.price.recurring.interval_count } ${ item.price.recurring.interval }s`
						: item.price.recurring.interval
				})`,
				discount_amounts: [],
				discountable: true,
				discounts: [],
				invoice: id,
				livemode: sub.livemode,
				metadata: {},
				parent: {
					invoice_item_details: null,
					subscription_item_details: {
						invoice_item: null,
						proration: prorated,
						proration_details: { credited_items: null },
						subscription: sub.id,
						subscription_item: item.id,
					},
					type: 'subscription_item_details',
				},
				period: {
					start: item.current_period_start,
					end: item.current_period_end,
				},
				plan: clone( item.plan ),
				pretax_credit_amounts: [],
				price: clone( item.price ),
				pricing: {
					price_details: {
						price: item.price.id,
						product: item.price.product,
					},
					type: 'price_details',
					unit_amount_decimal: item.price.unit_amount_decimal,
				},
				proration: prorated,
				proration_details: { credited_items: null },
				quantity: item.quantity,
				subscription: sub.id,
				subscription_item: item.id,
				subtotal: amount,
				tax_amounts: [],
				tax_rates: [],
				taxes: [],
				type: 'subscription',
				unit_amount_excluding_tax: item.price.unit_amount_decimal,
			};
		} );
		const total = lines.reduce( ( sum, line ) => sum + line.amount, 0 );
		const invoice = {
			id,
			object: 'invoice',
			account_country: 'AU',
			account_name: 'Stand-in Charity',
			account_tax_ids: null,
			amount_due: total,
			amount_overpaid: 0,
			amount_paid: 0,
			amount_remaining: total,
			amount_shipping: 0,
			application: null,
			application_fee_amount: null,
			attempt_count: 0,
			attempted: false,
			auto_advance: true,
			automatic_tax: {
				disabled_reason: null,
				enabled: false,
				liability: null,
				provider: null,
				status: null,
			},
			automatically_finalizes_at: null,
			billing_reason: reason,
			// 2024-06-20 only: the latest charge and PaymentIntent (endive: invoice payments).
			charge: null,
			collection_method: 'charge_automatically',
			// endive only, includable: the client_secret of the invoice's PaymentIntent.
			confirmation_secret: null,
			created: now,
			currency: sub.currency,
			custom_fields: null,
			customer: sub.customer,
			customer_account: null,
			customer_address: customer ? customer.address : null,
			customer_email: customer ? customer.email : null,
			customer_name: customer ? customer.name : null,
			customer_phone: customer ? customer.phone : null,
			customer_shipping: null,
			customer_tax_exempt: 'none',
			customer_tax_ids: [],
			default_payment_method: null,
			default_source: null,
			default_tax_rates: [],
			description: null,
			discount: null,
			discounts: [],
			due_date: null,
			effective_at: now,
			ending_balance: 0,
			footer: null,
			from_invoice: null,
			hosted_invoice_url: `https://invoice.stripe.com/i/acct_standin/test_${ randomString(
				30
			) }`,
			invoice_pdf: `https://pay.stripe.com/invoice/acct_standin/test_${ randomString(
				30
			) }/pdf`,
			issuer: { type: 'self' },
			last_finalization_error: null,
			latest_revision: null,
			lines: {
				object: 'list',
				data: lines,
				has_more: false,
				total_count: lines.length,
				url: `/v1/invoices/${ id }/lines`,
			},
			livemode: sub.livemode,
			metadata: {},
			next_payment_attempt: null,
			number: `${ customer ? customer.invoice_prefix : 'STANDIN' }-${ String(
				sequence
			).padStart( 4, '0' ) }`,
			on_behalf_of: null,
			// 2024-06-20 only.
			paid: false,
			paid_out_of_band: false,
			parent: {
				quote_details: null,
				subscription_details: {
					metadata: clone( sub.metadata ),
					subscription: sub.id,
				},
				type: 'subscription_details',
			},
			// 2024-06-20 only.
			payment_intent: null,
			payment_settings: {
				default_mandate: null,
				payment_method_options: null,
				payment_method_types: sub.payment_settings.payment_method_types,
			},
			period_end: sub.current_period_end,
			period_start: sub.current_period_start,
			post_payment_credit_notes_amount: 0,
			pre_payment_credit_notes_amount: 0,
			quote: null,
			receipt_number: null,
			rendering: null,
			shipping_cost: null,
			shipping_details: null,
			starting_balance: 0,
			statement_descriptor: null,
			status: 'open',
			status_transitions: {
				finalized_at: now,
				marked_uncollectible_at: null,
				paid_at: null,
				voided_at: null,
			},
			// 2024-06-20 only (endive: parent.subscription_details).
			subscription: sub.id,
			subscription_details: { metadata: clone( sub.metadata ) },
			subtotal: total,
			subtotal_excluding_tax: total,
			tax: null,
			test_clock: null,
			total,
			total_discount_amounts: [],
			total_excluding_tax: total,
			total_pretax_credit_amounts: [],
			total_tax_amounts: [],
			total_taxes: [],
			transfer_data: null,
			webhooks_delivered_at: now,
		};
		this.save( invoice );
		this.emit( 'invoice.created', invoice );
		this.emit( 'invoice.finalized', invoice );
		return invoice;
	}

	/**
	 * The PaymentIntent that collects an invoice.
	 *
	 * @param {Object}      invoice      Invoice.
	 * @param {string|null} instrumentId Payment method.
	 * @return {Object} PaymentIntent.
	 */
	invoicePaymentIntent( invoice, instrumentId ) {
		const id = stripeId( 'pi' );
		const sub = invoice.subscription
			? this.find( invoice.subscription, 'subscription' )
			: null;
		const instrument = instrumentId
			? this.objects.get( instrumentId )
			: null;
		const types = ( sub && sub.payment_settings.payment_method_types ) || [
			( instrument && instrument.type ) || 'card',
		];
		const pi = {
			id,
			object: 'payment_intent',
			allowed_payment_method_types:
				( sub && sub.payment_settings.payment_method_types ) || null,
			amount: invoice.amount_due,
			amount_capturable: 0,
			amount_details: { tip: {} },
			amount_received: 0,
			application: null,
			application_fee_amount: null,
			automatic_payment_methods: null,
			canceled_at: null,
			cancellation_reason: null,
			capture_method: 'automatic',
			client_secret: `${ id }_secret_${ randomString( 25 ) }`,
			confirmation_method: 'automatic',
			created: unixNow(),
			currency: invoice.currency,
			customer: invoice.customer,
			description:
				invoice.billing_reason === 'subscription_create'
					? 'Subscription creation'
					: 'Subscription update',
			invoice: invoice.id,
			last_payment_error: null,
			latest_charge: null,
			livemode: invoice.livemode,
			metadata: {},
			next_action: null,
			on_behalf_of: null,
			payment_method: instrumentId,
			payment_method_configuration_details: null,
			payment_method_options: this.methodOptions( types ),
			payment_method_types: types,
			processing: null,
			receipt_email: null,
			review: null,
			setup_future_usage: 'off_session',
			shipping: null,
			source: null,
			statement_descriptor: null,
			statement_descriptor_suffix: null,
			status: instrumentId
				? 'requires_confirmation'
				: 'requires_payment_method',
			transfer_data: null,
			transfer_group: null,
		};
		this.save( pi );
		this.emit( 'payment_intent.created', pi );
		this.newInvoicePayment( invoice, pi );
		invoice.payment_intent = pi.id;
		invoice.confirmation_secret = {
			client_secret: pi.client_secret,
			type: 'payment_intent',
		};
		return pi;
	}

	/**
	 * Keep invoice and subscription in step with the invoice's PaymentIntent.
	 *
	 * @param {Object} pi PaymentIntent.
	 */
	afterIntent( pi ) {
		if ( ! pi.invoice ) {
			return;
		}
		const invoice = this.find( pi.invoice, 'invoice' );
		if ( ! invoice ) {
			return;
		}
		const sub = invoice.subscription
			? this.find( invoice.subscription, 'subscription' )
			: null;
		invoice.attempted = true;
		if ( pi.status === 'processing' ) {
			// The invoice stays open (payment pending), the subscription as it was.
			return;
		}
		if ( pi.status === 'succeeded' ) {
			invoice.attempt_count += 1;
			invoice.status = 'paid';
			invoice.paid = true;
			invoice.amount_paid = invoice.amount_due;
			invoice.amount_remaining = 0;
			invoice.charge = pi.latest_charge;
			invoice.next_payment_attempt = null;
			invoice.status_transitions.paid_at = unixNow();
			this.invoicePaymentPaid( pi );
			this.emit( 'invoice.paid', invoice );
			this.emit( 'invoice.payment_succeeded', invoice );
			if ( sub ) {
				const previous = { status: sub.status };
				if (
					sub.save_default_payment_method === 'on_subscription' &&
					! sub.default_payment_method
				) {
					sub.default_payment_method = pi.payment_method;
				}
				if (
					[ 'incomplete', 'past_due', 'unpaid' ].includes(
						sub.status
					)
				) {
					sub.status = 'active';
					this.emit( 'customer.subscription.updated', sub, previous );
				}
			}
			return;
		}
		if ( pi.status === 'requires_action' ) {
			this.emit( 'invoice.payment_action_required', invoice );
		} else if ( pi.status === 'requires_payment_method' ) {
			invoice.attempt_count += 1;
			invoice.next_payment_attempt =
				invoice.billing_reason === 'subscription_create'
					? null
					: unixNow() + 3 * 86400;
			this.emit( 'invoice.payment_failed', invoice );
		}
		if (
			sub &&
			invoice.billing_reason !== 'subscription_create' &&
			sub.status === 'active'
		) {
			const previous = { status: sub.status };
			sub.status = 'past_due';
			this.emit( 'customer.subscription.updated', sub, previous );
		}
	}

	listInvoices( req ) {
		const p = req.params;
		return this.list(
			'invoice',
			( invoice ) =>
				( ! p.customer || invoice.customer === p.customer ) &&
				( ! p.subscription ||
					invoice.subscription === p.subscription ) &&
				( ! p.status || invoice.status === p.status ),
			p,
			'/v1/invoices'
		);
	}

	payInvoice( req, id ) {
		const invoice = this.mustFind( id, 'invoice' );
		const p = req.params;
		if ( invoice.status === 'paid' ) {
			invalid( 'Invoice is already paid', {
				code: 'invoice_not_editable',
			} );
		}
		if ( invoice.status === 'void' ) {
			invalid( 'This invoice can no longer be paid because it is void.', {
				code: 'invoice_not_editable',
			} );
		}
		let pi = invoice.payment_intent
			? this.find( invoice.payment_intent, 'payment_intent' )
			: null;
		const sub = invoice.subscription
			? this.find( invoice.subscription, 'subscription' )
			: null;
		const customer = this.find( invoice.customer, 'customer' );
		let instrumentId = pi ? pi.payment_method : null;
		if ( p.payment_method ) {
			const instrument = this.resolvePaymentMethod(
				p.payment_method,
				'payment_method',
				req.auth
			);
			this.checkUsable( instrument, invoice.customer );
			instrumentId = instrument.id;
		}
		if ( ! instrumentId ) {
			instrumentId =
				( sub && sub.default_payment_method ) ||
				( customer &&
					( customer.invoice_settings.default_payment_method ||
						customer.default_source ) ) ||
				null;
		}
		if ( ! instrumentId ) {
			invalid(
				'This customer has no attached payment source or default payment method. Please consider adding a default payment method. For more information, visit https://stripe.com/docs/billing/subscriptions/payment-methods-setting#payment-method-priority.',
				{ code: 'invoice_no_customer_line_items' }
			);
		}
		if ( ! pi ) {
			pi = this.invoicePaymentIntent( invoice, instrumentId );
		}
		pi.payment_method = instrumentId;
		const offSession =
			p.off_session === undefined ? true : isTrue( p.off_session );
		const outcome = this.attemptPayment( pi, req, { offSession } );
		if ( ! outcome.ok ) {
			throw new HttpAnswer( 402, outcome.error );
		}
		if ( pi.status === 'requires_action' ) {
			throw new HttpAnswer(
				402,
				this.cardErrorBody( DECLINES.authentication_required, {
					intent: pi,
					instrument: this.objects.get( instrumentId ),
				} )
			);
		}
		return this.render( invoice, p.expand );
	}

	voidInvoice( req, id ) {
		const invoice = this.mustFind( id, 'invoice' );
		if ( invoice.status !== 'open' ) {
			invalid(
				`You can only pass in open invoices. This invoice isn't open.`,
				{
					code: 'invoice_not_editable',
				}
			);
		}
		const pi = invoice.payment_intent
			? this.find( invoice.payment_intent, 'payment_intent' )
			: null;
		if ( pi && pi.status === 'processing' ) {
			invalid(
				'This invoice has a payment in processing and cannot be voided until the payment succeeds or fails.',
				{ code: 'invoice_not_editable' }
			);
		}
		this.voidOpenInvoice( invoice );
		return this.render( invoice, req.params.expand );
	}

	/**
	 * Void an open invoice: its PaymentIntent is canceled (void_invoice) and its payments too.
	 *
	 * @param {Object} invoice Open invoice.
	 */
	voidOpenInvoice( invoice ) {
		invoice.status = 'void';
		invoice.status_transitions.voided_at = unixNow();
		invoice.next_payment_attempt = null;
		const pi = invoice.payment_intent
			? this.find( invoice.payment_intent, 'payment_intent' )
			: null;
		if ( pi && ! [ 'succeeded', 'canceled' ].includes( pi.status ) ) {
			this.cancelIntent( pi, 'void_invoice' );
		}
		this.cancelInvoicePayments( invoice );
		this.emit( 'invoice.voided', invoice );
	}
}
