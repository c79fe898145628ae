/**
 * The PayPal stand-in against PayPal's own definitions: what it refuses (400 INVALID_REQUEST,
 * 422), the shape of everything it answers (@paypal/paypal-server-sdk models), Webhooks
 * Management, and captures on the account that the widget did not make.
 *
 * Run: node --test tests/stand-ins/
 */
import { test, describe, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { startStandIns } from './server.mjs';
import {
	requestProblems,
	shapeProblems,
	REQUEST_KINDS,
	limitsOf,
} from './lib/paypal/schemas.mjs';

let standIns;
let base;
let bearer;

const BROWSER = { 'X-Stand-In-Sdk-Client-Id': 'client-id' };
const INVALID_REQUEST_MESSAGE =
	'Request is not well-formed, syntactically incorrect, or violates schema.';

before( async () => {
	standIns = await startStandIns( { port: 0 } );
	base = standIns.url;
} );

after( async () => {
	await standIns.close();
} );

beforeEach( async () => {
	await fetch( `${ base }/__control/reset`, { method: 'POST' } );
	const response = await fetch( `${ base }/paypal/v1/oauth2/token`, {
		method: 'POST',
		headers: {
			Authorization: `Basic ${ Buffer.from(
				'client-id:client-secret'
			).toString( 'base64' ) }`,
			'Content-Type': 'application/x-www-form-urlencoded',
		},
		body: 'grant_type=client_credentials',
	} );
	bearer = {
		Authorization: `Bearer ${ ( await response.json() ).access_token }`,
	};
} );

/**
 * A call to the PayPal stand-in (JSON body, or a raw string).
 *
 * @param {string} method  Method.
 * @param {string} path    Path under /paypal.
 * @param {*}      body    Body (undefined for none; a string is sent as is).
 * @param {Object} headers Headers (the server's bearer token by default).
 * @return {Promise<{status: number, body: *}>} Answer.
 */
async function paypal( method, path, body = undefined, headers = bearer ) {
	const response = await fetch( `${ base }/paypal${ path }`, {
		method,
		headers: {
			...( body !== undefined
				? { 'Content-Type': 'application/json' }
				: {} ),
			...headers,
		},
		body:
			body === undefined || typeof body === 'string'
				? body
				: JSON.stringify( body ),
	} );
	const text = await response.text();
	return { status: response.status, body: text ? JSON.parse( text ) : null };
}

async function control( method, path, body = undefined ) {
	const response = await fetch( `${ base }/__control/${ path }`, {
		method,
		headers: body ? { 'Content-Type': 'application/json' } : {},
		body: body ? JSON.stringify( body ) : undefined,
	} );
	return { status: response.status, body: await response.json() };
}

const unit = ( extra = {} ) => ( {
	amount: { currency_code: 'AUD', value: '52.50' },
	...extra,
} );

const orderBody = ( extra = {}, unitExtra = {} ) => ( {
	intent: 'CAPTURE',
	purchase_units: [ unit( unitExtra ) ],
	...extra,
} );

/** The order the widget builds (src/payments/paypal/order.ts) for a donor with an address. */
const WIDGET_ORDER = {
	intent: 'CAPTURE',
	payer: {
		phone: {
			phone_type: 'MOBILE',
			phone_number: { national_number: '412345678' },
		},
	},
	purchase_units: [
		{
			custom_id:
				'o-,n-joan_hopper,e-joan@example.com,m-0412345678,d-oneoff,a-12_example_st_sydney_nsw_2000_australia,i-mary_jackson',
			invoice_id: 'b5d2c0f4-1d8e-4a51-9a55-2a6a9f1c2e11',
			amount: { value: '26.25', currency_code: 'AUD' },
			shipping: {
				name: { full_name: 'Joan Hopper' },
				phone_number: {
					country_code: '61',
					national_number: '412345678',
				},
				address: {
					address_line_1: '12 Example St',
					address_line_2: '',
					admin_area_2: 'Sydney',
					admin_area_1: 'NSW',
					postal_code: '2000',
					country_code: 'AU',
				},
			},
		},
	],
};

/**
 * Creates, approves and captures an order; returns the order id and the capture.
 *
 * @param {Object} body Order request.
 * @return {Promise<{orderId: string, capture: Object, answer: Object}>} Result.
 */
async function paidOrder( body = orderBody() ) {
	const created = await paypal(
		'POST',
		'/v2/checkout/orders',
		body,
		BROWSER
	);
	assert.equal( created.status, 201, JSON.stringify( created.body ) );
	const orderId = created.body.id;
	await paypal(
		'POST',
		`/v2/checkout/orders/${ orderId }/stand-in-approve`,
		{},
		BROWSER
	);
	const answer = await paypal(
		'POST',
		`/v2/checkout/orders/${ orderId }/capture`,
		{},
		BROWSER
	);
	assert.equal( answer.status, 201, JSON.stringify( answer.body ) );
	return {
		orderId,
		capture: answer.body.purchase_units[ 0 ].payments.captures[ 0 ],
		answer: answer.body,
	};
}

/**
 * Asserts a 400 INVALID_REQUEST in PayPal's shape naming these { field, issue } pairs.
 *
 * @param {Object} answer   The answer.
 * @param {Array}  expected [ field, issue ] pairs (all must be among the details).
 */
function assertInvalid( answer, expected ) {
	assert.equal( answer.status, 400, JSON.stringify( answer.body ) );
	assert.equal( answer.body.name, 'INVALID_REQUEST' );
	assert.equal( answer.body.message, INVALID_REQUEST_MESSAGE );
	assert.match( answer.body.debug_id, /^[0-9a-f]{13}$/ );
	const named = answer.body.details.map( ( entry ) => [
		entry.field,
		entry.issue,
	] );
	for ( const pair of expected ) {
		assert.ok(
			named.some( ( [ f, i ] ) => f === pair[ 0 ] && i === pair[ 1 ] ),
			`${ pair.join( ' ' ) } in ${ JSON.stringify( named ) }`
		);
	}
	for ( const entry of answer.body.details ) {
		assert.equal( entry.location, 'body' );
		assert.ok( entry.description );
	}
	assert.ok(
		answer.body.links.some(
			( link ) =>
				link.rel === 'information_link' &&
				link.href.includes(
					`#error-${ answer.body.details[ 0 ].issue }`
				)
		)
	);
}

function assertUnprocessable( answer, issue ) {
	assert.equal( answer.status, 422, JSON.stringify( answer.body ) );
	assert.equal( answer.body.name, 'UNPROCESSABLE_ENTITY' );
	assert.equal( answer.body.details[ 0 ].issue, issue );
	assert.ok( answer.body.details[ 0 ].description );
}

describe( 'PayPal stand-in refuses what PayPal refuses', () => {
	test( "the widget's order is accepted as it is", async () => {
		assert.deepEqual(
			requestProblems( 'orders.create', WIDGET_ORDER ),
			[]
		);
		const created = await paypal(
			'POST',
			'/v2/checkout/orders',
			WIDGET_ORDER,
			BROWSER
		);
		assert.equal( created.status, 201, JSON.stringify( created.body ) );
	} );

	test( 'create order: unknown and misspelt fields, wrong types, missing and invalid values', async () => {
		const answer = await paypal( 'POST', '/v2/checkout/orders', {
			intnet: 'CAPTURE',
			purchase_units: [
				{
					amount: { currency_code: 'AUD', value: 52.5 },
					invoiceId: 'attempt-1',
					shipping: { address: { country_code: 'AU', town: 'X' } },
				},
			],
		} );
		assertInvalid( answer, [
			[ '/intent', 'MISSING_REQUIRED_PARAMETER' ],
			[ '/intnet', 'MALFORMED_REQUEST_JSON' ],
			[
				"/purchase_units/@reference_id=='default'/amount/value",
				'INVALID_PARAMETER_SYNTAX',
			],
			[
				"/purchase_units/@reference_id=='default'/invoiceId",
				'MALFORMED_REQUEST_JSON',
			],
			[
				"/purchase_units/@reference_id=='default'/shipping/address/town",
				'MALFORMED_REQUEST_JSON',
			],
		] );
		const value = answer.body.details.find( ( entry ) =>
			entry.field.endsWith( '/amount/value' )
		);
		assert.equal( value.value, '52.5' );
		assert.equal( standIns.providers.paypal.orders.size, 0 );

		assertInvalid(
			await paypal(
				'POST',
				'/v2/checkout/orders',
				orderBody( { intent: 'SALE' } )
			),
			[ [ '/intent', 'INVALID_PARAMETER_VALUE' ] ]
		);
		assertInvalid(
			await paypal( 'POST', '/v2/checkout/orders', {
				intent: 'CAPTURE',
				purchase_units: [ {} ],
			} ),
			[
				[
					"/purchase_units/@reference_id=='default'/amount",
					'MISSING_REQUIRED_PARAMETER',
				],
			]
		);
		assertInvalid(
			await paypal( 'POST', '/v2/checkout/orders', {
				intent: 'CAPTURE',
				purchase_units: [],
			} ),
			[ [ '/purchase_units', 'INVALID_ARRAY_MIN_ITEMS' ] ]
		);
		assertInvalid(
			await paypal(
				'POST',
				'/v2/checkout/orders',
				'{"intent": "CAPTURE",'
			),
			[ [ '/', 'MALFORMED_REQUEST_JSON' ] ]
		);
		assertInvalid(
			await paypal( 'POST', '/v2/checkout/orders', [ orderBody() ] ),
			[ [ '/', 'MALFORMED_REQUEST_JSON' ] ]
		);
	} );

	test( 'create order: invoice_id and custom_id up to 127 characters, currency and value forms', async () => {
		const long = 'x'.repeat( 128 );
		assertInvalid(
			await paypal(
				'POST',
				'/v2/checkout/orders',
				orderBody( {}, { invoice_id: long, custom_id: long } )
			),
			[
				[
					"/purchase_units/@reference_id=='default'/custom_id",
					'INVALID_STRING_LENGTH',
				],
				[
					"/purchase_units/@reference_id=='default'/invoice_id",
					'INVALID_STRING_LENGTH',
				],
			]
		);
		assertInvalid(
			await paypal(
				'POST',
				'/v2/checkout/orders',
				orderBody( {}, { invoice_id: '' } )
			),
			[
				[
					"/purchase_units/@reference_id=='default'/invoice_id",
					'INVALID_STRING_LENGTH',
				],
			]
		);
		const fits = await paypal(
			'POST',
			'/v2/checkout/orders',
			orderBody(
				{},
				{ invoice_id: long.slice( 1 ), custom_id: long.slice( 1 ) }
			)
		);
		assert.equal( fits.status, 201 );

		const amount = ( currency, value ) =>
			paypal(
				'POST',
				'/v2/checkout/orders',
				orderBody( {}, { amount: { currency_code: currency, value } } )
			);
		assertInvalid( await amount( 'AU', '10.00' ), [
			[
				"/purchase_units/@reference_id=='default'/amount/currency_code",
				'INVALID_STRING_LENGTH',
			],
		] );
		assertInvalid( await amount( 'AUD', '1e3' ), [
			[
				"/purchase_units/@reference_id=='default'/amount/value",
				'INVALID_PARAMETER_SYNTAX',
			],
		] );
		assertUnprocessable(
			await amount( 'XYZ', '10.00' ),
			'INVALID_CURRENCY_CODE'
		);
		assertUnprocessable(
			await amount( 'AUD', '10.001' ),
			'DECIMAL_PRECISION'
		);
		assertUnprocessable(
			await amount( 'JPY', '10.5' ),
			'DECIMALS_NOT_SUPPORTED'
		);
		assertUnprocessable(
			await amount( 'AUD', '0.00' ),
			'CANNOT_BE_ZERO_OR_NEGATIVE'
		);
		assertUnprocessable(
			await amount( 'AUD', '-5.00' ),
			'CANNOT_BE_ZERO_OR_NEGATIVE'
		);
		assert.equal( ( await amount( 'JPY', '5250' ) ).status, 201 );
	} );

	test( 'create order: business rules (422)', async () => {
		const noPostcode = structuredClone( WIDGET_ORDER );
		noPostcode.purchase_units[ 0 ].shipping.address.postal_code = '';
		const refused = await paypal(
			'POST',
			'/v2/checkout/orders',
			noPostcode
		);
		assertUnprocessable( refused, 'POSTAL_CODE_REQUIRED' );
		assert.equal(
			refused.body.details[ 0 ].field,
			"/purchase_units/@reference_id=='default'/shipping/address/postal_code"
		);
		const noCity = structuredClone( WIDGET_ORDER );
		delete noCity.purchase_units[ 0 ].shipping.address.admin_area_2;
		assertUnprocessable(
			await paypal( 'POST', '/v2/checkout/orders', noCity ),
			'CITY_REQUIRED'
		);
		assertUnprocessable(
			await paypal( 'POST', '/v2/checkout/orders', {
				intent: 'CAPTURE',
				purchase_units: [ unit(), unit() ],
			} ),
			'REFERENCE_ID_REQUIRED'
		);
		assertUnprocessable(
			await paypal(
				'POST',
				'/v2/checkout/orders',
				orderBody(
					{},
					{
						amount: {
							currency_code: 'AUD',
							value: '52.50',
							breakdown: {
								item_total: {
									currency_code: 'AUD',
									value: '50.00',
								},
							},
						},
					}
				)
			),
			'AMOUNT_MISMATCH'
		);
	} );

	test( 'capture: the body is an object of PayPal’s capture request; none or {} is fine', async () => {
		const created = await paypal(
			'POST',
			'/v2/checkout/orders',
			orderBody()
		);
		const id = created.body.id;
		await paypal(
			'POST',
			`/v2/checkout/orders/${ id }/stand-in-approve`,
			{}
		);
		assertInvalid(
			await paypal( 'POST', `/v2/checkout/orders/${ id }/capture`, [] ),
			[ [ '/', 'MALFORMED_REQUEST_JSON' ] ]
		);
		assertInvalid(
			await paypal( 'POST', `/v2/checkout/orders/${ id }/capture`, {
				final_capture: true,
			} ),
			[ [ '/final_capture', 'MALFORMED_REQUEST_JSON' ] ]
		);
		assert.equal(
			standIns.providers.paypal.orders.get( id ).status,
			'APPROVED',
			'a refused capture takes no money'
		);
		const captured = await paypal(
			'POST',
			`/v2/checkout/orders/${ id }/capture`
		);
		assert.equal( captured.status, 201 );
	} );

	test( 'capture: an invoice_id already captured on the account is refused (DUPLICATE_INVOICE_ID)', async () => {
		await paidOrder( orderBody( {}, { invoice_id: 'attempt-42' } ) );
		const second = await paypal(
			'POST',
			'/v2/checkout/orders',
			orderBody( {}, { invoice_id: 'attempt-42' } ),
			BROWSER
		);
		assert.equal( second.status, 201, 'PayPal checks at capture' );
		await paypal(
			'POST',
			`/v2/checkout/orders/${ second.body.id }/stand-in-approve`,
			{},
			BROWSER
		);
		const refused = await paypal(
			'POST',
			`/v2/checkout/orders/${ second.body.id }/capture`,
			{},
			BROWSER
		);
		assertUnprocessable( refused, 'DUPLICATE_INVOICE_ID' );
		assert.equal(
			refused.body.details[ 0 ].description,
			'Requested invoice_id has been previously captured. Possible duplicate transaction.'
		);
		assert.equal( standIns.providers.paypal.captures.size, 1 );
	} );

	test( 'refund: PayPal’s refund request, amounts and invoice ids', async () => {
		const { capture } = await paidOrder();
		const path = `/v2/payments/captures/${ capture.id }/refund`;
		assertInvalid(
			await paypal( 'POST', path, { amount: { value: '1.00' } } ),
			[ [ '/amount/currency_code', 'MISSING_REQUIRED_PARAMETER' ] ]
		);
		assertInvalid( await paypal( 'POST', path, { reason: 'duplicate' } ), [
			[ '/reason', 'MALFORMED_REQUEST_JSON' ],
		] );
		assertInvalid(
			await paypal( 'POST', path, { note_to_payer: 'x'.repeat( 256 ) } ),
			[ [ '/note_to_payer', 'INVALID_STRING_LENGTH' ] ]
		);
		assertUnprocessable(
			await paypal( 'POST', path, {
				amount: { currency_code: 'USD', value: '1.00' },
			} ),
			'REFUND_CAPTURE_CURRENCY_MISMATCH'
		);
		assertUnprocessable(
			await paypal( 'POST', path, {
				amount: { currency_code: 'AUD', value: '60.00' },
			} ),
			'REFUND_AMOUNT_EXCEEDED'
		);
		const first = await paypal( 'POST', path, {
			amount: { currency_code: 'AUD', value: '10.00' },
			invoice_id: 'refund-1',
		} );
		assert.equal( first.status, 201 );
		assertUnprocessable(
			await paypal( 'POST', path, {
				amount: { currency_code: 'AUD', value: '10.00' },
				invoice_id: 'refund-1',
			} ),
			'DUPLICATE_INVOICE_ID'
		);
		const rest = await paypal( 'POST', path );
		assert.equal( rest.status, 201 );
		assertUnprocessable(
			await paypal( 'POST', path ),
			'CAPTURE_FULLY_REFUNDED'
		);
	} );

	test( 'refund: a PayPal-Request-Id used again answers with the same refund, once', async () => {
		const { capture } = await paidOrder();
		const path = `/v2/payments/captures/${ capture.id }/refund`;
		const headers = {
			...bearer,
			'PayPal-Request-Id': 'donation-widget-refund-9',
			Prefer: 'return=representation',
		};
		const body = {
			amount: { currency_code: 'AUD', value: '10.00' },
			custom_id: 'donation-widget-refund-9',
		};
		const first = await paypal( 'POST', path, body, headers );
		const again = await paypal( 'POST', path, body, headers );
		assert.equal( first.status, 201 );
		assert.equal( again.status, 201 );
		assert.equal( again.body.id, first.body.id );
		assert.equal( first.body.custom_id, 'donation-widget-refund-9' );
		assert.deepEqual(
			first.body.seller_payable_breakdown.total_refunded_amount,
			{ currency_code: 'AUD', value: '10.00' }
		);
		const read = await paypal(
			'GET',
			`/v2/payments/captures/${ capture.id }`
		);
		assert.equal( read.body.status, 'PARTIALLY_REFUNDED' );
	} );

	test( 'verify-webhook-signature and Webhooks Management bodies', async () => {
		assertInvalid(
			await paypal(
				'POST',
				'/v1/notifications/verify-webhook-signature',
				{
					auth_algo: 'SHA256withRSA',
					cert_url:
						'https://api.sandbox.paypal.com/v1/notifications/certs/X',
					transmission_id: 'abc-123',
					transmission_sig: 'c2ln',
					transmission_time: 'yesterday',
					webhook_id: 'WH-with-dashes',
					webhook_event: {},
					webhookId: 'typo',
				}
			),
			[
				[ '/transmission_time', 'INVALID_PARAMETER_SYNTAX' ],
				[ '/webhook_id', 'INVALID_PARAMETER_SYNTAX' ],
				[ '/webhookId', 'MALFORMED_REQUEST_JSON' ],
			]
		);
		assertInvalid(
			await paypal( 'POST', '/v1/notifications/webhooks', {
				url: 'https://example.org/hook',
				event_types: [
					{ name: 'PAYMENT.CAPTURE.COMPLETED', desc: 'x' },
				],
			} ),
			[ [ '/event_types/0/desc', 'MALFORMED_REQUEST_JSON' ] ]
		);
	} );

	test( 'the control switch turns the schema checks off, and reset turns them on', async () => {
		const misspelt = orderBody( { intnet: 'CAPTURE' } );
		assert.equal(
			( await paypal( 'POST', '/v2/checkout/orders', misspelt ) ).status,
			400
		);
		assert.deepEqual(
			( await control( 'POST', 'paypal/validation', { enabled: false } ) )
				.body,
			{ enabled: false }
		);
		assert.equal(
			( await paypal( 'POST', '/v2/checkout/orders', misspelt ) ).status,
			201
		);
		// Business rules stay on.
		assertUnprocessable(
			await paypal(
				'POST',
				'/v2/checkout/orders',
				orderBody(
					{},
					{ amount: { currency_code: 'AUD', value: '0' } }
				)
			),
			'CANNOT_BE_ZERO_OR_NEGATIVE'
		);
		await control( 'POST', 'reset' );
		assert.deepEqual(
			( await control( 'GET', 'paypal/validation' ) ).body,
			{
				enabled: true,
			}
		);
		assert.equal(
			( await control( 'POST', 'paypal/validation', { enabled: 'no' } ) )
				.status,
			400
		);
	} );
} );

describe( 'PayPal stand-in answers in PayPal’s shapes', () => {
	test( 'orders in every state, captures, refunds: all fit the SDK models', async () => {
		const shapes = [];
		const record = ( kind, object ) => shapes.push( [ kind, object ] );

		const created = await paypal(
			'POST',
			'/v2/checkout/orders',
			WIDGET_ORDER,
			{
				...bearer,
				Prefer: 'return=representation',
			}
		);
		record( 'order', created.body );
		const minimal = await paypal(
			'POST',
			'/v2/checkout/orders',
			orderBody()
		);
		record( 'order', minimal.body );
		const id = created.body.id;
		record(
			'order',
			( await paypal( 'GET', `/v2/checkout/orders/${ id }` ) ).body
		);
		record(
			'order',
			(
				await paypal(
					'POST',
					`/v2/checkout/orders/${ id }/stand-in-approve`,
					{}
				)
			).body
		);
		record(
			'order',
			( await paypal( 'GET', `/v2/checkout/orders/${ id }` ) ).body
		);
		const captured = await paypal(
			'POST',
			`/v2/checkout/orders/${ id }/capture`,
			{}
		);
		record( 'order', captured.body );
		record(
			'order',
			( await paypal( 'GET', `/v2/checkout/orders/${ id }` ) ).body
		);

		const captureId =
			captured.body.purchase_units[ 0 ].payments.captures[ 0 ].id;
		const capture = (
			await paypal( 'GET', `/v2/payments/captures/${ captureId }` )
		).body;
		record( 'capture', capture );

		// The capture carries what its purchase unit said, PayPal's breakdown and its order.
		const sent = WIDGET_ORDER.purchase_units[ 0 ];
		assert.equal( capture.invoice_id, sent.invoice_id );
		assert.equal( capture.custom_id, sent.custom_id );
		assert.equal( capture.supplementary_data.related_ids.order_id, id );
		const breakdown = capture.seller_receivable_breakdown;
		assert.deepEqual( breakdown.gross_amount, capture.amount );
		assert.equal(
			(
				Number( breakdown.paypal_fee.value ) +
				Number( breakdown.net_amount.value )
			).toFixed( 2 ),
			capture.amount.value
		);
		assert.deepEqual(
			capture.links.map( ( link ) => [ link.rel, link.method ] ),
			[
				[ 'self', 'GET' ],
				[ 'refund', 'POST' ],
				[ 'up', 'GET' ],
			]
		);
		const inOrder =
			captured.body.purchase_units[ 0 ].payments.captures[ 0 ];
		assert.equal( inOrder.invoice_id, sent.invoice_id );
		assert.equal( inOrder.custom_id, sent.custom_id );

		await control( 'POST', 'next', {
			provider: 'paypal',
			scenario: 'capture_not_completed',
			path: '/v2/payments/captures',
		} );
		const pending = (
			await paypal( 'GET', `/v2/payments/captures/${ captureId }` )
		).body;
		assert.equal( pending.status, 'PENDING' );
		record( 'capture', pending );

		const refund = await paypal(
			'POST',
			`/v2/payments/captures/${ captureId }/refund`,
			{
				amount: { currency_code: 'AUD', value: '6.25' },
				invoice_id: 'refund-of-joan',
				note_to_payer: 'Refunded at your request',
			},
			{ ...bearer, Prefer: 'return=representation' }
		);
		record( 'refund', refund.body );
		const payable = refund.body.seller_payable_breakdown;
		assert.deepEqual( payable.gross_amount, {
			currency_code: 'AUD',
			value: '6.25',
		} );
		assert.deepEqual( payable.total_refunded_amount, {
			currency_code: 'AUD',
			value: '6.25',
		} );
		assert.equal(
			(
				Number( payable.paypal_fee.value ) +
				Number( payable.net_amount.value )
			).toFixed( 2 ),
			'6.25'
		);
		const minimalRefund = await paypal(
			'POST',
			`/v2/payments/captures/${ captureId }/refund`,
			{ amount: { currency_code: 'AUD', value: '1.00' } }
		);
		record( 'refund', minimalRefund.body );
		record(
			'refund',
			(
				await paypal(
					'GET',
					`/v2/payments/refunds/${ refund.body.id }`
				)
			).body
		);
		const partly = (
			await paypal( 'GET', `/v2/payments/captures/${ captureId }` )
		).body;
		assert.equal( partly.status, 'PARTIALLY_REFUNDED' );
		record( 'capture', partly );
		record(
			'order',
			( await paypal( 'GET', `/v2/checkout/orders/${ id }` ) ).body
		);

		const foreign = await control( 'POST', 'paypal/foreign-capture', {} );
		record(
			'capture',
			(
				await paypal(
					'GET',
					`/v2/payments/captures/${ foreign.body.capture_id }`
				)
			).body
		);
		record(
			'order',
			(
				await paypal(
					'GET',
					`/v2/checkout/orders/${ foreign.body.order_id }`
				)
			).body
		);

		assert.ok( shapes.length >= 15 );
		for ( const [ kind, object ] of shapes ) {
			assert.deepEqual(
				shapeProblems( object, kind ),
				[],
				`${ kind } ${ JSON.stringify( object ) }`
			);
		}
	} );

	test( 'webhook events of every capture type fit the event and resource models', async () => {
		const { capture } = await paidOrder(
			orderBody( {}, { invoice_id: 'attempt-7', custom_id: 'n-jo' } )
		);
		const events = [];
		for ( const type of [
			'PAYMENT.CAPTURE.PENDING',
			'PAYMENT.CAPTURE.COMPLETED',
			'PAYMENT.CAPTURE.REFUNDED',
			'PAYMENT.CAPTURE.REVERSED',
		] ) {
			events.push(
				(
					await control( 'POST', 'paypal/event', {
						type,
						capture_id: capture.id,
					} )
				).body
			);
		}
		for ( const type of [
			'PAYMENT.CAPTURE.DENIED',
			'PAYMENT.CAPTURE.DECLINED',
			'PAYMENT.CAPTURE.COMPLETED',
			'PAYMENT.CAPTURE.REFUNDED',
		] ) {
			events.push(
				(
					await control( 'POST', 'paypal/event', {
						type,
						capture_id: 'UNKNOWN0CAPTURE01',
						amount: '20.00',
						refund_amount: '5.00',
					} )
				).body
			);
		}
		for ( const event of events ) {
			assert.deepEqual(
				shapeProblems( event, 'event' ),
				[],
				JSON.stringify( event )
			);
			assert.deepEqual(
				event.links.map( ( link ) => link.rel ),
				[ 'self', 'resend' ]
			);
		}
		const [ pending, completed, refunded, reversed ] = events;
		assert.equal( pending.resource.status, 'PENDING' );
		assert.equal(
			pending.resource.status_details.reason,
			'PENDING_REVIEW'
		);
		assert.equal( completed.resource.status, 'COMPLETED' );
		assert.equal( completed.resource.invoice_id, 'attempt-7' );
		assert.equal( completed.resource.custom_id, 'n-jo' );
		// The refund event's refund is a real one: the capture shows it.
		assert.equal( refunded.resource_type, 'refund' );
		assert.equal( refunded.resource.amount.value, '52.50' );
		assert.ok(
			refunded.resource.links.some(
				( link ) =>
					link.rel === 'up' &&
					link.href.endsWith(
						`/v2/payments/captures/${ capture.id }`
					)
			)
		);
		const later = await paypal(
			'GET',
			`/v2/payments/captures/${ capture.id }`
		);
		assert.equal( later.body.status, 'REFUNDED' );
		assert.equal( reversed.resource_type, 'refund' );
		assert.equal( events[ 4 ].resource.status, 'DECLINED' );
		assert.equal(
			(
				await control( 'POST', 'paypal/event', {
					type: 'PAYMENT.SALE.COMPLETED',
				} )
			).status,
			400
		);
	} );

	test( 'the shape check finds what PayPal would not send', () => {
		const problems = shapeProblems(
			{ id: 'X', status: 'SETTLED', amount: { value: 5 }, bonus: 1 },
			'capture'
		).join( '\n' );
		assert.match(
			problems,
			/amount\/value: Expected value to be of type 'string'/
		);
		assert.match(
			problems,
			/amount: Some properties are missing in the object: "currency_code"/
		);
		assert.match( problems, /status: "SETTLED" is not one of/ );
		assert.match(
			problems,
			/bonus: not a field of PayPal's capture model/
		);
		assert.match(
			shapeProblems(
				{
					id: 'WH-1',
					resource_type: 'refund',
					resource: { id: 'R', seller_payable: {} },
				},
				'event'
			).join( '\n' ),
			/resource\/seller_payable: not a field of PayPal's refund model/
		);
	} );

	test( 'every limit of PayPal’s OpenAPI compiles, and the order fields the widget sends have theirs', () => {
		for ( const kind of REQUEST_KINDS ) {
			for ( const [ at, limits ] of Object.entries( limitsOf( kind ) ) ) {
				if ( limits.pattern ) {
					assert.doesNotThrow(
						() => new RegExp( limits.pattern ),
						at
					);
				}
			}
		}
		// The order fields the widget sends all have their published limits.
		for ( const at of [
			'purchase_units/*/custom_id',
			'purchase_units/*/invoice_id',
			'purchase_units/*/amount/currency_code',
			'purchase_units/*/amount/value',
		] ) {
			assert.ok( limitsOf( 'orders.create' )[ at ], at );
		}
	} );
} );

describe( 'PayPal Webhooks Management', () => {
	const hook = ( url, names = [ 'PAYMENT.CAPTURE.COMPLETED' ] ) => ( {
		url,
		event_types: names.map( ( name ) => ( { name } ) ),
	} );

	test( 'create, list, show, update and delete', async () => {
		assert.equal(
			(
				await paypal(
					'POST',
					'/v1/notifications/webhooks',
					hook(
						'https://charity.example/wp-json/donation-widget/v1/paypal/webhook'
					),
					{}
				)
			).status,
			401,
			'a server call: it needs the token'
		);
		const created = await paypal(
			'POST',
			'/v1/notifications/webhooks',
			hook(
				'https://charity.example/wp-json/donation-widget/v1/paypal/webhook',
				[
					'PAYMENT.CAPTURE.COMPLETED',
					'PAYMENT.CAPTURE.DENIED',
					'PAYMENT.CAPTURE.REFUNDED',
				]
			)
		);
		assert.equal( created.status, 201 );
		assert.match( created.body.id, /^[0-9A-Z]{17}$/ );
		assert.deepEqual( created.body.event_types[ 0 ], {
			name: 'PAYMENT.CAPTURE.COMPLETED',
			description: 'A payment capture completes.',
		} );
		assert.deepEqual(
			created.body.links.map( ( link ) => [ link.rel, link.method ] ),
			[
				[ 'self', 'GET' ],
				[ 'update', 'PATCH' ],
				[ 'delete', 'DELETE' ],
			]
		);
		const id = created.body.id;

		const again = await paypal(
			'POST',
			'/v1/notifications/webhooks',
			hook(
				'https://charity.example/wp-json/donation-widget/v1/paypal/webhook'
			)
		);
		assert.equal( again.status, 400 );
		assert.equal( again.body.name, 'WEBHOOK_URL_ALREADY_EXISTS' );
		assert.equal( again.body.message, 'Webhook URL already exists.' );
		assert.ok( again.body.debug_id );

		const unknownType = await paypal(
			'POST',
			'/v1/notifications/webhooks',
			hook( 'https://charity.example/other', [ 'PAYMENT.CAPTURE.DONE' ] )
		);
		assertInvalid( unknownType, [
			[ '/event_types/0/name', 'INVALID_PARAMETER_VALUE' ],
		] );
		assert.equal(
			unknownType.body.details[ 0 ].value,
			'PAYMENT.CAPTURE.DONE'
		);

		const list = await paypal( 'GET', '/v1/notifications/webhooks' );
		assert.deepEqual(
			list.body.webhooks.map( ( webhook ) => webhook.id ),
			[ id ]
		);
		const shown = await paypal(
			'GET',
			`/v1/notifications/webhooks/${ id }`
		);
		assert.deepEqual( shown.body, created.body );

		const patched = await paypal(
			'PATCH',
			`/v1/notifications/webhooks/${ id }`,
			[
				{
					op: 'replace',
					path: '/event_types',
					value: [
						{ name: 'PAYMENT.CAPTURE.COMPLETED' },
						{ name: 'PAYMENT.CAPTURE.REVERSED' },
					],
				},
				{
					op: 'replace',
					path: '/url',
					value: 'https://charity.example/hook',
				},
			]
		);
		assert.equal( patched.status, 200 );
		assert.equal( patched.body.url, 'https://charity.example/hook' );
		assert.deepEqual(
			patched.body.event_types.map( ( type ) => type.name ),
			[ 'PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.REVERSED' ]
		);
		const types = await paypal(
			'GET',
			`/v1/notifications/webhooks/${ id }/event-types`
		);
		assert.deepEqual(
			types.body.event_types.map( ( type ) => type.name ),
			[ 'PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.REVERSED' ]
		);

		assertInvalid(
			await paypal( 'PATCH', `/v1/notifications/webhooks/${ id }`, [
				{ op: 'add', path: '/url', value: 'https://x.example' },
			] ),
			[ [ '/0/op', 'INVALID_PATCH_OPERATION' ] ]
		);
		assertInvalid(
			await paypal( 'PATCH', `/v1/notifications/webhooks/${ id }`, [
				{ op: 'replace', path: '/id', value: 'MINE' },
			] ),
			[ [ '/0/path', 'FIELD_NOT_PATCHABLE' ] ]
		);
		assertInvalid(
			await paypal( 'PATCH', `/v1/notifications/webhooks/${ id }`, [
				{
					op: 'replace',
					path: '/event_types',
					value: [ { name: 'PAYMENT.CAPTURE.MAYBE' } ],
				},
			] ),
			[ [ '/0/value/0/name', 'INVALID_PARAMETER_VALUE' ] ]
		);
		assertInvalid(
			await paypal( 'PATCH', `/v1/notifications/webhooks/${ id }`, {
				op: 'replace',
			} ),
			[ [ '/', 'MALFORMED_REQUEST_JSON' ] ]
		);
		const other = await paypal(
			'POST',
			'/v1/notifications/webhooks',
			hook( 'https://charity.example/second' )
		);
		const clash = await paypal(
			'PATCH',
			`/v1/notifications/webhooks/${ other.body.id }`,
			[
				{
					op: 'replace',
					path: '/url',
					value: 'https://charity.example/hook',
				},
			]
		);
		assert.equal( clash.body.name, 'WEBHOOK_URL_ALREADY_EXISTS' );

		for ( const object of [ created.body, shown.body, patched.body ] ) {
			assert.deepEqual( shapeProblems( object, 'webhook' ), [] );
		}
		assert.deepEqual(
			shapeProblems(
				( await paypal( 'GET', '/v1/notifications/webhooks' ) ).body,
				'webhook-list'
			),
			[]
		);

		const deleted = await paypal(
			'DELETE',
			`/v1/notifications/webhooks/${ id }`
		);
		assert.equal( deleted.status, 204 );
		assert.equal( deleted.body, null );
		const gone = await paypal(
			'GET',
			`/v1/notifications/webhooks/${ id }`
		);
		assert.equal( gone.status, 404 );
		assert.equal( gone.body.name, 'RESOURCE_NOT_FOUND' );
		assert.equal(
			( await paypal( 'DELETE', `/v1/notifications/webhooks/${ id }` ) )
				.status,
			404
		);
	} );

	test( 'at most ten webhooks per app', async () => {
		for ( let i = 0; i < 10; i++ ) {
			assert.equal(
				(
					await paypal(
						'POST',
						'/v1/notifications/webhooks',
						hook( `https://charity.example/hook-${ i }`, [ '*' ] )
					)
				).status,
				201
			);
		}
		const eleventh = await paypal(
			'POST',
			'/v1/notifications/webhooks',
			hook( 'https://charity.example/hook-10' )
		);
		assert.equal( eleventh.status, 400 );
		assert.equal( eleventh.body.name, 'WEBHOOK_NUMBER_LIMIT_EXCEEDED' );
		assert.equal(
			( await paypal( 'GET', '/v1/notifications/webhooks' ) ).body
				.webhooks.length,
			10
		);
	} );

	test( 'a webhook created through the API gets its subscribed events, signed for its id', async () => {
		const received = [];
		const site = http.createServer( ( req, res ) => {
			let raw = '';
			req.on( 'data', ( chunk ) => ( raw += chunk ) );
			req.on( 'end', () => {
				received.push( { headers: req.headers, raw } );
				res.writeHead( 200 );
				res.end();
			} );
		} );
		await new Promise( ( resolve ) =>
			site.listen( 0, '127.0.0.1', resolve )
		);
		try {
			const created = await paypal(
				'POST',
				'/v1/notifications/webhooks',
				hook( `http://127.0.0.1:${ site.address().port }/hook`, [
					'PAYMENT.CAPTURE.COMPLETED',
				] )
			);
			const { capture } = await paidOrder();
			const completed = (
				await control( 'POST', 'paypal/event', {
					type: 'PAYMENT.CAPTURE.COMPLETED',
					capture_id: capture.id,
				} )
			).body;
			const refunded = (
				await control( 'POST', 'paypal/event', {
					type: 'PAYMENT.CAPTURE.REFUNDED',
					capture_id: capture.id,
				} )
			).body;
			const delivered = await control( 'POST', 'paypal/deliver', {
				webhook_id: created.body.id,
				events: [ completed, refunded ],
			} );
			assert.equal( delivered.status, 200 );
			assert.equal( delivered.body.results[ 0 ].status, 200 );
			assert.equal(
				delivered.body.results[ 1 ].skipped,
				'not subscribed'
			);
			assert.equal( received.length, 1 );
			const { headers, raw } = received[ 0 ];
			const verified = await paypal(
				'POST',
				'/v1/notifications/verify-webhook-signature',
				{
					auth_algo: headers[ 'paypal-auth-algo' ],
					cert_url: headers[ 'paypal-cert-url' ],
					transmission_id: headers[ 'paypal-transmission-id' ],
					transmission_sig: headers[ 'paypal-transmission-sig' ],
					transmission_time: headers[ 'paypal-transmission-time' ],
					webhook_id: created.body.id,
					webhook_event: JSON.parse( raw ),
				}
			);
			assert.deepEqual( verified.body, {
				verification_status: 'SUCCESS',
			} );
			assert.deepEqual(
				shapeProblems( verified.body, 'verification' ),
				[]
			);
		} finally {
			await new Promise( ( resolve ) => site.close( resolve ) );
		}
	} );
} );

describe( 'PayPal captures the widget did not make', () => {
	test( 'a foreign capture on the same account, readable by its ids', async () => {
		const widget = await paidOrder(
			orderBody(
				{},
				{ invoice_id: 'attempt-widget-1', custom_id: 'n-jo' }
			)
		);
		const made = await control( 'POST', 'paypal/foreign-capture', {
			value: '52.50',
		} );
		assert.equal( made.status, 201 );
		const { order_id: orderId, capture_id: captureId } = made.body;
		assert.match( orderId, /^[0-9A-Z]{17}$/ );
		assert.match( captureId, /^[0-9A-Z]{17}$/ );

		const capture = (
			await paypal( 'GET', `/v2/payments/captures/${ captureId }` )
		).body;
		assert.equal( capture.status, 'COMPLETED' );
		assert.deepEqual( capture.amount, {
			currency_code: 'AUD',
			value: '52.50',
		} );
		assert.equal(
			capture.supplementary_data.related_ids.order_id,
			orderId
		);
		assert.match( capture.invoice_id, /^GALA-/ );
		assert.equal( capture.custom_id, undefined );
		assert.deepEqual(
			capture.payee,
			widget.capture.payee ?? capture.payee
		);

		const order = (
			await paypal( 'GET', `/v2/checkout/orders/${ orderId }` )
		).body;
		assert.equal( order.status, 'COMPLETED' );
		assert.equal(
			order.purchase_units[ 0 ].payments.captures[ 0 ].id,
			captureId
		);
		assert.notEqual( order.payer.payer_id, 'STANDINPAYER' );

		const none = await control( 'POST', 'paypal/foreign-capture', {
			invoice_id: null,
			value: '120.00',
			custom_id: 'raffle',
		} );
		const bare = (
			await paypal(
				'GET',
				`/v2/payments/captures/${ none.body.capture_id }`
			)
		).body;
		assert.equal( bare.invoice_id, undefined );
		assert.equal( bare.custom_id, 'raffle' );
		assert.equal( bare.amount.value, '120.00' );

		const listed = ( await control( 'GET', 'paypal/captures' ) ).body;
		assert.deepEqual(
			listed.map( ( item ) => [ item.capture_id, item.foreign ] ),
			[
				[ widget.capture.id, false ],
				[ captureId, true ],
				[ none.body.capture_id, true ],
			]
		);
		assert.equal( listed[ 1 ].order_id, orderId );
		assert.equal( listed[ 0 ].invoice_id, 'attempt-widget-1' );

		// PayPal itself refuses a second capture of an invoice id the account captured.
		const duplicate = await control( 'POST', 'paypal/foreign-capture', {
			invoice_id: 'attempt-widget-1',
		} );
		assert.equal( duplicate.status, 422 );
		assert.equal(
			duplicate.body.details[ 0 ].issue,
			'DUPLICATE_INVOICE_ID'
		);
	} );
} );
