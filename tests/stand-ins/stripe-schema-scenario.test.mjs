/**
 * The real Stripe stand-in, checked against Stripe's own definitions (the SDK
 * types, tests/stand-ins/lib/stripe/schema): a scenario that calls every endpoint
 * it serves, in each API version it answers; every request the scenario makes
 * must be one Stripe takes (the validator accepts it) and every answer must have
 * the shape the SDK gives its object in that version.
 *
 * Run: node --test tests/stand-ins/stripe-schema-scenario.test.mjs
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { startStandIns, encodeForm, parseForm } from './server.mjs';
import { validateStripeRequest } from './lib/stripe/schema/validate.mjs';
import { stripeShapeProblems } from './lib/stripe/schema/shape.mjs';
import { ENDPOINTS } from './lib/stripe/schema/generate.mjs';
import { loadSchema, findEndpoint } from './lib/stripe/schema/schemas.mjs';

const SECRET = 'sk_test_schema123';
const PUBLISHABLE = 'pk_test_schema123';
const VERSIONS = [ '2026-10-28.endive', '2024-06-20' ];

let standIns;

before( async () => {
	standIns = await startStandIns( { port: 0 } );
} );

after( async () => {
	await standIns.close();
} );

/**
 * Run the scenario in one version.
 *
 * @param {string} version Stripe-Version sent on every call.
 * @return {Promise<Object>} { calls, refused, problems, endpoints }.
 */
async function runScenario( version ) {
	await fetch( `${ standIns.url }/__control/reset`, { method: 'POST' } );
	const calls = [];
	const schema = loadSchema( version );
	// 2026-10-28.endive names it allowed_payment_method_types (stripe 23.1.0's
	// PaymentIntentCreateParams and SetupIntentCreateParams have no payment_method_types).
	const TYPES =
		version === '2024-06-20'
			? 'payment_method_types'
			: 'allowed_payment_method_types';

	const call = async ( method, path, params = {}, { pk = false } = {} ) => {
		const encoded = encodeForm( params );
		const url = `${ standIns.url }/stripe${ path }${
			method !== 'POST' && encoded ? `?${ encoded }` : ''
		}`;
		const response = await fetch( url, {
			method,
			headers: {
				Authorization: `Bearer ${ pk ? PUBLISHABLE : SECRET }`,
				'Content-Type': 'application/x-www-form-urlencoded',
				'Stripe-Version': version,
			},
			body: method === 'POST' ? encoded : undefined,
		} );
		const body = await response.json();
		const endpoint = findEndpoint( schema, method, path );
		calls.push( {
			method,
			path,
			endpoint,
			// What the stand-in (and a wired validator) receives.
			params: parseForm( encoded ),
			publishable: pk,
			status: response.status,
			body,
		} );
		if ( response.status >= 300 ) {
			throw new Error(
				`${ method } ${ path } → ${ response.status } ${
					( body.error && body.error.message ) ||
					JSON.stringify( body )
				}`
			);
		}
		return body;
	};

	const card = {
		number: '4242424242424242',
		exp_month: '12',
		exp_year: String( new Date().getFullYear() + 3 ),
		cvc: '123',
	};

	// Customers, payment methods, tokens, sources.
	const customer = await call( 'POST', '/v1/customers', {
		email: 'donor@example.org',
		name: 'A Donor',
		metadata: { donation_widget: '1' },
	} );
	await call( 'GET', `/v1/customers/${ customer.id }` );
	await call( 'POST', `/v1/customers/${ customer.id }`, {
		description: 'Regular giver',
	} );
	await call( 'GET', '/v1/customers', { limit: '3' } );
	await call( 'GET', '/v1/customers/search', {
		query: "email:'donor@example.org'",
	} );
	const pm = await call(
		'POST',
		'/v1/payment_methods',
		{ type: 'card', card, billing_details: { name: 'A Donor' } },
		{ pk: true }
	);
	await call( 'GET', `/v1/payment_methods/${ pm.id }` );
	await call( 'POST', `/v1/payment_methods/${ pm.id }/attach`, {
		customer: customer.id,
	} );
	await call( 'POST', `/v1/payment_methods/${ pm.id }`, {
		billing_details: { email: 'donor@example.org' },
	} );
	await call( 'GET', '/v1/payment_methods', {
		customer: customer.id,
		type: 'card',
	} );
	await call( 'GET', `/v1/customers/${ customer.id }/payment_methods`, {
		type: 'card',
	} );
	const token = await call( 'POST', '/v1/tokens', { card }, { pk: true } );
	await call( 'GET', `/v1/tokens/${ token.id }` );
	const sourceToken = await call(
		'POST',
		'/v1/tokens',
		{ card },
		{ pk: true }
	);
	await call( 'POST', `/v1/customers/${ customer.id }/sources`, {
		source: sourceToken.id,
	} );
	const spare = await call( 'POST', '/v1/payment_methods', {
		type: 'card',
		card: { token: 'tok_visa' },
	} );
	await call( 'POST', `/v1/payment_methods/${ spare.id }/attach`, {
		customer: customer.id,
	} );
	await call( 'POST', `/v1/payment_methods/${ spare.id }/detach` );

	const failed = [];
	const unreached = new Set();
	// A step the stand-in cannot do stops there and is reported (with the
	// endpoints only it calls); the others go on.
	const step = async ( name, endpoints, body ) => {
		try {
			await body();
		} catch ( error ) {
			failed.push( `${ name }: ${ error.message }` );
			endpoints.forEach( ( endpoint ) => unreached.add( endpoint ) );
		}
	};

	// Products and prices.
	const product = await call( 'POST', '/v1/products', {
		name: 'Donation',
		metadata: { donation_widget: 'product' },
	} );
	await call( 'GET', `/v1/products/${ product.id }` );
	await call( 'POST', `/v1/products/${ product.id }`, {
		description: 'Gifts',
	} );
	await call( 'GET', '/v1/products', { limit: '10' } );
	await call( 'GET', '/v1/products/search', {
		query: "metadata['donation_widget']:'product'",
	} );
	const price = await call( 'POST', '/v1/prices', {
		currency: 'aud',
		unit_amount: '2500',
		product: product.id,
		recurring: { interval: 'week', interval_count: '4' },
	} );
	await call( 'GET', `/v1/prices/${ price.id }` );
	await call( 'POST', `/v1/prices/${ price.id }`, {
		metadata: { kind: 'four-weekly' },
	} );
	await call( 'GET', '/v1/prices', { product: product.id } );
	await call( 'GET', '/v1/prices/search', {
		query: `product:'${ product.id }'`,
	} );

	// PaymentIntents: confirmed at creation, confirmed later, 3-D Secure in the browser, cancelled.
	const paid = await call( 'POST', '/v1/payment_intents', {
		amount: '2500',
		currency: 'aud',
		customer: customer.id,
		payment_method: pm.id,
		confirm: 'true',
		[ TYPES ]: [ 'card' ],
		metadata: { donation_attempt: '1' },
		expand: [ 'latest_charge' ],
	} );
	await call( 'GET', `/v1/payment_intents/${ paid.id }`, {
		expand: [ 'latest_charge', 'payment_method' ],
	} );
	await call( 'POST', `/v1/payment_intents/${ paid.id }`, {
		metadata: { note: 'updated' },
	} );
	await call( 'GET', '/v1/payment_intents', { customer: customer.id } );
	await call( 'GET', '/v1/payment_intents/search', {
		query: "metadata['donation_attempt']:'1'",
	} );
	const later = await call( 'POST', '/v1/payment_intents', {
		amount: '1000',
		currency: 'aud',
		automatic_payment_methods: {
			enabled: 'true',
			allow_redirects: 'never',
		},
	} );
	await call( 'POST', `/v1/payment_intents/${ later.id }/confirm`, {
		payment_method: 'pm_card_visa',
	} );
	const secure = await call( 'POST', '/v1/payment_intents', {
		amount: '1500',
		currency: 'aud',
		[ TYPES ]: [ 'card' ],
	} );
	const threeDs = await call(
		'POST',
		'/v1/payment_methods',
		{ type: 'card', card: { ...card, number: '4000002760003184' } },
		{ pk: true }
	);
	const needsAction = await call(
		'POST',
		`/v1/payment_intents/${ secure.id }/confirm`,
		{
			client_secret: secure.client_secret,
			payment_method: threeDs.id,
			return_url: 'https://example.org/donate',
		},
		{ pk: true }
	);
	assert.equal( needsAction.status, 'requires_action' );
	await call(
		'POST',
		`/v1/payment_intents/${ secure.id }/confirm`,
		{ client_secret: secure.client_secret, stand_in_3ds: 'succeed' },
		{ pk: true }
	);
	await call(
		'GET',
		`/v1/payment_intents/${ secure.id }`,
		{ client_secret: secure.client_secret },
		{ pk: true }
	);
	// The express checkout: Stripe.js's ConfirmationToken, confirmed by the server.
	const walletToken = await call(
		'POST',
		'/v1/confirmation_tokens',
		{
			payment_method_data: {
				type: 'card',
				card: {
					number: card.number,
					exp_month: card.exp_month,
					exp_year: card.exp_year,
				},
				billing_details: {
					name: 'A Donor',
					email: 'donor@example.org',
				},
			},
			return_url: 'https://example.org/donate',
			stand_in_wallet: 'google_pay',
		},
		{ pk: true }
	);
	const express = await call( 'POST', '/v1/payment_intents', {
		amount: '5250',
		currency: 'aud',
		confirmation_method: 'manual',
		[ TYPES ]: [ 'card', 'link' ],
	} );
	await call( 'POST', `/v1/payment_intents/${ express.id }/confirm`, {
		confirmation_token: walletToken.id,
		expand: [ 'latest_charge' ],
	} );
	await call( 'GET', `/v1/confirmation_tokens/${ walletToken.id }` );
	const atCreation = await call(
		'POST',
		'/v1/confirmation_tokens',
		{ payment_method_data: { type: 'card', card } },
		{ pk: true }
	);
	await call( 'POST', '/v1/payment_intents', {
		amount: '5250',
		currency: 'aud',
		confirmation_method: 'manual',
		confirm: 'true',
		confirmation_token: atCreation.id,
		[ TYPES ]: [ 'card' ],
	} );
	const dropped = await call( 'POST', '/v1/payment_intents', {
		amount: '900',
		currency: 'aud',
	} );
	await call( 'POST', `/v1/payment_intents/${ dropped.id }/cancel`, {
		cancellation_reason: 'abandoned',
	} );

	// SetupIntents (the card update flow).
	const setup = await call( 'POST', '/v1/setup_intents', {
		customer: customer.id,
		[ TYPES ]: [ 'card' ],
		usage: 'off_session',
	} );
	await call(
		'GET',
		`/v1/setup_intents/${ setup.id }`,
		{ client_secret: setup.client_secret },
		{ pk: true }
	);
	await call(
		'POST',
		`/v1/setup_intents/${ setup.id }/confirm`,
		{ client_secret: setup.client_secret, payment_method: pm.id },
		{ pk: true }
	);
	const unwanted = await call( 'POST', '/v1/setup_intents', {
		customer: customer.id,
	} );
	await call( 'POST', `/v1/setup_intents/${ unwanted.id }/cancel` );

	// Subscriptions and their invoices.
	const sub = await call( 'POST', '/v1/subscriptions', {
		customer: customer.id,
		items: [ { price: price.id } ],
		default_payment_method: pm.id,
		metadata: { donation_widget: 'sub' },
		expand: [ 'latest_invoice' ],
	} );
	await call( 'GET', `/v1/subscriptions/${ sub.id }` );
	await call( 'POST', `/v1/subscriptions/${ sub.id }`, {
		metadata: { note: 'updated' },
	} );
	await call( 'GET', '/v1/subscriptions', { customer: customer.id } );
	await call( 'GET', '/v1/subscriptions/search', {
		query: "metadata['donation_widget']:'sub'",
	} );
	const invoices = await call( 'GET', '/v1/invoices', {
		subscription: sub.id,
	} );
	const invoice = invoices.data[ 0 ];
	await call( 'GET', `/v1/invoices/${ invoice.id }` );
	await call( 'GET', '/v1/invoices/search', {
		query: `customer:'${ customer.id }'`,
	} );
	// Invoice payments are an endive resource (the 2024-06-20 SDK has no such endpoint).
	if ( schema.endpoints[ 'GET /v1/invoice_payments' ] ) {
		const payments = await call( 'GET', '/v1/invoice_payments', {
			invoice: invoice.id,
			expand: [ 'data.payment.payment_intent' ],
		} );
		await call( 'GET', `/v1/invoice_payments/${ payments.data[ 0 ].id }` );
		await call( 'GET', `/v1/invoices/${ invoice.id }`, {
			expand: [ 'payments', 'confirmation_secret' ],
		} );
	} else {
		await call( 'GET', `/v1/invoices/${ invoice.id }`, {
			expand: [ 'payment_intent', 'charge' ],
		} );
	}
	const unpaid = await call( 'POST', '/v1/subscriptions', {
		customer: customer.id,
		items: [ { price: price.id } ],
		payment_behavior: 'default_incomplete',
	} );
	const open = await call( 'GET', '/v1/invoices', {
		subscription: unpaid.id,
	} );
	await call( 'POST', `/v1/invoices/${ open.data[ 0 ].id }/pay`, {
		payment_method: pm.id,
	} );
	const toVoid = await call( 'POST', '/v1/subscriptions', {
		customer: customer.id,
		items: [ { price: price.id } ],
		payment_behavior: 'default_incomplete',
	} );
	const voidable = await call( 'GET', '/v1/invoices', {
		subscription: toVoid.id,
	} );
	await call( 'POST', `/v1/invoices/${ voidable.data[ 0 ].id }/void` );
	await call( 'DELETE', `/v1/subscriptions/${ sub.id }` );

	// Charges and refunds.
	const charge = await call( 'POST', '/v1/charges', {
		amount: '700',
		currency: 'aud',
		source: 'tok_visa',
	} );
	await call( 'GET', `/v1/charges/${ charge.id }` );
	await call( 'GET', '/v1/charges', { limit: '5' } );
	await call( 'GET', '/v1/charges/search', { query: "status:'succeeded'" } );
	const refund = await call( 'POST', '/v1/refunds', {
		payment_intent: paid.id,
		reason: 'requested_by_customer',
	} );
	await call( 'GET', `/v1/refunds/${ refund.id }` );
	await call( 'GET', '/v1/refunds', { payment_intent: paid.id } );

	// BECS Direct Debit: a mandate, and a dispute when the debit settles.
	await step(
		'BECS Direct Debit',
		[ 'GET /v1/mandates/:id', 'GET /v1/disputes/:id' ],
		async () => {
			const becs = await call(
				'POST',
				'/v1/payment_methods',
				{
					type: 'au_becs_debit',
					au_becs_debit: {
						bsb_number: '000000',
						account_number: '666666660',
					},
					billing_details: {
						name: 'A Donor',
						email: 'donor@example.org',
					},
				},
				{ pk: true }
			);
			const debit = await call( 'POST', '/v1/payment_intents', {
				amount: '3000',
				currency: 'aud',
				[ TYPES ]: [ 'au_becs_debit' ],
			} );
			await call(
				'POST',
				`/v1/payment_intents/${ debit.id }/confirm`,
				{
					client_secret: debit.client_secret,
					payment_method: becs.id,
					mandate_data: {
						customer_acceptance: {
							type: 'online',
							online: { infer_from_client: 'true' },
						},
					},
				},
				{ pk: true }
			);
			await fetch( `${ standIns.url }/__control/stripe/becs/settle`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: '{}',
			} );
			const settled = await call(
				'GET',
				`/v1/payment_intents/${ debit.id }`,
				{
					expand: [ 'latest_charge' ],
				}
			);
			const becsCharge = settled.latest_charge;
			const mandateId =
				becsCharge.payment_method_details.au_becs_debit.mandate;
			await call( 'GET', `/v1/mandates/${ mandateId }` );
			const disputed = await call( 'GET', '/v1/events', {
				type: 'charge.dispute.created',
			} );
			assert.equal(
				disputed.data.length,
				1,
				'account 666666660 is disputed'
			);
			await call(
				'GET',
				`/v1/disputes/${ disputed.data[ 0 ].data.object.id }`
			);
		}
	);

	const gone = await call( 'POST', '/v1/customers', {
		email: 'gone@example.org',
	} );
	await call( 'DELETE', `/v1/customers/${ gone.id }` );

	// Balance, its transactions (a charge's, a refund's, a card dispute's), wallet domains,
	// events, webhook endpoints.
	await call( 'GET', '/v1/balance' );
	await fetch( `${ standIns.url }/__control/stripe/dispute`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify( { charge: charge.id, reason: 'fraudulent' } ),
	} );
	const transactions = await call( 'GET', '/v1/balance_transactions', {
		limit: '20',
		expand: [ 'data.source' ],
	} );
	await call( 'GET', '/v1/balance_transactions', {
		type: 'charge',
		source: charge.id,
	} );
	for ( const transaction of transactions.data ) {
		await call( 'GET', `/v1/balance_transactions/${ transaction.id }` );
	}
	// A week on, the balance is paid out: the payout, and what it is made of.
	const deposit = await fetch( `${ standIns.url }/__control/stripe/payout`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify( {
			at: Math.floor( Date.now() / 1000 ) + 7 * 86400,
			status: 'paid',
		} ),
	} ).then( ( response ) => response.json() );
	await call( 'GET', '/v1/payouts', {
		limit: '10',
		status: 'paid',
		created: { gte: '0' },
	} );
	await call( 'GET', `/v1/payouts/${ deposit.payout.id }` );
	await call( 'GET', '/v1/balance_transactions', {
		payout: deposit.payout.id,
		limit: '100',
		expand: [ 'data.source' ],
	} );
	const domain = await call( 'POST', '/v1/payment_method_domains', {
		domain_name: 'donate.example.org',
	} );
	await call( 'GET', '/v1/payment_method_domains', {
		domain_name: 'donate.example.org',
	} );
	await call( 'GET', `/v1/payment_method_domains/${ domain.id }` );
	await call( 'POST', `/v1/payment_method_domains/${ domain.id }/validate` );
	const events = await call( 'GET', '/v1/events', { limit: '100' } );
	await call( 'GET', `/v1/events/${ events.data[ 0 ].id }` );
	const endpoint = await call( 'POST', '/v1/webhook_endpoints', {
		url: 'https://donate.example.org/wp-json/donation-widget/v1/stripe-webhook',
		enabled_events: [ 'payment_intent.succeeded', 'invoice.paid' ],
		api_version: version,
	} );
	await call( 'GET', '/v1/webhook_endpoints' );
	await call( 'GET', `/v1/webhook_endpoints/${ endpoint.id }` );
	await call( 'POST', `/v1/webhook_endpoints/${ endpoint.id }`, {
		enabled_events: [ 'payment_intent.succeeded' ],
	} );
	await call( 'DELETE', `/v1/webhook_endpoints/${ endpoint.id }` );

	const refused = [];
	const problems = [];
	for ( const entry of calls ) {
		const answer = validateStripeRequest( {
			method: entry.method,
			path: entry.path,
			params: entry.params,
			version,
			publishable: entry.publishable,
		} );
		if ( answer ) {
			refused.push(
				`${ entry.method } ${ entry.path }: ${ answer.error.message }`
			);
		}
		if ( entry.status >= 300 ) {
			continue;
		}
		for ( const found of stripeShapeProblems( entry.body, version, {
			publishable: entry.publishable,
		} ) ) {
			// One line per field, not per list entry or per call.
			problems.push( found.replace( /\[\d+\]/g, '[]' ) );
		}
	}
	return {
		calls,
		failed,
		unreached,
		refused,
		problems: [ ...new Set( problems ) ].sort(),
		endpoints: new Set( calls.map( ( c ) => c.endpoint ) ),
	};
}

for ( const version of VERSIONS ) {
	describe( `the Stripe stand-in in ${ version }`, () => {
		let run;

		before( async () => {
			run = await runScenario( version );
			// STRIPE_SCHEMA_REPORT=file.json keeps what was found, for a report.
			if ( process.env.STRIPE_SCHEMA_REPORT ) {
				const file = process.env.STRIPE_SCHEMA_REPORT.replace(
					/(\.json)?$/,
					`.${ version }.json`
				);
				writeFileSync(
					file,
					JSON.stringify(
						{
							failed: run.failed,
							refused: run.refused,
							problems: run.problems,
						},
						null,
						1
					)
				);
			}
		} );

		test( 'the scenario calls every endpoint the stand-in serves', () => {
			const schema = loadSchema( version );
			const missed = ENDPOINTS.filter(
				( endpoint ) =>
					schema.endpoints[ endpoint ] &&
					! run.endpoints.has( endpoint ) &&
					// Behind a step the stand-in failed (reported below).
					! run.unreached.has( endpoint )
			);
			assert.deepEqual( missed, [] );
		} );

		test( 'Stripe would take every request the scenario makes', () => {
			assert.deepEqual( run.refused, [] );
		} );

		test( 'the stand-in answers every request of the scenario', () => {
			assert.deepEqual( run.failed, [] );
		} );

		test( "every answer has the shape of Stripe's SDK types for this version", () => {
			assert.deepEqual( run.problems, [] );
		} );
	} );
}

export { runScenario };
