/**
 * Stripe stand-in: Disputes (BECS test account 666666660) and the balance.
 */
import { stripeId, unixNow } from '../util.mjs';

export class DisputesBalance {
	newDispute( charge ) {
		const dispute = {
			id: stripeId( 'dp' ),
			object: 'dispute',
			amount: charge.amount,
			balance_transactions: [],
			charge: charge.id,
			created: unixNow(),
			currency: charge.currency,
			enhanced_eligibility_types: [],
			evidence: { enhanced_evidence: {} },
			evidence_details: {
				due_by: null,
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
			reason: 'debit_not_authorized',
			status: 'lost',
		};
		this.save( dispute );
		charge.disputed = true;
		this.emit( 'charge.dispute.created', dispute );
		return dispute;
	}

	retrieveBalance( req ) {
		let available = 0;
		for ( const object of this.objects.values() ) {
			if ( object.object === 'charge' && object.status === 'succeeded' ) {
				available += object.amount - object.amount_refunded;
			}
		}
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
				{ amount: 0, currency: 'aud', source_types: { card: 0 } },
			],
		} );
	}
}
