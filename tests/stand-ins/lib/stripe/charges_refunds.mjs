/**
 * Stripe stand-in: Legacy charges (source=tok_...) and refunds.
 */
import { stripeId, unixNow, clone, HttpAnswer } from '../util.mjs';
import { invalid } from './helpers.mjs';

export class ChargesRefunds {
	createCharge( req ) {
		const p = req.params;
		const amount = this.intParam( p.amount, 'amount', { required: true } );
		const currency = this.currencyParam( p.currency );
		this.minimumAmount( amount, currency );
		let customer = null;
		if ( p.customer ) {
			customer = this.mustFind( p.customer, 'customer', 'customer' );
		}
		let instrument;
		if ( p.source ) {
			const source = String( p.source );
			if ( source.startsWith( 'tok_' ) ) {
				if ( customer ) {
					invalid(
						'Customer ' +
							customer.id +
							' does not have a linked source with ID ' +
							source +
							'.',
						{ param: 'source', code: 'missing' }
					);
				}
				const token = this.useToken( source, 'source' );
				instrument = clone( token.card );
				this.cards.set( instrument.id, {
					...this.cards.get( token.id ),
				} );
			} else {
				instrument = this.find( source, 'card' );
				if ( ! instrument ) {
					invalid( `No such source: '${ source }'`, {
						param: 'source',
						code: 'resource_missing',
					} );
				}
				if ( customer && instrument.customer !== customer.id ) {
					invalid(
						`Customer ${ customer.id } does not have a linked source with ID ${ source }.`,
						{ param: 'source', code: 'missing' }
					);
				}
				if ( ! customer && instrument.customer ) {
					invalid(
						`Cannot charge a customer's card (${ source }) without also specifying the customer.`,
						{ param: 'source' }
					);
				}
			}
		} else if ( customer ) {
			if ( ! customer.default_source ) {
				invalid( 'Cannot charge a customer that has no active card', {
					param: 'card',
					code: 'missing',
				} );
			}
			instrument = this.find( customer.default_source, 'card' );
		} else {
			invalid( 'Must provide source or customer.', {
				code: 'parameter_missing',
			} );
		}
		const state = this.cardState( instrument.id );
		const forced = req.ctx.take( [ 'card_declined' ] );
		const decision = this.decide( state, {
			offSession: true,
			forced,
		} );
		const decline = decision.result === 'succeed' ? null : decision.decline;
		const charge = this.newCharge( {
			amount,
			currency,
			customer: customer ? customer.id : null,
			instrument,
			decline,
			description: p.description || null,
			metadata: this.metadataParam( p.metadata ),
			receiptEmail: p.receipt_email || null,
			livemode: req.auth.livemode,
		} );
		if ( decline ) {
			throw new HttpAnswer(
				402,
				this.cardErrorBody( decline, { charge } )
			);
		}
		return this.render( charge, p.expand );
	}

	listCharges( req ) {
		const p = req.params;
		return this.list(
			'charge',
			( charge ) =>
				( ! p.customer || charge.customer === p.customer ) &&
				( ! p.payment_intent ||
					charge.payment_intent === p.payment_intent ),
			p,
			'/v1/charges'
		);
	}

	createRefund( req ) {
		const p = req.params;
		let charge;
		if ( p.charge ) {
			charge = this.mustFind( p.charge, 'charge', 'charge' );
		} else if ( p.payment_intent ) {
			const pi = this.mustFind(
				p.payment_intent,
				'payment_intent',
				'payment_intent'
			);
			if ( pi.status !== 'succeeded' || ! pi.latest_charge ) {
				invalid(
					`This PaymentIntent (${ pi.id }) does not have a successful charge to refund.`,
					{ param: 'payment_intent', code: 'charge_not_refundable' }
				);
			}
			charge = this.find( pi.latest_charge, 'charge' );
		} else {
			invalid(
				'One of the following params should be provided for this request: payment_intent or charge.',
				{
					code: 'parameter_missing',
				}
			);
		}
		if ( charge.status !== 'succeeded' ) {
			invalid( `Charge ${ charge.id } has not been captured.`, {
				code: 'charge_not_refundable',
			} );
		}
		const remaining = charge.amount - charge.amount_refunded;
		if ( remaining <= 0 ) {
			invalid( `Charge ${ charge.id } has already been refunded.`, {
				code: 'charge_already_refunded',
			} );
		}
		const amount =
			this.intParam( p.amount, 'amount', { min: 1 } ) ?? remaining;
		if ( amount > remaining ) {
			invalid(
				`Refund amount ($${ ( amount / 100 ).toFixed(
					2
				) }) is greater than unrefunded amount on charge ($${ (
					remaining / 100
				).toFixed( 2 ) })`,
				{ param: 'amount', code: 'amount_too_large' }
			);
		}
		const refund = {
			id: stripeId( 're' ),
			object: 'refund',
			amount,
			balance_transaction: null,
			charge: charge.id,
			created: unixNow(),
			currency: charge.currency,
			destination_details: { card: { type: 'refund' }, type: 'card' },
			metadata: this.metadataParam( p.metadata ),
			payment_intent: charge.payment_intent,
			reason: p.reason || null,
			receipt_number: null,
			source_transfer_reversal: null,
			status: 'succeeded',
			transfer_reversal: null,
		};
		refund.balance_transaction = this.refundBalanceTransaction( refund ).id;
		this.save( refund );
		charge.amount_refunded += amount;
		charge.refunded = charge.amount_refunded >= charge.amount;
		charge.refunds.data.unshift( clone( refund ) );
		charge.refunds.total_count += 1;
		this.emit( 'charge.refunded', charge );
		this.emit( 'refund.created', refund );
		return this.render( refund, p.expand );
	}

	/**
	 * A refund's later news, as the bank reports it (POST /__control/stripe/advance with
	 * {refund, action}): 'fail' (the card was closed: the money goes back to the balance and the
	 * charge counts it unrefunded), 'succeed' (a pending refund went through). Emits
	 * charge.refund.updated and refund.updated (or refund.failed), as Stripe does.
	 *
	 * @param {string} id     The re_… id.
	 * @param {string} action fail or succeed.
	 * @return {Object} The refund.
	 */
	advanceRefund( id, action ) {
		const refund = this.find( id, 'refund' );
		if ( ! refund ) {
			throw new HttpAnswer( 404, { error: `No such refund: '${ id }'` } );
		}
		if ( ! [ 'fail', 'succeed' ].includes( action ) ) {
			throw new HttpAnswer( 400, {
				error: 'action must be fail or succeed for a refund',
			} );
		}
		const previous = { status: refund.status };
		const charge = this.find( refund.charge, 'charge' );
		if ( action === 'fail' && refund.status !== 'failed' ) {
			refund.status = 'failed';
			refund.failure_reason = 'expired_or_canceled_card';
			if ( charge ) {
				charge.amount_refunded -= refund.amount;
				charge.refunded = false;
			}
		} else if ( action === 'succeed' ) {
			refund.status = 'succeeded';
		}
		if ( charge ) {
			const index = charge.refunds.data.findIndex(
				( item ) => item.id === refund.id
			);
			if ( index >= 0 ) {
				charge.refunds.data[ index ] = clone( refund );
			}
		}
		this.emit( 'charge.refund.updated', refund, previous );
		this.emit(
			refund.status === 'failed' ? 'refund.failed' : 'refund.updated',
			refund,
			previous
		);
		return refund;
	}

	listRefunds( req ) {
		const p = req.params;
		return this.list(
			'refund',
			( refund ) =>
				( ! p.charge || refund.charge === p.charge ) &&
				( ! p.payment_intent ||
					refund.payment_intent === p.payment_intent ),
			p,
			'/v1/refunds'
		);
	}
}
