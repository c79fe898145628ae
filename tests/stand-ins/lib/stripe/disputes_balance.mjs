/**
 * Stripe stand-in: Disputes (BECS test account 666666660, and card disputes on demand through
 * POST /__control/stripe/dispute) and the balance.
 */
import { stripeId, unixNow, HttpAnswer } from '../util.mjs';

const DAY = 86400;

/** The reasons Stripe gives a dispute (https://docs.stripe.com/disputes/categories). */
export const DISPUTE_REASONS = [
	'bank_cannot_process',
	'check_returned',
	'credit_not_processed',
	'customer_initiated',
	'debit_not_authorized',
	'duplicate',
	'fraudulent',
	'general',
	'incorrect_account_details',
	'insufficient_funds',
	'product_not_received',
	'product_unacceptable',
	'subscription_canceled',
	'unrecognized',
];

export class DisputesBalance {
	/**
	 * A dispute on a succeeded charge: the amount and the dispute fee leave the balance at once.
	 * A BECS debit's dispute is final (lost) when it is raised; a card's waits for evidence.
	 *
	 * @param {Object} charge  Charge (succeeded).
	 * @param {Object} options reason, status.
	 * @return {Object} Dispute.
	 */
	newDispute( charge, options = {} ) {
		const becs =
			charge.payment_method_details &&
			charge.payment_method_details.type === 'au_becs_debit';
		const status = options.status || ( becs ? 'lost' : 'needs_response' );
		const created = unixNow();
		const dispute = {
			id: stripeId( 'dp' ),
			object: 'dispute',
			amount: charge.amount,
			balance_transactions: [],
			charge: charge.id,
			created,
			currency: charge.currency,
			enhanced_eligibility_types: [],
			evidence: { enhanced_evidence: {} },
			evidence_details: {
				// Card networks give about three weeks; Stripe asks for evidence a little sooner.
				due_by: status === 'needs_response' ? created + 14 * DAY : null,
				enhanced_eligibility: {},
				has_evidence: false,
				past_due: false,
				submission_count: 0,
				submission_method: 'not_submitted',
			},
			intended_submission_method: null,
			is_charge_refundable: false,
			livemode: charge.livemode,
			metadata: {},
			payment_intent: charge.payment_intent,
			// No payment_method_details: Stripe describes them for cards, Amazon Pay, Klarna and
			// PayPal only.
			reason:
				options.reason ||
				( becs ? 'debit_not_authorized' : 'fraudulent' ),
			status,
		};
		this.save( dispute );
		charge.disputed = true;
		this.emit( 'charge.dispute.created', dispute );
		this.disputeBalanceTransaction( dispute );
		this.emit( 'charge.dispute.funds_withdrawn', dispute );
		return dispute;
	}

	/**
	 * POST /__control/stripe/dispute: what a cardholder's bank and the card network do.
	 *
	 * action create (default; charge or payment_intent, reason?), submit_evidence (→ under_review),
	 * won (funds reinstated; the fee stays taken), lost, or accept (the charity gives in: lost).
	 *
	 * @param {Object} body {action?, charge?, payment_intent?, dispute?, reason?}
	 * @return {Object} {dispute, events}
	 */
	controlDispute( body = {} ) {
		const firstEvent = this.events.length;
		const action = body.action || 'create';
		let dispute;
		if ( action === 'create' ) {
			dispute = this.newDispute( this.disputableCharge( body ), {
				reason: this.disputeReason( body.reason ),
			} );
		} else {
			dispute = this.find( body.dispute, 'dispute' );
			if ( ! dispute ) {
				throw new HttpAnswer( 404, {
					error: `No such dispute: '${ body.dispute }'`,
				} );
			}
			this.moveDispute( dispute, action );
		}
		return {
			dispute: this.render( dispute ),
			events: this.events
				.slice( firstEvent )
				.map( ( event ) =>
					this.renderEvent( event, body.api_version || undefined )
				),
		};
	}

	disputableCharge( body ) {
		let charge = null;
		if ( body.charge ) {
			charge = this.find( body.charge, 'charge' );
		} else if ( body.payment_intent ) {
			const pi = this.find( body.payment_intent, 'payment_intent' );
			charge =
				pi && pi.latest_charge ? this.find( pi.latest_charge ) : null;
		}
		if ( ! charge ) {
			throw new HttpAnswer( 404, {
				error: 'charge or payment_intent must name a charge',
			} );
		}
		if ( charge.status !== 'succeeded' ) {
			throw new HttpAnswer( 400, {
				error: `Charge ${ charge.id } has not succeeded (status ${ charge.status }).`,
			} );
		}
		if ( charge.disputed ) {
			throw new HttpAnswer( 400, {
				error: `Charge ${ charge.id } is already disputed.`,
			} );
		}
		if ( charge.refunded ) {
			// A fully refunded charge cannot be disputed (Stripe's disputes FAQ).
			throw new HttpAnswer( 400, {
				error: `Charge ${ charge.id } has been refunded.`,
			} );
		}
		return charge;
	}

	disputeReason( reason ) {
		if ( reason === undefined || reason === null || reason === '' ) {
			return undefined;
		}
		if ( ! DISPUTE_REASONS.includes( reason ) ) {
			throw new HttpAnswer( 400, {
				error: `reason must be one of ${ DISPUTE_REASONS.join( ', ' ) }`,
			} );
		}
		return reason;
	}

	moveDispute( dispute, action ) {
		const open = [ 'needs_response', 'under_review' ];
		if ( ! open.includes( dispute.status ) ) {
			throw new HttpAnswer( 400, {
				error: `The dispute ${ dispute.id } is closed (${ dispute.status }).`,
			} );
		}
		const previous = { status: dispute.status };
		if ( action === 'submit_evidence' ) {
			dispute.status = 'under_review';
			dispute.evidence_details.has_evidence = true;
			dispute.evidence_details.submission_count += 1;
			dispute.evidence_details.submission_method = 'manual';
			this.emit( 'charge.dispute.updated', dispute, previous );
			return;
		}
		if ( action === 'won' ) {
			dispute.status = 'won';
			this.emit( 'charge.dispute.closed', dispute, previous );
			this.disputeBalanceTransaction( dispute, true );
			this.emit( 'charge.dispute.funds_reinstated', dispute );
			return;
		}
		if ( action === 'lost' || action === 'accept' ) {
			dispute.status = 'lost';
			this.emit( 'charge.dispute.closed', dispute, previous );
			return;
		}
		throw new HttpAnswer( 400, {
			error: 'action must be create, submit_evidence, won, lost or accept',
		} );
	}

	retrieveBalance( req ) {
		// The balance is what its transactions left: nets, available or still pending.
		const sums = { available: 0, pending: 0 };
		for ( const object of this.objects.values() ) {
			if ( object.object === 'balance_transaction' ) {
				sums[ object.status === 'pending' ? 'pending' : 'available' ] +=
					object.net;
			}
		}
		const available = sums.available;
		const pending = sums.pending;
		return this.render( {
			object: 'balance',
			available: [
				{
					amount: available,
					currency: 'aud',
					source_types: { card: available },
				},
			],
			connect_reserved: [ { amount: 0, currency: 'aud' } ],
			livemode: req.auth.livemode,
			pending: [
				{
					amount: pending,
					currency: 'aud',
					source_types: { card: pending },
				},
			],
		} );
	}
}
