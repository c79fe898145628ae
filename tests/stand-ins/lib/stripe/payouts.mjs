/**
 * Stripe stand-in: Payouts (bank deposits) and the balance transactions each one is made of.
 *
 * A payout takes every available balance transaction that no payout has taken yet (Stripe's
 * automatic payouts: all of the available balance), records which payout took it (the
 * `payout` filter of GET /v1/balance_transactions reads it) and gets its own balance
 * transaction (type payout, −amount). POST /__control/stripe/payout makes one on demand.
 */
import { stripeId, unixNow, HttpAnswer } from '../util.mjs';
import { hide } from './helpers.mjs';

/** Seconds in a day: a payout arrives the next business day (one day here). */
const DAY = 86400;

/** The statuses a payout can be moved to by the control endpoint, and the event each sends. */
const OUTCOMES = {
	paid: 'payout.paid',
	failed: 'payout.failed',
	canceled: 'payout.canceled',
};

/**
 * Which payout took a balance transaction (hidden: Stripe's object has no such field; the
 * list filter `payout` answers from it).
 *
 * @param {Object} txn Balance transaction.
 * @return {string|null} po_… id.
 */
export function payoutOf( txn ) {
	return txn.__payout || null;
}

/**
 * Whether a value matches a Stripe range parameter (an integer, or {gt, gte, lt, lte}).
 *
 * @param {number} value Unix time.
 * @param {*}      range Parameter.
 * @return {boolean} Match.
 */
function inRange( value, range ) {
	if ( range === undefined || range === null || range === '' ) {
		return true;
	}
	if ( typeof range !== 'object' ) {
		return value === Number( range );
	}
	const checks = {
		gt: ( bound ) => value > bound,
		gte: ( bound ) => value >= bound,
		lt: ( bound ) => value < bound,
		lte: ( bound ) => value <= bound,
	};
	return Object.entries( range ).every(
		( [ key, bound ] ) =>
			! checks[ key ] || checks[ key ]( Number( bound ) )
	);
}

export class Payouts {
	listPayouts( req ) {
		const params = req.params;
		return this.list(
			'payout',
			( payout ) =>
				( ! params.status || payout.status === params.status ) &&
				inRange( payout.created, params.created ) &&
				inRange( payout.arrival_date, params.arrival_date ),
			params,
			'/v1/payouts'
		);
	}

	/**
	 * POST /__control/stripe/payout: pays out the available balance.
	 *
	 * @param {Object} body {at?, available_now?, amount_adjustment?, status?, payout?}
	 *                      at (unix time, default now): when the payout is made, so a test
	 *                      can take money that becomes available days after the charge;
	 *                      available_now (true): the pending balance becomes available at
	 *                      `at` first (its available_on moved there), so a payout made now
	 *                      takes money taken minutes ago, as the demo's "Simulate a payout"
	 *                      needs (Stripe's own test mode waits out the payout schedule);
	 *                      amount_adjustment (cents) makes a deposit that differs from its
	 *                      transactions, as a broken books test needs; status: pending (the
	 *                      default), paid, failed or canceled; payout + status moves an
	 *                      existing payout instead.
	 * @return {Object} {payout, transactions, events}
	 */
	payOut( body = {} ) {
		const firstEvent = this.events.length;
		const answer = ( payout, transactions ) => ( {
			payout: this.render( payout ),
			transactions: transactions.map( ( txn ) => this.render( txn ) ),
			events: this.events
				.slice( firstEvent )
				.map( ( event ) =>
					this.renderEvent( event, body.api_version || undefined )
				),
		} );
		if ( body.payout ) {
			const payout = this.find( body.payout, 'payout' );
			if ( ! payout ) {
				throw new HttpAnswer( 404, {
					error: `No such payout: '${ body.payout }'`,
				} );
			}
			this.movePayout( payout, body.status );
			return answer( payout, [] );
		}
		const now = Number( body.at ) || unixNow();
		if (
			! [ undefined, null, true, false ].includes( body.available_now )
		) {
			throw new HttpAnswer( 400, {
				error: 'available_now must be true or false',
			} );
		}
		if ( body.available_now === true ) {
			this.makeAvailable( now );
		}
		const available = [ ...this.objects.values() ].filter(
			( object ) =>
				object.object === 'balance_transaction' &&
				object.type !== 'payout' &&
				! payoutOf( object ) &&
				object.available_on <= now
		);
		const total = available.reduce( ( sum, txn ) => sum + txn.net, 0 );
		if ( total <= 0 ) {
			throw new HttpAnswer( 400, {
				error: `The available balance is ${ total } cents: nothing to pay out.`,
			} );
		}
		const amount = total + ( Number( body.amount_adjustment ) || 0 );
		const payout = {
			id: stripeId( 'po' ),
			object: 'payout',
			amount,
			application_fee: null,
			application_fee_amount: null,
			arrival_date: now + DAY,
			automatic: true,
			balance_transaction: null,
			created: now,
			currency: 'aud',
			description: 'STRIPE PAYOUT',
			destination: stripeId( 'ba' ),
			failure_balance_transaction: null,
			failure_code: null,
			failure_message: null,
			livemode: false,
			metadata: {},
			method: 'standard',
			original_payout: null,
			payout_method: null,
			reconciliation_status: 'completed',
			reversed_by: null,
			source_type: 'card',
			statement_descriptor: null,
			status: 'pending',
			trace_id: null,
			type: 'bank_account',
		};
		const own = this.payoutTransaction( payout, -amount, 'payout' );
		payout.balance_transaction = own.id;
		for ( const txn of available ) {
			hide( txn, '__payout', payout.id );
			txn.status = 'available';
		}
		hide( own, '__payout', payout.id );
		this.save( payout );
		this.emit( 'payout.created', payout );
		if ( body.status && body.status !== 'pending' ) {
			this.movePayout( payout, body.status );
		}
		return answer( payout, [ ...available, own ] );
	}

	/**
	 * The balance no payout took yet that would become available after a time becomes
	 * available at that time (the payout schedule's days pass at once).
	 *
	 * @param {number} at Unix time.
	 */
	makeAvailable( at ) {
		for ( const object of this.objects.values() ) {
			if (
				object.object === 'balance_transaction' &&
				object.type !== 'payout' &&
				! payoutOf( object ) &&
				object.available_on > at
			) {
				object.available_on = at;
				object.status = 'available';
			}
		}
	}

	/**
	 * Moves a pending payout to paid, failed or canceled, with its event. A failed or canceled
	 * payout's money comes back to the balance (a payout_failure / payout_cancel transaction
	 * that the next payout takes).
	 *
	 * @param {Object} payout Payout.
	 * @param {string} status New status.
	 */
	movePayout( payout, status ) {
		if ( ! OUTCOMES[ status ] ) {
			throw new HttpAnswer( 400, {
				error: 'status must be pending, paid, failed or canceled',
			} );
		}
		if ( payout.status !== 'pending' && payout.status !== 'in_transit' ) {
			throw new HttpAnswer( 400, {
				error: `The payout ${ payout.id } is ${ payout.status }.`,
			} );
		}
		const previous = { status: payout.status };
		payout.status = status;
		if ( status === 'failed' ) {
			payout.failure_code = 'account_closed';
			payout.failure_message = 'The bank account has been closed.';
			payout.failure_balance_transaction = this.payoutTransaction(
				payout,
				payout.amount,
				'payout_failure'
			).id;
		}
		if ( status === 'canceled' ) {
			this.payoutTransaction( payout, payout.amount, 'payout_cancel' );
		}
		this.emit( 'payout.updated', payout, previous );
		this.emit( OUTCOMES[ status ], payout );
	}

	/**
	 * A balance transaction of the payout itself (or of its return).
	 *
	 * @param {Object} payout Payout.
	 * @param {number} amount Signed cents.
	 * @param {string} type   payout, payout_failure or payout_cancel.
	 * @return {Object} Balance transaction.
	 */
	payoutTransaction( payout, amount, type ) {
		return this.newBalanceTransaction( {
			amount,
			type,
			reportingCategory: type === 'payout' ? 'payout' : 'payout_reversal',
			source: payout.id,
			currency: payout.currency,
			description: payout.description,
		} );
	}
}
