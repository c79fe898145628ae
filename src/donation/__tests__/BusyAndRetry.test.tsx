/**
 * Issue 14 in the widget: a card payment covers the widget like the wallets
 * do (overlay, aria-busy, inert form, a status that takes focus), a decline
 * moves focus to its message, and "Try Again" (a reload) brings back what
 * the donor typed, never the card, until a donation succeeds.
 */
import { act } from 'react';
import { DonationWidget } from '../DonationWidget';
import { savedFormKey } from '../saved-form';
import {
	byLabel,
	byText,
	frames,
	click,
	render,
	settle,
	typeInto,
	type Rendered,
} from '../../shared/__tests__/dom';
import { readPageGlobals } from '../../shared/config';
import { configFixture, settingsFixture } from './fixtures';
import { stripeDouble } from '../../shared/__tests__/stripe-react-double';

const { stripe: mockStripe, handlers: mockHandlers } = stripeDouble;

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

let view: Rendered | undefined;
let pending: Array< ( answer: { status: number; body: unknown } ) => void >;

beforeEach( () => {
	pending = [];
	window.fetch = jest.fn(
		() =>
			new Promise( ( resolve ) => {
				pending.push( ( { status, body } ) =>
					resolve( {
						ok: status >= 200 && status < 300,
						status,
						json: async () => body,
					} )
				);
			} )
	) as unknown as typeof fetch;
	window.dataLayer = undefined;
	mockStripe.createPaymentMethod
		.mockReset()
		.mockResolvedValue( { paymentMethod: { id: 'pm_1' } } );
} );

afterEach( () => {
	view?.unmount();
	view = undefined;
} );

const button = ( root: HTMLElement, label: string ) =>
	byText( root, 'button', label ) as HTMLButtonElement;
const customAmount = ( root: HTMLElement ) =>
	root.querySelector< HTMLInputElement >(
		'input[placeholder="or enter your amount"]'
	);

async function answer( status: number, body: unknown ) {
	await act( async () => {
		pending.shift()?.( { status, body } );
	} );
	await settle();
	await settle();
}

async function mount() {
	view = await render(
		<DonationWidget
			config={ configFixture }
			settings={ settingsFixture }
			globals={ globals }
			widgetIndex={ 0 }
			handlesRedirectReturn={ false }
		/>
	);
	await settle();
	return view.container;
}

async function reachPayment(
	root: HTMLElement,
	next = 'Donate $50 4-weekly >>'
) {
	await click( button( root, next ) );
	await typeInto( byLabel( root, 'First name' ), 'Jane' );
	await typeInto( byLabel( root, 'Last name' ), 'Doe' );
	await typeInto( byLabel( root, 'Email' ), 'jane@example.org' );
	await click( button( root, 'Payment options >>' ) );
}

async function fillCardAndDonate(
	root: HTMLElement,
	donate = 'Donate $50 4-weekly'
) {
	await typeInto( byLabel( root, 'Name on Card' ), 'Jane Doe' );
	for ( const [ field, extra ] of [
		[ 'cardNumber', { brand: 'visa' } ],
		[ 'cardExpiry', {} ],
		[ 'cardCvc', {} ],
	] as const ) {
		await act( async () =>
			mockHandlers[ field ]( {
				elementType: field,
				complete: true,
				...extra,
			} )
		);
		await settle();
	}
	await click( button( root, donate ) );
}

describe( 'a card payment in progress (widget contract §2.2, §4.6)', () => {
	it( 'covers the widget, makes the form inert and focuses a status', async () => {
		const root = await mount();
		await reachPayment( root );
		await fillCardAndDonate( root );
		await frames();

		const widget = root.querySelector( '.dw-widget' ) as HTMLElement;
		expect( widget.getAttribute( 'aria-busy' ) ).toBe( 'true' );
		const status = root.querySelector( '[role="status"]' );
		expect( status?.textContent ).toBe( 'Processing your donation…' );
		expect( root.ownerDocument.activeElement ).toBe( status );
		expect(
			( root.querySelector( '.dw-content' ) as HTMLElement ).inert
		).toBe( true );
		// docs/widget-contract.md#46-card-payment-donation still holds under the overlay.
		const submitting = button( root, 'Submitting...' );
		expect( submitting.disabled ).toBe( true );

		await answer( 200, { success: true, data: { reference: 'ch_1' } } );
		await frames();
		expect( widget.getAttribute( 'aria-busy' ) ).toBe( 'false' );
		expect( root.querySelector( '[role="status"]' ) ).toBeNull();
		expect( root.ownerDocument.activeElement?.textContent ).toBe(
			'Thank you, Jane'
		);
	} );

	it( 'a decline lifts the overlay and moves focus to the card error', async () => {
		const root = await mount();
		await reachPayment( root );
		await fillCardAndDonate( root );
		await answer( 200, { success: false, type: 'card_declined' } );
		await frames();

		expect(
			( root.querySelector( '.dw-content' ) as HTMLElement ).inert
		).toBe( false );
		expect( root.ownerDocument.activeElement?.textContent ).toBe(
			'Please check your card details and try again!'
		);
		expect( button( root, 'Donate $50 4-weekly' ).disabled ).toBe( false );
	} );
} );

describe( 'Try Again brings back what the donor typed (widget contract §2.7)', () => {
	const key = savedFormKey( window.location.pathname, 0 );

	it( 'restores the values after a failure and reload, never the card', async () => {
		let root = await mount();
		await click( button( root, 'Once only' ) );
		await typeInto( customAmount( root ), '37' );
		await reachPayment( root, 'Donate $37 >>' );
		await click( button( root, 'Credit Card' ) );
		await fillCardAndDonate( root, 'Donate $37' );
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		await answer( 502, {} );
		await frames();
		expect( warn ).toHaveBeenCalledWith(
			'[donation-widget] process_payment_method answered HTTP 502',
			''
		);
		warn.mockRestore();
		expect( button( root, 'Try Again' ) ).toBeTruthy();

		const saved = JSON.parse( window.sessionStorage.getItem( key ) ?? '' );
		expect( saved ).toMatchObject( {
			amount: 37,
			inputAmount: '37',
			frequency: 'Oneoff',
			firstName: 'Jane',
			email: 'jane@example.org',
		} );
		expect( Object.keys( saved ) ).not.toEqual(
			expect.arrayContaining( [ 'nameOnCard' ] )
		);
		expect( JSON.stringify( saved ) ).not.toMatch(
			/Jane Doe|cardNumber|attempt|captcha|pm_1/
		);

		// "Try Again" reloads the page: a new widget over the same storage.
		view?.unmount();
		root = await mount();
		expect( customAmount( root )?.value ).toBe( '37' );
		expect(
			button( root, 'Once only' ).getAttribute( 'aria-pressed' )
		).toBe( 'true' );
		await click( button( root, 'Donate $37 >>' ) );
		expect(
			( byLabel( root, 'First name' ) as HTMLInputElement ).value
		).toBe( 'Jane' );
		expect( ( byLabel( root, 'Email' ) as HTMLInputElement ).value ).toBe(
			'jane@example.org'
		);
		await click( button( root, 'Payment options >>' ) );
		expect(
			( byLabel( root, 'Name on Card' ) as HTMLInputElement ).value
		).toBe( '' );
	} );

	it( 'forgets them once the donation succeeds', async () => {
		const root = await mount();
		await reachPayment( root );
		expect( window.sessionStorage.getItem( key ) ).toContain( 'Jane' );
		await fillCardAndDonate( root );
		await answer( 200, { success: true, data: { reference: 'ch_2' } } );
		expect( window.sessionStorage.getItem( key ) ).toBeNull();
	} );
} );
