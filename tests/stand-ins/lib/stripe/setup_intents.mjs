/**
 * Stripe stand-in: SetupIntents: create, retrieve, confirm, cancel.
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
import { docUrl, invalid, hide } from './helpers.mjs';

export class SetupIntents {
	createSetupIntent( req ) {
		const p = req.params;
		const customer = p.customer
			? this.mustFind( p.customer, 'customer', 'customer' ).id
			: null;
		let instrument = null;
		if ( p.payment_method ) {
			instrument = this.resolvePaymentMethod(
				p.payment_method,
				'payment_method',
				req.auth
			);
			this.checkUsable( instrument, customer );
		}
		const allowedTypes = this.methodTypesParam(
			p,
			'POST /v1/setup_intents'
		);
		const setupTypes = allowedTypes || [ 'card' ];
		let mandatePlan = null;
		if ( instrument ) {
			this.checkMethodType( instrument, setupTypes, null, 'SetupIntent' );
			if ( isTrue( p.confirm ) && this.isBecs( instrument ) ) {
				mandatePlan = this.becsMandatePlan(
					p,
					instrument,
					customer,
					'SetupIntent',
					req
				);
			}
		}
		const id = stripeId( 'seti' );
		const si = {
			id,
			object: 'setup_intent',
			// 2026-10-28.endive only (2024-06-20 has payment_method_types alone).
			allowed_payment_method_types: allowedTypes,
			application: null,
			automatic_payment_methods: p.automatic_payment_methods
				? {
						allow_redirects:
							p.automatic_payment_methods.allow_redirects ||
							'always',
						enabled: isTrue( p.automatic_payment_methods.enabled ),
					}
				: null,
			cancellation_reason: null,
			client_secret: `${ id }_secret_${ randomString( 25 ) }`,
			created: unixNow(),
			customer,
			description: p.description || null,
			flow_directions: null,
			last_setup_error: null,
			latest_attempt: null,
			livemode: req.auth.livemode,
			mandate: null,
			metadata: this.metadataParam( p.metadata ),
			next_action: null,
			on_behalf_of: null,
			payment_method: instrument ? instrument.id : null,
			payment_method_options: this.methodOptions( setupTypes, true ),
			payment_method_types: setupTypes,
			single_use_mandate: null,
			status: instrument
				? 'requires_confirmation'
				: 'requires_payment_method',
			usage: p.usage || 'off_session',
		};
		hide( si, '__mandatePlan', mandatePlan );
		this.save( si );
		this.emit( 'setup_intent.created', si );
		if ( isTrue( p.confirm ) ) {
			if ( ! instrument ) {
				invalid(
					"You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again.",
					{ code: 'setup_intent_unexpected_state' }
				);
			}
			const outcome = this.attemptSetup( si, req );
			if ( ! outcome.ok ) {
				throw new HttpAnswer( 402, outcome.error );
			}
		}
		return this.render( si, p.expand );
	}

	attemptSetup( si, req, { authenticated = false } = {} ) {
		const instrument = this.objects.get( si.payment_method );
		if ( this.isBecs( instrument ) ) {
			return this.attemptBecsSetup( si, instrument );
		}
		const state = this.cardState( instrument.id );
		const forced =
			req && req.ctx.take( [ 'card_declined', 'requires_action' ] );
		si.latest_attempt = stripeId( 'setatt' );
		let decline = null;
		if ( forced && forced.scenario === 'card_declined' ) {
			decline =
				DECLINES[ forced.decline_code ] || DECLINES.generic_decline;
		} else if (
			! authenticated &&
			( ( forced && forced.scenario === 'requires_action' ) ||
				state.behaviour === '3ds_always' ||
				state.behaviour === '3ds_unless_setup' )
		) {
			si.status = 'requires_action';
			si.next_action = this.nextAction( si );
			return { ok: true };
		} else if (
			state.behaviour.startsWith( 'decline:' ) &&
			state.behaviour !== 'decline:insufficient_funds'
		) {
			decline = DECLINES[ state.behaviour.slice( 8 ) ];
		}
		si.next_action = null;
		if ( decline ) {
			si.status = 'requires_payment_method';
			si.last_setup_error = {
				code: decline.code,
				decline_code: decline.decline_code,
				doc_url: docUrl( decline.code ),
				message: decline.message,
				payment_method: clone( instrument ),
				type: 'card_error',
			};
			si.payment_method = null;
			this.emit( 'setup_intent.setup_failed', si );
			return {
				ok: false,
				error: this.cardErrorBody( decline, {
					intent: si,
					instrument,
				} ),
			};
		}
		si.status = 'succeeded';
		si.last_setup_error = null;
		state.setupDone = true;
		if ( si.customer && instrument.object === 'payment_method' ) {
			const customer = this.find( si.customer, 'customer' );
			if ( customer && ! instrument.customer ) {
				instrument.customer = customer.id;
				this.emit( 'payment_method.attached', instrument );
			}
		}
		this.emit( 'setup_intent.succeeded', si );
		return { ok: true };
	}

	retrieveSetupIntent( req, id ) {
		const si = this.mustFind( id, 'setup_intent' );
		this.checkClientSecret( si, req.params, req.auth.publishable );
		return this.publicView(
			this.render( si, req.auth.publishable ? [] : req.params.expand ),
			req.auth.publishable
		);
	}

	confirmSetupIntent( req, id ) {
		const si = this.mustFind( id, 'setup_intent' );
		const p = req.params;
		const pk = req.auth.publishable;
		this.checkClientSecret( si, p, pk );
		if ( [ 'succeeded', 'canceled' ].includes( si.status ) ) {
			invalid(
				`You cannot confirm this SetupIntent because it has a status of ${ si.status }.`,
				{ code: 'setup_intent_unexpected_state' }
			);
		}
		const view = () =>
			this.publicView( this.render( si, pk ? [] : p.expand ), pk );
		if ( si.status === 'requires_action' && p.stand_in_3ds ) {
			this.finishChallenge( si, req );
			return view();
		}
		const chosen = this.confirmingInstrument(
			si,
			req,
			'POST /v1/setup_intents/:id/confirm',
			"You cannot confirm this SetupIntent because it's missing a payment method. Update the SetupIntent with a payment method and then confirm it again."
		);
		this.checkMethodType(
			chosen,
			si.payment_method_types,
			null,
			'SetupIntent'
		);
		if ( this.isBecs( chosen ) ) {
			hide(
				si,
				'__mandatePlan',
				this.becsMandatePlan(
					p,
					chosen,
					si.customer,
					'SetupIntent',
					req
				)
			);
		}
		const outcome = this.attemptSetup( si, req );
		if ( ! outcome.ok ) {
			if ( pk ) {
				outcome.error.error.setup_intent = this.publicView(
					outcome.error.error.setup_intent,
					true
				);
			}
			throw new HttpAnswer( 402, outcome.error );
		}
		return view();
	}

	cancelSetupIntent( req, id ) {
		const si = this.mustFind( id, 'setup_intent' );
		if ( [ 'succeeded', 'canceled' ].includes( si.status ) ) {
			invalid(
				`You cannot cancel this SetupIntent because it has a status of ${ si.status }.`,
				{ code: 'setup_intent_unexpected_state' }
			);
		}
		si.status = 'canceled';
		si.cancellation_reason = req.params.cancellation_reason || null;
		si.next_action = null;
		this.emit( 'setup_intent.canceled', si );
		return this.render( si, req.params.expand );
	}
}
