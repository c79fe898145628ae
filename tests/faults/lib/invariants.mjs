/**
 * The invariants every cell must keep once the reconciliation pass has run:
 *
 *   1 once    at most one charge per attempt, and one gift's worth per donor (a Try Again that
 *             started a second payment of the same gift counts), one subscription per 4-weekly
 *             donor, one refund per refund asked;
 *   2 row     every charge (and refund, and subscription) has its row, with the right status and
 *             reference;
 *   3 money   every row that says money moved has that money at the provider, and a paid
 *             4-weekly first gift its running subscription;
 *   4 truth   every answer the donor (or admin) got told the truth as the widget reads it:
 *             never "not charged" or an answer that ends the attempt (an invitation to pay
 *             again) when that attempt's money moved; never "paid" (200) when none did;
 *   5 receipt at most one receipt, and one receipt email, per donation;
 *   6 admin   the admin's donation screen shows no text the stand-in sent as an error message;
 *   7 60 s    every answer reached the donor within 60 s.
 *
 * Each check gives { ok: true } or { ok: false, why } (or null where it does not apply).
 */

export const INVARIANTS = [
	'1 once',
	'2 row',
	'3 money',
	'4 truth',
	'5 receipt',
	'6 admin',
	'7 60 s',
];

const PAID_STATUSES = [ 'succeeded', 'partially_refunded', 'refunded' ];

const red = ( why ) => ( { ok: false, why } );
const green = { ok: true };

/**
 * @param {Object}   input          What is known of the cell once its pass has run.
 * @param {Object}   input.cell     The cell.
 * @param {Object[]} input.items    The money the providers moved for it (lib/money.mjs).
 * @param {Object[]} input.rows     The donation rows of its emails (site.php state).
 * @param {Object}   input.screens  Row id → the text of its admin screen.
 * @param {string[]} input.messages The stand-ins' error texts.
 * @return {Object[]} One result per invariant.
 */
export function checkInvariants( { cell, items, rows, screens, messages } ) {
	return [
		once( cell, items ),
		rowsForMoney( items, rows ),
		moneyForRows( cell, items, rows ),
		truth( cell, items ),
		receipts( rows ),
		adminScreens( screens, messages ),
		quick( cell ),
	];
}

function once( cell, items ) {
	const charges = items.filter( ( item ) => item.kind === 'charge' );
	const perAttempt = new Map();
	for ( const item of charges ) {
		perAttempt.set( item.attempt, [
			...( perAttempt.get( item.attempt ) ?? [] ),
			item.charge,
		] );
	}
	for ( const [ attempt, list ] of perAttempt ) {
		if ( list.length > 1 ) {
			return red(
				`attempt ${ attempt } charged ${ list.length }×: ${ list.join( ', ' ) }`
			);
		}
	}
	// One gift per donor email: Try Agains that started new attempts must not pay it again.
	const gifts = [ ...perAttempt.keys() ].filter(
		( attempt ) => ! attempt.startsWith( 'invoice:' )
	);
	if ( gifts.length > countDonors( cell ) ) {
		return red(
			`one gift charged ${ gifts.length }× (attempts ${ gifts.join( ', ' ) })`
		);
	}
	// A 4-weekly gift's next payments: one subscription per donor.
	const subscriptions = items.filter(
		( item ) => item.kind === 'subscription'
	);
	if ( subscriptions.length > countDonors( cell ) ) {
		return red(
			`one 4-weekly gift started ${ subscriptions.length } subscriptions: ${ subscriptions
				.map( ( item ) => item.subscription )
				.join( ', ' ) }`
		);
	}
	const refunds = items.filter( ( item ) => item.kind === 'refund' );
	if ( refunds.length > 1 ) {
		return red(
			`one refund asked, ${ refunds.length } made: ${ refunds.map( ( r ) => r.refund ).join( ', ' ) }`
		);
	}
	return green;
}

/**
 * How many gifts the cell's donors meant: one per email.
 *
 * @param {Object} cell The cell.
 */
function countDonors( cell ) {
	return cell.emails.length;
}

function rowsForMoney( items, rows ) {
	for ( const item of items ) {
		if ( item.kind === 'subscription' ) {
			if (
				! rows.some( ( r ) => r.subscription_id === item.subscription )
			) {
				return red(
					`subscription ${ item.subscription } (attempt ${ item.attempt }) has no row`
				);
			}
			continue;
		}
		if ( item.kind === 'refund' ) {
			const refund = rows
				.flatMap( ( row ) => row.refunds )
				.find( ( r ) => r.provider_refund_id === item.refund );
			if ( ! refund ) {
				return red( `refund ${ item.refund } has no refunds row` );
			}
			if (
				refund.status !== 'succeeded' &&
				item.status === 'succeeded'
			) {
				return red(
					`refund ${ item.refund } succeeded, its row says ${ refund.status }`
				);
			}
			continue;
		}
		const row =
			rows.find( ( r ) => r.provider_reference === item.charge ) ??
			rows.find(
				( r ) => r.payment_intent_id === item.intent && item.intent
			) ??
			rows.find( ( r ) => r.attempt_id === item.attempt );
		if ( ! row ) {
			return red(
				`${ item.provider } ${ item.charge } (attempt ${ item.attempt }) has no row`
			);
		}
		if ( ! PAID_STATUSES.includes( row.status ) ) {
			return red(
				`${ item.charge } moved money; row #${ row.id } says ${ row.status }${ row.failure_reason ? ` (${ row.failure_reason.slice( 0, 80 ) })` : '' }`
			);
		}
		if ( row.provider_reference !== item.charge ) {
			return red(
				`row #${ row.id } names ${ row.provider_reference || 'no charge' }, the money is ${ item.charge }`
			);
		}
	}
	return green;
}

function moneyForRows( cell, items, rows ) {
	for ( const row of rows ) {
		const firstGift =
			row.frequency === '4weekly' &&
			! row.attempt_id.startsWith( 'invoice:' );
		if (
			cell.path.subscriptions &&
			firstGift &&
			PAID_STATUSES.includes( row.status ) &&
			! items.some(
				( item ) =>
					item.kind === 'subscription' &&
					item.subscription === row.subscription_id
			)
		) {
			// A paid 4-weekly first gift promises the next: its subscription must run.
			return red(
				`row #${ row.id }'s 4-weekly first gift is paid, but ${
					row.subscription_id
						? `its subscription ${ row.subscription_id } is not running`
						: 'no subscription was started'
				}`
			);
		}
		if (
			PAID_STATUSES.includes( row.status ) &&
			! items.some(
				( item ) =>
					item.kind === 'charge' &&
					item.charge === row.provider_reference
			)
		) {
			return red(
				`row #${ row.id } is ${ row.status } with ${ row.provider_reference || 'no reference' }, which the provider has not taken`
			);
		}
		for ( const refund of row.refunds ) {
			if (
				refund.status === 'succeeded' &&
				! items.some(
					( item ) =>
						item.kind === 'refund' &&
						item.refund === refund.provider_refund_id
				)
			) {
				return red(
					`refunds row #${ refund.id } says refunded, the provider has no refund ${ refund.provider_refund_id }`
				);
			}
		}
	}
	return green;
}

function truth( cell, items ) {
	const told = cell.answers.filter( ( answer ) =>
		[ 'donor', 'setup', 'admin' ].includes( answer.who )
	);
	for ( const answer of told ) {
		let moved;
		if ( answer.who === 'admin' ) {
			moved = items.some( ( item ) => item.kind === 'refund' );
		} else if ( answer.attempt ) {
			moved = items.some(
				( item ) =>
					item.kind === 'charge' && item.attempt === answer.attempt
			);
		} else {
			// Calls of no attempt (the card update): the money they may move is a renewal's.
			moved = items.some(
				( item ) =>
					item.kind === 'charge' &&
					item.attempt.startsWith( 'invoice:' )
			);
		}
		const said = `${ answer.action } → HTTP ${ answer.status }${ answer.body?.type ? ` ${ answer.body.type }` : '' }${ answer.body?.data?.message ? ` "${ answer.body.data.message }"` : '' }${ answer.body?.refund_result ? ` ${ answer.body.refund_result }` : '' }`;
		if ( moved && [ 'not_charged', 'ended' ].includes( answer.cls ) ) {
			return red(
				`${ answer.cls === 'ended' ? 'attempt ended' : 'told not charged' } although ${ answer.who === 'admin' ? 'the refund was made' : 'the money moved' }: ${ said }`
			);
		}
		if ( ! moved && answer.cls === 'paid' && answer.status === 200 ) {
			return red(
				`told ${ answer.who === 'admin' ? 'refunded' : 'paid' }, nothing moved: ${ said }`
			);
		}
	}
	return green;
}

function receipts( rows ) {
	for ( const row of rows ) {
		if ( row.receipts > 1 || row.mails > 1 ) {
			return red(
				`row #${ row.id }: ${ row.receipts } receipts, ${ row.mails } receipt emails`
			);
		}
	}
	return green;
}

function adminScreens( screens, messages ) {
	for ( const [ id, text ] of Object.entries( screens ) ) {
		for ( const message of messages ) {
			if ( text.includes( message ) ) {
				return red(
					`donation #${ id }'s screen shows "${ message.slice( 0, 70 ) }"`
				);
			}
		}
	}
	return green;
}

function quick( cell ) {
	const slow = cell.answers.filter(
		( answer ) =>
			[ 'donor', 'setup', 'admin' ].includes( answer.who ) &&
			! answer.killed &&
			answer.ms > 60000
	);
	return slow.length > 0
		? red(
				`${ slow[ 0 ].action } answered after ${ ( slow[ 0 ].ms / 1000 ).toFixed( 1 ) } s`
			)
		: green;
}
