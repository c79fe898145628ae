/**
 * Stripe stand-in: BECS Direct Debit (au_becs_debit): PaymentMethods, mandates, processing payments and their settlement.
 */
import {
	stripeId,
	randomString,
	unixNow,
	clone,
	isTrue,
	HttpAnswer,
} from '../util.mjs';
import { BECS_FAILURE_MESSAGES, becsBehaviour } from '../becs.mjs';
import {
	docUrl,
	requestLogUrl,
	invalid,
	missingParam,
	hide,
} from './helpers.mjs';

export class Becs {
	/**
	 * Create an au_becs_debit PaymentMethod from type/au_becs_debit/billing_details
	 * parameters (of the request, or of payment_method_data).
	 *
	 * @param {Object}  p        Parameters.
	 * @param {string}  prefix   '' or 'payment_method_data' (for param names).
	 * @param {boolean} livemode Live key.
	 * @return {Object} PaymentMethod.
	 */
	becsPaymentMethod( p, prefix, livemode ) {
		const name = ( param ) =>
			prefix
				? `${ prefix }[${ param.replace( /^(\w+)/, '$1]' ) }`
				: param;
		const data = p.au_becs_debit;
		if ( ! data || typeof data !== 'object' ) {
			missingParam( name( 'au_becs_debit' ) );
		}
		const raw = ( value ) => String( value ?? '' ).trim();
		if ( ! raw( data.bsb_number ) ) {
			missingParam( name( 'au_becs_debit[bsb_number]' ) );
		}
		if ( ! raw( data.account_number ) ) {
			missingParam( name( 'au_becs_debit[account_number]' ) );
		}
		const bsb = raw( data.bsb_number ).replace( /[\s-]/g, '' );
		const account = raw( data.account_number ).replace( /[\s-]/g, '' );
		if ( ! /^\d{6}$/.test( bsb ) ) {
			invalid(
				`Invalid BSB number: '${ raw(
					data.bsb_number
				) }'. A BSB number must be 6 digits.`,
				{
					param: name( 'au_becs_debit[bsb_number]' ),
					code: 'routing_number_invalid',
				}
			);
		}
		if ( ! /^\d{5,9}$/.test( account ) ) {
			invalid(
				`Invalid account number: '${ raw(
					data.account_number
				) }'. An account number must be 5 to 9 digits.`,
				{
					param: name( 'au_becs_debit[account_number]' ),
					code: 'account_number_invalid',
				}
			);
		}
		const billing = p.billing_details || {};
		if ( ! raw( billing.name ) ) {
			missingParam( name( 'billing_details[name]' ) );
		}
		if ( ! raw( billing.email ) ) {
			missingParam( name( 'billing_details[email]' ) );
		}
		if ( ! /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test( raw( billing.email ) ) ) {
			invalid( `Invalid email address: ${ raw( billing.email ) }`, {
				param: name( 'billing_details[email]' ),
				code: 'email_invalid',
			} );
		}
		const pm = {
			id: stripeId( 'pm' ),
			object: 'payment_method',
			allow_redisplay: 'unspecified',
			au_becs_debit: {
				bsb_number: bsb,
				fingerprint: `becs${ bsb }${ account }`.slice( -16 ),
				last4: account.slice( -4 ),
			},
			billing_details: this.billingDetailsParam( billing ),
			created: unixNow(),
			customer: null,
			livemode: !! livemode,
			metadata: this.metadataParam( p.metadata ),
			type: 'au_becs_debit',
		};
		this.cards.set( pm.id, {
			behaviour: 'becs',
			becs: becsBehaviour( bsb, account ),
			mandate: null,
			setupDone: false,
			consumed: false,
		} );
		return this.save( pm );
	}

	/**
	 * Read mandate_data / mandate for confirming an intent with a BECS method.
	 * Throws Stripe's error when there is neither and no usable mandate.
	 *
	 * @param {Object}      p          Request parameters.
	 * @param {Object}      instrument PaymentMethod.
	 * @param {string|null} customer   Intent's customer.
	 * @param {string}      noun       PaymentIntent | SetupIntent.
	 * @param {Object}      req        Request (auth and headers).
	 * @return {Object} Plan: {acceptance} or {existing}.
	 */
	becsMandatePlan( p, instrument, customer, noun, req ) {
		const base = 'mandate_data[customer_acceptance]';
		if ( p.mandate_data !== undefined && p.mandate_data !== '' ) {
			const acceptance =
				( p.mandate_data && p.mandate_data.customer_acceptance ) ||
				null;
			if ( ! acceptance || typeof acceptance !== 'object' ) {
				missingParam( base );
			}
			if ( ! acceptance.type ) {
				missingParam( `${ base }[type]` );
			}
			if ( ! [ 'online', 'offline' ].includes( acceptance.type ) ) {
				invalid(
					`Invalid ${ base }[type]: must be one of online or offline`,
					{
						param: `${ base }[type]`,
					}
				);
			}
			if (
				req.auth.publishable &&
				acceptance.type === 'online' &&
				acceptance.online &&
				isTrue( acceptance.online.infer_from_client )
			) {
				// What Stripe.js sends: Stripe takes the address and agent of the browser.
				acceptance.online = {
					ip_address: '127.0.0.1',
					user_agent:
						req.ctx.headers[ 'user-agent' ] || 'Mozilla/5.0',
				};
			}
			if ( acceptance.type === 'online' ) {
				const online = acceptance.online || {};
				if ( ! online.ip_address ) {
					missingParam( `${ base }[online][ip_address]` );
				}
				if ( ! online.user_agent ) {
					missingParam( `${ base }[online][user_agent]` );
				}
			}
			return {
				acceptance: {
					accepted_at: acceptance.accepted_at
						? Number( acceptance.accepted_at )
						: unixNow(),
					...( acceptance.type === 'online'
						? {
								online: {
									ip_address: String(
										acceptance.online.ip_address
									),
									user_agent: String(
										acceptance.online.user_agent
									),
								},
							}
						: { offline: {} } ),
					type: acceptance.type,
				},
			};
		}
		// An existing mandate by id: PaymentIntents only (SetupIntents take no `mandate`).
		if ( noun === 'PaymentIntent' && p.mandate ) {
			const mandate = this.mustFind( p.mandate, 'mandate', 'mandate' );
			this.checkMandateActive( mandate, noun );
			return { existing: mandate.id };
		}
		const state = this.cards.get( instrument.id ) || {};
		const existing = state.mandate
			? this.find( state.mandate, 'mandate' )
			: null;
		if (
			existing &&
			existing.type === 'multi_use' &&
			instrument.customer &&
			instrument.customer === customer
		) {
			this.checkMandateActive( existing, noun );
			return { existing: existing.id };
		}
		return invalid(
			`This ${ noun } requires a mandate, but no existing mandate was found. Collect mandate acceptance from the customer and try again, providing acceptance data in the mandate_data parameter.`,
			{ param: 'mandate_data' }
		);
	}

	checkMandateActive( mandate, noun ) {
		if ( mandate.status !== 'active' ) {
			invalid(
				`The mandate ${ mandate.id } is ${ mandate.status } and cannot be used for this ${ noun }. Collect a new mandate from the customer and provide it with mandate_data.`,
				{
					param: 'mandate',
					code:
						noun === 'SetupIntent'
							? 'setup_intent_mandate_invalid'
							: 'payment_intent_mandate_invalid',
				}
			);
		}
	}

	/**
	 * Carry out a mandate plan: create the Mandate, or reuse the existing one.
	 *
	 * @param {Object}      plan       From becsMandatePlan (or null).
	 * @param {Object}      instrument PaymentMethod.
	 * @param {boolean}     multiUse   Reusable (setup, setup_future_usage, invoices).
	 * @param {boolean}     livemode   Live.
	 * @param {number|null} amount     A single-use mandate's amount (its PaymentIntent's).
	 * @return {string|null} Mandate id.
	 */
	applyMandatePlan( plan, instrument, multiUse, livemode, amount = null ) {
		if ( plan && plan.existing ) {
			return plan.existing;
		}
		const state = this.cards.get( instrument.id );
		if ( ! plan || ! plan.acceptance ) {
			return state && state.mandate ? state.mandate : null;
		}
		const id = `mandate_${ randomString( 24 ) }`;
		const mandate = {
			id,
			object: 'mandate',
			customer_acceptance: plan.acceptance,
			livemode: !! livemode,
			...( multiUse
				? { multi_use: {} }
				: { single_use: { amount, currency: 'aud' } } ),
			payment_method: instrument.id,
			payment_method_details: {
				au_becs_debit: {
					url: `https://stripe.com/au-becs-dd-service-agreement/${ randomString(
						24
					) }`,
				},
				type: 'au_becs_debit',
			},
			status: 'active',
			type: multiUse ? 'multi_use' : 'single_use',
		};
		this.save( mandate );
		if ( state && multiUse ) {
			state.mandate = id;
		}
		return id;
	}

	/**
	 * Confirm a PaymentIntent with a BECS method: a pending charge and
	 * `processing`, or an immediate failure for the limit test accounts.
	 *
	 * @param {Object} pi         PaymentIntent.
	 * @param {Object} instrument PaymentMethod.
	 * @return {{ok: boolean, error?: Object}} Outcome.
	 */
	attemptBecsPayment( pi, instrument ) {
		const state = this.cards.get( instrument.id );
		const behaviour = state.becs;
		const plan = pi.__mandatePlan || null;
		hide( pi, '__mandatePlan', null );
		const multiUse = !! ( pi.setup_future_usage || pi.invoice );
		const mandateId = this.applyMandatePlan(
			plan,
			instrument,
			multiUse,
			pi.livemode,
			pi.amount
		);
		const mandate = mandateId ? this.find( mandateId, 'mandate' ) : null;
		if ( mandate ) {
			this.checkMandateActive( mandate, 'PaymentIntent' );
		}
		pi.payment_method_options = { au_becs_debit: {} };
		pi.next_action = null;
		const details = {
			au_becs_debit: {
				bsb_number: instrument.au_becs_debit.bsb_number,
				fingerprint: instrument.au_becs_debit.fingerprint,
				last4: instrument.au_becs_debit.last4,
				mandate: mandateId,
			},
			type: 'au_becs_debit',
		};
		if ( behaviour.outcome === 'limit' ) {
			const code = behaviour.code;
			const message = BECS_FAILURE_MESSAGES[ code ];
			pi.status = 'requires_payment_method';
			pi.last_payment_error = {
				code,
				doc_url: docUrl( code ),
				message,
				payment_method: clone( instrument ),
				type: 'invalid_request_error',
			};
			pi.payment_method = null;
			this.emit( 'payment_intent.payment_failed', pi );
			this.afterIntent( pi );
			return {
				ok: false,
				error: {
					error: {
						code,
						doc_url: docUrl( code ),
						message,
						payment_intent: this.render( pi ),
						payment_method: this.render( instrument ),
						request_log_url: requestLogUrl(),
						type: 'invalid_request_error',
					},
				},
			};
		}
		const charge = this.newCharge( {
			amount: pi.amount,
			currency: pi.currency,
			customer: pi.customer,
			instrument,
			paymentIntent: pi.id,
			invoice: pi.invoice,
			description: pi.description,
			metadata: pi.metadata,
			receiptEmail: pi.receipt_email,
			livemode: pi.livemode,
			pending: true,
			paymentMethodDetails: details,
		} );
		const previous = pi.status;
		pi.latest_charge = charge.id;
		pi.status = 'processing';
		pi.last_payment_error = null;
		if ( ! pi.customer ) {
			state.consumed = true;
		}
		if ( pi.setup_future_usage && pi.customer && ! instrument.customer ) {
			instrument.customer = pi.customer;
			this.emit( 'payment_method.attached', instrument );
		}
		this.emit( 'payment_intent.processing', pi, { status: previous } );
		this.afterIntent( pi );
		return { ok: true };
	}

	/**
	 * Set up a BECS method: the mandate is the setup; no bank round trip.
	 *
	 * @param {Object} si         SetupIntent.
	 * @param {Object} instrument PaymentMethod.
	 * @return {{ok: boolean}} Outcome.
	 */
	attemptBecsSetup( si, instrument ) {
		const state = this.cards.get( instrument.id );
		const plan = si.__mandatePlan || null;
		hide( si, '__mandatePlan', null );
		si.latest_attempt = stripeId( 'setatt' );
		si.mandate = this.applyMandatePlan(
			plan,
			instrument,
			true,
			si.livemode
		);
		si.payment_method_options = { au_becs_debit: {} };
		si.next_action = null;
		si.status = 'succeeded';
		si.last_setup_error = null;
		state.setupDone = true;
		if ( si.customer && ! instrument.customer ) {
			instrument.customer = si.customer;
			this.emit( 'payment_method.attached', instrument );
		}
		this.emit( 'setup_intent.succeeded', si );
		return { ok: true };
	}

	/**
	 * POST /__control/stripe/becs/settle: "up to three business days later".
	 * Every processing BECS PaymentIntent (or the one named) reaches the
	 * outcome its test account decides.
	 *
	 * @param {Object} body {payment_intent?}
	 * @return {Object} {settled: [...], events}
	 */
	settleBecs( body = {} ) {
		const firstEvent = this.events.length;
		const processing = ( pi ) =>
			pi.object === 'payment_intent' &&
			pi.status === 'processing' &&
			this.isBecs( this.find( pi.payment_method, 'payment_method' ) );
		let targets;
		if ( body.payment_intent ) {
			const pi = this.find( body.payment_intent, 'payment_intent' );
			if ( ! pi ) {
				throw new HttpAnswer( 404, {
					error: `No such payment_intent: '${ body.payment_intent }'`,
				} );
			}
			if ( ! processing( pi ) ) {
				throw new HttpAnswer( 400, {
					error: `The PaymentIntent ${ pi.id } is not a processing au_becs_debit payment (status ${ pi.status }).`,
				} );
			}
			targets = [ pi ];
		} else {
			targets = [ ...this.objects.values() ].filter( processing );
		}
		const settled = targets.map( ( pi ) => this.settleOne( pi ) );
		return {
			settled,
			events: this.events
				.slice( firstEvent )
				.map( ( event ) =>
					this.renderEvent( event, body.api_version || undefined )
				),
		};
	}

	settleOne( pi ) {
		const first = this.events.length;
		const instrument = this.find( pi.payment_method, 'payment_method' );
		const state = this.cards.get( instrument.id );
		const behaviour = state.becs;
		const charge = this.find( pi.latest_charge, 'charge' );
		let dispute = null;
		if ( behaviour.outcome === 'fail' ) {
			const code = behaviour.code;
			const message = BECS_FAILURE_MESSAGES[ code ];
			charge.status = 'failed';
			charge.paid = false;
			charge.captured = false;
			charge.amount_captured = 0;
			charge.failure_code = code;
			charge.failure_message = message;
			charge.failure_balance_transaction = stripeId( 'txn' );
			charge.outcome = {
				network_status: 'declined_by_network',
				reason: null,
				risk_level: 'not_assessed',
				seller_message: message,
				type: 'issuer_declined',
			};
			this.emit( 'charge.failed', charge, { status: 'pending' } );
			pi.status = 'requires_payment_method';
			pi.last_payment_error = {
				charge: charge.id,
				code,
				doc_url: docUrl( code ),
				message,
				payment_method: clone( instrument ),
				type: 'invalid_request_error',
			};
			pi.payment_method = null;
			this.emit( 'payment_intent.payment_failed', pi, {
				status: 'processing',
			} );
			const mandateId =
				charge.payment_method_details.au_becs_debit.mandate;
			const mandate = mandateId
				? this.find( mandateId, 'mandate' )
				: null;
			if ( mandate && behaviour.mandate === 'inactive' ) {
				mandate.status = 'inactive';
				this.emit( 'mandate.updated', mandate, { status: 'active' } );
			}
			this.afterIntent( pi );
		} else {
			charge.status = 'succeeded';
			charge.paid = true;
			this.chargeBalanceTransaction( charge );
			this.emit( 'charge.succeeded', charge, {
				status: 'pending',
				balance_transaction: null,
			} );
			pi.status = 'succeeded';
			pi.amount_received = pi.amount;
			this.emit( 'payment_intent.succeeded', pi, {
				status: 'processing',
			} );
			this.afterIntent( pi );
			if ( behaviour.outcome === 'dispute' ) {
				dispute = this.newDispute( charge );
			}
		}
		const invoice = pi.invoice ? this.find( pi.invoice, 'invoice' ) : null;
		const sub =
			invoice && invoice.subscription
				? this.find( invoice.subscription, 'subscription' )
				: null;
		return {
			payment_intent: this.render( pi, [ 'latest_charge' ] ),
			account: behaviour.account,
			outcome: behaviour.outcome,
			...( behaviour.code ? { failure_code: behaviour.code } : {} ),
			...( invoice ? { invoice: this.render( invoice ) } : {} ),
			...( sub ? { subscription: this.render( sub ) } : {} ),
			...( dispute ? { dispute: this.render( dispute ) } : {} ),
			events: this.events.slice( first ).map( ( event ) => event.type ),
		};
	}
}
