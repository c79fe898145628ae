/**
 * The Stripe stand-in's payments as Stripe makes them: manual confirmation, one Charge per
 * attempt, cancellation, Idempotency-Key in use (409) and Stripe-Should-Retry.
 * Run: node --test tests/stand-ins/
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { PUBLISHABLE_KEY, V2024, standInsForTests } from './stripe-harness.mjs';

const harness = standInsForTests();
const { stripe, json, control, customerPaying, fourWeeklyPrice } = harness;

describe( 'Stripe idempotency and retry advice', () => {
	test( 'Idempotency-Key in use by a request still in flight: 409, retry advised; then the replay', async () => {
		await control( 'next', {
			provider: 'stripe',
			scenario: 'slow',
			path: '/v1/payment_intents',
			// Long enough that the second request surely arrives while the first holds the key,
			// however busy the machine; the test waits for it once.
			ms: 5000,
		} );
		const params = {
			amount: 1200,
			currency: 'aud',
			payment_method: 'pm_card_visa',
			confirm: 'true',
		};
		const headers = { 'Idempotency-Key': 'donation-77-pay' };
		await json( 'DELETE', '/__control/requests' );
		const first = stripe( 'POST', '/v1/payment_intents', params, {
			headers,
		} );
		// Sent once the stand-in has the first (its log records a request as it arrives), not
		// after a fixed pause a loaded machine may overrun.
		for (
			let arrived = 0;
			arrived === 0;
			arrived = (
				await json(
					'GET',
					'/__control/requests?provider=stripe&path=/v1/payment_intents'
				)
			).body.length
		) {
			await new Promise( ( resolve ) => setTimeout( resolve, 20 ) );
		}
		const second = await stripe( 'POST', '/v1/payment_intents', params, {
			headers,
		} );
		assert.equal( second.status, 409 );
		assert.equal( second.body.error.code, 'idempotency_key_in_use' );
		assert.equal( second.body.error.type, 'invalid_request_error' );
		assert.equal( second.headers.get( 'stripe-should-retry' ), 'true' );
		const done = await first;
		assert.equal( done.status, 200 );
		assert.equal( done.headers.get( 'stripe-should-retry' ), null );
		const third = await stripe( 'POST', '/v1/payment_intents', params, {
			headers,
		} );
		assert.equal( third.status, 200 );
		assert.equal( third.headers.get( 'idempotent-replayed' ), 'true' );
		assert.equal( third.body.id, done.body.id );
		const charges = await stripe( 'GET', '/v1/charges' );
		assert.equal( charges.body.data.length, 1 );
	} );

	test( "slow: a caller that hangs up does not free the key: its retry gets 409 until Stripe's work is done, then the replay", async () => {
		await control( 'next', {
			provider: 'stripe',
			scenario: 'slow',
			path: '/v1/payment_intents',
			ms: 800,
		} );
		const params = {
			amount: 1200,
			currency: 'aud',
			payment_method: 'pm_card_visa',
			confirm: 'true',
		};
		const headers = { 'Idempotency-Key': 'donation-78-pay' };
		// The caller times out long before Stripe is done.
		await assert.rejects(
			stripe( 'POST', '/v1/payment_intents', params, {
				headers,
				signal: AbortSignal.timeout( 150 ),
			} )
		);
		const inUse = await stripe( 'POST', '/v1/payment_intents', params, {
			headers,
		} );
		assert.equal( inUse.status, 409 );
		assert.equal( inUse.body.error.code, 'idempotency_key_in_use' );
		let retry = inUse;
		while ( retry.status === 409 ) {
			await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
			retry = await stripe( 'POST', '/v1/payment_intents', params, {
				headers,
			} );
		}
		assert.equal( retry.status, 200 );
		assert.equal( retry.headers.get( 'idempotent-replayed' ), 'true' );
		const charges = await stripe( 'GET', '/v1/charges' );
		assert.equal( charges.body.data.length, 1 );
	} );

	test( 'Stripe-Should-Retry: false on 4xx, true on the server errors the stand-in forces', async () => {
		const declined = await stripe( 'POST', '/v1/payment_intents', {
			amount: 1200,
			currency: 'aud',
			payment_method: 'pm_card_chargeDeclined',
			confirm: 'true',
		} );
		assert.equal( declined.status, 402 );
		assert.equal( declined.headers.get( 'stripe-should-retry' ), 'false' );
		const missing = await stripe( 'GET', '/v1/customers/cus_nope' );
		assert.equal( missing.headers.get( 'stripe-should-retry' ), 'false' );
		const unauthorised = await stripe(
			'GET',
			'/v1/balance',
			{},
			{ key: '' }
		);
		assert.equal(
			unauthorised.headers.get( 'stripe-should-retry' ),
			'false'
		);
		for ( const [ scenario, status ] of [
			[ 'server_error', 500 ],
			[ 'rate_limited', 429 ],
		] ) {
			await control( 'next', { provider: 'stripe', scenario } );
			const forced = await stripe( 'GET', '/v1/balance' );
			assert.equal( forced.status, status );
			assert.equal( forced.headers.get( 'stripe-should-retry' ), 'true' );
		}
	} );
} );

describe( 'Stripe refunds', () => {
	test( 'a refund sent twice with one Idempotency-Key is one refund; a failed refund gives its money back to the charge', async () => {
		const paid = await stripe( 'POST', '/v1/payment_intents', {
			amount: 5000,
			currency: 'aud',
			payment_method: 'pm_card_visa',
			confirm: 'true',
		} );
		const charge = paid.body.latest_charge;
		const params = {
			charge,
			amount: 1000,
			reason: 'requested_by_customer',
			'metadata[donation_widget_refund]': '7',
		};
		const headers = { 'Idempotency-Key': 'donation-widget-refund-7' };
		const first = await stripe( 'POST', '/v1/refunds', params, {
			headers,
		} );
		const again = await stripe( 'POST', '/v1/refunds', params, {
			headers,
		} );
		assert.equal( first.status, 200 );
		assert.equal( again.headers.get( 'idempotent-replayed' ), 'true' );
		assert.equal( again.body.id, first.body.id );
		const listed = await stripe( 'GET', '/v1/refunds', { charge } );
		assert.deepEqual(
			listed.body.data.map( ( refund ) => refund.id ),
			[ first.body.id ]
		);
		assert.equal(
			listed.body.data[ 0 ].metadata.donation_widget_refund,
			'7'
		);

		const failed = await control( 'stripe/advance', {
			refund: first.body.id,
			action: 'fail',
		} );
		assert.equal( failed.body.refund.status, 'failed' );
		assert.deepEqual(
			failed.body.events.map( ( event ) => event.type ),
			[ 'charge.refund.updated', 'refund.failed' ]
		);
		const after = await stripe( 'GET', `/v1/charges/${ charge }` );
		assert.equal( after.body.amount_refunded, 0 );
		assert.equal( after.body.refunded, false );
	} );
} );

describe( 'Stripe manual confirmation, payment attempts and cancellation', () => {
	const chargesOf = async ( piId ) =>
		( await stripe( 'GET', '/v1/charges', { payment_intent: piId } ) ).body
			.data;
	const eventsOf = async ( type, id ) =>
		(
			await json( 'GET', `/__control/stripe/events?type=${ type }` )
		).body.filter(
			( event ) =>
				event.data.object.id === id ||
				event.data.object.payment_intent === id
		);

	test( 'manual confirmation: 3-D Secure in the browser leaves requires_confirmation; only the secret key pays', async () => {
		const created = await stripe( 'POST', '/v1/payment_intents', {
			amount: 2500,
			currency: 'aud',
			payment_method: 'pm_card_authenticationRequired',
			confirmation_method: 'manual',
			confirm: 'true',
		} );
		assert.equal( created.status, 200, JSON.stringify( created.body ) );
		const pi = created.body;
		assert.equal( pi.confirmation_method, 'manual' );
		assert.equal( pi.status, 'requires_action' );
		assert.equal( pi.next_action.type, 'use_stripe_sdk' );
		assert.deepEqual( await chargesOf( pi.id ), [] );

		// What Stripe.js sends once the bank's page said yes.
		const authenticated = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`,
			{ client_secret: pi.client_secret, stand_in_3ds: 'succeed' },
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( authenticated.status, 200 );
		assert.equal( authenticated.body.status, 'requires_confirmation' );
		assert.equal( authenticated.body.next_action, null );
		assert.deepEqual( await chargesOf( pi.id ), [] );

		const fromBrowser = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`,
			{ client_secret: pi.client_secret },
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( fromBrowser.status, 400 );
		assert.equal( fromBrowser.body.error.type, 'invalid_request_error' );
		assert.match(
			fromBrowser.body.error.message,
			/cannot be confirmed using your publishable key because its `confirmation_method` is set to `manual`/
		);

		const confirmed = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`
		);
		assert.equal( confirmed.status, 200, JSON.stringify( confirmed.body ) );
		assert.equal( confirmed.body.status, 'succeeded' );
		const charges = await chargesOf( pi.id );
		assert.equal( charges.length, 1 );
		assert.equal( charges[ 0 ].status, 'succeeded' );
		assert.equal( charges[ 0 ].id, confirmed.body.latest_charge );
	} );

	test( 'manual confirmation without confirm=true, a failed 3-D Secure, and a bad confirmation_method', async () => {
		const pi = (
			await stripe( 'POST', '/v1/payment_intents', {
				amount: 1500,
				currency: 'aud',
				payment_method: 'pm_card_visa',
				confirmation_method: 'manual',
			} )
		).body;
		assert.equal( pi.status, 'requires_confirmation' );
		const refused = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`,
			{ client_secret: pi.client_secret, payment_method: 'pm_card_visa' },
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( refused.status, 400 );
		assert.deepEqual( await chargesOf( pi.id ), [] );
		const paid = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`
		);
		assert.equal( paid.body.status, 'succeeded' );

		const sca = (
			await stripe( 'POST', '/v1/payment_intents', {
				amount: 1500,
				currency: 'aud',
				payment_method: 'pm_card_threeDSecure2Required',
				confirmation_method: 'manual',
				confirm: 'true',
			} )
		).body;
		const failed = await stripe(
			'POST',
			`/v1/payment_intents/${ sca.id }/confirm`,
			{ client_secret: sca.client_secret, stand_in_3ds: 'fail' },
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( failed.body.status, 'requires_payment_method' );
		assert.equal(
			failed.body.last_payment_error.code,
			'payment_intent_authentication_failure'
		);
		assert.equal(
			( await eventsOf( 'payment_intent.payment_failed', sca.id ) )
				.length,
			1
		);

		const bad = await stripe( 'POST', '/v1/payment_intents', {
			amount: 1500,
			currency: 'aud',
			confirmation_method: 'sometimes',
		} );
		assert.equal( bad.status, 400 );
		assert.equal( bad.body.error.param, 'confirmation_method' );
	} );

	test( 'automatic intents: the browser may try card after card on one client_secret; each try is a charge', async () => {
		const pi = (
			await stripe( 'POST', '/v1/payment_intents', {
				amount: 2000,
				currency: 'aud',
			} )
		).body;
		const tries = [];
		for ( const card of [
			'pm_card_chargeDeclined',
			'pm_card_chargeDeclinedInsufficientFunds',
			'pm_card_visa',
		] ) {
			tries.push(
				await stripe(
					'POST',
					`/v1/payment_intents/${ pi.id }/confirm`,
					{ client_secret: pi.client_secret, payment_method: card },
					{ key: PUBLISHABLE_KEY }
				)
			);
		}
		assert.deepEqual(
			tries.map( ( answer ) => answer.status ),
			[ 402, 402, 200 ]
		);
		assert.equal(
			tries[ 1 ].body.error.decline_code,
			'insufficient_funds'
		);
		assert.equal( tries[ 2 ].body.status, 'succeeded' );
		const charges = await chargesOf( pi.id );
		assert.deepEqual( charges.map( ( charge ) => charge.status ).sort(), [
			'failed',
			'failed',
			'succeeded',
		] );
		assert.ok(
			charges.every( ( charge ) => charge.payment_intent === pi.id )
		);
		assert.equal(
			( await eventsOf( 'payment_intent.payment_failed', pi.id ) ).length,
			2
		);
		assert.equal( ( await eventsOf( 'charge.failed', pi.id ) ).length, 2 );
	} );

	test( 'cancel: reasons checked, an invoice PaymentIntent refused; voiding and cancelling an incomplete subscription cancel it', async () => {
		const pi = (
			await stripe( 'POST', '/v1/payment_intents', {
				amount: 2000,
				currency: 'aud',
			} )
		).body;
		const badReason = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/cancel`,
			{ cancellation_reason: 'bored' }
		);
		assert.equal( badReason.status, 400 );
		assert.equal( badReason.body.error.param, 'cancellation_reason' );
		const canceled = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/cancel`,
			{ cancellation_reason: 'fraudulent' }
		);
		assert.equal( canceled.body.status, 'canceled' );
		assert.equal( canceled.body.cancellation_reason, 'fraudulent' );
		const again = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`,
			{
				payment_method: 'pm_card_visa',
			}
		);
		assert.equal( again.status, 400 );

		// A subscription whose first payment is declined: incomplete, invoice open.
		const customer = await customerPaying( 'pm_card_chargeCustomerFail' );
		const price = await fourWeeklyPrice();
		const subscribe = () =>
			stripe(
				'POST',
				'/v1/subscriptions',
				{
					customer: customer.body.id,
					items: [ { price: price.body.id } ],
					expand: [ 'latest_invoice.payment_intent' ],
				},
				{ version: V2024 }
			);
		const first = ( await subscribe() ).body;
		assert.equal( first.status, 'incomplete' );
		const invoicePi = first.latest_invoice.payment_intent;
		assert.equal( invoicePi.status, 'requires_payment_method' );
		assert.equal(
			( await chargesOf( invoicePi.id ) )[ 0 ].status,
			'failed'
		);
		const refused = await stripe(
			'POST',
			`/v1/payment_intents/${ invoicePi.id }/cancel`
		);
		assert.equal( refused.status, 400 );
		assert.match( refused.body.error.message, /created by an invoice/ );

		const voided = await stripe(
			'POST',
			`/v1/invoices/${ first.latest_invoice.id }/void`
		);
		assert.equal( voided.body.status, 'void' );
		const afterVoid = await stripe(
			'GET',
			`/v1/payment_intents/${ invoicePi.id }`
		);
		assert.equal( afterVoid.body.status, 'canceled' );
		assert.equal( afterVoid.body.cancellation_reason, 'void_invoice' );
		const payments = await stripe( 'GET', '/v1/invoice_payments', {
			invoice: first.latest_invoice.id,
		} );
		assert.equal( payments.body.data[ 0 ].status, 'canceled' );

		const second = ( await subscribe() ).body;
		const deleted = await stripe(
			'DELETE',
			`/v1/subscriptions/${ second.id }`
		);
		assert.equal( deleted.body.status, 'canceled' );
		const invoice = await stripe(
			'GET',
			`/v1/invoices/${ second.latest_invoice.id }`
		);
		assert.equal( invoice.body.status, 'void' );
		const secondPi = await stripe(
			'GET',
			`/v1/payment_intents/${ second.latest_invoice.payment_intent.id }`
		);
		assert.equal( secondPi.body.status, 'canceled' );
		assert.equal( secondPi.body.cancellation_reason, 'void_invoice' );
	} );

	test( 'an off-session renewal that fails leaves a failed charge on its PaymentIntent', async () => {
		const customer = await customerPaying( 'pm_card_visa' );
		const price = await fourWeeklyPrice();
		const sub = await stripe( 'POST', '/v1/subscriptions', {
			customer: customer.body.id,
			items: [ { price: price.body.id } ],
		} );
		const renewal = await control( 'stripe/advance', {
			subscription: sub.body.id,
			action: 'renewal_failed',
			decline_code: 'insufficient_funds',
		} );
		const charges = await chargesOf( renewal.body.payment_intent.id );
		assert.equal( charges.length, 1 );
		assert.equal( charges[ 0 ].status, 'failed' );
		assert.equal( charges[ 0 ].outcome.reason, 'insufficient_funds' );
		assert.ok(
			renewal.body.events.some(
				( event ) =>
					event.type === 'charge.failed' &&
					event.data.object.id === charges[ 0 ].id
			)
		);
	} );
} );

describe( 'Stripe subscription start dates: billing_cycle_anchor and trial_end', () => {
	const FOUR_WEEKS = 28 * 86400;
	const now = () => Math.floor( Date.now() / 1000 );
	const events = async ( type ) =>
		( await json( 'GET', `/__control/stripe/events?type=${ type }` ) ).body;
	const subscribe = async ( params ) => {
		const customer = await customerPaying( 'pm_card_visa' );
		const price = await fourWeeklyPrice();
		return stripe( 'POST', '/v1/subscriptions', {
			customer: customer.body.id,
			items: [ { price: price.body.id } ],
			...params,
		} );
	};

	test( 'an anchor with proration_behavior none: active now, no invoice and no charge until the anchor, then a full one', async () => {
		const anchor = now() + FOUR_WEEKS - 60;
		const created = await subscribe( {
			billing_cycle_anchor: anchor,
			proration_behavior: 'none',
			expand: [ 'latest_invoice' ],
		} );

		assert.equal( created.status, 200 );
		const sub = created.body;
		assert.equal( sub.status, 'active' );
		assert.equal( sub.latest_invoice, null );
		assert.equal( sub.billing_cycle_anchor, anchor );
		assert.equal( sub.items.data[ 0 ].current_period_end, anchor );
		assert.equal( sub.trial_end, null );
		const invoices = await stripe( 'GET', '/v1/invoices', {
			subscription: sub.id,
		} );
		assert.deepEqual( invoices.body.data, [] );
		assert.deepEqual(
			( await stripe( 'GET', '/v1/charges' ) ).body.data,
			[]
		);
		assert.deepEqual( await events( 'invoice.created' ), [] );
		assert.equal(
			( await events( 'customer.subscription.created' ) ).length,
			1
		);

		const renewal = await control( 'stripe/advance', {
			subscription: sub.id,
			action: 'renewal_paid',
		} );
		const invoice = renewal.body.invoice;
		assert.equal( invoice.billing_reason, 'subscription_cycle' );
		assert.equal( invoice.amount_paid, 1000 );
		assert.equal( invoice.lines.data[ 0 ].period.start, anchor );
		assert.equal( invoice.lines.data[ 0 ].period.end, anchor + FOUR_WEEKS );
	} );

	test( 'an anchor in the past, or later than the next natural billing date, is refused and makes nothing', async () => {
		const past = await subscribe( {
			billing_cycle_anchor: now() - 5,
			proration_behavior: 'none',
		} );
		assert.equal( past.status, 400 );
		assert.equal( past.body.error.param, 'billing_cycle_anchor' );
		assert.equal(
			past.body.error.message,
			'Invalid timestamp: must be an integer Unix timestamp in the future.'
		);

		const late = await subscribe( {
			billing_cycle_anchor: now() + FOUR_WEEKS + 3600,
			proration_behavior: 'none',
		} );
		assert.equal( late.status, 400 );
		assert.equal( late.body.error.param, 'billing_cycle_anchor' );
		assert.match(
			late.body.error.message,
			/^billing_cycle_anchor cannot be later than next natural billing date \(\d+\) for plan$/
		);

		const notANumber = await subscribe( { billing_cycle_anchor: 'soon' } );
		assert.equal( notANumber.status, 400 );
		assert.equal( notANumber.body.error.param, 'billing_cycle_anchor' );
		assert.deepEqual(
			( await stripe( 'GET', '/v1/subscriptions', { status: 'all' } ) )
				.body.data,
			[]
		);
	} );

	test( 'an anchor with the default prorations charges now the share of a period up to it', async () => {
		const anchor = now() + FOUR_WEEKS / 2;
		const created = await subscribe( {
			billing_cycle_anchor: anchor,
			expand: [ 'latest_invoice' ],
		} );

		assert.equal( created.body.status, 'active' );
		const invoice = created.body.latest_invoice;
		assert.equal( invoice.billing_reason, 'subscription_create' );
		assert.equal( invoice.status, 'paid' );
		assert.ok(
			Math.abs( invoice.amount_paid - 500 ) <= 1,
			`${ invoice.amount_paid } is half of A$10`
		);
		assert.equal(
			invoice.lines.data[ 0 ].parent.subscription_item_details.proration,
			true
		);
	} );

	test( 'trial_end: trialing, a paid $0 first invoice, no charge; the trial end in the past is refused', async () => {
		const trialEnd = now() + FOUR_WEEKS;
		const created = await subscribe( {
			trial_end: trialEnd,
			expand: [ 'latest_invoice' ],
		} );

		assert.equal( created.body.status, 'trialing' );
		assert.equal( created.body.trial_end, trialEnd );
		assert.equal( created.body.billing_cycle_anchor, trialEnd );
		const invoice = created.body.latest_invoice;
		assert.equal( invoice.billing_reason, 'subscription_create' );
		assert.equal( invoice.amount_due, 0 );
		assert.equal( invoice.status, 'paid' );
		assert.deepEqual(
			( await stripe( 'GET', '/v1/charges' ) ).body.data,
			[]
		);
		const renewal = await control( 'stripe/advance', {
			subscription: created.body.id,
			action: 'renewal_paid',
		} );
		assert.equal( renewal.body.subscription.status, 'active' );
		assert.equal( renewal.body.invoice.amount_paid, 1000 );

		const past = await subscribe( { trial_end: now() - 5 } );
		assert.equal( past.status, 400 );
		assert.equal( past.body.error.param, 'trial_end' );
	} );
} );
