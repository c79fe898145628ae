/**
 * Tests of the provider stand-ins. Run: node --test tests/stand-ins/
 */
import {
	test,
	describe,
	before,
	after,
	beforeEach,
	afterEach,
} from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { createHmac } from 'node:crypto';
import {
	startStandIns,
	parseForm,
	encodeForm,
	signStripePayload,
} from './server.mjs';
import { issueToken, issuedAt, TOKEN_LIFETIME_MS } from './lib/recaptcha.mjs';

const SECRET_KEY = 'sk_test_standin123';
const PUBLISHABLE_KEY = 'pk_test_standin123';
const V2024 = '2024-06-20';

let standIns;
let base;

before( async () => {
	standIns = await startStandIns( { port: 0 } );
	base = standIns.url;
} );

after( async () => {
	await standIns.close();
} );

beforeEach( async () => {
	await fetch( `${ base }/__control/reset`, { method: 'POST' } );
} );

// Whatever a test made the Stripe stand-in answer fitted the SDK types of its version: no
// required field left null that may not be, no value of a type the version does not have.
afterEach( () => {
	assert.deepEqual( [ ...standIns.providers.stripe.renderGaps ], [] );
} );

/**
 * Call the Stripe stand-in like stripe-php does.
 *
 * @param {string} method  HTTP method.
 * @param {string} path    Path under /stripe.
 * @param {Object} params  Parameters (form body or query).
 * @param {Object} options key, headers, version (Stripe-Version; none: the account default).
 * @return {Promise<{status: number, body: Object, headers: Headers}>} Answer.
 */
async function stripe( method, path, params = {}, options = {} ) {
	const key = options.key === undefined ? SECRET_KEY : options.key;
	const headers = {
		'Content-Type': 'application/x-www-form-urlencoded',
		...( key ? { Authorization: `Bearer ${ key }` } : {} ),
		...( options.version ? { 'Stripe-Version': options.version } : {} ),
		...( options.headers || {} ),
	};
	const encoded = encodeForm( params );
	const url =
		method === 'GET' && encoded
			? `${ base }/stripe${ path }?${ encoded }`
			: `${ base }/stripe${ path }`;
	const response = await fetch( url, {
		method,
		headers,
		body: method === 'POST' ? encoded : undefined,
	} );
	return {
		status: response.status,
		body: await response.json(),
		headers: response.headers,
	};
}

async function json( method, path, body, headers = {} ) {
	const response = await fetch( `${ base }${ path }`, {
		method,
		headers: {
			...( body !== undefined
				? { 'Content-Type': 'application/json' }
				: {} ),
			...headers,
		},
		body: body === undefined ? undefined : JSON.stringify( body ),
	} );
	const text = await response.text();
	let parsed;
	try {
		parsed = JSON.parse( text );
	} catch {
		parsed = text;
	}
	return { status: response.status, body: parsed, headers: response.headers };
}

const control = ( path, body ) => json( 'POST', `/__control/${ path }`, body );

describe( 'form parsing (Stripe bracket notation)', () => {
	test( 'nested objects, indexed arrays and [] lists', () => {
		const parsed = parseForm(
			'amount=1000&metadata[foo]=bar&metadata[0]=zero' +
				'&items[0][price_data][recurring][interval]=week' +
				'&items[0][price_data][recurring][interval_count]=4' +
				'&items[0][price_data][unit_amount]=2500' +
				'&items[1][price]=price_123' +
				'&expand[]=latest_invoice.payment_intent&expand[]=customer' +
				'&billing_details[address][line1]=1+Example+Street' +
				'&name=A%20B%26C'
		);
		assert.deepEqual( parsed, {
			amount: '1000',
			metadata: { foo: 'bar', 0: 'zero' },
			items: [
				{
					price_data: {
						recurring: { interval: 'week', interval_count: '4' },
						unit_amount: '2500',
					},
				},
				{ price: 'price_123' },
			],
			expand: [ 'latest_invoice.payment_intent', 'customer' ],
			billing_details: { address: { line1: '1 Example Street' } },
			name: 'A B&C',
		} );
	} );

	test( 'encodeForm round-trips', () => {
		const params = {
			a: '1',
			metadata: { x: 'y z' },
			items: [ { price: 'p', quantity: '2' } ],
			expand: [ 'e1', 'e2' ],
		};
		assert.deepEqual( parseForm( encodeForm( params ) ), params );
	} );
} );

describe( 'Stripe', () => {
	test( 'payment method domains: created once per mode, listed by name, validated again', async () => {
		const created = await stripe( 'POST', '/v1/payment_method_domains', {
			domain_name: 'Give.Example.org.au',
		} );
		assert.equal( created.status, 200 );
		assert.equal( created.body.object, 'payment_method_domain' );
		assert.equal( created.body.domain_name, 'give.example.org.au' );
		assert.equal( created.body.enabled, true );
		assert.equal( created.body.apple_pay.status, 'active' );
		assert.equal( created.body.google_pay.status, 'active' );

		const again = await stripe( 'POST', '/v1/payment_method_domains', {
			domain_name: 'give.example.org.au',
		} );
		assert.equal( again.status, 400 );
		assert.equal( again.body.error.param, 'domain_name' );

		const listed = await stripe( 'GET', '/v1/payment_method_domains', {
			domain_name: 'give.example.org.au',
		} );
		assert.deepEqual(
			listed.body.data.map( ( domain ) => domain.id ),
			[ created.body.id ]
		);

		const local = await stripe( 'POST', '/v1/payment_method_domains', {
			domain_name: '127.0.0.1',
		} );
		assert.equal( local.body.apple_pay.status, 'inactive' );
		assert.match(
			local.body.apple_pay.status_details.error_message,
			/public domain name/
		);
		assert.equal( local.body.google_pay.status, 'active' );

		const validated = await stripe(
			'POST',
			`/v1/payment_method_domains/${ local.body.id }/validate`
		);
		assert.equal( validated.status, 200 );
		assert.equal( validated.body.id, local.body.id );

		const missing = await stripe(
			'POST',
			'/v1/payment_method_domains',
			{}
		);
		assert.equal( missing.status, 400 );
		assert.equal( missing.body.error.param, 'domain_name' );
	} );

	test( 'rejects missing and invalid keys with 401', async () => {
		const missing = await stripe( 'GET', '/v1/balance', {}, { key: '' } );
		assert.equal( missing.status, 401 );
		assert.equal( missing.body.error.type, 'invalid_request_error' );
		assert.match(
			missing.body.error.message,
			/did not provide an API key/
		);

		const invalid = await stripe(
			'GET',
			'/v1/balance',
			{},
			{ key: 'sk_test_invalid' }
		);
		assert.equal( invalid.status, 401 );
		assert.match(
			invalid.body.error.message,
			/^Invalid API Key provided: /
		);

		const wrong = await stripe( 'GET', '/v1/balance', {}, { key: 'nope' } );
		assert.equal( wrong.status, 401 );

		const publishable = await stripe(
			'GET',
			'/v1/balance',
			{},
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( publishable.status, 401 );

		const basic = await stripe(
			'GET',
			'/v1/balance',
			{},
			{
				key: '',
				headers: {
					Authorization: `Basic ${ Buffer.from(
						`${ SECRET_KEY }:`
					).toString( 'base64' ) }`,
				},
			}
		);
		assert.equal( basic.status, 200 );
		assert.equal( basic.body.object, 'balance' );
	} );

	test( 'a one-off PaymentIntent with pm_card_visa succeeds with latest_charge', async () => {
		const { status, body: pi } = await stripe(
			'POST',
			'/v1/payment_intents',
			{
				amount: 2500,
				currency: 'AUD',
				payment_method: 'pm_card_visa',
				confirm: 'true',
				metadata: { donation: 'oneoff' },
			}
		);
		assert.equal( status, 200 );
		assert.match( pi.id, /^pi_/ );
		assert.equal( pi.object, 'payment_intent' );
		assert.equal( pi.status, 'succeeded' );
		assert.equal( pi.currency, 'aud' );
		assert.equal( pi.amount_received, 2500 );
		assert.match( pi.client_secret, /^pi_.+_secret_.+/ );
		assert.match( pi.latest_charge, /^ch_/ );
		assert.deepEqual( pi.metadata, { donation: 'oneoff' } );
		assert.match( pi.payment_method, /^pm_/ );

		const charge = await stripe(
			'GET',
			`/v1/charges/${ pi.latest_charge }`
		);
		assert.equal( charge.status, 200 );
		assert.equal( charge.body.status, 'succeeded' );
		assert.equal( charge.body.payment_intent, pi.id );
		assert.equal( charge.body.payment_method_details.card.brand, 'visa' );
		assert.equal( charge.body.payment_method_details.card.last4, '4242' );

		const expanded = await stripe(
			'GET',
			`/v1/payment_intents/${ pi.id }`,
			{
				expand: [ 'latest_charge' ],
			}
		);
		assert.equal( expanded.body.latest_charge.id, pi.latest_charge );
	} );

	test( 'a declined card answers 402 with the card_error object', async () => {
		const { status, body } = await stripe( 'POST', '/v1/payment_intents', {
			amount: 1000,
			currency: 'aud',
			payment_method: 'pm_card_chargeDeclined',
			confirm: 'true',
		} );
		assert.equal( status, 402 );
		assert.equal( body.error.type, 'card_error' );
		assert.equal( body.error.code, 'card_declined' );
		assert.equal( body.error.decline_code, 'generic_decline' );
		assert.equal( body.error.message, 'Your card was declined.' );
		assert.equal(
			body.error.payment_intent.status,
			'requires_payment_method'
		);
		assert.equal(
			body.error.payment_intent.last_payment_error.decline_code,
			'generic_decline'
		);
		assert.match( body.error.charge, /^ch_/ );

		const funds = await stripe( 'POST', '/v1/payment_intents', {
			amount: 1000,
			currency: 'aud',
			payment_method: 'pm_card_chargeDeclinedInsufficientFunds',
			confirm: 'true',
		} );
		assert.equal( funds.status, 402 );
		assert.equal( funds.body.error.decline_code, 'insufficient_funds' );
	} );

	test( 'browser-created PaymentMethods follow the test card numbers', async () => {
		const year = new Date().getFullYear() + 2;
		const create = ( number ) =>
			stripe(
				'POST',
				'/v1/payment_methods',
				{
					type: 'card',
					card: { number, exp_month: 12, exp_year: year, cvc: '123' },
					billing_details: { name: 'Jo Donor' },
				},
				{ key: PUBLISHABLE_KEY }
			);
		const visa = await create( '4242424242424242' );
		assert.equal( visa.status, 200 );
		assert.equal( visa.body.card.brand, 'visa' );
		assert.equal( visa.body.billing_details.name, 'Jo Donor' );
		const discover = await create( '6011111111111117' );
		assert.equal( discover.body.card.brand, 'discover' );
		const amex = await create( '378282246310005' );
		assert.equal( amex.body.card.brand, 'amex' );
		const bad = await create( '4242424242424241' );
		assert.equal( bad.status, 402 );
		assert.equal( bad.body.error.code, 'incorrect_number' );

		const declined = await create( '4000000000000002' );
		const pi = await stripe( 'POST', '/v1/payment_intents', {
			amount: 1000,
			currency: 'aud',
			payment_method: declined.body.id,
			confirm: 'true',
		} );
		assert.equal( pi.status, 402 );
		assert.equal( pi.body.error.code, 'card_declined' );

		// A token from the browser, turned into a PaymentMethod by the server.
		const token = await stripe(
			'POST',
			'/v1/tokens',
			{
				card: {
					number: '5555555555554444',
					exp_month: 1,
					exp_year: year,
					name: 'Jo Donor',
					address_zip: '2000',
				},
			},
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( token.status, 200 );
		assert.match( token.body.id, /^tok_/ );
		assert.equal( token.body.card.brand, 'MasterCard' );
		const fromToken = await stripe( 'POST', '/v1/payment_methods', {
			type: 'card',
			card: { token: token.body.id },
		} );
		assert.equal( fromToken.body.card.brand, 'mastercard' );
		assert.equal( fromToken.body.billing_details.name, 'Jo Donor' );
		const reused = await stripe( 'POST', '/v1/payment_methods', {
			type: 'card',
			card: { token: token.body.id },
		} );
		assert.equal( reused.status, 400 );
	} );

	test( '3-D Secure: requires_action, then the browser confirms', async () => {
		const created = await stripe( 'POST', '/v1/payment_intents', {
			amount: 5000,
			currency: 'aud',
			payment_method: 'pm_card_authenticationRequired',
			confirm: 'true',
		} );
		assert.equal( created.status, 200 );
		const pi = created.body;
		assert.equal( pi.status, 'requires_action' );
		assert.equal( pi.next_action.type, 'use_stripe_sdk' );
		assert.equal( pi.latest_charge, null );

		// Publishable key without the client secret is refused.
		const noSecret = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`,
			{ stand_in_3ds: 'succeed' },
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( noSecret.status, 400 );

		const confirmed = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`,
			{ client_secret: pi.client_secret, stand_in_3ds: 'succeed' },
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( confirmed.status, 200 );
		assert.equal( confirmed.body.status, 'succeeded' );
		assert.equal( confirmed.body.metadata, undefined, 'publishable view' );

		const server = await stripe( 'GET', `/v1/payment_intents/${ pi.id }` );
		assert.match( server.body.latest_charge, /^ch_/ );

		const retrieved = await stripe(
			'GET',
			`/v1/payment_intents/${ pi.id }`,
			{ client_secret: pi.client_secret },
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( retrieved.body.status, 'succeeded' );

		const second = await stripe( 'POST', '/v1/payment_intents', {
			amount: 5000,
			currency: 'aud',
			payment_method: 'pm_card_authenticationRequired',
			confirm: 'true',
		} );
		const failed = await stripe(
			'POST',
			`/v1/payment_intents/${ second.body.id }/confirm`,
			{
				client_secret: second.body.client_secret,
				stand_in_3ds: 'fail',
			},
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( failed.status, 200 );
		assert.equal( failed.body.status, 'requires_payment_method' );
		assert.equal(
			failed.body.last_payment_error.code,
			'payment_intent_authentication_failure'
		);

		const offSession = await stripe( 'POST', '/v1/payment_intents', {
			amount: 5000,
			currency: 'aud',
			payment_method: 'pm_card_authenticationRequired',
			confirm: 'true',
			off_session: 'true',
		} );
		assert.equal( offSession.status, 402 );
		assert.equal( offSession.body.error.code, 'authentication_required' );
	} );

	test( 'Idempotency-Key replays and rejects changed parameters', async () => {
		const headers = { 'Idempotency-Key': 'donation-42' };
		const params = {
			amount: 1500,
			currency: 'aud',
			payment_method: 'pm_card_visa',
			confirm: 'true',
		};
		const first = await stripe( 'POST', '/v1/payment_intents', params, {
			headers,
		} );
		const again = await stripe( 'POST', '/v1/payment_intents', params, {
			headers,
		} );
		assert.equal( again.status, 200 );
		assert.equal( again.body.id, first.body.id );
		assert.equal( again.headers.get( 'idempotent-replayed' ), 'true' );
		assert.equal( first.headers.get( 'idempotent-replayed' ), null );

		const changed = await stripe(
			'POST',
			'/v1/payment_intents',
			{ ...params, amount: 1600 },
			{ headers }
		);
		assert.equal( changed.status, 400 );
		assert.equal( changed.body.error.type, 'idempotency_error' );

		const list = await stripe( 'GET', '/v1/charges', { limit: 10 } );
		assert.equal( list.body.data.length, 1, 'only one charge was made' );
	} );

	test( 'subscription at 2024-06-20: inline 4-weekly price, invoice.payment_intent expanded', async () => {
		const customer = await stripe( 'POST', '/v1/customers', {
			email: 'jo@example.com',
			name: 'Jo Donor',
			payment_method: 'pm_card_visa',
			invoice_settings: { default_payment_method: 'pm_card_visa' },
		} );
		assert.equal( customer.status, 200, JSON.stringify( customer.body ) );
		assert.match( customer.body.id, /^cus_/ );
		const pmId = customer.body.invoice_settings.default_payment_method;
		assert.match( pmId, /^pm_/ );

		const product = await stripe( 'POST', '/v1/products', {
			name: '4-weekly donation',
		} );
		const sub = await stripe(
			'POST',
			'/v1/subscriptions',
			{
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
				default_payment_method: pmId,
				payment_behavior: 'allow_incomplete',
				expand: [ 'latest_invoice.payment_intent' ],
				metadata: { frequency: '4weekly' },
			},
			{ version: V2024 }
		);
		assert.equal( sub.status, 200, JSON.stringify( sub.body ) );
		const s = sub.body;
		assert.match( s.id, /^sub_/ );
		assert.equal( s.status, 'active' );
		assert.deepEqual(
			{
				interval: s.items.data[ 0 ].price.recurring.interval,
				count: s.items.data[ 0 ].price.recurring.interval_count,
			},
			{ interval: 'week', count: 4 }
		);
		assert.equal(
			s.current_period_end - s.current_period_start,
			28 * 86400
		);
		assert.equal( s.latest_invoice.object, 'invoice' );
		assert.equal( s.latest_invoice.status, 'paid' );
		assert.equal(
			s.latest_invoice.payment_intent.object,
			'payment_intent'
		);
		assert.equal( s.latest_invoice.payment_intent.status, 'succeeded' );
		assert.equal(
			s.latest_invoice.charge,
			s.latest_invoice.payment_intent.latest_charge
		);
		assert.equal( s.latest_invoice.paid, true );
		assert.equal( s.latest_invoice.subscription, s.id );
		assert.deepEqual( s.latest_invoice.subscription_details, {
			metadata: { frequency: '4weekly' },
		} );
		assert.equal(
			s.latest_invoice.payment_intent.invoice,
			s.latest_invoice.id
		);
		// Fields of later versions are not there.
		for ( const field of [ 'parent', 'confirmation_secret', 'payments' ] ) {
			assert.ok( ! ( field in s.latest_invoice ), field );
		}
		assert.ok( ! ( 'current_period_end' in s.items.data[ 0 ] ) );
		assert.equal(
			s.latest_invoice.lines.data[ 0 ].price.unit_amount,
			2500
		);
		assert.equal( s.latest_invoice.lines.data[ 0 ].type, 'subscription' );
		assert.ok( ! ( 'pricing' in s.latest_invoice.lines.data[ 0 ] ) );

		// Renewal fails: new open invoice, past_due, events to sign and post.
		const advanced = await control( 'stripe/advance', {
			subscription: s.id,
			action: 'renewal_failed',
		} );
		assert.equal( advanced.status, 200 );
		assert.equal( advanced.body.subscription.status, 'past_due' );
		assert.equal( advanced.body.invoice.status, 'open' );
		assert.equal( advanced.body.event.type, 'invoice.payment_failed' );
		assert.equal(
			advanced.body.event.data.object.id,
			advanced.body.invoice.id
		);
		assert.ok(
			advanced.body.events.some(
				( e ) => e.type === 'customer.subscription.updated'
			)
		);

		const paid = await control( 'stripe/advance', {
			subscription: s.id,
			action: 'renewal_paid',
		} );
		assert.equal( paid.body.subscription.status, 'active' );
		assert.equal( paid.body.event.type, 'invoice.paid' );

		// Signing helper matches Stripe's scheme.
		const payload = JSON.stringify( paid.body.event );
		const signed = await control( 'stripe/sign', {
			payload,
			secret: 'whsec_test',
			timestamp: 1700000000,
		} );
		const expected = createHmac( 'sha256', 'whsec_test' )
			.update( `1700000000.${ payload }` )
			.digest( 'hex' );
		assert.equal( signed.body.header, `t=1700000000,v1=${ expected }` );
		assert.equal(
			signStripePayload( payload, 'whsec_test', 1700000000 ),
			signed.body.header
		);

		const canceled = await stripe(
			'DELETE',
			`/v1/subscriptions/${ s.id }`
		);
		assert.equal( canceled.body.status, 'canceled' );
	} );

	test( 'subscription with a 3-D Secure card is incomplete until confirmed', async () => {
		const customer = await stripe( 'POST', '/v1/customers', {
			email: 'sca@example.com',
		} );
		const attached = await stripe(
			'POST',
			'/v1/payment_methods/pm_card_authenticationRequired/attach',
			{ customer: customer.body.id }
		);
		assert.equal( attached.body.customer, customer.body.id );
		const price = await stripe( 'POST', '/v1/prices', {
			currency: 'aud',
			unit_amount: 1000,
			recurring: { interval: 'week', interval_count: 4 },
			product_data: { name: 'Donation' },
		} );
		const sub = await stripe( 'POST', '/v1/subscriptions', {
			customer: customer.body.id,
			items: [ { price: price.body.id } ],
			default_payment_method: attached.body.id,
			expand: [ 'latest_invoice.confirmation_secret' ],
		} );
		assert.equal( sub.body.status, 'incomplete' );
		const secret =
			sub.body.latest_invoice.confirmation_secret.client_secret;
		const pi = (
			await stripe(
				'GET',
				`/v1/payment_intents/${ secret.split( '_secret_' )[ 0 ] }`
			)
		).body;
		assert.equal( pi.status, 'requires_action' );
		await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`,
			{ client_secret: pi.client_secret, stand_in_3ds: 'succeed' },
			{ key: PUBLISHABLE_KEY }
		);
		const later = await stripe(
			'GET',
			`/v1/subscriptions/${ sub.body.id }`
		);
		assert.equal( later.body.status, 'active' );
	} );

	test( 'setup intents, unknown ids and unknown URLs', async () => {
		const customer = await stripe( 'POST', '/v1/customers', {} );
		const si = await stripe( 'POST', '/v1/setup_intents', {
			customer: customer.body.id,
			payment_method: 'pm_card_authenticationRequiredOnSetup',
			confirm: 'true',
			usage: 'off_session',
		} );
		assert.equal( si.body.status, 'requires_action' );
		const done = await stripe(
			'POST',
			`/v1/setup_intents/${ si.body.id }/confirm`,
			{ client_secret: si.body.client_secret, stand_in_3ds: 'succeed' },
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( done.body.status, 'succeeded' );
		const pm = await stripe(
			'GET',
			`/v1/payment_methods/${ done.body.payment_method }`
		);
		assert.equal( pm.body.customer, customer.body.id );

		// Once set up, an off-session payment needs no authentication.
		const offSession = await stripe( 'POST', '/v1/payment_intents', {
			amount: 1000,
			currency: 'aud',
			customer: customer.body.id,
			payment_method: pm.body.id,
			confirm: 'true',
			off_session: 'true',
		} );
		assert.equal( offSession.body.status, 'succeeded' );

		const missing = await stripe( 'GET', '/v1/payment_intents/pi_nope' );
		assert.equal( missing.status, 404 );
		assert.equal( missing.body.error.code, 'resource_missing' );
		assert.equal( missing.body.error.type, 'invalid_request_error' );

		const badParam = await stripe( 'POST', '/v1/payment_intents', {
			currency: 'aud',
		} );
		assert.equal( badParam.status, 400 );
		assert.equal( badParam.body.error.param, 'amount' );

		const unknown = await stripe( 'GET', '/v1/nothing' );
		assert.equal( unknown.status, 404 );
		assert.match( unknown.body.error.message, /Unrecognized request URL/ );
	} );

	test( 'subscription changes a donor makes: price without proration, trial_end, pause_collection, cancel with details, and their refusals', async () => {
		const customer = await stripe( 'POST', '/v1/customers', {
			email: 'self-service@example.com',
			payment_method: 'pm_card_visa',
			invoice_settings: { default_payment_method: 'pm_card_visa' },
		} );
		const product = await stripe( 'POST', '/v1/products', {
			name: 'Donation',
		} );
		const recurring = { interval: 'week', interval_count: 4 };
		const sub = await stripe( 'POST', '/v1/subscriptions', {
			customer: customer.body.id,
			items: [
				{
					price_data: {
						currency: 'aud',
						product: product.body.id,
						unit_amount: 3000,
						recurring,
					},
				},
			],
		} );
		assert.equal( sub.status, 200, JSON.stringify( sub.body ) );
		const path = `/v1/subscriptions/${ sub.body.id }`;
		const item = sub.body.items.data[ 0 ].id;

		const badProration = await stripe( 'POST', path, {
			proration_behavior: 'sometimes',
		} );
		assert.equal( badProration.status, 400 );
		assert.equal( badProration.body.error.param, 'proration_behavior' );

		const otherItem = await stripe( 'POST', path, {
			items: [
				{
					id: 'si_nope',
					price_data: {
						currency: 'aud',
						product: product.body.id,
						unit_amount: 4500,
						recurring,
					},
				},
			],
		} );
		assert.equal( otherItem.status, 400 );
		assert.equal( otherItem.body.error.param, 'items[0][id]' );

		const priced = await stripe( 'POST', path, {
			items: [
				{
					id: item,
					price_data: {
						currency: 'aud',
						product: product.body.id,
						unit_amount: 4500,
						recurring,
					},
				},
			],
			proration_behavior: 'none',
		} );
		assert.equal( priced.status, 200 );
		assert.equal( priced.body.items.data.length, 1 );
		assert.equal( priced.body.items.data[ 0 ].id, item );
		assert.equal( priced.body.items.data[ 0 ].price.unit_amount, 4500 );

		const pastTrial = await stripe( 'POST', path, { trial_end: 1000 } );
		assert.equal( pastTrial.status, 400 );
		assert.equal( pastTrial.body.error.param, 'trial_end' );
		const skipTo = sub.body.items.data[ 0 ].current_period_end + 28 * 86400;
		const skipped = await stripe( 'POST', path, {
			trial_end: skipTo,
			proration_behavior: 'none',
		} );
		assert.equal( skipped.body.status, 'trialing' );
		assert.equal( skipped.body.items.data[ 0 ].current_period_end, skipTo );
		const skippedOld = await stripe( 'GET', path, {}, { version: V2024 } );
		assert.equal( skippedOld.body.current_period_end, skipTo );

		const noBehavior = await stripe( 'POST', path, {
			pause_collection: { resumes_at: skipTo },
		} );
		assert.equal( noBehavior.status, 400 );
		assert.equal(
			noBehavior.body.error.param,
			'pause_collection[behavior]'
		);
		const badBehavior = await stripe( 'POST', path, {
			pause_collection: { behavior: 'skip' },
		} );
		assert.equal( badBehavior.status, 400 );
		const paused = await stripe( 'POST', path, {
			pause_collection: { behavior: 'void', resumes_at: skipTo + 86400 },
		} );
		assert.deepEqual( paused.body.pause_collection, {
			behavior: 'void',
			resumes_at: skipTo + 86400,
		} );
		const resumed = await stripe( 'POST', path, { pause_collection: '' } );
		assert.equal( resumed.body.pause_collection, null );

		const badFeedback = await fetch(
			`${ base }/stripe${ path }?cancellation_details[feedback]=meh`,
			{
				method: 'DELETE',
				headers: { Authorization: `Bearer ${ SECRET_KEY }` },
			}
		);
		assert.equal( badFeedback.status, 400 );
		const cancelled = await fetch(
			`${ base }/stripe${ path }?cancellation_details[comment]=Moving%20overseas`,
			{
				method: 'DELETE',
				headers: { Authorization: `Bearer ${ SECRET_KEY }` },
			}
		);
		const body = await cancelled.json();
		assert.equal( body.status, 'canceled' );
		assert.equal( body.cancellation_details.comment, 'Moving overseas' );
	} );
} );

describe( 'PayPal', () => {
	const basic = ( id, secret ) =>
		`Basic ${ Buffer.from( `${ id }:${ secret }` ).toString( 'base64' ) }`;

	async function token() {
		const response = await fetch( `${ base }/paypal/v1/oauth2/token`, {
			method: 'POST',
			headers: {
				Authorization: basic( 'client-id', 'client-secret' ),
				'Content-Type': 'application/x-www-form-urlencoded',
			},
			body: 'grant_type=client_credentials',
		} );
		return { status: response.status, body: await response.json() };
	}

	test( 'oauth, order, approval, capture and capture lookup', async () => {
		const bad = await fetch( `${ base }/paypal/v1/oauth2/token`, {
			method: 'POST',
			headers: {
				Authorization: basic( 'client-id', 'invalid-secret' ),
				'Content-Type': 'application/x-www-form-urlencoded',
			},
			body: 'grant_type=client_credentials',
		} );
		assert.equal( bad.status, 401 );
		assert.deepEqual( await bad.json(), {
			error: 'invalid_client',
			error_description: 'Client Authentication failed',
		} );

		const auth = await token();
		assert.equal( auth.status, 200 );
		assert.equal( auth.body.token_type, 'Bearer' );
		assert.equal( auth.body.expires_in, 32400 );
		assert.ok( auth.body.access_token );
		assert.ok( auth.body.app_id );
		assert.ok( auth.body.nonce );
		const bearer = { Authorization: `Bearer ${ auth.body.access_token }` };

		const noAuth = await json( 'POST', '/paypal/v2/checkout/orders', {
			intent: 'CAPTURE',
			purchase_units: [
				{ amount: { currency_code: 'AUD', value: '10.00' } },
			],
		} );
		assert.equal( noAuth.status, 401 );

		const created = await json(
			'POST',
			'/paypal/v2/checkout/orders',
			{
				intent: 'CAPTURE',
				purchase_units: [
					{
						amount: { currency_code: 'AUD', value: '52.50' },
						custom_id: 'o-acme,n-jo_donor,d-oneoff',
						shipping: {
							name: { full_name: 'Jo Donor' },
							address: {
								address_line_1: '1 Example Street',
								admin_area_2: 'Sydney',
								admin_area_1: 'NSW',
								postal_code: '2000',
								country_code: 'AU',
							},
						},
					},
				],
			},
			bearer
		);
		assert.equal( created.status, 201 );
		assert.equal( created.body.status, 'CREATED' );
		assert.ok( created.body.links.some( ( l ) => l.rel === 'approve' ) );
		const orderId = created.body.id;

		const early = await json(
			'POST',
			`/paypal/v2/checkout/orders/${ orderId }/capture`,
			{},
			bearer
		);
		assert.equal( early.status, 422 );
		assert.equal( early.body.details[ 0 ].issue, 'ORDER_NOT_APPROVED' );

		const approved = await json(
			'POST',
			`/paypal/v2/checkout/orders/${ orderId }/stand-in-approve`,
			{},
			{ 'X-Stand-In-Sdk-Client-Id': 'client-id' }
		);
		assert.equal( approved.body.status, 'APPROVED' );

		const captured = await json(
			'POST',
			`/paypal/v2/checkout/orders/${ orderId }/capture`,
			{},
			{ 'X-Stand-In-Sdk-Client-Id': 'client-id' }
		);
		assert.equal( captured.status, 201 );
		assert.equal( captured.body.status, 'COMPLETED' );
		const capture =
			captured.body.purchase_units[ 0 ].payments.captures[ 0 ];
		assert.equal( capture.status, 'COMPLETED' );
		assert.deepEqual( capture.amount, {
			currency_code: 'AUD',
			value: '52.50',
		} );
		assert.equal( capture.custom_id, 'o-acme,n-jo_donor,d-oneoff' );
		assert.equal( capture.final_capture, true );
		assert.ok( capture.create_time );

		const again = await json(
			'POST',
			`/paypal/v2/checkout/orders/${ orderId }/capture`,
			{},
			bearer
		);
		assert.equal( again.status, 422 );
		assert.equal( again.body.details[ 0 ].issue, 'ORDER_ALREADY_CAPTURED' );

		const lookup = await json(
			'GET',
			`/paypal/v2/payments/captures/${ capture.id }`,
			undefined,
			bearer
		);
		assert.equal( lookup.status, 200 );
		assert.equal( lookup.body.status, 'COMPLETED' );
		assert.equal( lookup.body.custom_id, 'o-acme,n-jo_donor,d-oneoff' );
		assert.equal(
			lookup.body.supplementary_data.related_ids.order_id,
			orderId
		);

		const browserLookup = await json(
			'GET',
			`/paypal/v2/payments/captures/${ capture.id }`,
			undefined,
			{ 'X-Stand-In-Sdk-Client-Id': 'client-id' }
		);
		assert.equal(
			browserLookup.status,
			401,
			'captures need the server token'
		);

		const missing = await json(
			'GET',
			'/paypal/v2/payments/captures/NOPE123',
			undefined,
			bearer
		);
		assert.equal( missing.status, 404 );
		assert.equal( missing.body.name, 'RESOURCE_NOT_FOUND' );
		assert.equal( missing.body.details[ 0 ].issue, 'INVALID_RESOURCE_ID' );
		assert.ok( missing.body.debug_id );
	} );

	test( 'order lookup: CREATED, APPROVED, COMPLETED with its capture, unknown 404', async () => {
		const auth = await token();
		const bearer = { Authorization: `Bearer ${ auth.body.access_token }` };
		const created = await json(
			'POST',
			'/paypal/v2/checkout/orders',
			{
				intent: 'CAPTURE',
				purchase_units: [
					{
						amount: { currency_code: 'AUD', value: '52.50' },
						custom_id: 'n-jo_donor,d-Oneoff',
						invoice_id: 'attempt-0001',
					},
				],
			},
			{ 'X-Stand-In-Sdk-Client-Id': 'client-id' }
		);
		const orderId = created.body.id;
		const lookup = () =>
			json(
				'GET',
				`/paypal/v2/checkout/orders/${ orderId }`,
				undefined,
				bearer
			);

		const fresh = await lookup();
		assert.equal( fresh.status, 200 );
		assert.equal( fresh.body.status, 'CREATED' );
		assert.equal(
			fresh.body.purchase_units[ 0 ].invoice_id,
			'attempt-0001'
		);
		assert.equal( fresh.body.purchase_units[ 0 ].payments, undefined );

		await json(
			'POST',
			`/paypal/v2/checkout/orders/${ orderId }/stand-in-approve`,
			{},
			bearer
		);
		assert.equal( ( await lookup() ).body.status, 'APPROVED' );

		const captured = await json(
			'POST',
			`/paypal/v2/checkout/orders/${ orderId }/capture`,
			{},
			bearer
		);
		const done = await lookup();
		assert.equal( done.body.status, 'COMPLETED' );
		const capture = done.body.purchase_units[ 0 ].payments.captures[ 0 ];
		assert.equal(
			capture.id,
			captured.body.purchase_units[ 0 ].payments.captures[ 0 ].id
		);
		assert.equal( capture.status, 'COMPLETED' );
		assert.equal( capture.invoice_id, 'attempt-0001' );
		assert.deepEqual( capture.amount, {
			currency_code: 'AUD',
			value: '52.50',
		} );

		const unknown = await json(
			'GET',
			'/paypal/v2/checkout/orders/5O190127TN364715T',
			undefined,
			bearer
		);
		assert.equal( unknown.status, 404 );
		assert.equal( unknown.body.name, 'RESOURCE_NOT_FOUND' );
		assert.equal( unknown.body.details[ 0 ].issue, 'INVALID_RESOURCE_ID' );

		const capturesLookup = await json(
			'GET',
			`/paypal/v2/payments/captures/${ capture.id }`,
			undefined,
			bearer
		);
		assert.equal( capturesLookup.body.invoice_id, 'attempt-0001' );
		assert.equal(
			capturesLookup.body.supplementary_data.related_ids.order_id,
			orderId
		);
	} );

	test( 'forced capture_not_completed and capture_amount_mismatch', async () => {
		const auth = await token();
		const bearer = { Authorization: `Bearer ${ auth.body.access_token }` };
		const order = await json(
			'POST',
			'/paypal/v2/checkout/orders',
			{
				intent: 'CAPTURE',
				purchase_units: [
					{ amount: { currency_code: 'AUD', value: '20.00' } },
				],
			},
			bearer
		);
		await json(
			'POST',
			`/paypal/v2/checkout/orders/${ order.body.id }/stand-in-approve`,
			{},
			bearer
		);
		await control( 'next', {
			provider: 'paypal',
			scenario: 'capture_not_completed',
			path: '/capture',
			status: 'DECLINED',
		} );
		const captured = await json(
			'POST',
			`/paypal/v2/checkout/orders/${ order.body.id }/capture`,
			{},
			bearer
		);
		const capture =
			captured.body.purchase_units[ 0 ].payments.captures[ 0 ];
		assert.equal( capture.status, 'DECLINED' );

		await control( 'next', {
			provider: 'paypal',
			scenario: 'capture_amount_mismatch',
			path: '/v2/payments/captures',
		} );
		const lookup = await json(
			'GET',
			`/paypal/v2/payments/captures/${ capture.id }`,
			undefined,
			bearer
		);
		assert.equal( lookup.body.amount.value, '19.00' );
	} );
} );

describe( 'PayPal webhooks', () => {
	const basic = `Basic ${ Buffer.from( 'client-id:client-secret' ).toString(
		'base64'
	) }`;

	async function bearer() {
		const response = await fetch( `${ base }/paypal/v1/oauth2/token`, {
			method: 'POST',
			headers: {
				Authorization: basic,
				'Content-Type': 'application/x-www-form-urlencoded',
			},
			body: 'grant_type=client_credentials',
		} );
		const body = await response.json();
		return { Authorization: `Bearer ${ body.access_token }` };
	}

	/**
	 * The verify-webhook-signature body a site builds from a delivery.
	 *
	 * @param {Object} headers   The delivery's PAYPAL-* headers.
	 * @param {string} webhookId The site's webhook id.
	 * @param {Object} event     The delivered event.
	 * @return {Object} Body.
	 */
	const verification = ( headers, webhookId, event ) => ( {
		auth_algo: headers[ 'paypal-auth-algo' ],
		cert_url: headers[ 'paypal-cert-url' ],
		transmission_id: headers[ 'paypal-transmission-id' ],
		transmission_sig: headers[ 'paypal-transmission-sig' ],
		transmission_time: headers[ 'paypal-transmission-time' ],
		webhook_id: webhookId,
		webhook_event: event,
	} );

	test( 'verify-webhook-signature: SUCCESS only for what was signed, for that webhook', async () => {
		const auth = await bearer();
		const event = (
			await control( 'paypal/event', {
				type: 'PAYMENT.CAPTURE.COMPLETED',
				capture_id: 'CAPTURE0000000001',
				amount: '52.50',
			} )
		).body;
		assert.equal( event.event_type, 'PAYMENT.CAPTURE.COMPLETED' );
		assert.equal( event.resource.id, 'CAPTURE0000000001' );
		assert.equal( event.resource.status, 'COMPLETED' );
		const signed = await control( 'paypal/sign', {
			event,
			webhook_id: 'WH0STANDIN000001',
		} );
		assert.equal( signed.status, 200 );
		const { headers } = signed.body;
		assert.equal( headers[ 'paypal-auth-algo' ], 'SHA256withRSA' );
		assert.match( headers[ 'paypal-cert-url' ], /^https:\/\// );

		const path = '/paypal/v1/notifications/verify-webhook-signature';
		const good = await json(
			'POST',
			path,
			verification( headers, 'WH0STANDIN000001', event ),
			auth
		);
		assert.deepEqual( good, {
			status: 200,
			body: { verification_status: 'SUCCESS' },
			headers: good.headers,
		} );

		const otherWebhook = await json(
			'POST',
			path,
			verification( headers, 'WH0SOMEONEELSE01', event ),
			auth
		);
		assert.equal( otherWebhook.body.verification_status, 'FAILURE' );

		const changed = await json(
			'POST',
			path,
			verification( headers, 'WH0STANDIN000001', {
				...event,
				resource: {
					...event.resource,
					amount: { currency_code: 'AUD', value: '1.00' },
				},
			} ),
			auth
		);
		assert.equal( changed.body.verification_status, 'FAILURE' );

		await control( 'next', {
			provider: 'paypal',
			scenario: 'webhook_verification_failed',
		} );
		const forced = await json(
			'POST',
			path,
			verification( headers, 'WH0STANDIN000001', event ),
			auth
		);
		assert.equal( forced.body.verification_status, 'FAILURE' );

		const missing = await json(
			'POST',
			path,
			{ webhook_id: 'WH0STANDIN000001', webhook_event: event },
			auth
		);
		assert.equal( missing.status, 400 );
		assert.equal( missing.body.name, 'INVALID_REQUEST' );

		const anonymous = await json(
			'POST',
			path,
			verification( headers, 'WH0STANDIN000001', event )
		);
		assert.equal( anonymous.status, 401 );
	} );

	test( 'refund events name their capture in the up link', async () => {
		const refunded = (
			await control( 'paypal/event', {
				type: 'PAYMENT.CAPTURE.REFUNDED',
				capture_id: 'CAPTURE0000000002',
				amount: '52.50',
				refund_amount: '10.00',
			} )
		).body;
		assert.equal( refunded.resource_type, 'refund' );
		assert.equal( refunded.resource.amount.value, '10.00' );
		assert.equal(
			refunded.resource.seller_payable_breakdown.total_refunded_amount
				.value,
			'10.00'
		);
		assert.ok(
			refunded.resource.links.some(
				( link ) =>
					link.rel === 'up' &&
					link.href.endsWith(
						'/v2/payments/captures/CAPTURE0000000002'
					)
			)
		);
	} );

	test( 'deliver posts signed events a site can verify, and tamper breaks them', async () => {
		const received = [];
		const site = http.createServer( ( req, res ) => {
			let raw = '';
			req.on( 'data', ( chunk ) => ( raw += chunk ) );
			req.on( 'end', () => {
				received.push( { headers: req.headers, raw } );
				res.writeHead( 200, { 'Content-Type': 'application/json' } );
				res.end( '{"received":true}' );
			} );
		} );
		await new Promise( ( resolve ) =>
			site.listen( 0, '127.0.0.1', resolve )
		);
		const url = `http://127.0.0.1:${ site.address().port }/wp-json/donation-widget/v1/paypal/webhook`;
		try {
			const event = (
				await control( 'paypal/event', {
					type: 'PAYMENT.CAPTURE.DENIED',
					capture_id: 'CAPTURE0000000003',
				} )
			).body;
			assert.equal( event.resource.status, 'DECLINED' );
			const delivered = await control( 'paypal/deliver', {
				url,
				webhook_id: 'WH0STANDIN000001',
				event,
			} );
			assert.equal( delivered.body.results[ 0 ].status, 200 );
			await control( 'paypal/deliver', {
				url,
				webhook_id: 'WH0STANDIN000001',
				event,
				tamper: true,
			} );
			assert.equal( received.length, 2 );
			const auth = await bearer();
			const verdicts = [];
			for ( const { headers, raw } of received ) {
				const answer = await json(
					'POST',
					'/paypal/v1/notifications/verify-webhook-signature',
					verification(
						headers,
						'WH0STANDIN000001',
						JSON.parse( raw )
					),
					auth
				);
				verdicts.push( answer.body.verification_status );
			}
			assert.deepEqual( verdicts, [ 'SUCCESS', 'FAILURE' ] );
			assert.equal(
				received[ 0 ].headers[ 'content-type' ],
				'application/json'
			);
		} finally {
			await new Promise( ( resolve ) => site.close( resolve ) );
		}
	} );
} );

describe( 'Experian', () => {
	const search = ( text, headers = { 'Auth-Token': 'test-token' } ) =>
		json(
			'POST',
			'/experian/address/search/v1',
			{
				country_iso: 'AUS',
				datasets: [ 'au-address' ],
				max_suggestions: 5,
				components: { unspecified: [ text ] },
			},
			headers
		);

	test( 'auth, verified match, multiple, no matches and format', async () => {
		const unauthorised = await search( '1 Example Street', {} );
		assert.equal( unauthorised.status, 401 );
		assert.equal( unauthorised.body.error.title, 'Unauthorized' );

		const one = await search( '1 example street, SYDNEY' );
		assert.equal( one.status, 200 );
		assert.equal( one.body.result.confidence, 'Verified match' );
		assert.equal( one.body.result.more_results_available, false );
		assert.equal( one.body.result.suggestions.length, 1 );
		const suggestion = one.body.result.suggestions[ 0 ];
		assert.equal( suggestion.text, '1 Example Street, Sydney NSW 2000' );
		assert.ok( suggestion.global_address_key );
		assert.equal(
			suggestion.format,
			`${ base }/experian/address/format/v1/${ suggestion.global_address_key }`
		);

		const many = await search( 'Example Street' );
		assert.equal( many.body.result.confidence, 'Multiple matches' );
		assert.ok( many.body.result.suggestions.length >= 2 );

		const none = await search( 'Nowhere Boulevard' );
		assert.equal( none.body.result.confidence, 'No matches' );
		assert.deepEqual( none.body.result.suggestions, [] );

		const formatted = await json(
			'GET',
			`/experian/address/format/v1/${ suggestion.global_address_key }`,
			undefined,
			{ 'Auth-Token': 'test-token' }
		);
		assert.equal( formatted.status, 200 );
		assert.equal( formatted.body.result.confidence, 'Verified match' );
		assert.deepEqual( formatted.body.result.address, {
			address_line_1: '1 Example Street',
			address_line_2: '',
			address_line_3: '',
			locality: 'Sydney',
			region: 'NSW',
			postal_code: '2000',
			country: 'AUSTRALIA',
		} );

		const partialKey = ( await search( 'Partial Lane' ) ).body.result
			.suggestions[ 0 ].global_address_key;
		const partial = await json(
			'GET',
			`/experian/address/format/v1/${ partialKey }`,
			undefined,
			{ 'Auth-Token': 'test-token' }
		);
		assert.equal( partial.body.result.confidence, 'Partial match' );

		const unknown = await json(
			'GET',
			'/experian/address/format/v1/not-a-key',
			undefined,
			{ 'Auth-Token': 'test-token' }
		);
		assert.equal( unknown.status, 404 );

		await control( 'next', {
			provider: 'experian',
			scenario: 'no_matches',
		} );
		const forced = await search( '1 Example Street' );
		assert.equal( forced.body.result.confidence, 'No matches' );
	} );
} );

describe( 'reCAPTCHA', () => {
	const siteverify = async ( params, { method = 'POST' } = {} ) => {
		const form = new URLSearchParams( params ).toString();
		const response = await fetch(
			`${ base }/recaptcha/recaptcha/api/siteverify${
				method === 'GET' ? `?${ form }` : ''
			}`,
			method === 'GET'
				? {}
				: {
						method: 'POST',
						headers: {
							'Content-Type': 'application/x-www-form-urlencoded',
						},
						body: form,
					}
		);
		return response.json();
	};
	const verify = ( response, secret = 'captcha-secret' ) =>
		siteverify( { secret, response } );
	const refused = ( code ) => ( { success: false, 'error-codes': [ code ] } );

	test( 'siteverify ok and failures', async () => {
		const issued = Date.now() - 30000;
		const token = issueToken( issued );
		const ok = await siteverify( {
			secret: 'captcha-secret',
			response: token,
			remoteip: '127.0.0.1',
		} );
		assert.equal( ok.success, true );
		assert.equal( ok.hostname, 'localhost' );
		// "timestamp of the challenge load": when the token was issued.
		assert.equal(
			ok.challenge_ts,
			new Date( issued ).toISOString().replace( /\.\d{3}Z$/, 'Z' )
		);

		assert.deepEqual(
			await verify( 'stand-in-captcha-fail' ),
			refused( 'invalid-input-response' )
		);

		const badSecret = await verify( issueToken(), 'invalid-secret' );
		assert.deepEqual( badSecret[ 'error-codes' ], [
			'invalid-input-secret',
		] );

		const missing = await siteverify( { secret: 'captcha-secret' } );
		assert.deepEqual( missing[ 'error-codes' ], [
			'missing-input-response',
		] );

		await control( 'next', {
			provider: 'recaptcha',
			scenario: 'captcha_failed',
		} );
		const forced = await verify( issueToken() );
		assert.equal( forced.success, false );
	} );

	test( 'a token passes once: any second verify, from any caller, is timeout-or-duplicate', async () => {
		const token = issueToken();
		assert.equal( ( await verify( token ) ).success, true );
		assert.deepEqual(
			await verify( token ),
			refused( 'timeout-or-duplicate' )
		);
		// Another site key's secret, the query string instead of the form: spent all the same.
		assert.deepEqual(
			await siteverify(
				{ secret: 'another-site', response: token },
				{ method: 'GET' }
			),
			refused( 'timeout-or-duplicate' )
		);
		// A test starting over does not make Google forget.
		await fetch( `${ base }/__control/reset`, { method: 'POST' } );
		assert.deepEqual(
			await verify( token ),
			refused( 'timeout-or-duplicate' )
		);

		// Ten verifies of one token at once: exactly one passes.
		const raced = issueToken();
		const answers = await Promise.all(
			Array.from( { length: 10 }, () => verify( raced ) )
		);
		assert.equal(
			answers.filter( ( answer ) => answer.success ).length,
			1
		);
		for ( const answer of answers.filter( ( one ) => ! one.success ) ) {
			assert.deepEqual( answer, refused( 'timeout-or-duplicate' ) );
		}
	} );

	test( 'a token is valid for two minutes from its issue time', async () => {
		const fresh = issueToken( Date.now() - TOKEN_LIFETIME_MS + 5000 );
		assert.equal( ( await verify( fresh ) ).success, true );
		const stale = issueToken( Date.now() - TOKEN_LIFETIME_MS - 1000 );
		assert.deepEqual(
			await verify( stale ),
			refused( 'timeout-or-duplicate' )
		);
		assert.equal(
			issuedAt( stale ) < Date.now() - TOKEN_LIFETIME_MS,
			true
		);
	} );

	test( 'a refused verify does not spend the token', async () => {
		const token = issueToken();
		assert.deepEqual(
			( await verify( token, 'invalid-secret' ) )[ 'error-codes' ],
			[ 'invalid-input-secret' ]
		);
		assert.deepEqual(
			( await siteverify( { response: token } ) )[ 'error-codes' ],
			[ 'missing-input-secret' ]
		);
		await control( 'next', {
			provider: 'recaptcha',
			scenario: 'server_error',
		} );
		const failed = await fetch(
			`${ base }/recaptcha/recaptcha/api/siteverify`,
			{
				method: 'POST',
				headers: {
					'Content-Type': 'application/x-www-form-urlencoded',
				},
				body: new URLSearchParams( {
					secret: 'captcha-secret',
					response: token,
				} ).toString(),
			}
		);
		assert.equal( failed.status, 500 );
		assert.equal( ( await verify( token ) ).success, true );
	} );

	test( 'tokens reCAPTCHA never issued are refused; the special ones every time', async () => {
		for ( const made of [
			'stand-in-captcha-ok',
			'stand-in-captcha-token',
			'another-token',
			'stand-in-captcha-ok.123.abcdef0123456789',
			`stand-in-captcha-ok.${ Date.now() }.not-hex`,
			// Issued in the future.
			issueToken( Date.now() + 60000 ),
		] ) {
			assert.deepEqual(
				await verify( made ),
				refused( 'invalid-input-response' ),
				made
			);
		}
		for ( let i = 0; i < 2; i++ ) {
			assert.deepEqual(
				await verify( 'stand-in-captcha-fail' ),
				refused( 'invalid-input-response' )
			);
			assert.deepEqual(
				await verify( 'stand-in-captcha-expired' ),
				refused( 'timeout-or-duplicate' )
			);
		}
	} );
} );

describe( 'control API, CORS and browser scripts', () => {
	test( "next server_error answers once with Stripe's error shape", async () => {
		const queued = await control( 'next', {
			provider: 'stripe',
			scenario: 'server_error',
			path: '/v1/balance',
		} );
		assert.equal( queued.status, 201 );
		const failing = await stripe( 'GET', '/v1/balance' );
		assert.equal( failing.status, 500 );
		assert.equal( failing.body.error.type, 'api_error' );
		const fine = await stripe( 'GET', '/v1/balance' );
		assert.equal( fine.status, 200 );

		await control( 'next', {
			provider: 'paypal',
			scenario: 'rate_limited',
		} );
		const limited = await json( 'POST', '/paypal/v1/oauth2/token', {} );
		assert.equal( limited.status, 429 );
		assert.equal( limited.body.name, 'RATE_LIMIT_REACHED' );

		const rejected = await control( 'next', {
			provider: 'stripe',
			scenario: 'no_such_thing',
		} );
		assert.equal( rejected.status, 400 );
	} );

	test( 'card_declined and requires_action scenarios apply to the next payment', async () => {
		await control( 'next', {
			provider: 'stripe',
			scenario: 'card_declined',
		} );
		const declined = await stripe( 'POST', '/v1/payment_intents', {
			amount: 1000,
			currency: 'aud',
			payment_method: 'pm_card_visa',
			confirm: 'true',
		} );
		assert.equal( declined.status, 402 );
		await control( 'next', {
			provider: 'stripe',
			scenario: 'requires_action',
		} );
		const action = await stripe( 'POST', '/v1/payment_intents', {
			amount: 1000,
			currency: 'aud',
			payment_method: 'pm_card_visa',
			confirm: 'true',
		} );
		assert.equal( action.body.status, 'requires_action' );
	} );

	test( 'reset clears stored objects; requests are logged and filterable', async () => {
		const pi = await stripe( 'POST', '/v1/payment_intents', {
			amount: 1000,
			currency: 'aud',
		} );
		assert.equal( pi.body.status, 'requires_payment_method' );
		await json( 'POST', '/experian/address/search/v1', {} );

		const log = await json( 'GET', '/__control/requests?provider=stripe' );
		assert.equal( log.body.length, 1 );
		assert.equal( log.body[ 0 ].method, 'POST' );
		assert.equal( log.body[ 0 ].path, '/stripe/v1/payment_intents' );
		assert.deepEqual( log.body[ 0 ].body, {
			amount: '1000',
			currency: 'aud',
		} );
		assert.equal( log.body[ 0 ].status, 200 );
		assert.ok( log.body[ 0 ].time );
		assert.match( log.body[ 0 ].headers.authorization, /^Bearer sk_test_/ );

		await control( 'reset' );
		const gone = await stripe(
			'GET',
			`/v1/payment_intents/${ pi.body.id }`
		);
		assert.equal( gone.status, 404 );

		await json( 'DELETE', '/__control/requests' );
		const empty = await json( 'GET', '/__control/requests' );
		assert.deepEqual( empty.body, [] );
	} );

	test( 'timeout scenario does not answer promptly', async () => {
		await control( 'next', { provider: 'experian', scenario: 'timeout' } );
		const controller = new AbortController();
		const timer = setTimeout( () => controller.abort(), 1000 );
		await assert.rejects(
			fetch( `${ base }/experian/address/search/v1`, {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json',
					'Auth-Token': 'test-token',
				},
				body: '{}',
				signal: controller.signal,
			} ),
			( error ) => error.name === 'AbortError'
		);
		clearTimeout( timer );
	} );

	test( "an idle keep-alive connection outlives Node's 5-second default: the next control call on it is answered", async () => {
		const { port } = standIns;
		const agent = new http.Agent( { keepAlive: true, maxSockets: 1 } );
		const call = () =>
			new Promise( ( resolve ) => {
				http.get(
					{
						host: '127.0.0.1',
						port,
						path: '/__control/health',
						agent,
					},
					( response ) => {
						const localPort = response.socket.localPort;
						response.resume();
						response.on( 'end', () =>
							resolve( {
								status: response.statusCode,
								port: localPort,
							} )
						);
					}
				).on( 'error', ( error ) => resolve( { error } ) );
			} );
		try {
			const first = await call();
			assert.equal( first.status, 200 );
			await new Promise( ( resolve ) => setTimeout( resolve, 6500 ) );
			const second = await call();
			assert.equal( second.error, undefined );
			assert.equal( second.status, 200 );
			assert.equal( second.port, first.port, 'the same connection' );
		} finally {
			agent.destroy();
		}
	} );

	test( 'lost_answer carries the request out, then drops the answer', async () => {
		await control( 'next', {
			provider: 'stripe',
			scenario: 'lost_answer',
			path: '/v1/payment_intents',
		} );
		await assert.rejects(
			stripe( 'POST', '/v1/payment_intents', {
				amount: 5250,
				currency: 'aud',
				payment_method: 'pm_card_visa',
				confirm: 'true',
				'metadata[attempt_id]': 'lost-attempt-1',
			} )
		);
		const log = await json(
			'GET',
			'/__control/requests?provider=stripe&path=/v1/payment_intents'
		);
		assert.equal( log.body.length, 1 );
		assert.equal( log.body[ 0 ].status, 'lost' );
		assert.equal( log.body[ 0 ].answered, 200 );
		// The charge was made: Stripe's search finds it by the metadata the caller sent.
		const found = await stripe( 'GET', '/v1/payment_intents/search', {
			query: "metadata['attempt_id']:'lost-attempt-1'",
		} );
		assert.equal( found.status, 200 );
		assert.equal( found.body.data.length, 1 );
		assert.equal( found.body.data[ 0 ].status, 'succeeded' );
		// Only the next matching request is lost.
		const again = await stripe(
			'GET',
			`/v1/payment_intents/${ found.body.data[ 0 ].id }`
		);
		assert.equal( again.status, 200 );
	} );

	test( 'CORS preflight and headers', async () => {
		const preflight = await fetch( `${ base }/stripe/v1/payment_methods`, {
			method: 'OPTIONS',
			headers: {
				Origin: 'http://localhost:8080',
				'Access-Control-Request-Method': 'POST',
				'Access-Control-Request-Headers': 'authorization,content-type',
			},
		} );
		assert.equal( preflight.status, 204 );
		assert.equal(
			preflight.headers.get( 'access-control-allow-origin' ),
			'*'
		);
		const allowed = preflight.headers.get( 'access-control-allow-headers' );
		for ( const header of [
			'Authorization',
			'Content-Type',
			'Stripe-Version',
			'Idempotency-Key',
		] ) {
			assert.ok( allowed.includes( header ), header );
		}
		const answer = await stripe( 'GET', '/v1/balance' );
		assert.equal(
			answer.headers.get( 'access-control-allow-origin' ),
			'*'
		);
	} );

	test( 'serves the browser stand-ins with a default API base', async () => {
		for ( const name of [ 'stripe.js', 'paypal-sdk.js', 'recaptcha.js' ] ) {
			const response = await fetch( `${ base }/browser/${ name }` );
			assert.equal( response.status, 200 );
			assert.match(
				response.headers.get( 'content-type' ),
				/javascript/
			);
			const text = await response.text();
			assert.ok( text.startsWith( 'window.__standInApi' ) );
			assert.ok( text.includes( `${ base }/stripe` ) );
		}
	} );
} );

// At the account's version (2026-10-28.endive), where intents take the payment method types
// as allowed_payment_method_types.
describe( 'Stripe BECS Direct Debit (au_becs_debit)', () => {
	const MANDATE = {
		'mandate_data[customer_acceptance][type]': 'online',
		'mandate_data[customer_acceptance][online][ip_address]': '203.0.113.7',
		'mandate_data[customer_acceptance][online][user_agent]':
			'Mozilla/5.0 (stand-in test)',
	};
	const becsPm = ( account, extra = {} ) =>
		stripe( 'POST', '/v1/payment_methods', {
			type: 'au_becs_debit',
			'au_becs_debit[bsb_number]': '000000',
			'au_becs_debit[account_number]': account,
			'billing_details[name]': 'Jenny Rosen',
			'billing_details[email]': 'jenny@example.com',
			...extra,
		} );
	const oneOff = ( pm, extra = {}, headers = {} ) =>
		stripe(
			'POST',
			'/v1/payment_intents',
			{
				amount: 2500,
				currency: 'aud',
				payment_method: pm,
				'allowed_payment_method_types[]': 'au_becs_debit',
				confirm: 'true',
				...MANDATE,
				'metadata[donation_id]': '42',
				description: 'Donation',
				receipt_email: 'jenny@example.com',
				...extra,
			},
			{ headers }
		);

	/**
	 * A webhook endpoint that records what it receives.
	 *
	 * @return {Promise<{url: string, received: Array, close: Function}>} Endpoint.
	 */
	async function webhookEndpoint() {
		const { createServer } = await import( 'node:http' );
		const received = [];
		const server = createServer( ( req, res ) => {
			let raw = '';
			req.on( 'data', ( chunk ) => ( raw += chunk ) );
			req.on( 'end', () => {
				received.push( {
					raw,
					signature: req.headers[ 'stripe-signature' ],
				} );
				res.writeHead( 200, { 'Content-Type': 'application/json' } );
				res.end( '{"received":true}' );
			} );
		} );
		await new Promise( ( resolve ) =>
			server.listen( 0, '127.0.0.1', resolve )
		);
		return {
			url: `http://127.0.0.1:${ server.address().port }/webhook`,
			received,
			close: () => new Promise( ( resolve ) => server.close( resolve ) ),
		};
	}

	const verify = ( { raw, signature }, secret ) => {
		const [ , t, v1 ] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec( signature );
		assert.equal(
			createHmac( 'sha256', secret )
				.update( `${ t }.${ raw }` )
				.digest( 'hex' ),
			v1
		);
		return JSON.parse( raw );
	};

	test( 'PaymentMethod: created with the publishable key, Stripe shape', async () => {
		const { status, body } = await stripe(
			'POST',
			'/v1/payment_methods',
			{
				type: 'au_becs_debit',
				'au_becs_debit[bsb_number]': '000-000',
				'au_becs_debit[account_number]': '000123456',
				'billing_details[name]': 'Jenny Rosen',
				'billing_details[email]': 'jenny@example.com',
			},
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( status, 200 );
		assert.match( body.id, /^pm_/ );
		assert.equal( body.object, 'payment_method' );
		assert.equal( body.type, 'au_becs_debit' );
		assert.equal( body.au_becs_debit.bsb_number, '000000' );
		assert.equal( body.au_becs_debit.last4, '3456' );
		assert.ok( body.au_becs_debit.fingerprint );
		assert.equal( body.billing_details.name, 'Jenny Rosen' );
		assert.equal( body.billing_details.email, 'jenny@example.com' );
		assert.equal( body.customer, null );
		assert.equal( body.card, undefined );
	} );

	test( 'PaymentMethod errors: missing and invalid BSB, account, name, email', async () => {
		const cases = [
			// An empty string is refused before the BECS checks, as for any
			// parameter Stripe's definitions do not let be unset.
			[
				{ 'au_becs_debit[bsb_number]': '' },
				'au_becs_debit[bsb_number]',
				'parameter_invalid_empty',
			],
			// An empty string is refused before the BECS checks, as for any
			// parameter Stripe's definitions do not let be unset.
			[
				{ 'au_becs_debit[account_number]': '' },
				'au_becs_debit[account_number]',
				'parameter_invalid_empty',
			],
			[
				{ 'au_becs_debit[bsb_number]': '12345' },
				'au_becs_debit[bsb_number]',
				'routing_number_invalid',
			],
			[
				{ 'au_becs_debit[account_number]': '12ab' },
				'au_becs_debit[account_number]',
				'account_number_invalid',
			],
			[
				{ 'billing_details[name]': '' },
				'billing_details[name]',
				'parameter_missing',
			],
			[
				{ 'billing_details[email]': '' },
				'billing_details[email]',
				'parameter_missing',
			],
			[
				{ 'billing_details[email]': 'not-an-email' },
				'billing_details[email]',
				'email_invalid',
			],
		];
		for ( const [ extra, param, code ] of cases ) {
			const { status, body } = await becsPm( '000123456', extra );
			assert.equal( status, 400, param );
			assert.equal( body.error.type, 'invalid_request_error' );
			assert.equal( body.error.param, param );
			assert.equal( body.error.code, code );
			assert.ok( body.error.message );
		}
		const missing = await stripe( 'POST', '/v1/payment_methods', {
			type: 'au_becs_debit',
		} );
		assert.equal( missing.body.error.param, 'au_becs_debit' );
		assert.equal(
			missing.body.error.message,
			'Missing required param: au_becs_debit.'
		);
	} );

	test( 'one-off: processing, pending charge, mandate; idempotent replay', async () => {
		const pm = ( await becsPm( '000123456' ) ).body;
		const key = { 'Idempotency-Key': 'becs-donation-1' };
		const first = await oneOff( pm.id, {}, key );
		assert.equal( first.status, 200 );
		const pi = first.body;
		assert.equal( pi.status, 'processing' );
		assert.deepEqual( pi.allowed_payment_method_types, [
			'au_becs_debit',
		] );
		assert.deepEqual( pi.payment_method_types, [ 'au_becs_debit' ] );
		assert.deepEqual( pi.payment_method_options, { au_becs_debit: {} } );
		assert.equal( pi.amount_received, 0 );
		assert.equal( pi.metadata.donation_id, '42' );
		assert.equal( pi.receipt_email, 'jenny@example.com' );
		assert.match( pi.latest_charge, /^ch_/ );

		const replay = await oneOff( pm.id, {}, key );
		assert.equal( replay.headers.get( 'idempotent-replayed' ), 'true' );
		assert.equal( replay.body.id, pi.id );
		const clash = await oneOff( pm.id, { amount: 3000 }, key );
		assert.equal( clash.status, 400 );
		assert.equal( clash.body.error.type, 'idempotency_error' );

		const got = await stripe( 'GET', `/v1/payment_intents/${ pi.id }`, {
			'expand[]': 'latest_charge',
		} );
		const charge = got.body.latest_charge;
		assert.equal( charge.status, 'pending' );
		assert.equal( charge.paid, false );
		assert.equal( charge.payment_method_details.type, 'au_becs_debit' );
		const details = charge.payment_method_details.au_becs_debit;
		assert.equal( details.bsb_number, '000000' );
		assert.equal( details.last4, '3456' );
		assert.match( details.mandate, /^mandate_/ );

		const mandate = await stripe(
			'GET',
			`/v1/mandates/${ details.mandate }`
		);
		assert.equal( mandate.status, 200 );
		assert.equal( mandate.body.object, 'mandate' );
		assert.equal( mandate.body.status, 'active' );
		assert.equal( mandate.body.type, 'single_use' );
		assert.equal( mandate.body.payment_method, pm.id );
		assert.deepEqual( mandate.body.customer_acceptance.online, {
			ip_address: '203.0.113.7',
			user_agent: 'Mozilla/5.0 (stand-in test)',
		} );
		assert.equal(
			mandate.body.payment_method_details.type,
			'au_becs_debit'
		);

		const events = (
			await json( 'GET', '/__control/stripe/events' )
		).body.map( ( event ) => event.type );
		assert.deepEqual(
			events.filter( ( type ) =>
				/^(charge|payment_intent)\./.test( type )
			),
			[
				'payment_intent.created',
				'charge.pending',
				'payment_intent.processing',
			]
		);
	} );

	test( 'one-off errors: no mandate_data, half a mandate, card-only types, not aud', async () => {
		const pm = ( await becsPm( '000123456' ) ).body;
		const noMandate = await stripe( 'POST', '/v1/payment_intents', {
			amount: 2500,
			currency: 'aud',
			payment_method: pm.id,
			'allowed_payment_method_types[]': 'au_becs_debit',
			confirm: 'true',
		} );
		assert.equal( noMandate.status, 400 );
		assert.equal( noMandate.body.error.type, 'invalid_request_error' );
		assert.equal( noMandate.body.error.param, 'mandate_data' );
		assert.match(
			noMandate.body.error.message,
			/requires a mandate, but no existing mandate was found/
		);
		const noAgent = await oneOff( pm.id, {
			'mandate_data[customer_acceptance][online][user_agent]': '',
		} );
		assert.equal( noAgent.status, 400 );
		assert.equal(
			noAgent.body.error.param,
			'mandate_data[customer_acceptance][online][user_agent]'
		);
		// user_agent is a plain string in Stripe's definitions: '' cannot unset it.
		assert.equal( noAgent.body.error.code, 'parameter_invalid_empty' );
		const cardOnly = await oneOff( pm.id, {
			'allowed_payment_method_types[]': 'card',
		} );
		assert.equal( cardOnly.status, 400 );
		assert.equal( cardOnly.body.error.param, 'payment_method' );
		assert.equal(
			cardOnly.body.error.code,
			'payment_intent_incompatible_payment_method'
		);
		const usd = await oneOff( pm.id, { currency: 'usd' } );
		assert.equal( usd.status, 400 );
		assert.equal( usd.body.error.param, 'currency' );
		// Nothing was created by the failed calls.
		const list = await stripe( 'GET', '/v1/payment_intents' );
		assert.equal( list.body.data.length, 0 );
	} );

	test( 'settle: each test account reaches its documented outcome, webhooks signed', async () => {
		const accounts = {
			'000123456': 'succeeded',
			900123456: 'succeeded',
			111111113: 'account_closed',
			111111116: 'no_account',
			222222227: 'refer_to_customer',
			922222227: 'refer_to_customer',
			333333335: 'debit_not_authorized',
			666666660: 'disputed',
		};
		const ids = {};
		for ( const account of Object.keys( accounts ) ) {
			const pm = ( await becsPm( account ) ).body;
			const pi = ( await oneOff( pm.id ) ).body;
			assert.equal( pi.status, 'processing', account );
			ids[ account ] = pi.id;
		}
		const endpoint = await webhookEndpoint();
		const secret = 'whsec_becs_test';
		try {
			const settled = await control( 'stripe/becs/settle', {
				url: endpoint.url,
				secret,
			} );
			assert.equal( settled.status, 200 );
			assert.equal( settled.body.settled.length, 8 );
			assert.ok(
				settled.body.deliveries.every( ( d ) => d.status === 200 )
			);
			const delivered = endpoint.received.map( ( item ) =>
				verify( item, secret )
			);
			assert.deepEqual(
				delivered.map( ( event ) => event.id ),
				settled.body.events.map( ( event ) => event.id )
			);
			const typesFor = ( piId ) =>
				delivered
					.filter(
						( event ) =>
							event.data.object.id === piId ||
							event.data.object.payment_intent === piId
					)
					.map( ( event ) => event.type );

			for ( const [ account, expected ] of Object.entries( accounts ) ) {
				const got = await stripe(
					'GET',
					`/v1/payment_intents/${ ids[ account ] }`,
					{
						'expand[]': 'latest_charge',
					}
				);
				const pi = got.body;
				const charge = pi.latest_charge;
				if ( expected === 'succeeded' || expected === 'disputed' ) {
					assert.equal( pi.status, 'succeeded', account );
					assert.equal( pi.amount_received, 2500 );
					assert.equal( charge.status, 'succeeded' );
					assert.equal( charge.paid, true );
					const types = typesFor( pi.id );
					assert.ok( types.includes( 'charge.succeeded' ), account );
					assert.ok(
						types.includes( 'payment_intent.succeeded' ),
						account
					);
					if ( expected === 'disputed' ) {
						assert.equal( charge.disputed, true );
						assert.ok( types.includes( 'charge.dispute.created' ) );
						const dispute = delivered.find(
							( event ) => event.type === 'charge.dispute.created'
						).data.object;
						assert.match( dispute.id, /^dp_/ );
						assert.equal( dispute.charge, charge.id );
						assert.equal( dispute.payment_intent, pi.id );
						assert.equal( dispute.amount, 2500 );
					}
				} else {
					assert.equal(
						pi.status,
						'requires_payment_method',
						account
					);
					assert.equal( pi.last_payment_error.code, expected );
					assert.equal(
						pi.last_payment_error.type,
						'invalid_request_error'
					);
					assert.ok( pi.last_payment_error.message );
					assert.equal(
						pi.last_payment_error.payment_method.type,
						'au_becs_debit'
					);
					assert.equal( charge.status, 'failed' );
					assert.equal( charge.failure_code, expected );
					const types = typesFor( pi.id );
					assert.ok( types.includes( 'charge.failed' ), account );
					assert.ok(
						types.includes( 'payment_intent.payment_failed' ),
						account
					);
					const failed = delivered.find(
						( event ) =>
							event.type === 'payment_intent.payment_failed' &&
							event.data.object.id === pi.id
					);
					assert.equal(
						failed.data.object.last_payment_error.code,
						expected
					);
				}
			}
			// account_closed makes the mandate inactive; refer_to_customer leaves it active.
			const mandateOf = async ( account ) => {
				const charge = (
					await stripe(
						'GET',
						`/v1/payment_intents/${ ids[ account ] }`,
						{
							'expand[]': 'latest_charge',
						}
					)
				).body.latest_charge;
				return (
					await stripe(
						'GET',
						`/v1/mandates/${ charge.payment_method_details.au_becs_debit.mandate }`
					)
				).body;
			};
			assert.equal(
				( await mandateOf( '111111113' ) ).status,
				'inactive'
			);
			assert.equal( ( await mandateOf( '222222227' ) ).status, 'active' );
			assert.ok(
				delivered.some( ( event ) => event.type === 'mandate.updated' )
			);

			// Nothing is processing any more.
			const again = await control( 'stripe/becs/settle', {} );
			assert.deepEqual( again.body.settled, [] );
			const one = await control( 'stripe/becs/settle', {
				payment_intent: ids[ '000123456' ],
			} );
			assert.equal( one.status, 400 );
		} finally {
			await endpoint.close();
		}
	} );

	test( 'limit accounts fail at confirmation; settle of one PaymentIntent', async () => {
		const limit = ( await becsPm( '343434343' ) ).body;
		const failed = await oneOff( limit.id );
		assert.equal( failed.status, 402 );
		assert.equal( failed.body.error.code, 'charge_exceeds_source_limit' );
		assert.equal(
			failed.body.error.payment_intent.status,
			'requires_payment_method'
		);
		const a = ( await oneOff( ( await becsPm( '000123456' ) ).body.id ) )
			.body;
		const b = ( await oneOff( ( await becsPm( '000123456' ) ).body.id ) )
			.body;
		const one = await control( 'stripe/becs/settle', {
			payment_intent: a.id,
		} );
		assert.equal( one.status, 200 );
		assert.equal( one.body.settled.length, 1 );
		assert.equal(
			one.body.settled[ 0 ].payment_intent.status,
			'succeeded'
		);
		assert.deepEqual( one.body.settled[ 0 ].events, [
			'charge.succeeded',
			'payment_intent.succeeded',
		] );
		const still = await stripe( 'GET', `/v1/payment_intents/${ b.id }` );
		assert.equal( still.body.status, 'processing' );
		const missing = await control( 'stripe/becs/settle', {
			payment_intent: 'pi_missing',
		} );
		assert.equal( missing.status, 404 );
	} );

	/**
	 * Customer + SetupIntent (mandate) + subscription every 4 weeks, as the plugin does.
	 *
	 * @param {string} account Test account number.
	 * @return {Promise<Object>} {pm, customer, si, sub}
	 */
	async function fourWeekly( account ) {
		const pm = ( await becsPm( account ) ).body;
		const customer = (
			await stripe( 'POST', '/v1/customers', {
				email: 'jenny@example.com',
				name: 'Jenny Rosen',
				payment_method: pm.id,
				'invoice_settings[default_payment_method]': pm.id,
			} )
		).body;
		const si = await stripe( 'POST', '/v1/setup_intents', {
			customer: customer.id,
			payment_method: pm.id,
			'allowed_payment_method_types[]': 'au_becs_debit',
			confirm: 'true',
			usage: 'off_session',
			...MANDATE,
		} );
		const product = (
			await stripe( 'POST', '/v1/products', {
				name: '4-weekly donation',
			} )
		).body;
		const sub = await stripe( 'POST', '/v1/subscriptions', {
			customer: customer.id,
			default_payment_method: pm.id,
			'payment_settings[payment_method_types][]': 'au_becs_debit',
			payment_behavior: 'allow_incomplete',
			'expand[]': 'latest_invoice.payments.data.payment.payment_intent',
			'items[0][price_data][currency]': 'aud',
			'items[0][price_data][product]': product.id,
			'items[0][price_data][unit_amount]': '2500',
			'items[0][price_data][recurring][interval]': 'week',
			'items[0][price_data][recurring][interval_count]': '4',
		} );
		return { pm, customer, si, sub };
	}

	test( '4-weekly: SetupIntent with a mandate, subscription incomplete until settled', async () => {
		const { pm, customer, si, sub } = await fourWeekly( '000123456' );
		assert.equal( si.status, 200 );
		assert.equal( si.body.status, 'succeeded' );
		assert.match( si.body.mandate, /^mandate_/ );
		assert.deepEqual( si.body.payment_method_types, [ 'au_becs_debit' ] );
		const mandate = (
			await stripe( 'GET', `/v1/mandates/${ si.body.mandate }` )
		).body;
		assert.equal( mandate.type, 'multi_use' );
		assert.equal( sub.status, 200, JSON.stringify( sub.body ) );
		assert.equal( sub.body.status, 'incomplete' );
		assert.deepEqual( sub.body.payment_settings.payment_method_types, [
			'au_becs_debit',
		] );
		const invoice = sub.body.latest_invoice;
		assert.equal( invoice.status, 'open' );
		assert.equal( invoice.payments.data[ 0 ].status, 'open' );
		const pi = invoice.payments.data[ 0 ].payment.payment_intent;
		assert.equal( pi.status, 'processing' );
		assert.deepEqual( pi.payment_method_types, [ 'au_becs_debit' ] );
		assert.equal( pi.payment_method, pm.id );
		assert.equal( pi.customer, customer.id );

		const settled = await control( 'stripe/becs/settle', {} );
		const result = settled.body.settled[ 0 ];
		assert.equal( result.payment_intent.status, 'succeeded' );
		assert.equal( result.invoice.status, 'paid' );
		assert.equal( result.subscription.status, 'active' );
		for ( const type of [
			'charge.succeeded',
			'payment_intent.succeeded',
			'invoice.paid',
			'invoice.payment_succeeded',
			'customer.subscription.updated',
		] ) {
			assert.ok( result.events.includes( type ), type );
		}
		const got = await stripe( 'GET', `/v1/subscriptions/${ sub.body.id }` );
		assert.equal( got.body.status, 'active' );

		// The next 4-weekly debit also goes through processing, off-session, same mandate.
		const renewal = await control( 'stripe/advance', {
			subscription: sub.body.id,
			action: 'renewal',
		} );
		assert.equal( renewal.body.payment_intent.status, 'processing' );
		assert.equal( renewal.body.subscription.status, 'active' );
		const paid = await control( 'stripe/becs/settle', {
			payment_intent: renewal.body.payment_intent.id,
		} );
		assert.equal( paid.body.settled[ 0 ].invoice.status, 'paid' );
		const renewalPayments = await stripe( 'GET', '/v1/invoice_payments', {
			invoice: renewal.body.invoice.id,
		} );
		assert.equal( renewalPayments.body.data[ 0 ].status, 'paid' );
		assert.equal(
			renewalPayments.body.data[ 0 ].payment.payment_intent,
			renewal.body.payment_intent.id
		);
		assert.equal(
			paid.body.settled[ 0 ].payment_intent.latest_charge
				.payment_method_details.au_becs_debit.mandate,
			si.body.mandate
		);
	} );

	test( '4-weekly failure: invoice.payment_failed, subscription stays incomplete', async () => {
		const { sub } = await fourWeekly( '111111113' );
		assert.equal( sub.body.status, 'incomplete' );
		const settled = await control( 'stripe/becs/settle', {} );
		const result = settled.body.settled[ 0 ];
		assert.equal( result.payment_intent.status, 'requires_payment_method' );
		assert.equal(
			result.payment_intent.last_payment_error.code,
			'account_closed'
		);
		assert.equal( result.invoice.status, 'open' );
		assert.equal( result.subscription.status, 'incomplete' );
		assert.ok( result.events.includes( 'invoice.payment_failed' ) );
		assert.ok( result.events.includes( 'payment_intent.payment_failed' ) );
		assert.ok( result.events.includes( 'mandate.updated' ) );
	} );

	test( '4-weekly errors: SetupIntent without mandate_data, subscription without a mandate', async () => {
		const pm = ( await becsPm( '000123456' ) ).body;
		const customer = (
			await stripe( 'POST', '/v1/customers', {
				payment_method: pm.id,
				'invoice_settings[default_payment_method]': pm.id,
			} )
		).body;
		const si = await stripe( 'POST', '/v1/setup_intents', {
			customer: customer.id,
			payment_method: pm.id,
			'allowed_payment_method_types[]': 'au_becs_debit',
			confirm: 'true',
		} );
		assert.equal( si.status, 400 );
		assert.equal( si.body.error.param, 'mandate_data' );
		assert.match(
			si.body.error.message,
			/This SetupIntent requires a mandate/
		);
		const sub = await stripe( 'POST', '/v1/subscriptions', {
			customer: customer.id,
			default_payment_method: pm.id,
			'payment_settings[payment_method_types][]': 'au_becs_debit',
			'items[0][price_data][currency]': 'aud',
			'items[0][price_data][product]': 'prod_unused',
			'items[0][price_data][unit_amount]': '2500',
			'items[0][price_data][recurring][interval]': 'week',
			'items[0][price_data][recurring][interval_count]': '4',
		} );
		assert.equal( sub.status, 400 );
		assert.match( sub.body.error.message, /requires a mandate/ );
	} );
} );
