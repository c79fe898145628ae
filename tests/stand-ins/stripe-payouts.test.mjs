/**
 * The Stripe stand-in's payouts: the available balance paid out in one payout that lists its
 * transactions, its own balance transaction, its events, and the list and retrieve calls.
 * Run: node --test tests/stand-ins/
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { standInsForTests } from './stripe-harness.mjs';

const harness = standInsForTests();
const { stripe, control } = harness;

/**
 * A balance transaction as a charge made elsewhere on the account leaves it.
 *
 * @param {number} amount      Cents.
 * @param {number} fee         Cents.
 * @param {number} availableOn Unix time.
 * @return {Object} The stored transaction.
 */
function foreignTransaction( amount, fee, availableOn ) {
	const now = Math.floor( Date.now() / 1000 );
	return harness.standIns.providers.stripe.save( {
		id: `txn_test${ Math.random().toString( 36 ).slice( 2, 12 ) }`,
		object: 'balance_transaction',
		amount,
		available_on: availableOn,
		balance_type: 'payments',
		created: now,
		currency: 'aud',
		description: 'Elsewhere',
		exchange_rate: null,
		fee,
		fee_details: [],
		net: amount - fee,
		reporting_category: 'charge',
		source: null,
		status: 'available',
		type: 'charge',
	} );
}

describe( 'Stripe payouts', () => {
	test( 'a payout takes the available balance, once, with its own balance transaction and events', async () => {
		const now = Math.floor( Date.now() / 1000 );
		const first = foreignTransaction( 10000, 200, now - 10 );
		const second = foreignTransaction( 5000, 115, now - 10 );
		const later = foreignTransaction( 2000, 64, now + 3 * 86400 );

		const made = await control( 'stripe/payout', { status: 'paid' } );

		assert.equal( made.status, 200, JSON.stringify( made.body ) );
		const payout = made.body.payout;
		assert.match( payout.id, /^po_/ );
		assert.equal( payout.object, 'payout' );
		assert.equal( payout.amount, 9800 + 4885 );
		assert.equal( payout.status, 'paid' );
		assert.deepEqual(
			made.body.events.map( ( event ) => event.type ),
			[ 'payout.created', 'payout.updated', 'payout.paid' ]
		);
		const taken = made.body.transactions.map( ( txn ) => txn.id );
		assert.ok( taken.includes( first.id ) && taken.includes( second.id ) );
		assert.ok( ! taken.includes( later.id ), 'Not yet available.' );
		const own = made.body.transactions.find(
			( txn ) => txn.type === 'payout'
		);
		assert.equal( own.id, payout.balance_transaction );
		assert.equal( own.amount, -payout.amount );
		assert.equal( own.source, payout.id );

		const listed = await stripe( 'GET', '/v1/payouts', { limit: 10 } );
		assert.equal( listed.status, 200 );
		assert.deepEqual(
			listed.body.data.map( ( item ) => item.id ),
			[ payout.id ]
		);
		const again = await stripe( 'GET', `/v1/payouts/${ payout.id }` );
		assert.equal( again.body.amount, payout.amount );

		// Nothing is available twice: the next payout waits for the later money.
		const none = await control( 'stripe/payout', {} );
		assert.equal( none.status, 400 );
		const next = await control( 'stripe/payout', { at: now + 4 * 86400 } );
		assert.equal( next.body.payout.amount, 1936 );
	} );

	test( 'a failed payout returns its money to the balance, and a deposit can be made not to add up', async () => {
		const now = Math.floor( Date.now() / 1000 );
		foreignTransaction( 3000, 81, now - 10 );

		const made = await control( 'stripe/payout', {} );
		assert.equal( made.body.payout.status, 'pending' );
		const failed = await control( 'stripe/payout', {
			payout: made.body.payout.id,
			status: 'failed',
		} );
		assert.equal( failed.body.payout.status, 'failed' );
		assert.equal( failed.body.payout.failure_code, 'account_closed' );
		assert.deepEqual(
			failed.body.events.map( ( event ) => event.type ),
			[ 'payout.updated', 'payout.failed' ]
		);

		const retried = await control( 'stripe/payout', {
			amount_adjustment: -5,
		} );
		assert.equal( retried.body.payout.amount, 2919 - 5 );
		assert.deepEqual(
			retried.body.transactions.map( ( txn ) => txn.type ).sort(),
			[ 'payout', 'payout_failure' ]
		);
		const refused = await control( 'stripe/payout', {
			payout: made.body.payout.id,
			status: 'paid',
		} );
		assert.equal( refused.status, 400 );
	} );

	test( 'available_now pays out money still pending, moving its available_on to the payout', async () => {
		const now = Math.floor( Date.now() / 1000 );
		const pending = foreignTransaction( 5250, 119, now + 2 * 86400 );
		pending.status = 'pending';

		const early = await control( 'stripe/payout', { status: 'paid' } );
		assert.equal( early.status, 400, 'Nothing is available yet.' );
		assert.match( early.body.error, /nothing to pay out/ );
		const odd = await control( 'stripe/payout', { available_now: 'yes' } );
		assert.equal( odd.status, 400 );

		const made = await control( 'stripe/payout', {
			available_now: true,
			status: 'paid',
		} );

		assert.equal( made.status, 200, JSON.stringify( made.body ) );
		assert.equal( made.body.payout.amount, 5250 - 119 );
		assert.equal( made.body.payout.status, 'paid' );
		assert.ok(
			made.body.payout.created <= now + 5,
			'Made now, not in two days.'
		);
		const taken = made.body.transactions.find(
			( txn ) => txn.id === pending.id
		);
		assert.ok( taken, 'The pending money is in the payout.' );
		assert.ok( taken.available_on <= made.body.payout.created );
		assert.equal( taken.status, 'available' );
		const listed = await stripe( 'GET', '/v1/balance_transactions', {
			payout: made.body.payout.id,
		} );
		assert.ok( listed.body.data.some( ( txn ) => txn.id === pending.id ) );
		const balance = await stripe( 'GET', '/v1/balance' );
		assert.equal( balance.body.pending[ 0 ].amount, 0 );
		const again = await control( 'stripe/payout', { available_now: true } );
		assert.equal( again.status, 400, 'Nothing is paid out twice.' );
	} );

	test( 'a payouts list is filtered by status', async () => {
		const now = Math.floor( Date.now() / 1000 );
		foreignTransaction( 3000, 81, now - 10 );
		const made = await control( 'stripe/payout', { status: 'paid' } );
		const pending = await stripe( 'GET', '/v1/payouts', {
			status: 'pending',
		} );
		assert.deepEqual( pending.body.data, [] );
		const paid = await stripe( 'GET', '/v1/payouts', {
			status: 'paid',
			created: { gte: now - 60 },
		} );
		assert.deepEqual(
			paid.body.data.map( ( item ) => item.id ),
			[ made.body.payout.id ]
		);
	} );
} );
