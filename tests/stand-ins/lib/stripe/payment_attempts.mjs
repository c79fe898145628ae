/**
 * Stripe stand-in: One payment attempt: what the card decides, the Charge it leaves, 3-D Secure.
 */
import {
	stripeId,
	randomString,
	unixNow,
	clone,
	randomUUID,
	HttpAnswer,
} from '../util.mjs';
import { DECLINES } from '../cards.mjs';
import { docUrl, requestLogUrl, hide } from './helpers.mjs';

export class PaymentAttempts {
	/**
	 * Create a Charge object (succeeded or failed).
	 *
	 * @param {Object} details amount, currency, customer, instrument, decline, paymentIntent, invoice, description, metadata, receiptEmail, billingDetails, livemode.
	 * @return {Object} Charge.
	 */
	newCharge( details ) {
		const {
			amount,
			currency,
			customer = null,
			instrument,
			decline = null,
			paymentIntent = null,
			invoice = null,
			description = null,
			metadata = {},
			receiptEmail = null,
			livemode = false,
			pending = false,
			paymentMethodDetails = null,
		} = details;
		const state = this.cardState( instrument.id );
		const card =
			instrument.object === 'payment_method'
				? instrument.card || {}
				: {
						brand: state.brand,
						country: state.country,
						exp_month: instrument.exp_month,
						exp_year: instrument.exp_year,
						fingerprint: instrument.fingerprint,
						funding: state.funding,
						last4: state.last4,
						wallet: null,
					};
		const billingDetails =
			instrument.object === 'payment_method'
				? instrument.billing_details
				: this.billingDetailsParam( {
						name: instrument.name,
						address: {
							line1: instrument.address_line1,
							line2: instrument.address_line2,
							city: instrument.address_city,
							state: instrument.address_state,
							postal_code: instrument.address_zip,
							country: instrument.address_country,
						},
					} );
		const id = stripeId( 'ch' );
		const charge = {
			id,
			object: 'charge',
			amount,
			amount_captured: decline ? 0 : amount,
			amount_refunded: 0,
			application_fee_amount: null,
			// Stored with the fee once the charge succeeds (below, or when a BECS debit settles).
			balance_transaction: null,
			billing_details: billingDetails,
			calculated_statement_descriptor: 'DONATION',
			captured: ! decline,
			created: unixNow(),
			currency,
			customer,
			description,
			disputed: false,
			failure_balance_transaction: null,
			failure_code: decline ? decline.code : null,
			failure_message: decline ? decline.message : null,
			fraud_details: {},
			invoice,
			livemode,
			metadata: clone( metadata ),
			outcome: decline
				? {
						network_status: 'declined_by_network',
						reason: decline.decline_code,
						risk_level: 'normal',
						risk_score: 20,
						seller_message:
							'The bank did not return any further details with this decline.',
						type: 'issuer_declined',
					}
				: {
						network_status: 'approved_by_network',
						reason: null,
						risk_level: 'normal',
						risk_score: 20,
						seller_message: 'Payment complete.',
						type: 'authorized',
					},
			paid: ! decline,
			payment_intent: paymentIntent,
			payment_method: instrument.id,
			payment_method_details: paymentMethodDetails || {
				card: {
					amount_authorized: decline ? null : amount,
					brand: card.brand,
					checks: {
						address_line1_check: null,
						address_postal_code_check: null,
						cvc_check: 'pass',
					},
					country: card.country,
					exp_month: card.exp_month,
					exp_year: card.exp_year,
					fingerprint: card.fingerprint,
					funding: card.funding,
					last4: card.last4,
					network: card.brand,
					three_d_secure: null,
					wallet: card.wallet || null,
				},
				type: 'card',
			},
			receipt_email: receiptEmail,
			receipt_number: null,
			receipt_url: `https://pay.stripe.com/receipts/payment/${ randomString(
				40
			) }`,
			refunded: false,
			refunds: {
				object: 'list',
				data: [],
				has_more: false,
				total_count: 0,
				url: `/v1/charges/${ id }/refunds`,
			},
			review: null,
			shipping: null,
			source: instrument.object === 'card' ? clone( instrument ) : null,
			statement_descriptor: null,
			status: decline ? 'failed' : 'succeeded',
		};
		if ( pending ) {
			charge.status = 'pending';
			charge.paid = false;
			charge.outcome = {
				network_status: 'approved_by_network',
				reason: null,
				risk_level: 'not_assessed',
				seller_message: 'Payment complete.',
				type: 'authorized',
			};
		}
		if ( charge.status === 'succeeded' ) {
			this.chargeBalanceTransaction( charge );
		}
		this.save( charge );
		let eventType = decline ? 'charge.failed' : 'charge.succeeded';
		if ( pending ) {
			eventType = 'charge.pending';
		}
		this.emit( eventType, charge );
		return charge;
	}

	/**
	 * Decide what a card does on a payment.
	 *
	 * @param {Object}      state                 Card state.
	 * @param {Object}      options               Options.
	 * @param {boolean}     options.offSession    Merchant-initiated payment.
	 * @param {boolean}     options.authenticated 3-D Secure already completed.
	 * @param {Object|null} options.forced        Queued scenario, if any.
	 * @return {{result: string, decline?: Object}} result: succeed | action | decline.
	 */
	decide(
		state,
		{ offSession = false, authenticated = false, forced = null }
	) {
		if ( forced && forced.scenario === 'card_declined' ) {
			return {
				result: 'decline',
				decline:
					DECLINES[ forced.decline_code ] || DECLINES.generic_decline,
			};
		}
		const needsAction =
			( forced && forced.scenario === 'requires_action' ) ||
			state.behaviour === '3ds_always' ||
			( state.behaviour === '3ds_unless_setup' && ! state.setupDone );
		if ( needsAction && ! authenticated ) {
			return offSession
				? {
						result: 'decline',
						decline: DECLINES.authentication_required,
					}
				: { result: 'action' };
		}
		if ( state.behaviour.startsWith( 'decline:' ) ) {
			return {
				result: 'decline',
				decline: DECLINES[ state.behaviour.slice( 8 ) ],
			};
		}
		if ( state.behaviour === 'charge_fail' ) {
			return { result: 'decline', decline: DECLINES.generic_decline };
		}
		return { result: 'succeed' };
	}

	nextAction( intent ) {
		return {
			type: 'use_stripe_sdk',
			use_stripe_sdk: {
				type: 'three_d_secure_redirect',
				stripe_js: `https://hooks.stripe.com/3d_secure_2/hosted?merchant=acct_standin&payment_intent=${ intent.id }`,
				source: stripeId( 'payatt' ),
				directory_server_name: 'visa',
				server_transaction_id: randomUUID(),
				three_ds_method_url: '',
				three_ds_optimizations: '',
			},
		};
	}

	cardErrorBody( decline, { intent, instrument, charge } ) {
		const error = {
			code: decline.code,
			decline_code: decline.decline_code,
			doc_url: docUrl( decline.code ),
			message: decline.message,
			request_log_url: requestLogUrl(),
			type: 'card_error',
		};
		if ( decline.param ) {
			error.param = decline.param;
		}
		if ( charge ) {
			error.charge = charge.id;
		}
		if ( intent ) {
			error[ intent.object ] = this.render( intent );
		}
		if ( instrument && instrument.object === 'payment_method' ) {
			error.payment_method = this.render( instrument );
		}
		return { error };
	}

	/**
	 * Try to collect a PaymentIntent with its payment method.
	 *
	 * @param {Object} pi      PaymentIntent (with payment_method set).
	 * @param {Object} req     Request (for queued scenarios).
	 * @param {Object} options offSession, authenticated, force ('succeed' | 'decline').
	 * @return {{ok: boolean, error?: Object}} Outcome; the PI is updated.
	 */
	attemptPayment( pi, req, options = {} ) {
		const instrument = this.objects.get( pi.payment_method );
		if ( this.isBecs( instrument ) ) {
			return this.attemptBecsPayment( pi, instrument );
		}
		const state = this.cardState( instrument.id );
		let forced = null;
		if ( options.force === 'decline' ) {
			forced = {
				scenario: 'card_declined',
				decline_code: options.declineCode,
			};
		} else if ( req && ! options.force ) {
			forced = req.ctx.take( [ 'card_declined', 'requires_action' ] );
		}
		const decision =
			options.force === 'succeed'
				? { result: 'succeed' }
				: this.decide( state, { ...options, forced } );
		const previousStatus = pi.status;

		if ( decision.result === 'action' ) {
			pi.status = 'requires_action';
			pi.next_action = this.nextAction( pi );
			pi.last_payment_error = null;
			this.emit( 'payment_intent.requires_action', pi, {
				status: previousStatus,
			} );
			this.afterIntent( pi );
			return { ok: true };
		}

		const charge = this.newCharge( {
			amount: pi.amount,
			currency: pi.currency,
			customer: pi.customer,
			instrument,
			decline: decision.result === 'decline' ? decision.decline : null,
			paymentIntent: pi.id,
			invoice: pi.invoice,
			description: pi.description,
			metadata: pi.metadata,
			receiptEmail: pi.receipt_email,
			livemode: pi.livemode,
		} );
		pi.latest_charge = charge.id;
		pi.next_action = null;

		if ( decision.result === 'decline' ) {
			const decline = decision.decline;
			pi.status = 'requires_payment_method';
			pi.last_payment_error = {
				charge: charge.id,
				code: decline.code,
				decline_code: decline.decline_code,
				doc_url: docUrl( decline.code ),
				message: decline.message,
				...( decline.param ? { param: decline.param } : {} ),
				payment_method: clone( instrument ),
				type: 'card_error',
			};
			pi.payment_method = null;
			this.emit( 'payment_intent.payment_failed', pi );
			this.afterIntent( pi );
			return {
				ok: false,
				error: this.cardErrorBody( decline, {
					intent: pi,
					instrument,
					charge,
				} ),
			};
		}

		pi.status = 'succeeded';
		pi.amount_received = pi.amount;
		pi.last_payment_error = null;
		if ( options.authenticated || pi.setup_future_usage ) {
			state.setupDone = true;
		}
		if ( ! pi.customer && instrument.object === 'payment_method' ) {
			state.consumed = true;
		}
		if (
			pi.setup_future_usage &&
			pi.customer &&
			instrument.object === 'payment_method' &&
			! instrument.customer
		) {
			instrument.customer = pi.customer;
			this.emit( 'payment_method.attached', instrument );
		}
		this.emit( 'payment_intent.succeeded', pi );
		this.afterIntent( pi );
		return { ok: true };
	}

	/**
	 * Finish 3-D Secure as the browser stand-in's challenge answered it (`stand_in_3ds` on the
	 * confirm that follows); an attempt the card then refuses is Stripe's 402.
	 *
	 * @param {Object} intent PaymentIntent or SetupIntent in requires_action.
	 * @param {Object} req    The confirm request.
	 */
	finishChallenge( intent, req ) {
		const outcome = this.completeAuthentication(
			intent,
			req.params.stand_in_3ds === 'fail' ? 'fail' : 'succeed',
			req
		);
		if ( ! outcome.ok ) {
			throw new HttpAnswer( 402, outcome.error );
		}
	}

	/**
	 * Finish 3-D Secure for an intent in requires_action.
	 *
	 * @param {Object} intent  PaymentIntent or SetupIntent.
	 * @param {string} outcome succeed | fail.
	 * @param {Object} req     Request.
	 * @return {{ok: boolean, error?: Object}} Outcome.
	 */
	completeAuthentication( intent, outcome, req ) {
		const isSetup = intent.object === 'setup_intent';
		if ( outcome === 'succeed' ) {
			if ( ! isSetup && intent.confirmation_method === 'manual' ) {
				// Manual confirmation: the bank said yes, but only the server's confirm
				// (secret key) attempts the payment.
				intent.status = 'requires_confirmation';
				intent.next_action = null;
				hide( intent, '__authenticated', intent.payment_method );
				return { ok: true };
			}
			return isSetup
				? this.attemptSetup( intent, req, { authenticated: true } )
				: this.attemptPayment( intent, req, { authenticated: true } );
		}
		const instrument = this.objects.get( intent.payment_method );
		const error = {
			code: isSetup
				? 'setup_intent_authentication_failure'
				: 'payment_intent_authentication_failure',
			doc_url: docUrl(
				isSetup
					? 'setup_intent_authentication_failure'
					: 'payment_intent_authentication_failure'
			),
			message: `The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this ${
				isSetup ? 'SetupIntent' : 'PaymentIntent'
			} again.`,
			payment_method: clone( instrument ),
			type: 'invalid_request_error',
		};
		intent.status = 'requires_payment_method';
		intent.next_action = null;
		intent.payment_method = null;
		if ( isSetup ) {
			intent.last_setup_error = error;
			this.emit( 'setup_intent.setup_failed', intent );
		} else {
			intent.last_payment_error = error;
			this.emit( 'payment_intent.payment_failed', intent );
			this.afterIntent( intent );
		}
		return { ok: true };
	}
}
