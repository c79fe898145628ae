/**
 * Stripe's definitions (tests/stand-ins/lib/stripe/schema): the generated files
 * are what the installed SDKs say, the validator refuses what Stripe refuses (and
 * takes what the plugin sends), the shape checker finds what differs.
 *
 * Run: node --test tests/stand-ins/stripe-schema.test.mjs
 */
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StripeStandIn } from './lib/stripe.mjs';
import { encodeForm, parseForm, startStandIns } from './server.mjs';
import { ENDPOINTS } from './lib/stripe/schema/generate.mjs';
import {
	validateStripeRequest,
	setStripeValidation,
} from './lib/stripe/schema/validate.mjs';
import { stripeShapeProblems } from './lib/stripe/schema/shape.mjs';

const HERE = path.dirname( fileURLToPath( import.meta.url ) );
const ENDIVE = '2026-10-28.endive';
const OLD = '2024-06-20';

/**
 * Validate params as the stand-in receives them (form-encoded, then parsed).
 *
 * @param {string}  method              Method.
 * @param {string}  route               Path.
 * @param {Object}  params              Parameters as a client builds them.
 * @param {Object}  options             Options.
 * @param {string}  options.version     API version (2026-10-28.endive by default).
 * @param {boolean} options.publishable A publishable key's call.
 * @return {Object|null} Stripe's answer or null.
 */
const validate = (
	method,
	route,
	params = {},
	{ version = ENDIVE, publishable = false } = {}
) =>
	validateStripeRequest( {
		method,
		path: route,
		params: parseForm( encodeForm( params ) ),
		version,
		publishable,
	} );

describe( 'generated definitions', () => {
	test( 'the committed JSON is what the installed SDKs give (generate.mjs --check)', () => {
		const run = spawnSync(
			process.execPath,
			[ path.join( HERE, 'lib/stripe/schema/generate.mjs' ), '--check' ],
			{ encoding: 'utf8' }
		);
		assert.equal( run.status, 0, run.stderr );
	} );

	test( "every route the stand-in serves is in generate.mjs's ENDPOINTS, and back", () => {
		const standIn = new StripeStandIn();
		const concrete = ( endpoint ) => {
			const [ method, template ] = endpoint.split( ' ' );
			return [ method, template.replace( /:id/g, 'x_1' ) ];
		};
		const served = ( method, route ) =>
			standIn.routes.some(
				( [ m, pattern ] ) => m === method && pattern.test( route )
			);
		const unlisted = standIn.routes.filter(
			( [ method, pattern ] ) =>
				! ENDPOINTS.some( ( endpoint ) => {
					const [ m, route ] = concrete( endpoint );
					return m === method && pattern.test( route );
				} )
		);
		assert.deepEqual(
			unlisted.map( ( [ m, p ] ) => `${ m } ${ p }` ),
			[],
			'a route the definitions do not cover'
		);
		const notServed = ENDPOINTS.filter(
			( endpoint ) => ! served( ...concrete( endpoint ) )
		);
		assert.deepEqual(
			notServed,
			[],
			'a listed endpoint it does not serve'
		);
	} );
} );

describe( 'validateStripeRequest: what Stripe refuses', () => {
	test( 'an unknown parameter, named with its brackets', () => {
		assert.deepEqual(
			validate( 'POST', '/v1/payment_intents', {
				amount: '1000',
				currency: 'aud',
				payment_method_options: { card: { foo: 'x' } },
			} ),
			{
				status: 400,
				error: {
					type: 'invalid_request_error',
					code: 'parameter_unknown',
					doc_url:
						'https://stripe.com/docs/error-codes/parameter-unknown',
					message:
						'Received unknown parameter: payment_method_options[card][foo]',
					param: 'payment_method_options[card][foo]',
				},
			}
		);
		assert.equal(
			validate( 'POST', '/v1/customers', { emial: 'a@example.org' } )
				.error.message,
			'Received unknown parameter: emial'
		);
	} );

	test( 'a missing required parameter, at the top and inside arrays', () => {
		const answer = validate( 'POST', '/v1/payment_intents', {
			currency: 'aud',
		} );
		assert.equal( answer.error.code, 'parameter_missing' );
		assert.equal( answer.error.message, 'Missing required param: amount.' );
		assert.equal( answer.error.param, 'amount' );
		const nested = validate( 'POST', '/v1/subscriptions', {
			customer: 'cus_1',
			items: [
				{
					price_data: {
						currency: 'aud',
						product: 'prod_1',
						unit_amount: '100',
					},
				},
			],
		} );
		assert.equal(
			nested.error.message,
			'Missing required param: items[0][price_data][recurring].'
		);
	} );

	test( 'not an integer', () => {
		const answer = validate( 'POST', '/v1/payment_intents', {
			amount: '10.50',
			currency: 'aud',
		} );
		assert.equal( answer.error.code, 'parameter_invalid_integer' );
		assert.equal( answer.error.message, 'Invalid integer: 10.50' );
		assert.equal(
			answer.error.doc_url,
			'https://stripe.com/docs/error-codes/parameter-invalid-integer'
		);
		assert.equal(
			validate( 'GET', '/v1/payment_intents', { limit: 'ten' } ).error
				.message,
			'Invalid integer: ten'
		);
	} );

	test( 'a boolean that is not true or false (PHP writes true as 1)', () => {
		const answer = validate( 'POST', '/v1/payment_intents', {
			amount: '1000',
			currency: 'aud',
			confirm: '1',
		} );
		assert.equal( answer.error.message, 'Invalid boolean: 1' );
		assert.equal( answer.error.param, 'confirm' );
		assert.equal( answer.error.code, undefined );
	} );

	test( 'a value outside an enum, listed as Stripe lists it', () => {
		assert.equal(
			validate( 'POST', '/v1/payment_intents', {
				amount: '1000',
				currency: 'aud',
				capture_method: 'later',
			} ).error.message,
			'Invalid capture_method: must be one of automatic, automatic_async, or manual'
		);
		assert.equal(
			validate(
				'POST',
				'/v1/payment_intents',
				{ amount: '1000', currency: 'aud', capture_method: 'later' },
				{ version: OLD }
			).error.message,
			'Invalid capture_method: must be one of automatic, automatic_async, or manual'
		);
		assert.equal(
			validate( 'POST', '/v1/setup_intents', { usage: 'sometimes' } )
				.error.message,
			'Invalid usage: must be one of off_session or on_session'
		);
	} );

	test( 'arrays: a string where a list belongs, and each entry checked', () => {
		const notArray = validateStripeRequest( {
			method: 'POST',
			path: '/v1/payment_intents',
			params: {
				amount: '1000',
				currency: 'aud',
				allowed_payment_method_types: 'card',
			},
			version: ENDIVE,
		} );
		assert.equal( notArray.error.message, 'Invalid array' );
		assert.equal( notArray.error.param, 'allowed_payment_method_types' );
		const entry = validate( 'POST', '/v1/subscriptions', {
			customer: 'cus_1',
			items: [ { price: 'price_1' }, { price: 'price_2', bogus: '1' } ],
		} );
		assert.equal(
			entry.error.message,
			'Received unknown parameter: items[1][bogus]'
		);
		const expandString = validateStripeRequest( {
			method: 'GET',
			path: '/v1/payment_intents/pi_1',
			params: { expand: 'latest_charge' },
			version: ENDIVE,
		} );
		assert.equal( expandString.error.message, 'Invalid array' );
		assert.equal( expandString.error.param, 'expand' );
	} );

	test( "an empty string only where Stripe's type is Emptyable", () => {
		const answer = validate( 'POST', '/v1/subscriptions/sub_1', {
			default_payment_method: '',
		} );
		assert.equal( answer.error.code, 'parameter_invalid_empty' );
		assert.equal(
			answer.error.message,
			"You passed an empty string for 'default_payment_method'. We assume empty values are an attempt to unset a parameter; however 'default_payment_method' cannot be unset. You should remove 'default_payment_method' from your request or supply a non-empty value."
		);
		// Emptyable<…>: '' unsets.
		assert.equal(
			validate( 'POST', '/v1/subscriptions/sub_1', {
				default_source: '',
			} ),
			null
		);
		assert.equal(
			validate( 'POST', '/v1/payment_intents/pi_1', {
				receipt_email: '',
			} ),
			null
		);
		// metadata[key]='' removes the key.
		assert.equal(
			validate( 'POST', '/v1/customers/cus_1', {
				metadata: { old: '' },
			} ),
			null
		);
	} );

	test( 'expand: only what the answer of that version can expand', () => {
		assert.equal(
			validate( 'POST', '/v1/payment_intents', {
				amount: '1000',
				currency: 'aud',
				expand: [ 'payment_intent' ],
			} ).error.message,
			'This property cannot be expanded (payment_intent).'
		);
		// Invoices lost payment_intent after 2024-06-20.
		assert.equal(
			validate( 'GET', '/v1/subscriptions/sub_1', {
				expand: [ 'latest_invoice.payment_intent' ],
			} ).error.message,
			'This property cannot be expanded (latest_invoice.payment_intent).'
		);
		assert.equal(
			validate(
				'GET',
				'/v1/subscriptions/sub_1',
				{ expand: [ 'latest_invoice.payment_intent' ] },
				{ version: OLD }
			),
			null
		);
		assert.equal(
			validate( 'GET', '/v1/subscriptions/sub_1', {
				expand: [
					'latest_invoice.payments',
					'latest_invoice.confirmation_secret',
				],
			} ),
			null
		);
		// A scalar cannot be expanded; a list needs data.
		assert.equal(
			validate( 'GET', '/v1/payment_intents/pi_1', {
				expand: [ 'amount' ],
			} ).error.message,
			'This property cannot be expanded (amount).'
		);
		assert.equal(
			validate( 'GET', '/v1/charges', { expand: [ 'customer' ] } ).error
				.message,
			"This property cannot be expanded (customer). You may want to try expanding 'data.customer' instead."
		);
		assert.equal(
			validate( 'GET', '/v1/charges', { expand: [ 'data.customer' ] } ),
			null
		);
	} );

	test( 'parameters a version does not have', () => {
		// 2026-10-28.endive has allowed_payment_method_types instead.
		const answer = validate( 'POST', '/v1/payment_intents', {
			amount: '1000',
			currency: 'aud',
			payment_method_types: [ 'card' ],
		} );
		assert.equal(
			answer.error.message,
			'Received unknown parameter: payment_method_types'
		);
		assert.equal(
			validate(
				'POST',
				'/v1/payment_intents',
				{
					amount: '1000',
					currency: 'aud',
					payment_method_types: [ 'card' ],
				},
				{ version: OLD }
			),
			null
		);
	} );

	test( 'Stripe.js fields only with a publishable key, and only those', () => {
		const confirm = {
			client_secret: 'pi_1_secret_2',
			payment_method: 'pm_1',
			return_url: 'https://example.org/',
			mandate_data: {
				customer_acceptance: {
					type: 'online',
					online: { infer_from_client: 'true' },
				},
			},
		};
		assert.equal(
			validate( 'POST', '/v1/payment_intents/pi_1/confirm', confirm, {
				publishable: true,
			} ),
			null
		);
		assert.equal(
			validate( 'POST', '/v1/payment_intents/pi_1/confirm', confirm )
				.error.message,
			'Received unknown parameter: client_secret'
		);
		assert.equal(
			validate(
				'POST',
				'/v1/payment_intents/pi_1/confirm',
				{ client_secret: 'pi_1_secret_2', payment_user_agent: 'x' },
				{ publishable: true }
			).error.message,
			'Received unknown parameter: payment_user_agent'
		);
		assert.equal(
			validate(
				'GET',
				'/v1/setup_intents/seti_1',
				{ client_secret: 'seti_1_secret_2' },
				{ publishable: true }
			),
			null
		);
	} );

	test( "the stand-in's own hooks and control routes are not Stripe's to check", () => {
		assert.equal(
			validate(
				'POST',
				'/v1/payment_intents/pi_1/confirm',
				{ client_secret: 'pi_1_secret_2', stand_in_3ds: 'fail' },
				{ publishable: true }
			),
			null
		);
		assert.equal(
			validate( 'POST', '/__control/stripe/advance', { anything: '1' } ),
			null
		);
	} );

	test( 'can be switched off for debugging, and is on by default', () => {
		const bad = { amount: 'x', currency: 'aud' };
		try {
			setStripeValidation( false );
			assert.equal(
				validate( 'POST', '/v1/payment_intents', bad ),
				null
			);
		} finally {
			setStripeValidation( null );
		}
		assert.notEqual( validate( 'POST', '/v1/payment_intents', bad ), null );
	} );
} );

describe( 'validateStripeRequest: what the plugin sends, as Stripe takes it', () => {
	const metadata = {
		donation_id: '4041',
		attempt_id: '7c8c0fbf-20e6-47de-9b53-01b6b67af566',
		frequency: 'Oneoff',
		source: 'donation-widget',
	};
	// includes/Gateways/Stripe/**, CardUpdate/**, SelfService/**, Admin/Subscriptions/**,
	// as the PHPUnit run sent them (ids replaced); the method types under their
	// 2026-10-28.endive name.
	const requests = ( version ) => {
		const types =
			version === OLD
				? 'payment_method_types'
				: 'allowed_payment_method_types';
		const latestInvoicePayment =
			version === OLD
				? 'latest_invoice.payment_intent'
				: 'latest_invoice.confirmation_secret';
		const becsMandate = {
			customer_acceptance: {
				type: 'online',
				online: {
					ip_address: '203.0.113.7',
					user_agent: 'Mozilla/5.0',
				},
			},
		};
		const priceData = {
			currency: 'aud',
			product: 'donation_widget_4weekly_donation',
			unit_amount: '5250',
			recurring: { interval: 'week', interval_count: '4' },
		};
		return [
			[ 'GET', '/v1/balance', {} ],
			[
				'GET',
				'/v1/payment_method_domains',
				{ domain_name: 'donate.example.org' },
			],
			[
				'POST',
				'/v1/payment_method_domains',
				{ domain_name: 'donate.example.org' },
			],
			[ 'POST', '/v1/payment_method_domains/pmd_1/validate', {} ],
			[
				'POST',
				'/v1/payment_intents',
				{
					amount: '5250',
					currency: 'aud',
					payment_method: 'pm_1',
					[ types ]: [ 'card' ],
					confirm: 'true',
					description: 'One-off donation',
					receipt_email: 'jane@example.org.au',
					metadata,
				},
			],
			[
				'POST',
				'/v1/payment_intents',
				{
					amount: '5250',
					currency: 'aud',
					automatic_payment_methods: { enabled: 'true' },
					description: 'One-off donation',
					metadata,
				},
			],
			[
				'POST',
				'/v1/payment_intents',
				{
					amount: '5250',
					currency: 'aud',
					payment_method: 'pm_becs',
					[ types ]: [ 'au_becs_debit' ],
					confirm: 'true',
					mandate_data: becsMandate,
					metadata,
				},
			],
			[
				'GET',
				'/v1/payment_intents/pi_1',
				{ expand: [ 'latest_charge' ] },
			],
			[
				'GET',
				'/v1/payment_intents/search',
				{ query: "metadata['attempt_id']:'7c8c0fbf'" },
			],
			[
				'POST',
				'/v1/customers',
				{
					email: 'jane@example.org.au',
					name: "Jane O'Brien-Citizen",
					payment_method: 'pm_1',
					invoice_settings: { default_payment_method: 'pm_1' },
					metadata,
				},
			],
			[ 'GET', '/v1/customers/cus_1', {} ],
			[
				'POST',
				'/v1/customers/cus_1',
				{ invoice_settings: { default_payment_method: 'pm_2' } },
			],
			[
				'POST',
				'/v1/products',
				{
					id: 'donation_widget_4weekly_donation',
					name: '4-weekly donation',
					description: 'A donation collected every 4 weeks.',
					metadata: { created_by: 'donation-widget' },
				},
			],
			[
				'POST',
				'/v1/subscriptions',
				{
					customer: 'cus_1',
					items: [ { price_data: priceData } ],
					default_payment_method: 'pm_1',
					payment_behavior: 'allow_incomplete',
					payment_settings: {
						save_default_payment_method: 'on_subscription',
					},
					description: '4-weekly donation',
					metadata,
					expand: [ latestInvoicePayment ],
				},
			],
			[
				'GET',
				'/v1/subscriptions/sub_1',
				{
					expand: [
						'default_payment_method',
						'customer.invoice_settings.default_payment_method',
					],
				},
			],
			[
				'GET',
				'/v1/subscriptions/search',
				{
					query: "metadata['attempt_id']:'7c8c0fbf'",
					expand: [ `data.${ latestInvoicePayment }` ],
				},
			],
			[
				'POST',
				'/v1/subscriptions/sub_1',
				{ default_payment_method: 'pm_2' },
			],
			[
				'POST',
				'/v1/subscriptions/sub_1',
				{
					items: [
						{
							id: 'si_1',
							price_data: { ...priceData, unit_amount: '4250' },
						},
					],
					proration_behavior: 'none',
				},
			],
			[
				'POST',
				'/v1/subscriptions/sub_1',
				{ trial_end: '1800531578', proration_behavior: 'none' },
			],
			[
				'POST',
				'/v1/subscriptions/sub_1',
				{
					pause_collection: {
						behavior: 'void',
						resumes_at: '1800617978',
					},
				},
			],
			[ 'POST', '/v1/subscriptions/sub_1', { pause_collection: '' } ],
			[
				'DELETE',
				'/v1/subscriptions/sub_1',
				{ cancellation_details: { comment: 'Moving overseas' } },
			],
			[
				'GET',
				'/v1/invoices',
				{ subscription: 'sub_1', status: 'open', limit: '10' },
			],
			[ 'POST', '/v1/invoices/in_1/pay', { payment_method: 'pm_2' } ],
			[
				'POST',
				'/v1/setup_intents',
				{
					customer: 'cus_1',
					payment_method: 'pm_2',
					confirm: 'true',
					usage: 'off_session',
					[ types ]: [ 'card' ],
					description: 'New card for a 4-weekly donation',
					metadata: {
						card_update_link: '7',
						subscription_id: 'sub_1',
					},
					expand: [ 'payment_method' ],
				},
			],
			[
				'POST',
				'/v1/setup_intents',
				{
					customer: 'cus_1',
					payment_method: 'pm_becs',
					[ types ]: [ 'au_becs_debit' ],
					usage: 'off_session',
					confirm: 'true',
					mandate_data: becsMandate,
					metadata,
				},
			],
			[
				'GET',
				'/v1/setup_intents/seti_1',
				{ expand: [ 'payment_method' ] },
			],
			[
				'POST',
				'/v1/refunds',
				{ payment_intent: 'pi_1', reason: 'requested_by_customer' },
			],
		];
	};
	const browser = [
		[
			'POST',
			'/v1/payment_methods',
			{
				type: 'card',
				card: {
					number: '4242424242424242',
					exp_month: '12',
					exp_year: '2030',
					cvc: '123',
				},
				billing_details: { name: 'Jane', email: 'jane@example.org.au' },
			},
		],
		[
			'POST',
			'/v1/payment_methods',
			{
				type: 'au_becs_debit',
				au_becs_debit: {
					bsb_number: '000000',
					account_number: '000123456',
				},
				billing_details: { name: 'Jane', email: 'jane@example.org.au' },
			},
		],
		[
			'POST',
			'/v1/payment_intents/pi_1/confirm',
			{
				client_secret: 'pi_1_secret_2',
				payment_method: 'pm_1',
				return_url: 'https://donate.example.org/',
			},
		],
		[
			'GET',
			'/v1/payment_intents/pi_1',
			{ client_secret: 'pi_1_secret_2' },
		],
		[
			'POST',
			'/v1/setup_intents/seti_1/confirm',
			{ client_secret: 'seti_1_secret_2', payment_method: 'pm_1' },
		],
		[
			'POST',
			'/v1/tokens',
			{
				card: {
					number: '4242424242424242',
					exp_month: '1',
					exp_year: '2030',
				},
			},
		],
	];

	for ( const version of [ ENDIVE, OLD ] ) {
		test( `every kind of server request, in ${ version }`, () => {
			for ( const [ method, route, params ] of requests( version ) ) {
				assert.equal(
					validate( method, route, params, { version } ),
					null,
					`${ method } ${ route } ${ JSON.stringify( params ) }`
				);
			}
		} );

		test( `every kind of Stripe.js request, in ${ version }`, () => {
			for ( const [ method, route, params ] of browser ) {
				assert.equal(
					validate( method, route, params, {
						version,
						publishable: true,
					} ),
					null,
					`${ method } ${ route }`
				);
			}
		} );
	}
} );

describe( 'stripeShapeProblems', () => {
	const product = ( version ) => ( {
		id: 'prod_1',
		object: 'product',
		active: true,
		created: 1700000000,
		default_price: null,
		description: null,
		images: [],
		livemode: false,
		marketing_features: [],
		metadata: {},
		name: 'Donation',
		package_dimensions: null,
		shippable: null,
		statement_descriptor: null,
		...( version === ENDIVE ? { tax_details: null } : {} ),
		tax_code: null,
		type: 'service',
		unit_label: null,
		updated: 1700000000,
		url: null,
	} );

	test( 'an object as the SDK describes it has no problem', () => {
		assert.deepEqual( stripeShapeProblems( product( OLD ), OLD ), [] );
		assert.deepEqual(
			stripeShapeProblems( product( ENDIVE ), ENDIVE ),
			[]
		);
	} );

	test( 'an unexpected field, a missing one, a wrong type, an enum value', () => {
		const bad = {
			...product( ENDIVE ),
			colour: 'red',
			created: '1700000000',
			type: 'donation',
		};
		delete bad.livemode;
		assert.deepEqual( stripeShapeProblems( bad, ENDIVE ).sort(), [
			'product.colour: not a field of product in 2026-10-28.endive',
			'product.created: "1700000000" is not an integer',
			'product.livemode: missing (product always has it in 2026-10-28.endive)',
			'product.type: "donation" is not one of good, service',
		] );
		// A field of one version only.
		assert.deepEqual( stripeShapeProblems( product( ENDIVE ), OLD ), [
			'product.tax_details: not a field of product in 2024-06-20',
		] );
	} );

	test( 'nested objects, lists and expanded ids are followed', () => {
		const list = {
			object: 'list',
			data: [
				{
					...product( ENDIVE ),
					default_price: { id: 'price_1', object: 'price' },
				},
			],
			has_more: false,
			url: '/v1/products',
		};
		const problems = stripeShapeProblems( list, ENDIVE );
		assert.ok(
			problems.includes(
				'list.data[0].default_price.currency: missing (price always has it in 2026-10-28.endive)'
			),
			problems.join( '\n' )
		);
		const wrongKind = {
			...product( ENDIVE ),
			default_price: { ...product( ENDIVE ), id: 'prod_2' },
		};
		assert.deepEqual( stripeShapeProblems( wrongKind, ENDIVE ), [
			'product.default_price: a product where Stripe has Price',
		] );
		const event = {
			id: 'evt_1',
			object: 'event',
			api_version: ENDIVE,
			context: undefined,
			created: 1700000000,
			data: { object: { ...product( ENDIVE ), name: 7 } },
			livemode: false,
			pending_webhooks: 1,
			request: { id: null, idempotency_key: null },
			type: 'product.created',
		};
		delete event.context;
		assert.deepEqual( stripeShapeProblems( event, ENDIVE ), [
			'event.data.object.name: 7 is not a string',
		] );
	} );

	test( 'an intent as Stripe.js sees it may leave out fields, not add them', () => {
		const reduced = {
			id: 'pi_1',
			object: 'payment_intent',
			amount: 1000,
			status: 'succeeded',
		};
		assert.deepEqual(
			stripeShapeProblems( reduced, ENDIVE, { publishable: true } ),
			[]
		);
		assert.ok( stripeShapeProblems( reduced, ENDIVE ).length > 10 );
		assert.deepEqual(
			stripeShapeProblems( { ...reduced, charges: {} }, ENDIVE, {
				publishable: true,
			} ),
			[
				'payment_intent.charges: not a field of payment_intent in 2026-10-28.endive',
			]
		);
	} );
} );

describe( 'the stand-in refuses what Stripe refuses', () => {
	let standIns;
	const post = ( route, body ) =>
		fetch( `${ standIns.url }/stripe${ route }`, {
			method: 'POST',
			headers: {
				Authorization: 'Bearer sk_test_wired123',
				'Content-Type': 'application/x-www-form-urlencoded',
				'Idempotency-Key': `key-${ Math.random() }`,
			},
			body: encodeForm( body ),
		} );
	const control = ( route, body ) =>
		fetch( `${ standIns.url }/__control${ route }`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify( body || {} ),
		} ).then( ( r ) => r.json() );

	before( async () => {
		standIns = await startStandIns( { port: 0 } );
	} );
	after( async () => {
		await standIns.close();
	} );

	test( 'a misspelt parameter gets 400 parameter_unknown, and nothing is created', async () => {
		const response = await post( '/v1/customers', {
			email: 'a@example.org',
			metdata: { a: 'b' },
		} );
		assert.equal( response.status, 400 );
		const body = await response.json();
		assert.equal( body.error.code, 'parameter_unknown' );
		assert.equal(
			body.error.message,
			'Received unknown parameter: metdata'
		);
		assert.equal( body.error.param, 'metdata' );
		assert.match(
			body.error.request_log_url,
			/^https:\/\/dashboard\.stripe\.com\//
		);
		const list = await fetch( `${ standIns.url }/stripe/v1/customers`, {
			headers: { Authorization: 'Bearer sk_test_wired123' },
		} ).then( ( r ) => r.json() );
		assert.deepEqual( list.data, [] );
	} );

	test( "each request is checked in its own version (the account's default, or its Stripe-Version), with either key", async () => {
		const call = async ( route, body, { key, version } = {} ) => {
			const response = await fetch(
				`${ standIns.url }/stripe${ route }`,
				{
					method: 'POST',
					headers: {
						Authorization: `Bearer ${ key || 'sk_test_wired123' }`,
						'Content-Type': 'application/x-www-form-urlencoded',
						...( version ? { 'Stripe-Version': version } : {} ),
					},
					body: encodeForm( body ),
				}
			);
			return {
				status: response.status,
				version: response.headers.get( 'stripe-version' ),
				body: await response.json(),
			};
		};
		const intent = { amount: '1000', currency: 'aud' };
		const unknown = ( answer, param ) => {
			assert.equal( answer.status, 400 );
			assert.equal( answer.body.error.code, 'parameter_unknown' );
			assert.equal( answer.body.error.param, param );
		};

		// The account's default, 2026-10-28.endive.
		unknown(
			await call( '/v1/payment_intents', {
				...intent,
				payment_method_types: [ 'card' ],
			} ),
			'payment_method_types'
		);
		const endive = await call( '/v1/payment_intents', {
			...intent,
			allowed_payment_method_types: [ 'card' ],
		} );
		assert.equal( endive.status, 200, JSON.stringify( endive.body ) );
		assert.equal( endive.version, ENDIVE );
		assert.deepEqual( endive.body.allowed_payment_method_types, [
			'card',
		] );
		assert.deepEqual( endive.body.payment_method_types, [ 'card' ] );
		const widened = await call( `/v1/payment_intents/${ endive.body.id }`, {
			allowed_payment_method_types: [ 'card', 'au_becs_debit' ],
		} );
		assert.deepEqual( widened.body.payment_method_types, [
			'card',
			'au_becs_debit',
		] );

		// Stripe-Version: 2024-06-20.
		unknown(
			await call(
				'/v1/payment_intents',
				{ ...intent, allowed_payment_method_types: [ 'card' ] },
				{ version: OLD }
			),
			'allowed_payment_method_types'
		);
		const old = await call(
			'/v1/payment_intents',
			{ ...intent, payment_method_types: [ 'card' ] },
			{ version: OLD }
		);
		assert.equal( old.status, 200, JSON.stringify( old.body ) );
		assert.ok( ! ( 'allowed_payment_method_types' in old.body ) );
		assert.deepEqual( old.body.payment_method_types, [ 'card' ] );

		// Stripe.js confirming with the publishable key, in each version.
		const confirm = ( pi, version ) =>
			call(
				`/v1/payment_intents/${ pi.id }/confirm`,
				{
					client_secret: pi.client_secret,
					payment_method: 'pm_card_visa',
					payment_method_types: [ 'card' ],
				},
				{ key: 'pk_test_wired123', version }
			);
		unknown( await confirm( endive.body ), 'payment_method_types' );
		const confirmed = await confirm( old.body, OLD );
		assert.equal( confirmed.status, 200, JSON.stringify( confirmed.body ) );
		assert.equal( confirmed.body.status, 'succeeded' );

		// With the account's default moved to 2024-06-20, no header means 2024-06-20.
		await control( '/stripe/account', { default_api_version: OLD } );
		const byDefault = await call( '/v1/payment_intents', {
			...intent,
			payment_method_types: [ 'card' ],
		} );
		assert.equal( byDefault.status, 200, JSON.stringify( byDefault.body ) );
		assert.equal( byDefault.version, OLD );
		await control( '/reset' );
	} );

	test( 'a control call turns the checks off for debugging; reset turns them on again', async () => {
		assert.deepEqual(
			await control( '/stripe/validation', { enabled: false } ),
			{
				enabled: false,
			}
		);
		const loose = await post( '/v1/customers', {
			email: 'a@example.org',
			metdata: 'x',
		} );
		assert.equal( loose.status, 200 );
		await control( '/reset' );
		const strict = await post( '/v1/customers', {
			email: 'a@example.org',
			metdata: 'x',
		} );
		assert.equal( strict.status, 400 );
	} );
} );
