/**
 * The Stripe stand-in's balance transactions and disputes: the fee Stripe Australia takes on
 * each payment, a refund's and a dispute's transactions, the list and its filters, and the
 * dispute control endpoint with the events a dispute makes.
 * Run: node --test tests/stand-ins/
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { standInsForTests } from './stripe-harness.mjs';

const harness = standInsForTests();
const { stripe, control } = harness;

/**
 * A confirmed card payment, with its charge and the charge's balance transaction expanded.
 *
 * @param {number} amount        Cents.
 * @param {string} paymentMethod Test PaymentMethod.
 * @return {Promise<Object>} PaymentIntent.
 */
async function paid( amount, paymentMethod ) {
	const answer = await stripe( 'POST', '/v1/payment_intents', {
		amount,
		currency: 'aud',
		payment_method: paymentMethod,
		confirm: 'true',
		expand: [ 'latest_charge.balance_transaction' ],
	} );
	assert.equal( answer.status, 200, JSON.stringify( answer.body ) );
	assert.equal( answer.body.status, 'succeeded' );
	return answer.body;
}

describe( 'Stripe balance transactions', () => {
	test( 'a domestic card payment pays 1.7% + 30c, an international one 3.5% + 30c', async () => {
		const domestic = await paid( 5000, 'pm_card_au' );
		const txn = domestic.latest_charge.balance_transaction;
		assert.match( txn.id, /^txn_/ );
		assert.equal( txn.object, 'balance_transaction' );
		assert.equal( txn.type, 'charge' );
		assert.equal( txn.reporting_category, 'charge' );
		assert.equal( txn.source, domestic.latest_charge.id );
		assert.equal( txn.amount, 5000 );
		assert.equal( txn.fee, 115 );
		assert.equal( txn.net, 4885 );
		assert.deepEqual( txn.fee_details, [
			{
				amount: 115,
				application: null,
				currency: 'aud',
				description: 'Stripe processing fees',
				type: 'stripe_fee',
			},
		] );
		assert.equal( txn.status, 'pending' );
		assert.equal( txn.available_on, txn.created + 2 * 86400 );

		const international = await paid( 5000, 'pm_card_visa' );
		assert.equal(
			international.latest_charge.balance_transaction.fee,
			205
		);
		assert.equal(
			international.latest_charge.balance_transaction.net,
			4795
		);

		const again = await stripe(
			'GET',
			`/v1/balance_transactions/${ txn.id }`
		);
		assert.equal( again.status, 200 );
		assert.deepEqual( again.body, txn );
		const missing = await stripe(
			'GET',
			'/v1/balance_transactions/txn_nope'
		);
		assert.equal( missing.status, 404 );
		assert.equal( missing.body.error.code, 'resource_missing' );
	} );

	test( 'a declined charge has no balance transaction', async () => {
		const declined = await stripe( 'POST', '/v1/payment_intents', {
			amount: 1200,
			currency: 'aud',
			payment_method: 'pm_card_chargeDeclined',
			confirm: 'true',
		} );
		assert.equal( declined.status, 402 );
		const charges = await stripe( 'GET', '/v1/charges' );
		assert.equal( charges.body.data[ 0 ].balance_transaction, null );
		const list = await stripe( 'GET', '/v1/balance_transactions' );
		assert.deepEqual( list.body.data, [] );
	} );

	test( 'a BECS debit gets its transaction when it settles: 1% + 30c, capped at $3.50', async () => {
		const debit = async ( amount ) => {
			const pm = await stripe( 'POST', '/v1/payment_methods', {
				type: 'au_becs_debit',
				au_becs_debit: {
					bsb_number: '000000',
					account_number: '000123456',
				},
				billing_details: { name: 'A Donor', email: 'a@example.org' },
			} );
			const pi = await stripe( 'POST', '/v1/payment_intents', {
				amount,
				currency: 'aud',
				payment_method: pm.body.id,
				allowed_payment_method_types: [ 'au_becs_debit' ],
				confirm: 'true',
				mandate_data: {
					customer_acceptance: {
						type: 'offline',
					},
				},
			} );
			assert.equal( pi.status, 200, JSON.stringify( pi.body ) );
			assert.equal( pi.body.status, 'processing' );
			return pi.body;
		};
		const small = await debit( 5000 );
		await debit( 100000 );
		const pending = await stripe(
			'GET',
			`/v1/charges/${ small.latest_charge }`
		);
		assert.equal( pending.body.balance_transaction, null );
		const settled = await control( 'stripe/becs/settle', {} );
		assert.equal( settled.status, 200 );
		const succeeded = settled.body.events.filter(
			( event ) => event.type === 'charge.succeeded'
		);
		assert.equal( succeeded.length, 2 );
		const fees = {};
		for ( const event of succeeded ) {
			const txn = await stripe(
				'GET',
				`/v1/balance_transactions/${ event.data.object.balance_transaction }`
			);
			fees[ event.data.object.amount ] = txn.body.fee;
		}
		assert.deepEqual( fees, { 5000: 80, 100000: 350 } );
	} );

	test( 'a refund takes the refunded amount back and no fee; the list filters by type and source', async () => {
		const pi = await paid( 10000, 'pm_card_au' );
		const refund = await stripe( 'POST', '/v1/refunds', {
			payment_intent: pi.id,
			amount: 2500,
			expand: [ 'balance_transaction' ],
		} );
		assert.equal( refund.status, 200 );
		const txn = refund.body.balance_transaction;
		assert.equal( txn.type, 'refund' );
		assert.equal( txn.reporting_category, 'refund' );
		assert.equal( txn.amount, -2500 );
		assert.equal( txn.fee, 0 );
		assert.equal( txn.net, -2500 );
		assert.equal( txn.source, refund.body.id );

		const refunds = await stripe( 'GET', '/v1/balance_transactions', {
			type: 'refund',
		} );
		assert.deepEqual(
			refunds.body.data.map( ( item ) => item.id ),
			[ txn.id ]
		);
		const ofCharge = await stripe( 'GET', '/v1/balance_transactions', {
			source: pi.latest_charge.id,
		} );
		assert.deepEqual(
			ofCharge.body.data.map( ( item ) => item.type ),
			[ 'charge' ]
		);
		const balance = await stripe( 'GET', '/v1/balance' );
		assert.equal( balance.body.pending[ 0 ].amount, 10000 - 200 );
		assert.equal( balance.body.available[ 0 ].amount, -2500 );
	} );

	test( 'the list pages newest first, and a payout filter names a payout that exists', async () => {
		for ( const amount of [ 1000, 2000, 3000 ] ) {
			await paid( amount, 'pm_card_au' );
		}
		const first = await stripe( 'GET', '/v1/balance_transactions', {
			limit: 2,
		} );
		assert.deepEqual(
			first.body.data.map( ( item ) => item.amount ),
			[ 3000, 2000 ]
		);
		assert.equal( first.body.has_more, true );
		assert.equal( first.body.url, '/v1/balance_transactions' );
		const next = await stripe( 'GET', '/v1/balance_transactions', {
			limit: 2,
			starting_after: first.body.data[ 1 ].id,
		} );
		assert.deepEqual(
			next.body.data.map( ( item ) => item.amount ),
			[ 1000 ]
		);
		assert.equal( next.body.has_more, false );
		const unknown = await stripe( 'GET', '/v1/balance_transactions', {
			payout: 'po_nope',
		} );
		assert.equal( unknown.status, 400 );
		assert.equal( unknown.body.error.param, 'payout' );
		const refused = await stripe( 'GET', '/v1/balance_transactions', {
			colour: 'blue',
		} );
		assert.equal( refused.status, 400 );
	} );
} );

describe( 'Stripe disputes', () => {
	test( 'a card dispute withdraws the amount and the A$25 fee; won, the amount comes back but not the fee', async () => {
		const pi = await paid( 5000, 'pm_card_au' );
		const opened = await control( 'stripe/dispute', {
			payment_intent: pi.id,
			reason: 'fraudulent',
		} );
		assert.equal( opened.status, 200, JSON.stringify( opened.body ) );
		const dispute = opened.body.dispute;
		assert.match( dispute.id, /^dp_/ );
		assert.equal( dispute.status, 'needs_response' );
		assert.equal( dispute.reason, 'fraudulent' );
		assert.equal( dispute.amount, 5000 );
		assert.equal( dispute.charge, pi.latest_charge.id );
		assert.ok( dispute.evidence_details.due_by > dispute.created );
		assert.deepEqual(
			opened.body.events.map( ( event ) => event.type ),
			[ 'charge.dispute.created', 'charge.dispute.funds_withdrawn' ]
		);
		const [ withdrawal ] = dispute.balance_transactions;
		assert.equal( withdrawal.type, 'adjustment' );
		assert.equal( withdrawal.reporting_category, 'dispute' );
		assert.equal( withdrawal.amount, -5000 );
		assert.equal( withdrawal.fee, 2500 );
		assert.equal( withdrawal.net, -7500 );
		assert.equal( withdrawal.source, dispute.id );
		assert.equal( withdrawal.fee_details[ 0 ].description, 'Dispute fee' );

		const charge = await stripe(
			'GET',
			`/v1/charges/${ pi.latest_charge.id }`
		);
		assert.equal( charge.body.disputed, true );
		const twice = await control( 'stripe/dispute', {
			charge: pi.latest_charge.id,
		} );
		assert.equal( twice.status, 400 );

		const reviewed = await control( 'stripe/dispute', {
			dispute: dispute.id,
			action: 'submit_evidence',
		} );
		assert.equal( reviewed.body.dispute.status, 'under_review' );
		assert.deepEqual(
			reviewed.body.events.map( ( event ) => event.type ),
			[ 'charge.dispute.updated' ]
		);
		const won = await control( 'stripe/dispute', {
			dispute: dispute.id,
			action: 'won',
		} );
		assert.equal( won.body.dispute.status, 'won' );
		assert.deepEqual(
			won.body.events.map( ( event ) => event.type ),
			[ 'charge.dispute.closed', 'charge.dispute.funds_reinstated' ]
		);
		const reinstated = won.body.dispute.balance_transactions[ 1 ];
		assert.equal( reinstated.amount, 5000 );
		assert.equal( reinstated.fee, 0 );
		assert.equal( reinstated.reporting_category, 'dispute_reversal' );
		const closedAgain = await control( 'stripe/dispute', {
			dispute: dispute.id,
			action: 'lost',
		} );
		assert.equal( closedAgain.status, 400 );

		const retrieved = await stripe( 'GET', `/v1/disputes/${ dispute.id }` );
		assert.equal( retrieved.body.status, 'won' );
		const adjustments = await stripe( 'GET', '/v1/balance_transactions', {
			type: 'adjustment',
		} );
		assert.equal( adjustments.body.data.length, 2 );
	} );

	test( 'a lost dispute closes; an unknown reason, a failed charge and a refunded one are refused', async () => {
		const pi = await paid( 3000, 'pm_card_au' );
		const opened = await control( 'stripe/dispute', {
			charge: pi.latest_charge.id,
		} );
		const lost = await control( 'stripe/dispute', {
			dispute: opened.body.dispute.id,
			action: 'accept',
		} );
		assert.equal( lost.body.dispute.status, 'lost' );
		assert.deepEqual(
			lost.body.events.map( ( event ) => event.type ),
			[ 'charge.dispute.closed' ]
		);

		const other = await paid( 3000, 'pm_card_au' );
		const badReason = await control( 'stripe/dispute', {
			charge: other.latest_charge.id,
			reason: 'grumpy',
		} );
		assert.equal( badReason.status, 400 );
		await stripe( 'POST', '/v1/refunds', { payment_intent: other.id } );
		const refunded = await control( 'stripe/dispute', {
			charge: other.latest_charge.id,
		} );
		assert.equal( refunded.status, 400 );

		await stripe( 'POST', '/v1/payment_intents', {
			amount: 1200,
			currency: 'aud',
			payment_method: 'pm_card_chargeDeclined',
			confirm: 'true',
		} );
		const charges = await stripe( 'GET', '/v1/charges' );
		const failed = await control( 'stripe/dispute', {
			charge: charges.body.data[ 0 ].id,
		} );
		assert.equal( failed.status, 400 );
		const nothing = await control( 'stripe/dispute', {} );
		assert.equal( nothing.status, 404 );
	} );
} );
