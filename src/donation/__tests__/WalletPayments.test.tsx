/**
 * Express checkout, the wallet provider and the return from a wallet
 * redirect, inside the widget, with the providers' React bindings replaced
 * by doubles and admin-ajax answered by a fake fetch.
 */
import { act } from 'react';
import { DonationWidget } from '../DonationWidget';
import {
	byLabel,
	byText,
	click,
	render,
	settle,
	typeInto,
	type Rendered,
} from '../../shared/__tests__/dom';
import { readPageGlobals, type Settings } from '../../shared/config';
import { configFixture, settingsFixture } from './fixtures';

type Props = Record< string, ( ...args: never[] ) => unknown >;

const mockElements = { submit: jest.fn(), getElement: jest.fn() };
const mockStripe = {
	confirmPayment: jest.fn(),
	createConfirmationToken: jest.fn(),
	createPaymentMethod: jest.fn(),
	handleNextAction: jest.fn(),
};
const mockProps: {
	express?: Props;
	paypal?: Props;
	paypalOptions?: Record< string, unknown >;
} = {};

jest.mock( '../../payments/stripe/load-stripe', () => ( {
	loadStripeFromPage: () => Promise.resolve( null ),
} ) );

jest.mock( '@stripe/react-stripe-js', () => ( {
	Elements: ( { children }: { children: unknown } ) => children,
	useStripe: () => mockStripe,
	useElements: () => mockElements,
	CardNumberElement: () => null,
	CardExpiryElement: () => null,
	CardCvcElement: () => null,
	ExpressCheckoutElement: ( props: Props ) => {
		mockProps.express = props;
		return null;
	},
} ) );

jest.mock( '@paypal/react-paypal-js', () => ( {
	PayPalScriptProvider: ( {
		children,
		options,
	}: {
		children: unknown;
		options: Record< string, unknown >;
	} ) => {
		mockProps.paypalOptions = options;
		return children;
	},
	PayPalButtons: ( props: Props ) => {
		mockProps.paypal = props;
		return null;
	},
} ) );

const settings: Settings = {
	...settingsFixture,
	paypal_client_id: 'paypal-client',
	stripe_public_key: 'pk_test_1',
};
const globals = readPageGlobals( {
	ajaxUrl: '/wp-admin/admin-ajax.php',
	settings,
	providerScripts: {
		stripe: '',
		paypal: 'https://stand-in.test/paypal/sdk/js',
		recaptcha: '',
	},
} );

let view: Rendered;
let answers: Array< { status: number; body: unknown } >;
let fetchMock: jest.Mock;

beforeEach( () => {
	answers = [];
	fetchMock = jest.fn( async () => {
		const next = answers.shift() ?? { status: 500, body: null };
		return {
			ok: next.status === 200,
			status: next.status,
			json: async () => next.body,
		};
	} );
	window.fetch = fetchMock as unknown as typeof fetch;
	window.dataLayer = undefined;
	mockElements.submit.mockReset().mockResolvedValue( {} );
	mockStripe.confirmPayment.mockReset();
	mockStripe.createConfirmationToken
		.mockReset()
		.mockResolvedValue( { confirmationToken: { id: 'ctoken_5' } } );
	mockStripe.handleNextAction
		.mockReset()
		.mockResolvedValue( { paymentIntent: { id: 'pi_5' } } );
	window.history.replaceState( null, '', '/give/' );
	window.sessionStorage.clear();
} );

afterEach( () => view?.unmount() );

const actions = () =>
	fetchMock.mock.calls.map( ( call ) =>
		new URLSearchParams( call[ 1 ].body ).get( 'action' )
	);
const fields = ( index: number ) =>
	new URLSearchParams( fetchMock.mock.calls[ index ][ 1 ].body );
const busy = ( root: HTMLElement ) =>
	root.querySelector( '.dw-widget' )?.getAttribute( 'aria-busy' );

async function reachPayment( handlesRedirectReturn = false ) {
	view = await render(
		<DonationWidget
			config={ { ...configFixture, donation_type: 'Oneoff' } }
			settings={ settings }
			globals={ globals }
			widgetIndex={ 0 }
			handlesRedirectReturn={ handlesRedirectReturn }
		/>
	);
	const root = view.container;
	await settle();
	if ( handlesRedirectReturn ) {
		return root;
	}
	await click( byText( root, 'button', 'Donate $50 >>' ) );
	await typeInto( byLabel( root, 'First name' ), 'Jane' );
	await typeInto( byLabel( root, 'Last name' ), 'Doe' );
	await typeInto( byLabel( root, 'Email' ), 'jane@example.org' );
	await click( byText( root, 'button', 'Payment options >>' ) );
	return root;
}

async function run( callback: () => unknown ) {
	let result: unknown;
	await act( async () => {
		result = await callback();
	} );
	await settle();
	return result;
}

describe( 'wallet provider (widget contract §4.8)', () => {
	it( 'loads with the page URL and the SPEC options', async () => {
		await reachPayment();
		expect( mockProps.paypalOptions ).toEqual( {
			clientId: 'paypal-client',
			currency: 'AUD',
			intent: 'capture',
			components: 'buttons',
			sdkBaseUrl: 'https://stand-in.test/paypal/sdk/js',
		} );
	} );

	it( 'refuses to open while the privacy terms are unticked', async () => {
		const root = await reachPayment();
		await click( root.querySelector( 'input[name="privacyTerms"]' ) );
		const verdict = { resolve: jest.fn(), reject: jest.fn() };
		await run( () =>
			mockProps.paypal?.onClick( {} as never, verdict as never )
		);
		expect( verdict.reject ).toHaveBeenCalled();
		expect( root.textContent ).toContain(
			'You must accept the privacy terms'
		);
	} );

	it( 'creates the order, captures it, tells the server and thanks the donor', async () => {
		const root = await reachPayment();
		const verdict = { resolve: jest.fn(), reject: jest.fn() };
		await run( () =>
			mockProps.paypal?.onClick( {} as never, verdict as never )
		);
		expect( verdict.resolve ).toHaveBeenCalled();

		const create = jest.fn( async () => 'ORDER-1' );
		answers.push( { status: 200, body: { success: true } } );
		await run( () =>
			mockProps.paypal?.createOrder(
				{} as never,
				{ order: { create } } as never
			)
		);
		expect( busy( root ) ).toBe( 'true' );
		expect( create ).toHaveBeenCalledWith( {
			intent: 'CAPTURE',
			purchase_units: [
				{
					custom_id:
						'o-,n-jane_doe,e-jane@example.org,m-,d-oneoff,a-australia,i-',
					amount: { value: '50.00', currency_code: 'AUD' },
					invoice_id: fields( 0 ).get( 'attemptId' ),
				},
			],
		} );

		answers.push( { status: 200, body: { success: true } } );
		const capture = jest.fn( async () => ( {
			purchase_units: [ { payments: { captures: [ { id: 'CAP-9' } ] } } ],
		} ) );
		await run( () =>
			mockProps.paypal?.onApprove(
				{} as never,
				{ order: { capture } } as never
			)
		);
		expect( actions() ).toEqual( [
			'open_paypal_order',
			'process_paypal_payment',
		] );
		expect( fields( 0 ).get( 'orderId' ) ).toBe( 'ORDER-1' );
		expect( fields( 1 ).get( 'transaction_id' ) ).toBe( 'CAP-9' );
		expect( fields( 1 ).get( 'attemptId' ) ).toBe(
			fields( 0 ).get( 'attemptId' )
		);
		expect( root.querySelector( 'h2' )?.textContent ).toBe(
			'Thank you, Jane'
		);
		expect( root.textContent ).not.toContain( 'Your next donation' );
		expect( window.dataLayer?.[ 1 ] ).toMatchObject( {
			ecommerce: { transaction_id: 'CAP-9', value: 50 },
			frequency: 'Oneoff',
			payment_method: 'Paypal',
		} );
	} );

	it( 'a refused wallet payment ends on the failure screen', async () => {
		const root = await reachPayment();
		answers.push( { status: 200, body: { success: false } } );
		const capture = async () => ( {
			purchase_units: [ { payments: { captures: [ { id: 'CAP-1' } ] } } ],
		} );
		await run( () =>
			mockProps.paypal?.onApprove(
				{} as never,
				{ order: { capture } } as never
			)
		);
		expect( root.querySelector( 'h2' )?.textContent ).toBe(
			'Error: An unexpected error occurred.'
		);
	} );

	it( "a rate-limited opening shows SPEC's lines, the server's message and that nothing was charged", async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		const root = await reachPayment();
		answers.push( {
			status: 429,
			body: {
				success: false,
				type: 'rate_limited',
				data: {
					message:
						'Too many payment attempts. Please try again in 7 minutes.',
					charged: false,
				},
			},
		} );
		// The SDK reports createOrder's failure through onError, with its own error.
		await run( () =>
			Promise.resolve(
				mockProps.paypal?.createOrder(
					{} as never,
					{ order: { create: async () => 'ORDER-9' } } as never
				)
			).catch( () =>
				mockProps.paypal?.onError(
					new Error( 'Unhandled error in createOrder' ) as never
				)
			)
		);
		const lines = Array.from(
			root.querySelectorAll(
				'.dw-screen--failure h2, .dw-screen--failure p'
			),
			( node ) => node.textContent
		);
		expect( lines ).toEqual( [
			'Error: An unexpected error occurred.',
			'No response received from the server.',
			'Please try again later.',
			'Too many payment attempts. Please try again in 7 minutes.',
			'You have not been charged.',
		] );
		warn.mockRestore();
	} );

	it( 'cancel clears loading', async () => {
		const root = await reachPayment();
		answers.push( { status: 200, body: { success: true } } );
		await run( () =>
			mockProps.paypal?.createOrder(
				{} as never,
				{ order: { create: async () => 'O' } } as never
			)
		);
		expect( busy( root ) ).toBe( 'true' );
		await run( () =>
			mockProps.paypal?.onCancel( {} as never, {} as never )
		);
		expect( busy( root ) ).toBe( 'false' );
	} );
} );

describe( 'express checkout (widget contract §4.7)', () => {
	const confirmEvent = () => ( {
		expressPaymentType: 'google_pay',
		paymentFailed: jest.fn(),
	} );

	it( 'sends the wallet’s confirmation token with the intent call, never confirms in the browser, and fetches the reference', async () => {
		const root = await reachPayment();
		const verdict = { resolve: jest.fn(), reject: jest.fn() };
		await run( () => mockProps.express?.onClick( verdict as never ) );
		expect( verdict.resolve ).toHaveBeenCalled();

		answers.push(
			{
				status: 200,
				body: {
					success: true,
					data: {
						client_secret: 'pi_5_secret_a',
						payment_intent_id: 'pi_5',
						reference: 'ch_5',
					},
				},
			},
			{
				status: 200,
				body: { success: true, data: { reference: 'ch_5' } },
			}
		);
		await run( () =>
			mockProps.express?.onConfirm( confirmEvent() as never )
		);

		expect( actions() ).toEqual( [ 'payment_intent', 'get_charge_id' ] );
		expect( [
			fields( 0 ).get( 'amount' ),
			fields( 0 ).get( 'currency' ),
			fields( 0 ).get( 'confirmationToken' ),
		] ).toEqual( [ '5000', 'aud', 'ctoken_5' ] );
		expect( mockStripe.createConfirmationToken ).toHaveBeenCalledWith( {
			elements: mockElements,
			params: { return_url: 'http://localhost/give/' },
		} );
		expect( mockStripe.confirmPayment ).not.toHaveBeenCalled();
		expect( mockStripe.handleNextAction ).not.toHaveBeenCalled();
		expect( fields( 1 ).get( 'paymentIntentId' ) ).toBe( 'pi_5' );
		expect( root.querySelector( 'h2' )?.textContent ).toBe(
			'Thank you, Jane'
		);
		expect( window.dataLayer?.[ 1 ] ).toMatchObject( {
			payment_method: 'google_pay',
		} );
		expect( window.sessionStorage.length ).toBe( 0 );
	} );

	it( 'runs the bank’s check with the client secret when the server asks, then fetches the reference', async () => {
		const root = await reachPayment();
		answers.push(
			{
				status: 200,
				body: {
					success: false,
					type: 'requires_action',
					data: {
						message: 'Please confirm this payment with your bank.',
						client_secret: 'pi_6_secret_b',
						payment_intent_id: 'pi_6',
					},
				},
			},
			{
				status: 200,
				body: { success: true, data: { reference: 'ch_6' } },
			}
		);
		await run( () =>
			mockProps.express?.onConfirm( confirmEvent() as never )
		);

		expect( mockStripe.handleNextAction ).toHaveBeenCalledWith( {
			clientSecret: 'pi_6_secret_b',
		} );
		expect( actions() ).toEqual( [ 'payment_intent', 'get_charge_id' ] );
		expect( fields( 1 ).get( 'paymentIntentId' ) ).toBe( 'pi_6' );
		expect( root.querySelector( 'h2' )?.textContent ).toBe(
			'Thank you, Jane'
		);
	} );

	it( 'a declined wallet card shows the bank’s words under the buttons, not the failure screen', async () => {
		const root = await reachPayment();
		const event = confirmEvent();
		answers.push( {
			status: 200,
			body: {
				success: false,
				type: 'card_error',
				data: {
					message: 'Your card has insufficient funds.',
					decline_code: 'insufficient_funds',
				},
			},
		} );
		await run( () => mockProps.express?.onConfirm( event as never ) );

		expect(
			root.querySelector( '.dw-express [role="alert"]' )?.textContent
		).toBe( 'Your card has insufficient funds.' );
		expect( event.paymentFailed ).toHaveBeenCalledWith( {
			reason: 'fail',
		} );
		expect( busy( root ) ).toBe( 'false' );
		expect( root.querySelector( '[role="tablist"]' ) ).not.toBeNull();
		expect( actions() ).toEqual( [ 'payment_intent' ] );
	} );

	it( "shows the provider's message under the buttons and clears loading", async () => {
		const root = await reachPayment();
		mockElements.submit.mockResolvedValue( {
			error: { message: 'Your card was declined.' },
		} );
		await run( () =>
			mockProps.express?.onConfirm( confirmEvent() as never )
		);
		expect(
			root.querySelector( '.dw-express [role="alert"]' )?.textContent
		).toBe( 'Your card was declined.' );
		expect( busy( root ) ).toBe( 'false' );
		expect( fetchMock ).not.toHaveBeenCalled();
		expect( mockStripe.createConfirmationToken ).not.toHaveBeenCalled();
	} );

	it( 'a non-OK payment_intent answer only clears loading', async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		const root = await reachPayment();
		answers.push( { status: 400, body: null } );
		await run( () =>
			mockProps.express?.onConfirm( confirmEvent() as never )
		);
		expect( busy( root ) ).toBe( 'false' );
		expect(
			root.querySelector( '.dw-express [role="alert"]' )?.textContent
		).toBe( '' );
		expect( root.querySelector( '[role="tablist"]' ) ).not.toBeNull();
		warn.mockRestore();
	} );
} );

describe( 'return from a wallet redirect', () => {
	it( 'asks for the charge reference, thanks the donor and cleans the address', async () => {
		window.sessionStorage.setItem(
			'donation-widget:express-return',
			JSON.stringify( {
				widgetIndex: 0,
				formData: '{"firstName":"Jane"}',
				firstName: 'Jane',
				frequency: 'Oneoff',
				total: 52.5,
				iterationId: 'IT-DEFAULT',
				paymentMethod: 'apple_pay',
			} )
		);
		window.history.replaceState(
			null,
			'',
			'/give/?utm_source=x&payment_intent=pi_r&payment_intent_client_secret=s&redirect_status=succeeded'
		);
		answers.push( {
			status: 200,
			body: { success: true, data: { reference: 'ch_r' } },
		} );
		const root = await reachPayment( true );
		await settle();

		expect( actions() ).toEqual( [ 'get_charge_id' ] );
		expect( fields( 0 ).get( 'paymentIntentId' ) ).toBe( 'pi_r' );
		expect( fields( 0 ).get( 'formData' ) ).toBe( '{"firstName":"Jane"}' );
		expect( root.querySelector( 'h2' )?.textContent ).toBe(
			'Thank you, Jane'
		);
		expect( root.textContent ).toContain(
			'Your donation of $52.50 has been successful.'
		);
		expect( window.location.search ).toBe( '?utm_source=x' );
		expect( window.dataLayer?.[ 1 ] ).toMatchObject( {
			payment_method: 'apple_pay',
		} );
	} );

	it( 'a refused charge lookup after the redirect shows the server\'s words, never "not charged" unless said', async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		window.history.replaceState(
			null,
			'',
			'/give/?payment_intent=pi_r&redirect_status=succeeded'
		);
		answers.push( {
			status: 502,
			body: {
				success: false,
				type: 'server',
				data: {
					message:
						'The payment service is not answering right now. Please try again in a few minutes.',
				},
			},
		} );
		const root = await reachPayment( true );
		await settle();
		expect( root.textContent ).toContain(
			'No response received from the server.'
		);
		expect( root.textContent ).toContain(
			'The payment service is not answering right now. Please try again in a few minutes.'
		);
		expect( root.textContent ).not.toContain( 'not been charged' );
		warn.mockRestore();
	} );

	it( 'a bank check that left the page is finished by the server, whatever the status on the way back', async () => {
		window.history.replaceState(
			null,
			'',
			'/give/?payment_intent=pi_r&payment_intent_client_secret=s&redirect_status=requires_confirmation'
		);
		answers.push( {
			status: 200,
			body: { success: true, data: { reference: 'ch_r' } },
		} );
		const root = await reachPayment( true );
		await settle();
		expect( actions() ).toEqual( [ 'get_charge_id' ] );
		expect( root.querySelector( 'h2' )?.textContent ).toMatch(
			/^Thank you/
		);
	} );

	it( 'a wallet card declined after the redirect shows the bank’s words on the failure screen', async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		window.history.replaceState(
			null,
			'',
			'/give/?payment_intent=pi_r&payment_intent_client_secret=s&redirect_status=succeeded'
		);
		answers.push( {
			status: 200,
			body: {
				success: false,
				type: 'card_error',
				data: {
					message:
						'Your bank could not confirm this payment. Please try again, or use another card.',
				},
			},
		} );
		const root = await reachPayment( true );
		await settle();
		expect( root.querySelector( 'h2' )?.textContent ).toBe(
			'Error: An unexpected error occurred.'
		);
		expect( root.textContent ).toContain(
			'Your bank could not confirm this payment. Please try again, or use another card.'
		);
		warn.mockRestore();
	} );

	it( 'a failed redirect shows the failure screen', async () => {
		window.history.replaceState(
			null,
			'',
			'/give/?payment_intent=pi_r&redirect_status=failed'
		);
		answers.push( {
			status: 200,
			body: { success: true, data: { reference: 'ch_r' } },
		} );
		const root = await reachPayment( true );
		await settle();
		expect( root.querySelector( 'h2' )?.textContent ).toBe(
			'Error: An unexpected error occurred.'
		);
		expect( window.location.search ).toBe( '' );
	} );
} );
