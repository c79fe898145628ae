/**
 * Shared set-up for the Stripe stand-in test files (stripe-*.test.mjs): a server per file,
 * reset before each test, and after each the check that every Stripe answer fitted the SDK
 * types of its API version (no required field left null that may not be, no value of a type
 * the version does not have).
 */
import { before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { startStandIns, encodeForm } from './server.mjs';

export const SECRET_KEY = 'sk_test_standin123';
export const PUBLISHABLE_KEY = 'pk_test_standin123';
export const ENDIVE = '2026-10-28.endive';
export const V2024 = '2024-06-20';

/**
 * Start the stand-ins for the calling test file.
 *
 * @return {{standIns: Object, stripe: Function, json: Function, control: Function}} Helpers;
 * `standIns` is set once the file's tests run.
 */
export function standInsForTests() {
	const harness = { standIns: null };

	before( async () => {
		harness.standIns = await startStandIns( { port: 0 } );
	} );
	after( async () => {
		await harness.standIns.close();
	} );
	beforeEach( async () => {
		await fetch( `${ harness.standIns.url }/__control/reset`, {
			method: 'POST',
		} );
	} );
	afterEach( () => {
		assert.deepEqual(
			[ ...harness.standIns.providers.stripe.renderGaps ],
			[]
		);
	} );

	/**
	 * Call the Stripe stand-in like stripe-php does.
	 *
	 * @param {string} method  HTTP method.
	 * @param {string} path    Path under /stripe.
	 * @param {Object} params  Parameters (form body or query).
	 * @param {Object} options key, headers, version (Stripe-Version; none: the account default),
	 *                         signal (the caller's timeout).
	 * @return {Promise<{status: number, body: Object, headers: Headers}>} Answer.
	 */
	harness.stripe = async ( method, path, params = {}, options = {} ) => {
		const key = options.key === undefined ? SECRET_KEY : options.key;
		const encoded = encodeForm( params );
		const url =
			method === 'GET' && encoded
				? `${ harness.standIns.url }/stripe${ path }?${ encoded }`
				: `${ harness.standIns.url }/stripe${ path }`;
		const response = await fetch( url, {
			method,
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				...( key ? { Authorization: `Bearer ${ key }` } : {} ),
				...( options.version
					? { 'Stripe-Version': options.version }
					: {} ),
				...( options.headers || {} ),
			},
			body: method === 'POST' ? encoded : undefined,
			signal: options.signal,
		} );
		return {
			status: response.status,
			body: await response.json(),
			headers: response.headers,
		};
	};

	/**
	 * A JSON call to the server (control API).
	 *
	 * @param {string} method HTTP method.
	 * @param {string} path   Path.
	 * @param {*}      body   JSON body.
	 * @return {Promise<{status: number, body: *, headers: Headers}>} Answer.
	 */
	harness.json = async ( method, path, body ) => {
		const response = await fetch( `${ harness.standIns.url }${ path }`, {
			method,
			headers:
				body !== undefined
					? { 'Content-Type': 'application/json' }
					: {},
			body: body === undefined ? undefined : JSON.stringify( body ),
		} );
		const text = await response.text();
		let parsed;
		try {
			parsed = JSON.parse( text );
		} catch {
			parsed = text;
		}
		return {
			status: response.status,
			body: parsed,
			headers: response.headers,
		};
	};

	harness.control = ( path, body ) =>
		harness.json( 'POST', `/__control/${ path }`, body );

	/**
	 * A customer whose default payment method is the named test card.
	 *
	 * @param {string} card A test PaymentMethod (pm_card_visa, pm_card_chargeCustomerFail…).
	 * @return {Promise<{status: number, body: Object}>} The created Customer.
	 */
	harness.customerPaying = ( card ) =>
		harness.stripe( 'POST', '/v1/customers', {
			payment_method: card,
			invoice_settings: { default_payment_method: card },
		} );

	/**
	 * A 4-weekly price of A$10, as the widget's subscriptions have.
	 *
	 * @return {Promise<{status: number, body: Object}>} The created Price.
	 */
	harness.fourWeeklyPrice = () =>
		harness.stripe( 'POST', '/v1/prices', {
			currency: 'aud',
			unit_amount: 1000,
			recurring: { interval: 'week', interval_count: 4 },
			product_data: { name: 'Donation' },
		} );

	return harness;
}
