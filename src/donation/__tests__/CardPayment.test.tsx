/**
 * The card path end to end inside the widget, with the card provider's
 * React bindings replaced by doubles and admin-ajax answered by a fake fetch.
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
import { readPageGlobals } from '../../shared/config';
import { configFixture, settingsFixture } from './fixtures';
import { stripeDouble } from '../../shared/__tests__/stripe-react-double';

const {
	stripe: mockStripe,
	element: mockCardElement,
	handlers: mockHandlers,
} = stripeDouble;

jest.mock( '../../payments/stripe/load-stripe', () => ( {
	loadStripeFromPage: () => Promise.resolve( null ),
} ) );

jest.mock( '@stripe/react-stripe-js', () =>
	require( '../../shared/__tests__/stripe-react-double' ).stripeReactDouble()
);

const globals = readPageGlobals( {
	ajaxUrl: '/wp-admin/admin-ajax.php',
	settings: settingsFixture,
} );

interface PendingAnswer {
	resolve: ( answer: { status: number; body: unknown } ) => void;
}

/** A body that is not JSON (a host's HTML error page): json() rejects. */
const HTML_PAGE = Symbol( 'html error page' );

let view: Rendered;
let fetchMock: jest.Mock;
let pending: PendingAnswer[];

beforeEach( () => {
	pending = [];
	fetchMock = jest.fn(
		() =>
			new Promise( ( resolve ) => {
				pending.push( {
					resolve: ( { status, body } ) =>
						resolve( {
							ok: status >= 200 && status < 300,
							status,
							json: async () => {
								if ( body === HTML_PAGE ) {
									throw new SyntaxError(
										'Unexpected token < in JSON'
									);
								}
								return body;
							},
						} ),
				} );
			} )
	);
	window.fetch = fetchMock as unknown as typeof fetch;
	window.dataLayer = undefined;
	mockStripe.createPaymentMethod
		.mockReset()
		.mockResolvedValue( { paymentMethod: { id: 'pm_1' } } );
	mockStripe.handleNextAction.mockReset();
} );

afterEach( () => view?.unmount() );

const button = ( root: HTMLElement, label: string ) =>
	byText( root, 'button', label ) as HTMLButtonElement;
const sentFields = ( call: number ) =>
	new URLSearchParams(
		( fetchMock.mock.calls[ call ][ 1 ] as RequestInit ).body as string
	);

async function answer( status: number, body: unknown ) {
	await act( async () => {
		pending.shift()?.resolve( { status, body } );
	} );
	await settle();
	await settle();
}

async function cardEvent( field: string, event: Record< string, unknown > ) {
	await act( async () => mockHandlers[ field ]( event ) );
	await settle();
}

async function completeCard() {
	await cardEvent( 'cardNumber', {
		elementType: 'cardNumber',
		complete: true,
		brand: 'visa',
	} );
	await cardEvent( 'cardExpiry', {
		elementType: 'cardExpiry',
		complete: true,
	} );
	await cardEvent( 'cardCvc', { elementType: 'cardCvc', complete: true } );
}

async function reachPayment() {
	view = await render(
		<DonationWidget
			config={ configFixture }
			settings={ settingsFixture }
			globals={ globals }
			widgetIndex={ 0 }
			handlesRedirectReturn={ false }
		/>
	);
	const root = view.container;
	await settle();
	await click( button( root, 'Donate $50 4-weekly >>' ) );
	await typeInto( byLabel( root, 'First name' ), 'Jane' );
	await typeInto( byLabel( root, 'Last name' ), 'Doe' );
	await typeInto( byLabel( root, 'Email' ), 'jane@example.org' );
	await click( button( root, 'Payment options >>' ) );
	return root;
}

/**
 * Fills the card form and presses Donate; the widget then waits for the server's answer.
 */
async function donateWithCard() {
	const root = await reachPayment();
	await typeInto( byLabel( root, 'Name on Card' ), 'Jane Doe' );
	await completeCard();
	await click( button( root, 'Donate $50 4-weekly' ) );
	return root;
}

const cardErrors = ( root: HTMLElement ) =>
	Array.from( root.querySelectorAll( '.dw-card-form .dw-field-error' ) ).map(
		( element ) => element.textContent
	);

describe( 'card payment in the widget (widget contract §4.6)', () => {
	it( 'requires the name and every card field', async () => {
		const root = await reachPayment();
		await click( button( root, 'Donate $50 4-weekly' ) );
		expect( cardErrors( root ) ).toEqual( [
			'This field is required',
			'This field is required',
			'This field is required',
			'This field is required',
		] );
		expect( fetchMock ).not.toHaveBeenCalled();
	} );

	it( 'refuses card brands other than Visa, MasterCard and Amex', async () => {
		const root = await reachPayment();
		await cardEvent( 'cardNumber', {
			elementType: 'cardNumber',
			complete: true,
			brand: 'discover',
		} );
		expect( cardErrors( root )[ 1 ] ).toBe(
			'Only Visa, MasterCard, Amex are accepted.'
		);
		await cardEvent( 'cardNumber', {
			elementType: 'cardNumber',
			complete: true,
			brand: 'mastercard',
		} );
		expect( cardErrors( root )[ 1 ] ).toBe( '' );
	} );

	it( "shows the provider's own field messages as they arrive", async () => {
		const root = await reachPayment();
		await cardEvent( 'cardExpiry', {
			elementType: 'cardExpiry',
			complete: false,
			error: { message: "Your card's expiration year is in the past." },
		} );
		expect( cardErrors( root )[ 2 ] ).toBe(
			"Your card's expiration year is in the past."
		);
	} );

	it( 'sends the ticked help cover beside formData, which keeps its SPEC fields', async () => {
		const root = await reachPayment();
		await typeInto( byLabel( root, 'Name on Card' ), 'Jane Doe' );
		await completeCard();
		await click(
			byLabel(
				root,
				'I would like to add $2.50 to help cover fundraising costs'
			)
		);
		await click( button( root, 'Donate $52.50 4-weekly' ) );

		const fields = sentFields( 0 );
		expect( fields.get( 'coverAmount' ) ).toBe( '2.50' );
		const formData = JSON.parse( fields.get( 'formData' ) as string );
		expect( formData.totalAmount ).toBe( 52.5 );
		expect( formData ).not.toHaveProperty( 'coverAmount' );
		expect( formData ).not.toHaveProperty( 'helpCover' );
		expect( formData ).not.toHaveProperty( 'amount' );
	} );

	it( 'requires the privacy terms', async () => {
		const root = await reachPayment();
		await typeInto( byLabel( root, 'Name on Card' ), 'Jane Doe' );
		await completeCard();
		const privacy = root.querySelector< HTMLInputElement >(
			'input[name="privacyTerms"]'
		) as HTMLInputElement;
		await click( privacy );
		expect( privacy.checked ).toBe( false );
		await click( button( root, 'Donate $50 4-weekly' ) );
		expect( root.textContent ).toContain(
			'You must accept the privacy terms'
		);
		expect( privacy.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		expect( fetchMock ).not.toHaveBeenCalled();
	} );

	it( 'pays once however often Donate is pressed, then thanks the donor', async () => {
		const root = await reachPayment();
		await typeInto( byLabel( root, 'Name on Card' ), 'Jane Doe' );
		await completeCard();
		const donate = button( root, 'Donate $50 4-weekly' );
		await click( donate );
		await click( donate );
		await click( button( root, 'Submitting...' ) );
		expect( fetchMock ).toHaveBeenCalledTimes( 1 );
		expect( button( root, 'Submitting...' ).disabled ).toBe( true );

		expect( mockStripe.createPaymentMethod ).toHaveBeenCalledWith( {
			type: 'card',
			card: mockCardElement,
			billing_details: {
				name: 'Jane Doe',
				email: 'jane@example.org',
				address: { country: 'AU' },
			},
		} );
		const fields = sentFields( 0 );
		expect( fields.get( 'action' ) ).toBe( 'process_payment_method' );
		expect( fields.get( 'token' ) ).toBe( 'pm_1' );
		expect( fields.get( 'captchaToken' ) ).toBe( '' );
		expect( fields.get( 'attemptId' ) ).toBeTruthy();
		expect(
			JSON.parse( fields.get( 'formData' ) as string )
		).toMatchObject( {
			firstName: 'Jane',
			totalAmount: 50,
			frequency: '4weekly',
		} );
		expect( fields.get( 'coverAmount' ) ).toBe( '0' );

		await answer( 200, { success: true, data: { reference: 'ch_123' } } );

		expect( root.querySelector( 'h2' )?.textContent ).toBe(
			'Thank you, Jane'
		);
		expect( root.textContent ).toContain(
			'Your donation of $50 has been successful.'
		);
		expect( root.textContent ).toContain(
			'Your next donation will be processed in 4 weeks.'
		);
		expect(
			root.querySelector( '.dw-screen--success p:last-child' )
				?.textContent
		).toBe(
			'If you have a question, contact us, or find out more about other ways to get involved.'
		);
		const links = Array.from(
			root.querySelectorAll< HTMLAnchorElement >(
				'.dw-screen--success a'
			)
		);
		expect(
			links.map( ( link ) => [ link.textContent, link.target, link.rel ] )
		).toEqual( [
			[ 'contact us', '_blank', 'noopener noreferrer' ],
			[ 'other ways to get involved', '_blank', 'noopener noreferrer' ],
		] );
		expect( window.dataLayer ).toEqual( [
			{ ecommerce: null },
			{
				event: 'purchase',
				ecommerce: {
					transaction_id: 'ch_123',
					value: 50,
					currency: 'AUD',
					items: [ { item_id: 'IT-DEFAULT', quantity: 1 } ],
				},
				frequency: '4weekly',
				payment_method: 'credit_card',
			},
		] );
	} );

	it( 'a declined card shows the card error and lets the donor retry', async () => {
		const root = await donateWithCard();
		await answer( 200, { success: false, type: 'card_declined' } );
		expect( cardErrors( root )[ 1 ] ).toBe(
			'Please check your card details and try again!'
		);
		expect( button( root, 'Donate $50 4-weekly' ).disabled ).toBe( false );
	} );

	it( "a decline for insufficient funds adds the bank's reason below SPEC's card error", async () => {
		const root = await donateWithCard();
		await answer( 200, {
			success: false,
			type: 'card_error',
			data: {
				message: 'Your card has insufficient funds.',
				decline_code: 'insufficient_funds',
			},
		} );
		expect( cardErrors( root )[ 1 ] ).toBe(
			'Please check your card details and try again!'
		);
		const reason = root.querySelector( '.dw-card-form .dw-field-reason' );
		expect( reason?.textContent ).toBe(
			'Your bank declined the payment: insufficient funds.'
		);
		// A new card number clears the reason with the error.
		await cardEvent( 'cardNumber', {
			elementType: 'cardNumber',
			complete: false,
			brand: 'visa',
		} );
		expect( reason?.textContent ).toBe( '' );
	} );

	it( 'a tokenisation failure shows the card error without calling the server', async () => {
		mockStripe.createPaymentMethod.mockResolvedValue( {
			error: { message: 'Your card number is invalid.' },
		} );
		const root = await donateWithCard();
		expect( cardErrors( root )[ 1 ] ).toBe(
			'Please check your card details and try again!'
		);
		expect( fetchMock ).not.toHaveBeenCalled();
	} );

	it( 'a non-OK answer shows the failure screen', async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		const root = await donateWithCard();
		await answer( 500, null );
		expect( root.querySelector( 'h2' )?.textContent ).toBe(
			'Error: An unexpected error occurred.'
		);
		expect( root.textContent ).toContain(
			'No response received from the server.'
		);
		expect( root.textContent ).toContain( 'Please try again later.' );
		expect( button( root, 'Try Again' ) ).toBeDefined();
		warn.mockRestore();
	} );

	/**
	 * The failure screen's lines, in order (paragraphs and the heading).
	 * @param root
	 */
	const failureLines = ( root: HTMLElement ) =>
		Array.from(
			root.querySelectorAll(
				'.dw-screen--failure h2, .dw-screen--failure p'
			),
			( node ) => node.textContent
		);

	const SPEC_LINES = [
		'Error: An unexpected error occurred.',
		'No response received from the server.',
		'Please try again later.',
	];

	it( "a rate-limited donor sees SPEC's lines, then the server's message and that nothing was charged", async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		const root = await donateWithCard();
		await answer( 429, {
			success: false,
			type: 'rate_limited',
			data: {
				message:
					'Too many payment attempts. Please try again in 12 minutes.',
				charged: false,
			},
		} );
		expect( failureLines( root ) ).toEqual( [
			...SPEC_LINES,
			'Too many payment attempts. Please try again in 12 minutes.',
			'You have not been charged.',
		] );
		expect( button( root, 'Try Again' ) ).toBeDefined();
		expect( root.ownerDocument.activeElement?.textContent ).toBe(
			SPEC_LINES[ 0 ]
		);
		warn.mockRestore();
	} );

	it( 'a failing answer that does not say nothing was charged shows only its message', async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		const root = await donateWithCard();
		await answer( 504, {
			success: false,
			type: 'server',
			data: {
				message:
					'The payment service is not answering right now. Please try again in a few minutes.',
			},
		} );
		expect( failureLines( root ) ).toEqual( [
			...SPEC_LINES,
			'The payment service is not answering right now. Please try again in a few minutes.',
		] );
		warn.mockRestore();
	} );

	it.each( [
		[ 'an HTML error page', HTML_PAGE ],
		[ 'an empty body', null ],
		[ "a proxy's own JSON", { error: 'upstream timed out' } ],
	] )( "%s shows only SPEC's lines", async ( _name, body ) => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		const root = await donateWithCard();
		await answer( 502, body );
		expect( failureLines( root ) ).toEqual( SPEC_LINES );
		expect( button( root, 'Try Again' ) ).toBeDefined();
		warn.mockRestore();
	} );

	it( 'completes 3-D Secure and posts again with the intent id', async () => {
		mockStripe.handleNextAction.mockResolvedValue( {
			paymentIntent: { id: 'pi_3' },
		} );
		const root = await donateWithCard();
		await answer( 200, {
			success: false,
			type: 'requires_action',
			data: { client_secret: 'pi_3_secret_x', payment_intent_id: 'pi_3' },
		} );
		expect( mockStripe.handleNextAction ).toHaveBeenCalledWith( {
			clientSecret: 'pi_3_secret_x',
		} );
		expect( sentFields( 1 ).get( 'paymentIntentId' ) ).toBe( 'pi_3' );
		expect( sentFields( 1 ).get( 'attemptId' ) ).toBe(
			sentFields( 0 ).get( 'attemptId' )
		);
		await answer( 200, { success: true, data: { reference: 'ch_3' } } );
		expect( root.querySelector( 'h2' )?.textContent ).toBe(
			'Thank you, Jane'
		);
	} );
} );
