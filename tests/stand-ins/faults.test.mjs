/**
 * Faults at the network edge (POST /__control/faults): for each kind, what the provider stored,
 * what the caller got and what the request log says; Stripe's idempotency while a request is
 * still worked on (409, then the replay); counting, matching, validation; and that no fault ever
 * touches the harness's own channel (/__control, /browser, keep-alive sockets).
 *
 * Run: node --test tests/stand-ins/
 */
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { encodeForm } from './server.mjs';
import { issueToken } from './lib/recaptcha.mjs';
import { SECRET_KEY, standInsForTests } from './stripe-harness.mjs';

const harness = standInsForTests();
const { stripe, json, control } = harness;

const PAYMENT = {
	amount: 2500,
	currency: 'aud',
	payment_method: 'pm_card_visa',
	confirm: 'true',
};

/**
 * Add a fault; the test fails unless the stand-ins take it.
 *
 * @param {Object} body Control body.
 * @return {Promise<Object>} The fault as added.
 */
async function addFault( body ) {
	const answer = await control( 'faults', body );
	assert.equal( answer.status, 201, JSON.stringify( answer.body ) );
	return answer.body.fault;
}

/**
 * A Stripe POST that may get no answer: its error, or the answer.
 *
 * @param {string}       path            Path under /stripe.
 * @param {Object}       params          Form parameters.
 * @param {Object}       options
 * @param {Object}       options.headers Extra headers.
 * @param {?AbortSignal} options.signal  Abort signal (the caller's timeout).
 * @return {Promise<{status?: number, body?: Object, headers?: Headers, error?: Error}>} What came back.
 */
async function stripePost( path, params, { headers = {}, signal } = {} ) {
	try {
		const response = await fetch(
			`${ harness.standIns.url }/stripe${ path }`,
			{
				method: 'POST',
				headers: {
					'Content-Type': 'application/x-www-form-urlencoded',
					Authorization: `Bearer ${ SECRET_KEY }`,
					...headers,
				},
				body: encodeForm( params ),
				signal,
			}
		);
		return {
			status: response.status,
			body: await response.json(),
			headers: response.headers,
		};
	} catch ( error ) {
		return { error };
	}
}

/**
 * The request log of one provider path (substring), oldest first: its POSTs unless asked.
 *
 * @param {string} provider Provider.
 * @param {string} path     Path substring.
 * @param {string} method   Method.
 * @return {Promise<Object[]>} Entries.
 */
async function logged( provider, path, method = 'POST' ) {
	const answer = await json(
		'GET',
		`/__control/requests?provider=${ provider }&method=${ method }&path=${ encodeURIComponent(
			path
		) }`
	);
	return answer.body;
}

/**
 * Wait until a condition holds (polling; the machine may be busy, so no tight bound).
 *
 * @param {Function} check Async condition.
 * @return {Promise<*>} Its first truthy value.
 */
async function eventually( check ) {
	for ( let tries = 0; tries < 300; tries++ ) {
		const value = await check();
		if ( value ) {
			return value;
		}
		await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
	}
	throw new Error( 'The condition never held.' );
}

const paymentIntents = async () =>
	( await stripe( 'GET', '/v1/payment_intents' ) ).body.data;

describe( 'Faults: what the provider did and what the caller got', () => {
	test( 'drop_request: the provider never sees it, takes no key, and the connection closes after ms', async () => {
		await addFault( {
			provider: 'stripe',
			method: 'POST',
			path: '/v1/payment_intents',
			fault: 'drop_request',
			ms: 300,
		} );
		const headers = { 'Idempotency-Key': 'gift-1:pi' };
		const started = Date.now();
		const dropped = await stripePost( '/v1/payment_intents', PAYMENT, {
			headers,
		} );
		assert.ok( dropped.error, 'no answer' );
		assert.ok( Date.now() - started >= 250, 'closed after ms' );
		assert.deepEqual( await paymentIntents(), [] );
		const [ entry ] = await logged( 'stripe', '/v1/payment_intents' );
		assert.equal( entry.fault, 'drop_request' );
		assert.equal( entry.acted, false );
		assert.equal( entry.status, 'dropped' );

		// No key was taken: the retry is worked on as a first request.
		const retry = await stripePost( '/v1/payment_intents', PAYMENT, {
			headers,
		} );
		assert.equal( retry.status, 200 );
		assert.equal( retry.headers.get( 'idempotent-replayed' ), null );
		assert.equal( retry.body.status, 'succeeded' );
		assert.equal( ( await paymentIntents() ).length, 1 );
	} );

	test( 'lose_answer: the provider charges and stores the answer, the caller gets none, a retry gets the replay', async () => {
		await addFault( {
			provider: 'stripe',
			path: '/v1/payment_intents',
			fault: 'lose_answer',
		} );
		const headers = { 'Idempotency-Key': 'gift-2:pi' };
		const lost = await stripePost( '/v1/payment_intents', PAYMENT, {
			headers,
		} );
		assert.ok( lost.error );
		const stored = await paymentIntents();
		assert.equal( stored.length, 1 );
		assert.equal( stored[ 0 ].status, 'succeeded' );
		const [ entry ] = await logged( 'stripe', '/v1/payment_intents' );
		assert.equal( entry.fault, 'lose_answer' );
		assert.equal( entry.acted, true );
		assert.equal( entry.answered, 200 );
		assert.equal( entry.status, 'lost' );

		const retry = await stripePost( '/v1/payment_intents', PAYMENT, {
			headers,
		} );
		assert.equal( retry.status, 200 );
		assert.equal( retry.headers.get( 'idempotent-replayed' ), 'true' );
		assert.equal( retry.body.id, stored[ 0 ].id );
		assert.equal( ( await paymentIntents() ).length, 1 );
	} );

	test( 'slow: the answer comes late, and the key is taken meanwhile', async () => {
		await addFault( {
			provider: 'stripe',
			path: '/v1/payment_intents',
			fault: 'slow',
			ms: 600,
		} );
		const headers = { 'Idempotency-Key': 'gift-3:pi' };
		const started = Date.now();
		const late = stripePost( '/v1/payment_intents', PAYMENT, { headers } );
		await eventually(
			async () =>
				( await logged( 'stripe', '/v1/payment_intents' ) ).length
		);
		const meanwhile = await stripePost( '/v1/payment_intents', PAYMENT, {
			headers,
		} );
		assert.equal( meanwhile.status, 409 );
		const answer = await late;
		assert.equal( answer.status, 200 );
		assert.ok( Date.now() - started >= 550 );
		const [ entry ] = await logged( 'stripe', '/v1/payment_intents' );
		assert.equal( entry.fault, 'slow' );
		assert.equal( entry.status, 200 );
		assert.equal( entry.acted, true );
	} );

	test( "stall: past the caller's timeout the key stays taken (409, retry advised), then the stored answer is replayed", async () => {
		await addFault( {
			provider: 'stripe',
			path: '/v1/payment_intents',
			fault: 'stall',
			ms: 800,
		} );
		const headers = { 'Idempotency-Key': 'gift-4:pi' };
		// The caller gives up long before Stripe is done.
		const timedOut = await stripePost( '/v1/payment_intents', PAYMENT, {
			headers,
			signal: AbortSignal.timeout( 150 ),
		} );
		assert.ok( timedOut.error );

		const inUse = await stripePost( '/v1/payment_intents', PAYMENT, {
			headers,
		} );
		assert.equal( inUse.status, 409 );
		assert.equal( inUse.body.error.code, 'idempotency_key_in_use' );
		assert.equal( inUse.headers.get( 'stripe-should-retry' ), 'true' );
		assert.deepEqual( await paymentIntents(), [] );

		// Stripe finishes on its own: the charge is made once and its answer stored.
		const [ stalled ] = await eventually( async () => {
			const entries = await logged( 'stripe', '/v1/payment_intents' );
			return entries[ 0 ].acted && entries;
		} );
		assert.equal( stalled.fault, 'stall' );
		assert.equal( stalled.answered, 200 );
		assert.equal( stalled.status, 'lost' );
		const replay = await stripePost( '/v1/payment_intents', PAYMENT, {
			headers,
		} );
		assert.equal( replay.status, 200 );
		assert.equal( replay.headers.get( 'idempotent-replayed' ), 'true' );
		const stored = await paymentIntents();
		assert.equal( stored.length, 1 );
		assert.equal( replay.body.id, stored[ 0 ].id );
		const charges = await stripe( 'GET', '/v1/charges' );
		assert.equal( charges.body.data.length, 1 );
	} );

	test( 'stall: a caller still connected gets the answer', async () => {
		await addFault( {
			provider: 'stripe',
			path: '/v1/payment_intents',
			fault: 'stall',
			ms: 300,
		} );
		const answer = await stripePost( '/v1/payment_intents', PAYMENT );
		assert.equal( answer.status, 200 );
		const [ entry ] = await logged( 'stripe', '/v1/payment_intents' );
		assert.equal( entry.status, 200 );
		assert.equal( entry.answered, 200 );
	} );

	test( 'hang_after_act: the provider acts and stores the answer, the caller gets nothing; a retry after its death gets the replay', async () => {
		await addFault( {
			provider: 'stripe',
			path: '/v1/payment_intents',
			fault: 'hang_after_act',
		} );
		const headers = { 'Idempotency-Key': 'gift-5:pi' };
		const caller = new AbortController();
		const hanging = stripePost( '/v1/payment_intents', PAYMENT, {
			headers,
			signal: caller.signal,
		} );
		const [ entry ] = await eventually( async () => {
			const entries = await logged( 'stripe', '/v1/payment_intents' );
			return entries.length && entries[ 0 ].acted && entries;
		} );
		assert.equal( entry.fault, 'hang_after_act' );
		assert.equal( entry.answered, 200 );
		assert.equal( entry.status, 'hung' );
		const stored = await paymentIntents();
		assert.equal( stored.length, 1 );
		assert.equal( stored[ 0 ].status, 'succeeded' );

		// The PHP process is killed: its connection goes, still without an answer.
		caller.abort();
		assert.ok( ( await hanging ).error );
		const retry = await stripePost( '/v1/payment_intents', PAYMENT, {
			headers,
		} );
		assert.equal( retry.status, 200 );
		assert.equal( retry.headers.get( 'idempotent-replayed' ), 'true' );
		assert.equal( retry.body.id, stored[ 0 ].id );
	} );
} );

describe( 'Faults: status', () => {
	test( "Stripe: each status with Stripe's error body, Stripe-Should-Retry as asked; nothing done, no key taken", async () => {
		const cases = [
			[ 429, true, 'invalid_request_error', 'rate_limit' ],
			[ 500, false, 'api_error', undefined ],
			[ 502, null, 'api_error', undefined ],
			[ 503, true, 'api_error', undefined ],
			[ 504, undefined, 'api_error', undefined ],
		];
		for ( const [ status, shouldRetry, type, code ] of cases ) {
			await addFault( {
				provider: 'stripe',
				method: 'POST',
				path: '/v1/payment_intents',
				fault: 'status',
				status,
				...( shouldRetry === undefined
					? {}
					: { should_retry: shouldRetry } ),
			} );
			const headers = { 'Idempotency-Key': `gift-status-${ status }` };
			const answer = await stripePost( '/v1/payment_intents', PAYMENT, {
				headers,
			} );
			assert.equal( answer.status, status );
			assert.equal( answer.body.error.type, type );
			assert.equal( answer.body.error.code, code );
			assert.ok( answer.body.error.message );
			assert.equal(
				answer.headers.get( 'stripe-should-retry' ),
				typeof shouldRetry === 'boolean' ? String( shouldRetry ) : null
			);
			assert.deepEqual( await paymentIntents(), [] );
			const entries = await logged( 'stripe', '/v1/payment_intents' );
			assert.equal( entries.at( -1 ).fault, 'status' );
			assert.equal( entries.at( -1 ).status, status );
			assert.equal( entries.at( -1 ).acted, false );

			// Nothing was stored for the key: the retry is worked on.
			const retry = await stripePost( '/v1/payment_intents', PAYMENT, {
				headers,
			} );
			assert.equal( retry.status, 200 );
			assert.equal( retry.headers.get( 'idempotent-replayed' ), null );
			await control( 'reset' );
		}
	} );

	test( 'Stripe: a 500 with replay is stored for its key, as Stripe stores a 500, and replayed', async () => {
		await addFault( {
			provider: 'stripe',
			path: '/v1/payment_intents',
			fault: 'status',
			status: 500,
			should_retry: false,
			replay: true,
		} );
		const headers = { 'Idempotency-Key': 'gift-6:pi' };
		const first = await stripePost( '/v1/payment_intents', PAYMENT, {
			headers,
		} );
		assert.equal( first.status, 500 );
		const again = await stripePost( '/v1/payment_intents', PAYMENT, {
			headers,
		} );
		assert.equal( again.status, 500 );
		assert.equal( again.headers.get( 'idempotent-replayed' ), 'true' );
		assert.equal(
			again.headers.get( 'original-request' ),
			first.headers.get( 'request-id' )
		);
		assert.deepEqual( again.body, first.body );
		assert.deepEqual( await paymentIntents(), [] );
	} );

	test( "PayPal, Experian and reCAPTCHA: each status in the provider's own error shape", async () => {
		const base = harness.standIns.url;
		const paypalNames = {
			429: 'RATE_LIMIT_REACHED',
			500: 'INTERNAL_SERVER_ERROR',
			502: 'SERVICE_UNAVAILABLE',
			503: 'SERVICE_UNAVAILABLE',
			504: 'SERVICE_UNAVAILABLE',
		};
		for ( const status of [ 429, 500, 502, 503, 504 ] ) {
			await addFault( {
				provider: 'paypal',
				path: '/v2/checkout/orders',
				fault: 'status',
				status,
			} );
			const answer = await fetch( `${ base }/paypal/v2/checkout/orders`, {
				method: 'POST',
				headers: {
					'Content-Type': 'application/json',
					'X-Stand-In-Sdk-Client-Id': 'client-id',
				},
				body: JSON.stringify( {
					intent: 'CAPTURE',
					purchase_units: [
						{ amount: { currency_code: 'AUD', value: '25.00' } },
					],
				} ),
			} );
			assert.equal( answer.status, status );
			const body = await answer.json();
			assert.equal( body.name, paypalNames[ status ] );
			assert.ok( body.message && body.debug_id );
			assert.equal(
				answer.headers.get( 'paypal-debug-id' ),
				body.debug_id
			);
		}
		assert.equal(
			( await json( 'GET', '/__control/paypal/captures' ) ).body.length,
			0
		);

		await addFault( {
			provider: 'experian',
			path: '/address/search/v1',
			fault: 'status',
			status: 503,
		} );
		const experian = await fetch( `${ base }/experian/address/search/v1`, {
			method: 'POST',
			headers: {
				'Content-Type': 'application/json',
				'Auth-Token': 'test-token',
			},
			body: '{}',
		} );
		assert.equal( experian.status, 503 );
		assert.equal(
			( await experian.json() ).error.title,
			'Service Unavailable'
		);

		await addFault( {
			provider: 'recaptcha',
			path: '/recaptcha/api/siteverify',
			fault: 'status',
			status: 429,
		} );
		const recaptcha = await fetch(
			`${ base }/recaptcha/recaptcha/api/siteverify`,
			{
				method: 'POST',
				headers: {
					'Content-Type': 'application/x-www-form-urlencoded',
				},
				body: `secret=s&response=${ issueToken() }`,
			}
		);
		assert.equal( recaptcha.status, 429 );
		assert.deepEqual( ( await recaptcha.json() )[ 'error-codes' ], [
			'rate-limited',
		] );
	} );

	test( 'reCAPTCHA: a verify whose answer was lost spent the token; one never seen did not', async () => {
		const base = harness.standIns.url;
		const verify = async ( token ) => {
			try {
				const answer = await fetch(
					`${ base }/recaptcha/recaptcha/api/siteverify`,
					{
						method: 'POST',
						headers: {
							'Content-Type': 'application/x-www-form-urlencoded',
						},
						body: `secret=s&response=${ token }`,
					}
				);
				return await answer.json();
			} catch ( error ) {
				return { error };
			}
		};
		const lost = issueToken();
		await addFault( {
			provider: 'recaptcha',
			path: '/recaptcha/api/siteverify',
			fault: 'lose_answer',
		} );
		assert.ok( ( await verify( lost ) ).error );
		assert.deepEqual( await verify( lost ), {
			success: false,
			'error-codes': [ 'timeout-or-duplicate' ],
		} );

		const dropped = issueToken();
		await addFault( {
			provider: 'recaptcha',
			path: '/recaptcha/api/siteverify',
			fault: 'drop_request',
		} );
		assert.ok( ( await verify( dropped ) ).error );
		assert.equal( ( await verify( dropped ) ).success, true );
	} );
} );

describe( 'Faults: PayPal-Request-Id', () => {
	const base = () => `${ harness.standIns.url }/paypal`;
	const bearer = async () => {
		const response = await fetch( `${ base() }/v1/oauth2/token`, {
			method: 'POST',
			headers: {
				Authorization: `Basic ${ Buffer.from(
					'client-id:client-secret'
				).toString( 'base64' ) }`,
				'Content-Type': 'application/x-www-form-urlencoded',
			},
			body: 'grant_type=client_credentials',
		} );
		return `Bearer ${ ( await response.json() ).access_token }`;
	};
	const paypal = async ( path, body, headers, signal ) => {
		try {
			const response = await fetch( `${ base() }${ path }`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', ...headers },
				body: JSON.stringify( body ),
				signal,
			} );
			return { status: response.status, body: await response.json() };
		} catch ( error ) {
			return { error };
		}
	};
	const ORDER = {
		intent: 'CAPTURE',
		purchase_units: [
			{
				amount: { currency_code: 'AUD', value: '52.50' },
				invoice_id: 'gift-7',
			},
		],
	};

	test( 'lose_answer on a capture: captured once; the retry with the same PayPal-Request-Id gets that capture (200)', async () => {
		const auth = { Authorization: await bearer() };
		const order = await paypal( '/v2/checkout/orders', ORDER, auth );
		assert.equal( order.status, 201 );
		await paypal(
			`/v2/checkout/orders/${ order.body.id }/stand-in-approve`,
			{},
			{ 'X-Stand-In-Sdk-Client-Id': 'client-id' }
		);
		await addFault( {
			provider: 'paypal',
			method: 'POST',
			path: '/v2/checkout/orders/:id/capture',
			fault: 'lose_answer',
		} );
		const headers = { ...auth, 'PayPal-Request-Id': 'gift-7:capture' };
		const capturePath = `/v2/checkout/orders/${ order.body.id }/capture`;
		const lost = await paypal( capturePath, {}, headers );
		assert.ok( lost.error );
		const captures = ( await json( 'GET', '/__control/paypal/captures' ) )
			.body;
		assert.equal( captures.length, 1 );
		assert.equal( captures[ 0 ].status, 'COMPLETED' );
		const [ entry ] = await logged( 'paypal', '/capture' );
		assert.equal( entry.fault, 'lose_answer' );
		assert.equal( entry.answered, 201 );

		const retry = await paypal( capturePath, {}, headers );
		assert.equal( retry.status, 200 );
		assert.equal(
			retry.body.purchase_units[ 0 ].payments.captures[ 0 ].id,
			captures[ 0 ].capture_id
		);
		assert.equal(
			( await json( 'GET', '/__control/paypal/captures' ) ).body.length,
			1
		);
	} );

	test( 'stall on an order: a request with the same PayPal-Request-Id meanwhile waits for it (PayPal documents no in-progress answer) and gets the same order', async () => {
		const auth = { Authorization: await bearer() };
		await addFault( {
			provider: 'paypal',
			path: '/v2/checkout/orders',
			fault: 'stall',
			ms: 600,
		} );
		const headers = { ...auth, 'PayPal-Request-Id': 'gift-8:order' };
		const timedOut = await paypal(
			'/v2/checkout/orders',
			ORDER,
			headers,
			AbortSignal.timeout( 150 )
		);
		assert.ok( timedOut.error );
		const retry = await paypal( '/v2/checkout/orders', ORDER, headers );
		assert.equal( retry.status, 200 );
		const [ stalled, waited ] = await logged(
			'paypal',
			'/v2/checkout/orders'
		);
		assert.equal( stalled.fault, 'stall' );
		assert.equal( stalled.answered, 201 );
		assert.equal( waited.status, 200 );
		assert.equal( harness.standIns.providers.paypal.orders.size, 1 );
		assert.ok(
			harness.standIns.providers.paypal.orders.has( retry.body.id )
		);
	} );
} );

describe( 'Faults: matching and counting', () => {
	test( 'nth and times count matching requests from when the fault was added; GET lists matched and fired', async () => {
		await stripe( 'GET', '/v1/balance' );
		const added = await addFault( {
			provider: 'stripe',
			method: 'GET',
			path: '/v1/balance',
			nth: 2,
			times: 2,
			fault: 'status',
			status: 503,
		} );
		assert.match( added.id, /^flt_\d+$/ );
		assert.deepEqual(
			{ matched: added.matched, fired: added.fired },
			{ matched: 0, fired: 0 }
		);
		const statuses = [];
		for ( let i = 0; i < 4; i++ ) {
			statuses.push( ( await stripe( 'GET', '/v1/balance' ) ).status );
		}
		assert.deepEqual( statuses, [ 200, 503, 503, 200 ] );
		const [ listed ] = ( await json( 'GET', '/__control/faults' ) ).body
			.faults;
		assert.equal( listed.id, added.id );
		assert.equal( listed.matched, 4 );
		assert.equal( listed.fired, 2 );
	} );

	test( 'path: exact, :id is one segment; method; match on a key substring or a body parameter', async () => {
		await addFault( {
			provider: 'stripe',
			path: '/v1/payment_intents',
			method: 'GET',
			fault: 'status',
			status: 502,
			times: 10,
		} );
		await addFault( {
			provider: 'stripe',
			path: '/v1/payment_intents/:id/confirm',
			fault: 'status',
			status: 503,
			match: { idempotency_key: ':confirm' },
		} );
		await addFault( {
			provider: 'stripe',
			path: '/v1/payment_intents',
			method: 'POST',
			fault: 'status',
			status: 504,
			match: { body: { 'metadata[attempt_id]': 'faulted' } },
		} );
		const created = await stripe( 'POST', '/v1/payment_intents', {
			amount: 2500,
			currency: 'aud',
			'metadata[attempt_id]': 'other',
		} );
		assert.equal( created.status, 200, 'another body parameter' );
		const id = created.body.id;
		assert.equal(
			( await stripe( 'GET', `/v1/payment_intents/${ id }` ) ).status,
			200,
			'/v1/payment_intents does not match /v1/payment_intents/:id'
		);
		assert.equal(
			( await stripe( 'GET', '/v1/payment_intents' ) ).status,
			502
		);
		const unkeyed = await stripePost(
			`/v1/payment_intents/${ id }/confirm`,
			{ payment_method: 'pm_card_visa' },
			{ headers: { 'Idempotency-Key': `${ id }:other` } }
		);
		assert.equal( unkeyed.status, 200, 'another key' );
		const cancelled = await stripePost(
			`/v1/payment_intents/${ id }/cancel`,
			{},
			{ headers: { 'Idempotency-Key': `${ id }:confirm` } }
		);
		assert.notEqual( cancelled.status, 503, 'another path (cancel)' );
		const second = await stripe( 'POST', '/v1/payment_intents', {
			amount: 2500,
			currency: 'aud',
		} );
		const keyed = await stripePost(
			`/v1/payment_intents/${ second.body.id }/confirm`,
			{ payment_method: 'pm_card_visa' },
			{ headers: { 'Idempotency-Key': `${ second.body.id }:confirm` } }
		);
		assert.equal( keyed.status, 503 );
		const faulted = await stripe( 'POST', '/v1/payment_intents', {
			amount: 2500,
			currency: 'aud',
			'metadata[attempt_id]': 'faulted',
		} );
		assert.equal( faulted.status, 504 );
	} );

	test( 'DELETE one fault, DELETE all, and reset removes them', async () => {
		const first = await addFault( {
			provider: 'stripe',
			path: '/v1/balance',
			fault: 'status',
			status: 500,
		} );
		await addFault( {
			provider: 'paypal',
			path: '/v2/checkout/orders',
			fault: 'drop_request',
		} );
		const deleted = await json(
			'DELETE',
			`/__control/faults/${ first.id }`
		);
		assert.equal( deleted.status, 200 );
		assert.equal(
			( await json( 'DELETE', `/__control/faults/${ first.id }` ) )
				.status,
			404
		);
		assert.equal(
			( await json( 'GET', '/__control/faults' ) ).body.faults.length,
			1
		);
		assert.equal( ( await stripe( 'GET', '/v1/balance' ) ).status, 200 );
		assert.equal(
			( await json( 'DELETE', '/__control/faults' ) ).status,
			200
		);
		assert.deepEqual(
			( await json( 'GET', '/__control/faults' ) ).body.faults,
			[]
		);
		await addFault( {
			provider: 'stripe',
			path: '/v1/balance',
			fault: 'status',
			status: 500,
		} );
		await control( 'reset' );
		assert.deepEqual(
			( await json( 'GET', '/__control/faults' ) ).body.faults,
			[]
		);
	} );

	test( 'a bad control body is refused with 400 and says why', async () => {
		const fine = {
			provider: 'stripe',
			path: '/v1/payment_intents',
			fault: 'lose_answer',
		};
		const refused = [
			[ { ...fine, provider: 'square' }, /provider must be one of/ ],
			[ { ...fine, fault: 'explode' }, /fault must be one of/ ],
			[ { ...fine, colour: 'red' }, /Unknown field colour/ ],
			[ { ...fine, path: undefined }, /path must be/ ],
			[ { ...fine, path: 'v1/payment_intents' }, /path must be/ ],
			[ { ...fine, path: '/v1/payment_intents/' }, /path must be/ ],
			[
				{ ...fine, path: '/stripe/v1/payment_intents' },
				/after the provider prefix/,
			],
			[ { ...fine, nth: 0 }, /nth must be a positive integer/ ],
			[ { ...fine, times: 1.5 }, /times must be a positive integer/ ],
			[ { ...fine, times: '2' }, /times must be a positive integer/ ],
			[ { ...fine, method: 'FETCH' }, /method must be one of/ ],
			[ { ...fine, ms: 100 }, /ms is for drop_request, slow, stall/ ],
			[ { ...fine, fault: 'stall', ms: -1 }, /ms must be/ ],
			[ { ...fine, status: 500 }, /status is for the status fault/ ],
			[ { ...fine, fault: 'status' }, /status must be one of/ ],
			[ { ...fine, fault: 'status', status: 418 }, /status must be/ ],
			[
				{ ...fine, fault: 'status', status: 429, should_retry: 'yes' },
				/should_retry must be true, false or null/,
			],
			[
				{
					...fine,
					provider: 'paypal',
					fault: 'status',
					status: 500,
					should_retry: true,
				},
				/stripe only/,
			],
			[
				{ ...fine, fault: 'status', status: 503, replay: true },
				/replay/,
			],
			[ { ...fine, match: { amount: 5 } }, /match takes/ ],
			[ { ...fine, match: { idempotency_key: '' } }, /non-empty/ ],
			[ { ...fine, match: { body: { amount: {} } } }, /match.body/ ],
			[ [ fine ], /JSON object/ ],
		];
		for ( const [ body, message ] of refused ) {
			const answer = await control( 'faults', body );
			assert.equal( answer.status, 400, JSON.stringify( body ) );
			assert.match( answer.body.error, message );
		}
		const broken = await fetch(
			`${ harness.standIns.url }/__control/faults`,
			{
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: '{ "provider": ',
			}
		);
		assert.equal( broken.status, 400 );
		assert.match( ( await broken.json() ).error, /not valid JSON/ );
		assert.deepEqual(
			( await json( 'GET', '/__control/faults' ) ).body.faults,
			[]
		);
	} );
} );

describe( "Faults never touch the harness's own channel", () => {
	test( 'no fault applies to /__control or /browser, whatever its path', async () => {
		for ( const provider of [ 'stripe', 'paypal' ] ) {
			for ( const path of [ '/:id', '/:id/:id', '/:id/:id/:id' ] ) {
				await addFault( {
					provider,
					path,
					fault: 'drop_request',
					times: 100,
				} );
			}
		}
		const control1 = await json( 'GET', '/__control/requests' );
		assert.equal( control1.status, 200 );
		assert.equal(
			( await json( 'GET', '/__control/health' ) ).status,
			200
		);
		const script = await fetch(
			`${ harness.standIns.url }/browser/stripe.js`
		);
		assert.equal( script.status, 200 );
		const listed = ( await json( 'GET', '/__control/faults' ) ).body.faults;
		assert.ok( listed.every( ( fault ) => fault.matched === 0 ) );
		// The same faults do act on the providers' own paths.
		assert.ok(
			( await stripePost( '/v1/payment_intents', PAYMENT ) ).error
		);
	} );

	test( 'a control call on the same keep-alive agent, queued behind a dropped or lost exchange, gets its answer', async () => {
		const { port } = harness.standIns;
		// One socket at a time, kept alive: the control call waits for the faulted exchange's
		// socket, as a busy client's pool makes it.
		const agent = new http.Agent( { keepAlive: true, maxSockets: 1 } );
		const call = ( method, path, body, headers = {} ) =>
			new Promise( ( resolve ) => {
				const request = http.request(
					{ host: '127.0.0.1', port, method, path, agent, headers },
					( response ) => {
						let text = '';
						response.on( 'data', ( chunk ) => ( text += chunk ) );
						response.on( 'end', () =>
							resolve( { status: response.statusCode, text } )
						);
						response.on( 'error', ( error ) =>
							resolve( { error } )
						);
					}
				);
				request.on( 'error', ( error ) => resolve( { error } ) );
				request.end( body );
			} );
		const stripeHeaders = {
			'Content-Type': 'application/x-www-form-urlencoded',
			Authorization: `Bearer ${ SECRET_KEY }`,
		};
		try {
			// Warm the socket, so the faulted exchange runs on a reused keep-alive connection.
			assert.equal(
				( await call( 'GET', '/__control/health' ) ).status,
				200
			);
			for ( const fault of [ 'drop_request', 'lose_answer' ] ) {
				await addFault( {
					provider: 'stripe',
					path: '/v1/payment_intents',
					fault,
				} );
				const faulted = call(
					'POST',
					'/stripe/v1/payment_intents',
					encodeForm( PAYMENT ),
					stripeHeaders
				);
				const controlCall = call(
					'GET',
					'/__control/requests?provider=stripe'
				);
				assert.ok( ( await faulted ).error, `${ fault }: no answer` );
				const answer = await controlCall;
				assert.equal( answer.error, undefined );
				assert.equal( answer.status, 200 );
				// And right after, on the same agent.
				assert.equal(
					( await call( 'GET', '/__control/faults' ) ).status,
					200
				);
			}
		} finally {
			agent.destroy();
		}
	} );
} );
