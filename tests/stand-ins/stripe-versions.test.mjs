/**
 * The Stripe stand-in's API versions: answers in 2026-10-28.endive and 2024-06-20, invoice
 * payments, webhook endpoints and events delivered in an endpoint's version.
 * Run: node --test tests/stand-ins/
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createHmac } from 'node:crypto';
import { ENDIVE, V2024, standInsForTests } from './stripe-harness.mjs';

const harness = standInsForTests();
const { stripe, json, control, customerPaying, fourWeeklyPrice } = harness;

describe( 'Stripe API versions and invoice payments', () => {
	test( 'subscription at endive (the default): invoice payments, item periods, 2024-06-20 paths refused', async () => {
		const customer = await stripe( 'POST', '/v1/customers', {
			payment_method: 'pm_card_visa',
			invoice_settings: { default_payment_method: 'pm_card_visa' },
		} );
		const product = await stripe( 'POST', '/v1/products', {
			name: '4-weekly donation',
		} );
		const params = {
			customer: customer.body.id,
			items: [
				{
					price_data: {
						currency: 'aud',
						product: product.body.id,
						unit_amount: 2500,
						recurring: { interval: 'week', interval_count: 4 },
					},
				},
			],
			metadata: { frequency: '4weekly' },
		};
		const refused = await stripe( 'POST', '/v1/subscriptions', {
			...params,
			expand: [ 'latest_invoice.payment_intent' ],
		} );
		assert.equal( refused.status, 400 );
		// Named up to the step Stripe cannot take (an invoice has no payment_intent at endive).
		assert.equal(
			refused.body.error.message,
			'This property cannot be expanded (latest_invoice.payment_intent).'
		);
		assert.equal( refused.headers.get( 'stripe-version' ), ENDIVE );

		const sub = await stripe( 'POST', '/v1/subscriptions', {
			...params,
			expand: [
				'latest_invoice.payments.data.payment.payment_intent',
				'latest_invoice.confirmation_secret',
			],
		} );
		assert.equal( sub.status, 200, JSON.stringify( sub.body ) );
		const s = sub.body;
		const item = s.items.data[ 0 ];
		assert.equal(
			item.current_period_end - item.current_period_start,
			28 * 86400
		);
		assert.ok( ! ( 'current_period_end' in s ) );
		const invoice = s.latest_invoice;
		for ( const field of [
			'charge',
			'payment_intent',
			'subscription',
			'paid',
			'paid_out_of_band',
			'subscription_details',
		] ) {
			assert.ok( ! ( field in invoice ), field );
		}
		assert.deepEqual( invoice.parent, {
			quote_details: null,
			subscription_details: {
				metadata: { frequency: '4weekly' },
				subscription: s.id,
			},
			type: 'subscription_details',
		} );
		assert.equal( invoice.payments.data.length, 1 );
		const payment = invoice.payments.data[ 0 ];
		assert.match( payment.id, /^inpay_/ );
		assert.equal( payment.object, 'invoice_payment' );
		assert.equal( payment.status, 'paid' );
		assert.equal( payment.is_default, true );
		assert.equal( payment.amount_paid, 2500 );
		assert.equal( payment.amount_requested, 2500 );
		assert.equal( payment.invoice, invoice.id );
		assert.equal( payment.payment.type, 'payment_intent' );
		const pi = payment.payment.payment_intent;
		assert.equal( pi.object, 'payment_intent' );
		assert.equal( pi.status, 'succeeded' );
		assert.ok( ! ( 'invoice' in pi ) );
		assert.equal(
			invoice.confirmation_secret.client_secret,
			pi.client_secret
		);
		const line = invoice.lines.data[ 0 ];
		assert.deepEqual( line.pricing.price_details, {
			price: item.price.id,
			product: product.body.id,
		} );
		assert.equal(
			line.parent.subscription_item_details.subscription_item,
			item.id
		);
		for ( const field of [ 'price', 'plan', 'type', 'proration' ] ) {
			assert.ok( ! ( field in line ), field );
		}

		// Stripe names the path up to the step it could not take (for payment_intent.b.c on an
		// invoice, "(payment_intent.b)"); lists want data.…
		const deeper = await stripe( 'GET', `/v1/invoices/${ invoice.id }`, {
			expand: [ 'subscription.customer' ],
		} );
		assert.equal(
			deeper.body.error.message,
			'This property cannot be expanded (subscription).'
		);
		const beyond = await stripe(
			'GET',
			`/v1/invoices/${ invoice.id }`,
			{ expand: [ 'payment_intent.b.c' ] },
			{ version: V2024 }
		);
		assert.equal(
			beyond.body.error.message,
			'This property cannot be expanded (payment_intent.b).'
		);
		const onList = await stripe( 'GET', '/v1/invoices', {
			expand: [ 'customer' ],
		} );
		assert.equal( onList.status, 400 );
		assert.equal(
			onList.body.error.message,
			"This property cannot be expanded (customer). You may want to try expanding 'data.customer' instead."
		);

		// Not asked for: the includable fields stay out.
		const plain = await stripe( 'GET', `/v1/invoices/${ invoice.id }` );
		assert.ok( ! ( 'payments' in plain.body ) );
		assert.ok( ! ( 'confirmation_secret' in plain.body ) );

		// The same invoice at 2024-06-20, and the charge without an invoice at endive.
		const old = await stripe(
			'GET',
			`/v1/invoices/${ invoice.id }`,
			{ expand: [ 'payment_intent' ] },
			{ version: V2024 }
		);
		assert.equal( old.body.payment_intent.id, pi.id );
		assert.equal( old.body.charge, pi.latest_charge );
		assert.equal( old.headers.get( 'stripe-version' ), V2024 );
		const charge = await stripe(
			'GET',
			`/v1/charges/${ pi.latest_charge }`
		);
		assert.ok( ! ( 'invoice' in charge.body ) );
		const oldCharge = await stripe(
			'GET',
			`/v1/charges/${ pi.latest_charge }`,
			{},
			{ version: V2024 }
		);
		assert.equal( oldCharge.body.invoice, invoice.id );

		// Renewals get their invoice payment too; the list filters by invoice and PaymentIntent.
		const renewal = await control( 'stripe/advance', {
			subscription: s.id,
			action: 'renewal_paid',
		} );
		const listed = await stripe( 'GET', '/v1/invoice_payments', {
			invoice: renewal.body.invoice.id,
			expand: [ 'data.payment.payment_intent' ],
		} );
		assert.equal( listed.body.data.length, 1 );
		assert.equal( listed.body.data[ 0 ].status, 'paid' );
		assert.equal(
			listed.body.data[ 0 ].payment.payment_intent.id,
			renewal.body.payment_intent.id
		);
		const byIntent = await stripe( 'GET', '/v1/invoice_payments', {
			payment: { type: 'payment_intent', payment_intent: pi.id },
		} );
		assert.deepEqual(
			byIntent.body.data.map( ( p ) => p.id ),
			[ payment.id ]
		);
		const one = await stripe(
			'GET',
			`/v1/invoice_payments/${ payment.id }`
		);
		assert.equal( one.body.id, payment.id );
		const noType = await stripe( 'GET', '/v1/invoice_payments', {
			payment: { payment_intent: pi.id },
		} );
		assert.equal( noType.status, 400 );
		assert.equal( noType.body.error.param, 'payment[type]' );
		assert.deepEqual(
			[ ...harness.standIns.providers.stripe.renderGaps ],
			[]
		);
	} );
} );

describe( 'Stripe webhook endpoints and events per API version', () => {
	/**
	 * A local webhook receiver that records what it is sent.
	 *
	 * @return {Promise<{url: string, received: Array, close: Function}>} Receiver.
	 */
	async function receiver() {
		const received = [];
		const server = http.createServer( ( req, res ) => {
			let raw = '';
			req.on( 'data', ( chunk ) => ( raw += chunk ) );
			req.on( 'end', () => {
				received.push( {
					raw,
					signature: req.headers[ 'stripe-signature' ],
				} );
				res.writeHead( 200 );
				res.end( '{}' );
			} );
		} );
		await new Promise( ( resolve ) =>
			server.listen( 0, '127.0.0.1', resolve )
		);
		return {
			url: `http://127.0.0.1:${ server.address().port }/stripe-webhook`,
			received,
			close: () => new Promise( ( resolve ) => server.close( resolve ) ),
		};
	}

	const signedBy = ( { raw, signature }, secret ) => {
		const [ , t, v1 ] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec( signature );
		return (
			createHmac( 'sha256', secret )
				.update( `${ t }.${ raw }` )
				.digest( 'hex' ) === v1
		);
	};

	test( 'create (secret only then), list, retrieve, update, delete, and their refusals', async () => {
		const created = await stripe( 'POST', '/v1/webhook_endpoints', {
			url: 'https://charity.example/wp-json/donation-widget/v1/stripe',
			enabled_events: [ 'invoice.paid', 'charge.refunded' ],
			api_version: ENDIVE,
			description: 'Donation Widget',
			metadata: { site: 'charity' },
		} );
		assert.equal( created.status, 200, JSON.stringify( created.body ) );
		const endpoint = created.body;
		assert.match( endpoint.id, /^we_/ );
		assert.equal( endpoint.object, 'webhook_endpoint' );
		assert.match( endpoint.secret, /^whsec_/ );
		assert.equal( endpoint.api_version, ENDIVE );
		assert.equal( endpoint.status, 'enabled' );
		assert.deepEqual( endpoint.enabled_events, [
			'invoice.paid',
			'charge.refunded',
		] );
		assert.deepEqual( endpoint.metadata, { site: 'charity' } );

		const read = await stripe(
			'GET',
			`/v1/webhook_endpoints/${ endpoint.id }`
		);
		assert.equal( read.body.url, endpoint.url );
		assert.ok( ! ( 'secret' in read.body ) );
		const listed = await stripe( 'GET', '/v1/webhook_endpoints' );
		assert.deepEqual(
			listed.body.data.map( ( item ) => item.id ),
			[ endpoint.id ]
		);
		assert.ok( ! ( 'secret' in listed.body.data[ 0 ] ) );

		const updated = await stripe(
			'POST',
			`/v1/webhook_endpoints/${ endpoint.id }`,
			{
				enabled_events: [ '*' ],
				disabled: 'true',
				url: 'http://127.0.0.1:9/hook',
			}
		);
		assert.equal( updated.body.status, 'disabled' );
		assert.deepEqual( updated.body.enabled_events, [ '*' ] );
		assert.equal( updated.body.api_version, ENDIVE );
		const noVersionChange = await stripe(
			'POST',
			`/v1/webhook_endpoints/${ endpoint.id }`,
			{ api_version: V2024 }
		);
		assert.equal( noVersionChange.status, 400 );
		assert.equal( noVersionChange.body.error.code, 'parameter_unknown' );

		const noEvents = await stripe( 'POST', '/v1/webhook_endpoints', {
			url: 'https://charity.example/hook',
		} );
		assert.equal( noEvents.status, 400 );
		assert.equal( noEvents.body.error.param, 'enabled_events' );
		const badEvent = await stripe( 'POST', '/v1/webhook_endpoints', {
			url: 'https://charity.example/hook',
			enabled_events: [ 'invoice.paid', 'invoice.payed' ],
		} );
		assert.equal( badEvent.status, 400 );
		assert.equal( badEvent.body.error.param, 'enabled_events[1]' );
		const badUrl = await stripe( 'POST', '/v1/webhook_endpoints', {
			url: 'ftp://charity.example/hook',
			enabled_events: [ '*' ],
		} );
		assert.equal( badUrl.status, 400 );
		assert.equal( badUrl.body.error.param, 'url' );
		const badVersion = await stripe( 'POST', '/v1/webhook_endpoints', {
			url: 'https://charity.example/hook',
			enabled_events: [ '*' ],
			api_version: '2024-13-01',
		} );
		assert.equal( badVersion.status, 400 );
		assert.equal( badVersion.body.error.param, 'api_version' );
		const noVersion = await stripe( 'POST', '/v1/webhook_endpoints', {
			url: 'https://charity.example/hook',
			enabled_events: [ '*' ],
		} );
		assert.equal( noVersion.body.api_version, null );

		const deleted = await stripe(
			'DELETE',
			`/v1/webhook_endpoints/${ endpoint.id }`
		);
		assert.deepEqual( deleted.body, {
			id: endpoint.id,
			object: 'webhook_endpoint',
			deleted: true,
		} );
		const gone = await stripe(
			'GET',
			`/v1/webhook_endpoints/${ endpoint.id }`
		);
		assert.equal( gone.status, 404 );
	} );

	test( 'an event reaches each endpoint in its own api_version, signed with its secret', async () => {
		const site = await receiver();
		try {
			const make = async ( apiVersion ) =>
				(
					await stripe( 'POST', '/v1/webhook_endpoints', {
						url: site.url,
						enabled_events: [ 'invoice.paid', 'charge.refunded' ],
						...( apiVersion ? { api_version: apiVersion } : {} ),
					} )
				).body;
			const oldEndpoint = await make( V2024 );
			const defaultEndpoint = await make( null );

			const customer = await customerPaying( 'pm_card_visa' );
			const price = await fourWeeklyPrice();
			const sub = await stripe( 'POST', '/v1/subscriptions', {
				customer: customer.body.id,
				items: [ { price: price.body.id } ],
			} );
			const renewal = await control( 'stripe/advance', {
				subscription: sub.body.id,
				action: 'renewal_paid',
			} );
			const event = renewal.body.event;
			assert.equal( event.type, 'invoice.paid' );
			assert.equal( event.api_version, ENDIVE );
			assert.ok( ! ( 'charge' in event.data.object ) );

			// The same stored event, in both shapes.
			const [ asOld ] = (
				await json(
					'GET',
					`/__control/stripe/events?type=invoice.paid&api_version=${ V2024 }`
				)
			).body.filter( ( item ) => item.id === event.id );
			assert.equal( asOld.api_version, V2024 );
			assert.equal(
				asOld.data.object.charge,
				renewal.body.payment_intent.latest_charge
			);
			assert.equal(
				asOld.data.object.payment_intent,
				renewal.body.payment_intent.id
			);
			const onlyOld = (
				await json(
					'GET',
					`/__control/stripe/events?api_version=${ V2024 }`
				)
			).body;
			assert.ok(
				! onlyOld.some(
					( item ) => item.type === 'invoice_payment.paid'
				)
			);

			const events = renewal.body.events;
			const toOld = await control( 'stripe/deliver', {
				endpoint: oldEndpoint.id,
				events,
			} );
			assert.deepEqual(
				toOld.body.results.map( ( result ) => result.type ),
				[ 'invoice.paid' ]
			);
			assert.ok(
				toOld.body.skipped.some(
					( item ) => item.type === 'invoice.payment_succeeded'
				)
			);
			const toDefault = await control( 'stripe/deliver', {
				endpoint: defaultEndpoint.id,
				event,
			} );
			assert.equal( toDefault.body.results[ 0 ].status, 200 );
			const [ oldDelivery, newDelivery ] = site.received;
			assert.ok( signedBy( oldDelivery, oldEndpoint.secret ) );
			assert.ok( signedBy( newDelivery, defaultEndpoint.secret ) );
			assert.ok( ! signedBy( newDelivery, oldEndpoint.secret ) );
			const oldPayload = JSON.parse( oldDelivery.raw );
			const newPayload = JSON.parse( newDelivery.raw );
			assert.equal( oldPayload.id, newPayload.id );
			assert.equal( oldPayload.api_version, V2024 );
			assert.equal(
				oldPayload.data.object.charge,
				renewal.body.payment_intent.latest_charge
			);
			assert.equal( newPayload.api_version, ENDIVE );
			assert.equal(
				newPayload.data.object.parent.subscription_details.subscription,
				sub.body.id
			);
			assert.ok( ! ( 'payment_intent' in newPayload.data.object ) );

			// An explicit api_version wins; a disabled endpoint gets nothing.
			const forced = await control( 'stripe/deliver', {
				endpoint: defaultEndpoint.id,
				event,
				api_version: V2024,
			} );
			assert.equal( forced.body.results.length, 1 );
			assert.equal(
				JSON.parse( site.received[ 2 ].raw ).api_version,
				V2024
			);
			await stripe(
				'POST',
				`/v1/webhook_endpoints/${ defaultEndpoint.id }`,
				{ disabled: 'true' }
			);
			const off = await control( 'stripe/deliver', {
				endpoint: defaultEndpoint.id,
				event,
			} );
			assert.deepEqual( off.body.results, [] );
			assert.equal( off.body.skipped[ 0 ].reason, 'endpoint disabled' );

			// Without an endpoint, a version's unknown event types are left out too.
			const everything = await control( 'stripe/deliver', {
				url: `${ site.url }?all`,
				secret: 'whsec_test',
				api_version: V2024,
				events,
			} );
			assert.ok(
				everything.body.skipped.some(
					( item ) => item.type === 'invoice_payment.paid'
				)
			);
		} finally {
			await site.close();
		}
	} );

	for ( const version of [ V2024, ENDIVE ] ) {
		test( `every object the stand-in answers with fits the ${ version } types`, async () => {
			const call = ( method, path, params = {}, options = {} ) =>
				stripe( method, path, params, { version, ...options } );
			const customer = (
				await call( 'POST', '/v1/customers', {
					email: 'both@example.com',
					name: 'Both Shapes',
					payment_method: 'pm_card_visa',
					invoice_settings: {
						default_payment_method: 'pm_card_visa',
					},
					expand: [ 'invoice_settings.default_payment_method' ],
				} )
			).body;
			const product = (
				await call( 'POST', '/v1/products', { name: 'Donation' } )
			).body;
			const sub = await call( 'POST', '/v1/subscriptions', {
				customer: customer.id,
				items: [
					{
						price_data: {
							currency: 'aud',
							product: product.id,
							unit_amount: 2500,
							recurring: { interval: 'week', interval_count: 4 },
						},
					},
				],
				expand: [
					'latest_invoice',
					'customer',
					'items.data.price.product',
				],
			} );
			assert.equal( sub.status, 200, JSON.stringify( sub.body ) );
			await control( 'stripe/advance', {
				subscription: sub.body.id,
				action: 'renewal_failed',
				api_version: version,
			} );
			const paid = await call( 'POST', '/v1/payment_intents', {
				amount: 1000,
				currency: 'aud',
				payment_method: 'pm_card_visa',
				confirm: 'true',
				expand: [ 'latest_charge', 'payment_method' ],
			} );
			await call( 'POST', '/v1/refunds', {
				payment_intent: paid.body.id,
				amount: 400,
			} );
			const charge = await call(
				'GET',
				`/v1/charges/${ paid.body.latest_charge.id }`,
				{ expand: [ 'refunds' ] }
			);
			assert.equal( charge.body.refunds.data[ 0 ].amount, 400 );
			const plain = await call(
				'GET',
				`/v1/charges/${ paid.body.latest_charge.id }`
			);
			assert.ok( ! ( 'refunds' in plain.body ) );
			await call( 'POST', '/v1/payment_intents', {
				amount: 1000,
				currency: 'aud',
				payment_method: 'pm_card_chargeDeclined',
				confirm: 'true',
			} );
			await call( 'POST', '/v1/payment_intents', {
				amount: 1000,
				currency: 'aud',
				payment_method: 'pm_card_authenticationRequired',
				confirm: 'true',
			} );
			await call( 'POST', '/v1/setup_intents', {
				customer: customer.id,
				payment_method: 'pm_card_visa',
				confirm: 'true',
			} );
			await call( 'POST', '/v1/charges', {
				amount: 1000,
				currency: 'aud',
				source: 'tok_visa',
			} );
			await call( 'GET', '/v1/balance' );
			await call( 'POST', '/v1/payment_method_domains', {
				domain_name: 'give.example.org',
			} );
			await call( 'GET', '/v1/prices', { expand: [ 'data.product' ] } );
			const becs = (
				await call( 'POST', '/v1/payment_methods', {
					type: 'au_becs_debit',
					au_becs_debit: {
						bsb_number: '000000',
						account_number: '666666660',
					},
					billing_details: {
						name: 'Jenny Rosen',
						email: 'j@example.com',
					},
				} )
			).body;
			await call( 'POST', '/v1/payment_intents', {
				amount: 1000,
				currency: 'aud',
				payment_method: becs.id,
				// The name the version has (stripe 23.1.0's params: allowed_…).
				[ version === V2024
					? 'payment_method_types'
					: 'allowed_payment_method_types' ]: [ 'au_becs_debit' ],
				confirm: 'true',
				mandate_data: { customer_acceptance: { type: 'offline' } },
			} );
			const settled = await control( 'stripe/becs/settle', {
				api_version: version,
			} );
			const [ result ] = settled.body.settled;
			await call( 'GET', `/v1/disputes/${ result.dispute.id }` );
			await call(
				'GET',
				`/v1/mandates/${ result.payment_intent.latest_charge.payment_method_details.au_becs_debit.mandate }`
			);
			await call( 'GET', '/v1/events', { limit: 100 } );
			// 2024-06-20's SDK has no invoice payments: answered in the endive shape.
			const payments = await call( 'GET', '/v1/invoice_payments' );
			assert.equal( payments.body.data[ 0 ].object, 'invoice_payment' );
			await json(
				'GET',
				`/__control/stripe/events?api_version=${ version }`
			);
			await call( 'DELETE', `/v1/customers/${ customer.id }` );
			assert.deepEqual(
				[ ...harness.standIns.providers.stripe.renderGaps ],
				[]
			);
		} );
	}

	test( 'API versions: unknown ones refused, the account default settable and reset', async () => {
		const unknown = await stripe(
			'GET',
			'/v1/balance',
			{},
			{ version: '2099-01-01' }
		);
		assert.equal( unknown.status, 400 );
		assert.equal(
			unknown.body.error.message,
			'Invalid Stripe API version: 2099-01-01'
		);
		const basil = await stripe(
			'GET',
			'/v1/balance',
			{},
			{ version: '2025-03-31.basil' }
		);
		assert.equal( basil.status, 400 );

		const account = await control( 'stripe/account', {
			default_api_version: V2024,
		} );
		assert.equal( account.body.default_api_version, V2024 );
		const sub = await stripe( 'POST', '/v1/subscriptions', {
			customer: (
				await stripe( 'POST', '/v1/customers', {
					payment_method: 'pm_card_visa',
					invoice_settings: {
						default_payment_method: 'pm_card_visa',
					},
				} )
			).body.id,
			items: [
				{
					price: (
						await stripe( 'POST', '/v1/prices', {
							currency: 'aud',
							unit_amount: 1000,
							recurring: { interval: 'month' },
							product_data: { name: 'Donation' },
						} )
					).body.id,
				},
			],
			expand: [ 'latest_invoice.payment_intent' ],
		} );
		assert.equal( sub.status, 200 );
		assert.equal( sub.headers.get( 'stripe-version' ), V2024 );
		const events = (
			await json( 'GET', '/__control/stripe/events?type=invoice.paid' )
		).body;
		assert.equal( events[ 0 ].api_version, V2024 );
		assert.ok( 'charge' in events[ 0 ].data.object );

		const bad = await control( 'stripe/account', {
			default_api_version: '2025-03-31.basil',
		} );
		assert.equal( bad.status, 400 );
		await control( 'reset' );
		const afterReset = await json( 'GET', '/__control/stripe/account' );
		assert.equal( afterReset.body.default_api_version, ENDIVE );
	} );
} );
