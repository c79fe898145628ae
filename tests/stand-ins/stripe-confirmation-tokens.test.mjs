/**
 * The Stripe stand-in's ConfirmationTokens ("finalize payments on the server"): Stripe.js makes
 * one with the publishable key, the server reads it and confirms a PaymentIntent with it, once.
 * Run: node --test tests/stand-ins/
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { PUBLISHABLE_KEY, V2024, standInsForTests } from './stripe-harness.mjs';

const harness = standInsForTests();
const { stripe, json } = harness;

const YEAR = String( new Date().getFullYear() + 3 );

/**
 * A ConfirmationToken as Stripe.js makes it from the express checkout's wallet sheet.
 *
 * @param {string} number  The card behind the wallet.
 * @param {Object} options wallet (stand_in_wallet), version.
 * @return {Promise<Object>} The answer.
 */
const walletToken = ( number = '4242424242424242', options = {} ) =>
	stripe(
		'POST',
		'/v1/confirmation_tokens',
		{
			payment_method_data: {
				type: 'card',
				card: { number, exp_month: '12', exp_year: YEAR },
				billing_details: {
					name: 'Jo Donor',
					email: 'jo@example.org',
				},
			},
			return_url: 'https://example.org/donate/',
			stand_in_wallet: options.wallet || 'google_pay',
		},
		{ key: PUBLISHABLE_KEY, version: options.version }
	);

const manualIntent = async ( extra = {} ) =>
	(
		await stripe( 'POST', '/v1/payment_intents', {
			amount: '5250',
			currency: 'aud',
			confirmation_method: 'manual',
			allowed_payment_method_types: [ 'card', 'link' ],
			...extra,
		} )
	).body;

const chargesOf = async ( piId ) =>
	( await stripe( 'GET', '/v1/charges', { payment_intent: piId } ) ).body
		.data;

describe( 'Stripe ConfirmationTokens', () => {
	test( 'Stripe.js makes one with the publishable key; the server reads it with the secret key', async () => {
		const made = await walletToken();
		assert.equal( made.status, 200, JSON.stringify( made.body ) );
		const token = made.body;
		assert.match( token.id, /^ctoken_/ );
		assert.equal( token.object, 'confirmation_token' );
		assert.equal( token.expires_at - token.created, 12 * 60 * 60 );
		assert.equal( token.payment_intent, null );
		assert.equal( token.return_url, 'https://example.org/donate/' );
		assert.equal( token.use_stripe_sdk, true );
		const preview = token.payment_method_preview;
		assert.equal( preview.type, 'card' );
		assert.equal( preview.card.last4, '4242' );
		assert.equal( preview.card.wallet.type, 'google_pay' );
		assert.equal( preview.billing_details.email, 'jo@example.org' );

		const read = await stripe(
			'GET',
			`/v1/confirmation_tokens/${ token.id }`
		);
		assert.equal( read.status, 200 );
		assert.deepEqual( read.body, token );
		const withPublishable = await stripe(
			'GET',
			`/v1/confirmation_tokens/${ token.id }`,
			{},
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( withPublishable.status, 401 );
		assert.equal( withPublishable.body.error.code, 'secret_key_required' );
		const unknown = await stripe(
			'GET',
			'/v1/confirmation_tokens/ctoken_nothing'
		);
		assert.equal( unknown.status, 404 );
		assert.equal( unknown.body.error.code, 'resource_missing' );

		// The 2024-06-20 shape too (its SDK has the object and the endpoint).
		const older = await walletToken( '4242424242424242', {
			version: V2024,
		} );
		assert.equal( older.status, 200, JSON.stringify( older.body ) );
		assert.equal( older.headers.get( 'stripe-version' ), V2024 );
	} );

	test( 'what Stripe refuses when making one: no payment details, an unknown parameter, a bad card', async () => {
		const none = await stripe(
			'POST',
			'/v1/confirmation_tokens',
			{ return_url: 'https://example.org/' },
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( none.status, 400 );
		assert.equal( none.body.error.param, 'payment_method_data' );
		const unknown = await stripe(
			'POST',
			'/v1/confirmation_tokens',
			{
				payment_method_data: {
					type: 'card',
					card: { number: '4242424242424242' },
				},
				amount: '100',
			},
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( unknown.status, 400 );
		assert.equal( unknown.body.error.code, 'parameter_unknown' );
		const badNumber = await stripe(
			'POST',
			'/v1/confirmation_tokens',
			{
				payment_method_data: {
					type: 'card',
					card: {
						number: '4242424242424241',
						exp_month: '12',
						exp_year: YEAR,
					},
				},
			},
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( badNumber.status, 402 );
		assert.equal( badNumber.body.error.code, 'incorrect_number' );
	} );

	test( 'a manual intent confirmed with it pays with the payment method it makes, once', async () => {
		const token = ( await walletToken() ).body;
		const pi = await manualIntent();
		const paid = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`,
			{ confirmation_token: token.id, expand: [ 'latest_charge' ] }
		);
		assert.equal( paid.status, 200, JSON.stringify( paid.body ) );
		assert.equal( paid.body.status, 'succeeded' );
		assert.match( paid.body.payment_method, /^pm_/ );
		assert.equal(
			paid.body.latest_charge.payment_method_details.card.wallet.type,
			'google_pay'
		);
		const spent = (
			await stripe( 'GET', `/v1/confirmation_tokens/${ token.id }` )
		).body;
		assert.equal( spent.payment_intent, pi.id );
		assert.equal( spent.expires_at, null );

		// Single use: another intent (or the same) cannot be confirmed with it.
		const other = await manualIntent();
		const reused = await stripe(
			'POST',
			`/v1/payment_intents/${ other.id }/confirm`,
			{ confirmation_token: token.id }
		);
		assert.equal( reused.status, 400 );
		assert.equal( reused.body.error.type, 'invalid_request_error' );
		assert.equal( reused.body.error.param, 'confirmation_token' );
		assert.match( reused.body.error.message, /already been used/ );
		assert.deepEqual( await chargesOf( other.id ), [] );
	} );

	test( 'created and confirmed at once; an unknown or expired token is refused before any attempt', async () => {
		const token = ( await walletToken( '4242424242424242' ) ).body;
		const created = await manualIntent( {
			confirm: 'true',
			confirmation_token: token.id,
		} );
		assert.equal( created.status, 'succeeded' );

		const unknown = await stripe( 'POST', '/v1/payment_intents', {
			amount: '5250',
			currency: 'aud',
			confirmation_method: 'manual',
			confirm: 'true',
			confirmation_token: 'ctoken_nothing',
		} );
		assert.equal( unknown.status, 400 );
		assert.equal( unknown.body.error.code, 'resource_missing' );
		assert.equal( unknown.body.error.param, 'confirmation_token' );

		const late = ( await walletToken() ).body;
		const expired = await json(
			'POST',
			'/__control/stripe/confirmation_token/expire',
			{ id: late.id }
		);
		assert.ok( expired.body.expires_at < Date.now() / 1000 );
		const pi = await manualIntent();
		const refused = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`,
			{ confirmation_token: late.id }
		);
		assert.equal( refused.status, 400 );
		assert.equal( refused.body.error.param, 'confirmation_token' );
		assert.match( refused.body.error.message, /expired/ );
		assert.deepEqual( await chargesOf( pi.id ), [] );
		const after = (
			await stripe( 'GET', `/v1/payment_intents/${ pi.id }` )
		).body;
		assert.equal( after.status, 'requires_payment_method' );
	} );

	test( 'a declined card spends the token; 3-D Secure, then only the secret key pays', async () => {
		const declined = ( await walletToken( '4000000000000002' ) ).body;
		const pi = await manualIntent();
		const refused = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`,
			{ confirmation_token: declined.id }
		);
		assert.equal( refused.status, 402 );
		assert.equal( refused.body.error.type, 'card_error' );
		assert.equal(
			refused.body.error.payment_intent.status,
			'requires_payment_method'
		);
		assert.equal(
			(
				await stripe(
					'GET',
					`/v1/confirmation_tokens/${ declined.id }`
				)
			).body.payment_intent,
			pi.id
		);

		const secure = ( await walletToken( '4000002760003184' ) ).body;
		const needsAction = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`,
			{ confirmation_token: secure.id }
		);
		assert.equal( needsAction.body.status, 'requires_action' );
		const authenticated = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`,
			{
				client_secret: pi.client_secret,
				stand_in_3ds: 'succeed',
			},
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( authenticated.body.status, 'requires_confirmation' );
		const paid = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`
		);
		assert.equal( paid.body.status, 'succeeded' );
		const charges = await chargesOf( pi.id );
		assert.deepEqual( charges.map( ( charge ) => charge.status ).sort(), [
			'failed',
			'succeeded',
		] );
	} );

	test( "a manual intent's client secret cannot confirm it with a token from the browser, and that token stays unused", async () => {
		const token = ( await walletToken( '4000000000000002' ) ).body;
		const pi = await manualIntent();
		const fromBrowser = await stripe(
			'POST',
			`/v1/payment_intents/${ pi.id }/confirm`,
			{ client_secret: pi.client_secret, confirmation_token: token.id },
			{ key: PUBLISHABLE_KEY }
		);
		assert.equal( fromBrowser.status, 400 );
		assert.match(
			fromBrowser.body.error.message,
			/cannot be confirmed using your publishable key because its `confirmation_method` is set to `manual`/
		);
		assert.deepEqual( await chargesOf( pi.id ), [] );
		assert.equal(
			( await stripe( 'GET', `/v1/confirmation_tokens/${ token.id }` ) )
				.body.payment_intent,
			null
		);
	} );

	test( 'the same confirmation under the same Idempotency-Key is replayed, not tried again', async () => {
		const token = ( await walletToken( '4000000000000002' ) ).body;
		const pi = await manualIntent();
		const send = () =>
			stripe(
				'POST',
				`/v1/payment_intents/${ pi.id }/confirm`,
				{ confirmation_token: token.id },
				{ headers: { 'Idempotency-Key': `confirm:${ token.id }` } }
			);
		const first = await send();
		const second = await send();
		assert.equal( first.status, 402 );
		assert.equal( second.status, 402 );
		assert.equal( second.headers.get( 'idempotent-replayed' ), 'true' );
		assert.equal( ( await chargesOf( pi.id ) ).length, 1 );
	} );
} );
