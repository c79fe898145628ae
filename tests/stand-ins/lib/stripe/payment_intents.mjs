/**
 * Stripe stand-in: PaymentIntents: create, retrieve, update, confirm, cancel, list.
 */
import {
	stripeId,
	randomString,
	unixNow,
	isTrue,
	HttpAnswer,
} from '../util.mjs';
import { invalid, hide } from './helpers.mjs';

const CONFIRMATION_METHODS = [ 'automatic', 'manual' ];
// What a caller may give; Stripe itself also sets automatic, failed_invoice, void_invoice.
const CANCELLATION_REASONS = [
	'abandoned',
	'duplicate',
	'fraudulent',
	'requested_by_customer',
];

export class PaymentIntents {
	createPaymentIntent( req ) {
		const p = req.params;
		const amount = this.intParam( p.amount, 'amount', { required: true } );
		const currency = this.currencyParam( p.currency );
		this.minimumAmount( amount, currency );
		const customer = p.customer
			? this.mustFind( p.customer, 'customer', 'customer' ).id
			: null;
		// A ConfirmationToken (Stripe.js's createConfirmationToken) brings the payment details,
		// unless the request names its own (the request's values take precedence).
		const token = p.confirmation_token
			? this.usableConfirmationToken(
					p.confirmation_token,
					req.auth.livemode
				)
			: null;
		const instrument =
			this.instrumentFrom( p, req, customer ) ||
			( token
				? this.confirmationTokenInstrument( token, customer )
				: null );
		const returnUrl = p.return_url || ( token && token.return_url );
		const automatic = p.automatic_payment_methods
			? {
					allow_redirects:
						p.automatic_payment_methods.allow_redirects || 'always',
					enabled: isTrue( p.automatic_payment_methods.enabled ),
				}
			: null;
		const confirmationMethod = p.confirmation_method || 'automatic';
		if ( ! CONFIRMATION_METHODS.includes( confirmationMethod ) ) {
			invalid(
				`Invalid confirmation_method: must be one of ${ CONFIRMATION_METHODS.join(
					' or '
				) }`,
				{ param: 'confirmation_method' }
			);
		}
		const confirm = isTrue( p.confirm );
		const offSession = this.offSessionParam( p.off_session );
		if ( offSession && ! confirm ) {
			invalid(
				'You can only set `off_session` when you are also confirming the PaymentIntent (i.e. `confirm=true`).',
				{ param: 'off_session' }
			);
		}
		if ( confirm && ! instrument ) {
			invalid(
				"You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
				{ code: 'payment_intent_unexpected_state' }
			);
		}
		if (
			confirm &&
			automatic &&
			automatic.enabled &&
			automatic.allow_redirects !== 'never' &&
			! returnUrl
		) {
			invalid(
				'This PaymentIntent is configured to accept payment methods enabled in your Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents. If you wish to accept redirect-based payment methods, set the `return_url` parameter when confirming the PaymentIntent.',
				{}
			);
		}
		// What the caller allows, under its version's name; payment_method_types is what
		// Stripe then offers (Stripe's pick from the allowed ones).
		const allowedTypes = this.methodTypesParam(
			p,
			'POST /v1/payment_intents'
		);
		let paymentMethodTypes = allowedTypes || [];
		if ( automatic && automatic.enabled ) {
			paymentMethodTypes = [ 'card', 'link' ];
		} else if ( ! paymentMethodTypes.length ) {
			paymentMethodTypes = [ 'card' ];
		}
		let mandatePlan = null;
		if ( instrument ) {
			this.checkMethodType(
				instrument,
				paymentMethodTypes,
				currency,
				'PaymentIntent'
			);
			if ( confirm && this.isBecs( instrument ) ) {
				mandatePlan = this.becsMandatePlan(
					p,
					instrument,
					customer,
					'PaymentIntent',
					req
				);
			}
		}
		const id = stripeId( 'pi' );
		const pi = {
			id,
			object: 'payment_intent',
			// 2026-10-28.endive only (2024-06-20 has payment_method_types alone).
			allowed_payment_method_types: allowedTypes,
			amount,
			amount_capturable: 0,
			amount_details: { tip: {} },
			amount_received: 0,
			application: null,
			application_fee_amount: null,
			automatic_payment_methods: automatic,
			canceled_at: null,
			cancellation_reason: null,
			capture_method: p.capture_method || 'automatic',
			client_secret: `${ id }_secret_${ randomString( 25 ) }`,
			confirmation_method: confirmationMethod,
			created: unixNow(),
			currency,
			customer,
			description: p.description || null,
			invoice: null,
			last_payment_error: null,
			latest_charge: null,
			livemode: req.auth.livemode,
			metadata: this.metadataParam( p.metadata ),
			next_action: null,
			on_behalf_of: null,
			payment_method: instrument ? instrument.id : null,
			payment_method_configuration_details: null,
			payment_method_options: this.methodOptions( paymentMethodTypes ),
			payment_method_types: paymentMethodTypes,
			processing: null,
			receipt_email: p.receipt_email || null,
			review: null,
			setup_future_usage:
				p.setup_future_usage ||
				( token && token.setup_future_usage ) ||
				null,
			shipping: p.shipping || ( token && token.shipping ) || null,
			source: null,
			statement_descriptor: p.statement_descriptor || null,
			statement_descriptor_suffix: p.statement_descriptor_suffix || null,
			status: instrument
				? 'requires_confirmation'
				: 'requires_payment_method',
			transfer_data: null,
			transfer_group: null,
		};
		hide( pi, '__mandatePlan', mandatePlan );
		this.save( pi );
		if ( token ) {
			this.spendConfirmationToken( token, pi );
		}
		this.emit( 'payment_intent.created', pi );
		if ( confirm ) {
			const outcome = this.attemptPayment( pi, req, {
				offSession: !! offSession,
			} );
			if ( ! outcome.ok ) {
				throw new HttpAnswer( 402, outcome.error );
			}
		}
		return this.render( pi, p.expand );
	}

	retrievePaymentIntent( req, id ) {
		const pi = this.mustFind( id, 'payment_intent' );
		this.checkClientSecret( pi, req.params, req.auth.publishable );
		return this.publicView(
			this.render( pi, req.auth.publishable ? [] : req.params.expand ),
			req.auth.publishable
		);
	}

	updatePaymentIntent( req, id ) {
		const pi = this.mustFind( id, 'payment_intent' );
		const p = req.params;
		if ( [ 'succeeded', 'canceled', 'processing' ].includes( pi.status ) ) {
			if (
				Object.keys( p ).some(
					( key ) =>
						! [
							'metadata',
							'description',
							'expand',
							'receipt_email',
						].includes( key )
				)
			) {
				invalid(
					`This PaymentIntent's ${ Object.keys( p ).join( ', ' ) } could not be updated because it has a status of ${ pi.status }. You may only update the metadata, description, and receipt_email of a PaymentIntent with one of the following statuses: requires_payment_method, requires_confirmation, requires_action.`,
					{ code: 'payment_intent_unexpected_state' }
				);
			}
		}
		if ( p.amount !== undefined ) {
			pi.amount = this.intParam( p.amount, 'amount' );
			this.minimumAmount( pi.amount, pi.currency );
		}
		if ( p.currency !== undefined ) {
			pi.currency = this.currencyParam( p.currency );
		}
		if ( p.customer !== undefined ) {
			pi.customer = p.customer
				? this.mustFind( p.customer, 'customer', 'customer' ).id
				: null;
		}
		this.updateMethodTypes(
			pi,
			this.methodTypesParam( p, 'POST /v1/payment_intents/:id' )
		);
		if ( p.payment_method ) {
			const instrument = this.resolvePaymentMethod(
				p.payment_method,
				'payment_method',
				req.auth
			);
			this.checkUsable( instrument, pi.customer );
			pi.payment_method = instrument.id;
			pi.status = 'requires_confirmation';
		}
		for ( const field of [
			'description',
			'receipt_email',
			'setup_future_usage',
			'statement_descriptor',
			'statement_descriptor_suffix',
		] ) {
			if ( p[ field ] !== undefined ) {
				pi[ field ] = p[ field ] || null;
			}
		}
		pi.metadata = this.metadataParam( p.metadata, pi.metadata );
		return this.render( pi, p.expand );
	}

	confirmPaymentIntent( req, id ) {
		const pi = this.mustFind( id, 'payment_intent' );
		const p = req.params;
		const pk = req.auth.publishable;
		this.checkClientSecret( pi, p, pk );
		if ( pi.status === 'succeeded' ) {
			invalid(
				'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
				{ code: 'payment_intent_unexpected_state' }
			);
		}
		if ( pi.status === 'canceled' || pi.status === 'processing' ) {
			invalid(
				`You cannot confirm this PaymentIntent because it has a status of ${ pi.status }.`,
				{ code: 'payment_intent_unexpected_state' }
			);
		}
		const view = () =>
			this.publicView( this.render( pi, pk ? [] : p.expand ), pk );
		const finishing3ds = pi.status === 'requires_action' && p.stand_in_3ds;
		if ( pk && pi.confirmation_method === 'manual' && ! finishing3ds ) {
			// Stripe.js may run 3-D Secure for a manual intent (handleNextAction), never confirm it.
			invalid(
				`This PaymentIntent ${ pi.id } cannot be confirmed using your publishable key because its \`confirmation_method\` is set to \`manual\`. Please use your secret key instead, or create a PaymentIntent with \`confirmation_method\` set to \`automatic\`.`
			);
		}

		if ( finishing3ds ) {
			this.finishChallenge( pi, req );
			return view();
		}

		const token = p.confirmation_token
			? this.usableConfirmationToken( p.confirmation_token, pi.livemode )
			: null;
		if ( token && ! p.payment_method && ! p.payment_method_data ) {
			pi.payment_method = this.confirmationTokenInstrument(
				token,
				pi.customer
			).id;
		}
		const chosen = this.confirmingInstrument(
			pi,
			req,
			'POST /v1/payment_intents/:id/confirm',
			"You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method."
		);
		if ( p.receipt_email !== undefined ) {
			pi.receipt_email = p.receipt_email || null;
		}
		if ( p.setup_future_usage !== undefined ) {
			pi.setup_future_usage = p.setup_future_usage || null;
		}
		this.checkMethodType(
			chosen,
			pi.payment_method_types,
			pi.currency,
			'PaymentIntent'
		);
		if ( this.isBecs( chosen ) ) {
			hide(
				pi,
				'__mandatePlan',
				this.becsMandatePlan(
					p,
					chosen,
					pi.customer,
					'PaymentIntent',
					req
				)
			);
		}
		const automatic = pi.automatic_payment_methods;
		if (
			! pk &&
			automatic &&
			automatic.enabled &&
			automatic.allow_redirects !== 'never' &&
			! p.return_url &&
			! ( token && token.return_url )
		) {
			invalid(
				'This PaymentIntent is configured to accept payment methods enabled in your Dashboard, some of which may require a full page redirect to succeed. If you do not want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents. If you wish to accept redirect-based payment methods, set the `return_url` parameter when confirming the PaymentIntent.'
			);
		}
		if ( token ) {
			this.spendConfirmationToken( token, pi );
		}
		// A manual intent whose 3-D Secure the donor passed is paid without asking again, if
		// it is still the same payment method.
		const authenticated =
			! pk &&
			pi.confirmation_method === 'manual' &&
			!! pi.__authenticated &&
			pi.__authenticated === pi.payment_method;
		hide( pi, '__authenticated', null );
		const outcome = this.attemptPayment( pi, req, {
			offSession: !! this.offSessionParam( p.off_session ),
			authenticated,
		} );
		if ( ! outcome.ok ) {
			if ( pk ) {
				outcome.error.error.payment_intent = this.publicView(
					outcome.error.error.payment_intent,
					true
				);
			}
			throw new HttpAnswer( 402, outcome.error );
		}
		return view();
	}

	/**
	 * Change the payment method types of an intent (update or confirm with new ones).
	 *
	 * @param {Object}        intent PaymentIntent or SetupIntent.
	 * @param {string[]|null} types  Allowed types, or null to keep them.
	 */
	updateMethodTypes( intent, types ) {
		if ( ! types ) {
			return;
		}
		intent.allowed_payment_method_types = types;
		intent.payment_method_types = types;
		intent.payment_method_options = this.methodOptions(
			types,
			intent.object === 'setup_intent'
		);
	}

	cancelPaymentIntent( req, id ) {
		const pi = this.mustFind( id, 'payment_intent' );
		const reason = req.params.cancellation_reason;
		if (
			reason !== undefined &&
			reason !== '' &&
			! CANCELLATION_REASONS.includes( reason )
		) {
			invalid(
				`Invalid cancellation_reason: must be one of ${ CANCELLATION_REASONS.join(
					', '
				) }`,
				{ param: 'cancellation_reason' }
			);
		}
		if ( pi.invoice ) {
			// Stripe keeps an invoice's PaymentIntent in step with the invoice: void the invoice.
			invalid(
				`You cannot cancel this PaymentIntent because it was created by an invoice (${ pi.invoice }). Void the invoice instead.`,
				{ code: 'payment_intent_unexpected_state' }
			);
		}
		if ( [ 'succeeded', 'canceled' ].includes( pi.status ) ) {
			invalid(
				`You cannot cancel this PaymentIntent because it has a status of ${ pi.status }. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
				{ code: 'payment_intent_unexpected_state' }
			);
		}
		this.cancelIntent( pi, reason || null );
		return this.render( pi, req.params.expand );
	}

	/**
	 * Cancel a PaymentIntent (no further attempts; the payment method is kept).
	 *
	 * @param {Object}      pi     PaymentIntent.
	 * @param {string|null} reason cancellation_reason.
	 */
	cancelIntent( pi, reason ) {
		const previous = pi.status;
		pi.status = 'canceled';
		pi.canceled_at = unixNow();
		pi.cancellation_reason = reason;
		pi.next_action = null;
		hide( pi, '__authenticated', null );
		this.emit( 'payment_intent.canceled', pi, { status: previous } );
	}

	listPaymentIntents( req ) {
		const p = req.params;
		return this.list(
			'payment_intent',
			( pi ) => ! p.customer || pi.customer === p.customer,
			p,
			'/v1/payment_intents'
		);
	}
}
