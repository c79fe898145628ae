/**
 * What moved at the providers for a cell, read from the stand-ins as the charity's own dashboards
 * would show it: Stripe charges (by the attempt in their PaymentIntent's metadata, or by the
 * cell's customers for subscription invoices) and their refunds, PayPal captures (by the attempt
 * in their invoice_id).
 *
 * Each item: { kind: 'charge' | 'refund' | 'subscription' (a 4-weekly gift's, not cancelled), provider, attempt (the attempt it pays for, or
 * "invoice:in_…" for a renewal), charge (ch_… or the capture id), intent, refund, amount }.
 */
import { control, stripe } from './world.mjs';

const quoted = ( value ) =>
	String( value ).replace( /[^A-Za-z0-9@._+:-]/g, '' );

/**
 * Every Stripe list item, page after page.
 *
 * @param {string} url A list URL (with its query).
 */
async function all( url ) {
	const items = [];
	let after = '';
	for ( let page = 0; page < 20; page++ ) {
		const list = await stripe(
			'GET',
			`${ url }${ url.includes( '?' ) ? '&' : '?' }limit=100${ after ? `&starting_after=${ after }` : '' }`
		);
		items.push( ...( list.data ?? [] ) );
		if ( ! list.has_more || ! list.data?.length ) {
			break;
		}
		after = list.data[ list.data.length - 1 ].id;
	}
	return items;
}

async function search( resource, query ) {
	const list = await stripe(
		'GET',
		`/v1/${ resource }/search?limit=100&query=${ encodeURIComponent( query ) }`
	);
	return list.data ?? [];
}

/**
 * The invoice a PaymentIntent collects, if any.
 *
 * @param {string} intentId The pi_… id.
 */
async function invoiceOf( intentId ) {
	const payments = await stripe(
		'GET',
		`/v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=${ intentId }`
	);
	const invoiceId = payments.data?.[ 0 ]?.invoice;
	if ( ! invoiceId ) {
		return null;
	}
	return stripe(
		'GET',
		`/v1/invoices/${ typeof invoiceId === 'string' ? invoiceId : invoiceId.id }`
	);
}

/**
 * Stripe's succeeded charges for the cell, and their refunds.
 *
 * @param {import('./cell.mjs').Cell} cell The cell.
 */
export async function stripeMoney( cell ) {
	const intents = new Map();
	const customers = new Map();
	for ( const attempt of cell.attempts ) {
		for ( const pi of await search(
			'payment_intents',
			`metadata['attempt_id']:'${ quoted( attempt ) }'`
		) ) {
			intents.set( pi.id, pi );
		}
		for ( const customer of await search(
			'customers',
			`metadata['attempt_id']:'${ quoted( attempt ) }'`
		) ) {
			customers.set( customer.id, customer );
		}
	}
	for ( const email of cell.emails ) {
		for ( const customer of await search(
			'customers',
			`email:'${ quoted( email ) }'`
		) ) {
			customers.set( customer.id, customer );
		}
	}
	for ( const customer of customers.values() ) {
		for ( const pi of await all(
			`/v1/payment_intents?customer=${ customer.id }`
		) ) {
			intents.set( pi.id, pi );
		}
	}
	const items = [];
	if ( cell.path.subscriptions ) {
		// A 4-weekly gift's promise of the next: its subscription, once the first gift is paid.
		for ( const attempt of cell.attempts ) {
			for ( const subscription of await search(
				'subscriptions',
				`metadata['attempt_id']:'${ quoted( attempt ) }'`
			) ) {
				if (
					! [ 'canceled', 'incomplete_expired' ].includes(
						subscription.status
					)
				) {
					items.push( {
						kind: 'subscription',
						provider: 'stripe',
						attempt,
						subscription: subscription.id,
						status: subscription.status,
					} );
				}
			}
		}
	}
	for ( const pi of intents.values() ) {
		if ( pi.status !== 'succeeded' ) {
			continue;
		}
		let attempt = pi.metadata?.attempt_id ?? '';
		if ( ! attempt ) {
			const invoice = await invoiceOf( pi.id );
			const customer = customers.get( pi.customer );
			attempt =
				invoice && invoice.billing_reason !== 'subscription_create'
					? `invoice:${ invoice.id }`
					: ( customer?.metadata?.attempt_id ?? `intent:${ pi.id }` );
		}
		const charge =
			typeof pi.latest_charge === 'string'
				? pi.latest_charge
				: ( pi.latest_charge?.id ?? '' );
		items.push( {
			kind: 'charge',
			provider: 'stripe',
			attempt,
			charge,
			intent: pi.id,
			amount: pi.amount,
		} );
		if ( cell.path.refunds && charge ) {
			for ( const refund of await all(
				`/v1/refunds?charge=${ charge }`
			) ) {
				if (
					refund.status === 'succeeded' ||
					refund.status === 'pending'
				) {
					items.push( {
						kind: 'refund',
						provider: 'stripe',
						attempt,
						charge,
						refund: refund.id,
						amount: refund.amount,
						status: refund.status,
					} );
				}
			}
		}
	}
	return items;
}

/**
 * PayPal's completed captures of orders the cell's attempts made.
 *
 * @param {import('./cell.mjs').Cell} cell The cell.
 */
export async function paypalMoney( cell ) {
	const attempts = new Set(
		[ ...cell.attempts ].map( ( id ) => id.toLowerCase() )
	);
	const captures = await control( 'GET', '/paypal/captures' );
	return (
		Array.isArray( captures ) ? captures : ( captures.captures ?? [] )
	)
		.filter(
			( capture ) =>
				attempts.has(
					String( capture.invoice_id ?? '' ).toLowerCase()
				) && capture.status === 'COMPLETED'
		)
		.map( ( capture ) => ( {
			kind: 'charge',
			provider: 'paypal',
			attempt: capture.invoice_id,
			charge: capture.capture_id,
			intent: capture.order_id,
			amount: capture.amount,
		} ) );
}
