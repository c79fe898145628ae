/**
 * The update-card widget end to end in the DOM, with the card provider's
 * React bindings replaced by doubles and admin-ajax by a fake client.
 */
import { act } from 'react';
import { CardUpdateApp } from '../CardUpdateApp';
import { CardUpdateWidget } from '../CardUpdateWidget';
import type { AjaxFields, AjaxResponse } from '../../shared/ajax';
import { readPageGlobals, type Settings } from '../../shared/config';
import {
	byLabel,
	byText,
	frames,
	render,
	settle,
	typeInto,
	type Rendered,
} from '../../shared/__tests__/dom';
import { stripeDouble } from '../../shared/__tests__/stripe-react-double';

const {
	stripe: mockStripe,
	element: mockCardElement,
	handlers: mockHandlers,
} = stripeDouble;
const mockLoadStripe = jest.fn();

jest.mock( '../../payments/stripe/load-stripe', () => ( {
	loadStripeFromPage: ( ...args: unknown[] ) => mockLoadStripe( ...args ),
} ) );

jest.mock( '@stripe/react-stripe-js', () =>
	require( '../../shared/__tests__/stripe-react-double' ).stripeReactDouble()
);

const settings: Settings = {
	amount_values: [ '20', '50', '100' ],
	default_amount: 50,
	default_iteration_id: '',
	stripe_public_key: 'pk_test_123',
	experian_min_search_char: 4,
	paypal_client_id: '',
	google_captcha_key: '',
	organisation_name: 'Good Cause',
	privacy_url: '',
	contact_url: '',
	get_involved_url: '',
	supporter_phone: '1800 000 000',
	supporter_email: 'care@example.org',
	demo_mode: false,
};

const globals = readPageGlobals( {
	ajaxUrl: '/wp-admin/admin-ajax.php',
	settings,
	providerScripts: { stripe: 'https://js.stripe.com/v3/' },
} );

const REQUEST_ID = 'r'.repeat( 43 );

interface Pending {
	action: string;
	fields: AjaxFields;
	resolve: ( answer: AjaxResponse ) => void;
	reject: ( error: Error ) => void;
}

let view: Rendered | undefined;
let pending: Pending[];
let post: jest.Mock;

beforeEach( () => {
	pending = [];
	post = jest.fn(
		( action: string, fields: AjaxFields ) =>
			new Promise< AjaxResponse >( ( resolve, reject ) =>
				pending.push( { action, fields, resolve, reject } )
			)
	);
	mockLoadStripe.mockReset().mockResolvedValue( {} );
	mockStripe.createPaymentMethod
		.mockReset()
		.mockResolvedValue( { paymentMethod: { id: 'pm_new' } } );
	mockStripe.handleNextAction.mockReset().mockResolvedValue( {} );
	mockCardElement.focus.mockReset();
} );

afterEach( () => {
	view?.unmount();
	view = undefined;
} );

async function answer( status: number, body: unknown ) {
	await act( async () => {
		pending.shift()?.resolve( { ok: status < 300, status, body } );
	} );
	await settle();
	await settle();
}

async function mount( search = `?requestID=${ REQUEST_ID }` ) {
	view = await render(
		<CardUpdateWidget
			settings={ settings }
			globals={ globals }
			search={ search }
			post={ post }
		/>
	);
	await settle();
	await settle();
	return view.container;
}

const button = ( root: HTMLElement ) =>
	root.querySelector( 'button[type="submit"]' ) as HTMLButtonElement | null;

async function cardEvent( field: string, event: Record< string, unknown > ) {
	await act( async () => mockHandlers[ field ]( event ) );
	await settle();
}

async function fillCard( brand = 'visa' ) {
	await cardEvent( 'cardNumber', {
		elementType: 'cardNumber',
		complete: true,
		empty: false,
		brand,
	} );
	await cardEvent( 'cardExpiry', {
		elementType: 'cardExpiry',
		complete: true,
		empty: false,
	} );
	await cardEvent( 'cardCvc', {
		elementType: 'cardCvc',
		complete: true,
		empty: false,
	} );
}

async function openValidLink() {
	const root = await mount();
	await answer( 200, {
		success: true,
		data: { card: { brand: 'visa', last4: '4242' } },
	} );
	return root;
}

async function submit( root: HTMLElement ) {
	await act( async () => {
		root.querySelector( 'form' )?.requestSubmit();
	} );
	await settle();
	await settle();
}

describe( 'CardUpdateApp', () => {
	it( 'renders nothing without settings, or without a Stripe public key', async () => {
		// The settings call never answers: the widget waits, blank.
		window.fetch = jest.fn(
			() => new Promise< Response >( () => undefined )
		) as unknown as typeof fetch;
		const withoutSettings = await render(
			<CardUpdateApp
				config={ { type: 'update-card' } as never }
				globals={ { ...globals, settings: null, settingsUrl: '/x' } }
			/>
		);
		expect( withoutSettings.container.innerHTML ).toBe( '' );
		withoutSettings.unmount();

		const withoutKey = await render(
			<CardUpdateApp
				config={ { type: 'update-card' } as never }
				globals={ {
					...globals,
					settings: { ...settings, stripe_public_key: '' },
				} }
			/>
		);
		expect( withoutKey.container.innerHTML ).toBe( '' );
		withoutKey.unmount();
	} );
} );

describe( 'CardUpdateWidget', () => {
	it( 'starts loading with the button disabled, and checks the requestID', async () => {
		const root = await mount();

		expect( byText( root, 'h2', 'Update card details.' ) ).toBeDefined();
		expect( button( root )?.textContent ).toBe( 'Loading...' );
		expect( button( root )?.disabled ).toBe( true );
		expect( post ).toHaveBeenCalledWith( 'process_request_id', {
			id: REQUEST_ID,
		} );
		expect( mockLoadStripe ).toHaveBeenCalledWith(
			'https://js.stripe.com/v3/',
			'pk_test_123'
		);
	} );

	it( 'becomes ready, naming the card being replaced', async () => {
		const root = await openValidLink();

		expect( button( root )?.textContent ).toBe( 'UPDATE CARD DETAILS' );
		expect( button( root )?.disabled ).toBe( false );
		expect( root.textContent ).toContain(
			'Card being replaced: Visa ending in 4242'
		);
	} );

	it( 'labels every field, hiding the floating label while it is empty', async () => {
		const root = await openValidLink();
		const name = byLabel( root, 'Name on Card' ) as HTMLInputElement;

		expect( name.placeholder ).toBe( 'Name on Card' );
		expect( name.closest( '.dw-float' )?.className ).toContain(
			'dw-float--empty'
		);
		for ( const label of [ 'Card Number', 'Card Expiry', 'Card CVV' ] ) {
			const labelElement = byText( root, 'label', label );
			const group = root.querySelector(
				`[role="group"][aria-labelledby="${ labelElement?.id }"]`
			);
			expect( group ).not.toBeNull();
			expect(
				document.getElementById(
					group?.getAttribute( 'aria-describedby' ) ?? ''
				)
			).not.toBeNull();
		}
		expect(
			root.querySelector( '[data-placeholder="MM/YY"]' )
		).not.toBeNull();
		expect(
			root.querySelector( '[data-placeholder="CVV"]' )
		).not.toBeNull();

		await typeInto( name, 'Jane 2' );
		expect( name.value ).toBe( 'Jane ' );
		expect( name.closest( '.dw-float' )?.className ).not.toContain(
			'dw-float--empty'
		);
		await cardEvent( 'cardNumber', {
			elementType: 'cardNumber',
			complete: false,
			empty: false,
			brand: 'visa',
		} );
		expect(
			byText( root, 'label', 'Card Number' )?.closest( '.dw-float' )
				?.className
		).not.toContain( 'dw-float--empty' );
	} );

	it( 'shows the link-expired screen without a call when there is no requestID', async () => {
		const root = await mount( '?foo=bar' );

		expect( post ).not.toHaveBeenCalled();
		expect( mockLoadStripe ).not.toHaveBeenCalled();
		expect( root.textContent ).toContain(
			'Your link has expired, please get in touch.'
		);
		expect( root.textContent ).toContain(
			'Please contact our Supporter Care team on 1800 000 000 to update your details.'
		);
	} );

	it( 'shows the link-expired screen when the server refuses the link', async () => {
		const root = await mount();
		await answer( 200, { success: false, type: 'link_expired' } );

		expect( root.querySelector( 'form' ) ).toBeNull();
		expect( root.textContent ).toContain(
			'Your link has expired, please get in touch.'
		);
	} );

	it( 'asks for every field before anything is sent', async () => {
		const root = await openValidLink();

		await submit( root );

		const errors = Array.from(
			root.querySelectorAll( '.dw-field-error' ),
			( node ) => node.textContent
		);
		expect( errors ).toEqual( Array( 4 ).fill( 'This field is required' ) );
		expect( mockStripe.createPaymentMethod ).not.toHaveBeenCalled();
		expect( post ).toHaveBeenCalledTimes( 1 );
		expect( root.ownerDocument.activeElement ).toBe(
			byLabel( root, 'Name on Card' )
		);
		const name = byLabel( root, 'Name on Card' );
		expect( name?.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		expect(
			document.getElementById(
				name?.getAttribute( 'aria-describedby' ) ?? ''
			)?.textContent
		).toBe( 'This field is required' );
	} );

	it( 'refuses a card brand other than Visa, Mastercard or Amex', async () => {
		const root = await openValidLink();
		await typeInto( byLabel( root, 'Name on Card' ), 'Jane Citizen' );
		await fillCard( 'discover' );

		expect( root.textContent ).toContain(
			'Only Visa, MasterCard, Amex are accepted.'
		);
		await submit( root );
		expect( mockStripe.createPaymentMethod ).not.toHaveBeenCalled();
		expect( mockCardElement.focus ).toHaveBeenCalled();
	} );

	it( 'tokenises with the name, updates the card, and says so', async () => {
		const root = await openValidLink();
		await typeInto( byLabel( root, 'Name on Card' ), 'Jane Citizen' );
		await fillCard();

		await submit( root );

		expect( mockStripe.createPaymentMethod ).toHaveBeenCalledWith( {
			type: 'card',
			card: mockCardElement,
			billing_details: { name: 'Jane Citizen' },
		} );
		expect( button( root )?.textContent ).toBe( 'Loading...' );
		expect( button( root )?.disabled ).toBe( true );
		expect( pending[ 0 ].action ).toBe( 'process_update_card' );
		expect( pending[ 0 ].fields ).toEqual( {
			id: REQUEST_ID,
			token: 'pm_new',
			cardId: 'pm_new',
			formData: '{"nameOnCard":"Jane Citizen"}',
		} );

		await answer( 200, {
			success: true,
			data: { missed_donation: 'recovered' },
		} );

		expect( root.querySelector( 'form' ) ).toBeNull();
		expect( root.textContent ).toContain(
			'Your payment details have been updated successfully.'
		);
		expect( root.textContent ).toContain(
			'We have also processed the donation that was missed'
		);
		expect( root.textContent ).toContain(
			'If you have any questions or need anything further please contact us on care@example.org or 1800 000 000.'
		);
	} );

	it( 'shows the card error on the card number when the card is declined, and lets the donor retry', async () => {
		const root = await openValidLink();
		await typeInto( byLabel( root, 'Name on Card' ), 'Jane Citizen' );
		await fillCard();
		await submit( root );

		await answer( 200, { success: false, type: 'card_error' } );

		const group = byText( root, 'label', 'Card Number' )?.closest(
			'.dw-field'
		);
		expect( group?.querySelector( '.dw-field-error' )?.textContent ).toBe(
			'Please check your card details and try again!'
		);
		expect( button( root )?.textContent ).toBe( 'UPDATE CARD DETAILS' );
		expect( button( root )?.disabled ).toBe( false );
	} );

	it( 'covers the form while the card is sent, with a focused status, then focuses the outcome', async () => {
		const root = await openValidLink();
		await typeInto( byLabel( root, 'Name on Card' ), 'Jane Citizen' );
		await fillCard();
		await submit( root );
		await frames();

		const widget = root.querySelector( '.dw-widget' ) as HTMLElement;
		expect( widget.getAttribute( 'aria-busy' ) ).toBe( 'true' );
		const status = root.querySelector( '[role="status"]' );
		expect( status?.textContent ).toBe( 'Updating your card…' );
		expect( root.ownerDocument.activeElement ).toBe( status );
		expect(
			( root.querySelector( '.dw-content' ) as HTMLElement ).inert
		).toBe( true );

		await answer( 200, { success: false, type: 'card_error' } );
		await frames();
		expect( root.querySelector( '[role="status"]' ) ).toBeNull();
		expect( root.ownerDocument.activeElement?.textContent ).toBe(
			'Please check your card details and try again!'
		);

		await fillCard();
		await submit( root );
		await answer( 200, { success: true, data: {} } );
		await frames();
		expect( root.ownerDocument.activeElement?.textContent ).toBe(
			'Your payment details have been updated successfully.'
		);
	} );

	it( 'shows the card error when tokenising fails, without calling the server', async () => {
		mockStripe.createPaymentMethod.mockResolvedValue( {
			error: { message: 'Your card number is incorrect.' },
		} );
		const root = await openValidLink();
		await typeInto( byLabel( root, 'Name on Card' ), 'Jane Citizen' );
		await fillCard();

		await submit( root );

		expect( root.textContent ).toContain(
			'Please check your card details and try again!'
		);
		expect( post ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'runs 3-D Secure and posts again with the SetupIntent', async () => {
		const root = await openValidLink();
		await typeInto( byLabel( root, 'Name on Card' ), 'Jane Citizen' );
		await fillCard();
		await submit( root );

		await answer( 200, {
			success: false,
			type: 'requires_action',
			data: {
				client_secret: 'seti_1_secret_x',
				setup_intent_id: 'seti_1',
			},
		} );

		expect( mockStripe.handleNextAction ).toHaveBeenCalledWith( {
			clientSecret: 'seti_1_secret_x',
		} );
		expect( pending[ 0 ].fields.setupIntentId ).toBe( 'seti_1' );
		await answer( 200, { success: true, data: { missed_donation: null } } );
		expect( root.textContent ).toContain(
			'Your payment details have been updated successfully.'
		);
	} );

	it( 'shows the link-expired screen when the link stops working on submit', async () => {
		const root = await openValidLink();
		await typeInto( byLabel( root, 'Name on Card' ), 'Jane Citizen' );
		await fillCard();
		await submit( root );

		await answer( 200, { success: false, type: 'link_expired' } );

		expect( root.textContent ).toContain(
			'Your link has expired, please get in touch.'
		);
	} );

	it( 'shows the "Page not found" alert with the message of an unexpected exception', async () => {
		const root = await openValidLink();
		await typeInto( byLabel( root, 'Name on Card' ), 'Jane Citizen' );
		await fillCard();
		await submit( root );

		await act( async () => {
			pending.shift()?.reject( new Error( 'Failed to fetch' ) );
		} );
		await settle();

		const alert = root.querySelector( '[role="alert"]' );
		expect( alert?.querySelector( 'h2' )?.textContent ).toBe(
			'Page not found'
		);
		expect( alert?.textContent ).toContain( 'Failed to fetch' );
		expect( button( root )?.disabled ).toBe( false );
	} );

	it( 'shows the alert when the link cannot be checked', async () => {
		const root = await mount();
		await act( async () => {
			pending.shift()?.reject( new Error( 'Offline' ) );
		} );
		await settle();

		expect( root.querySelector( '[role="alert"]' )?.textContent ).toContain(
			'Offline'
		);
		expect( button( root )?.disabled ).toBe( true );
	} );

	it( 'shows the alert when Stripe.js cannot load', async () => {
		mockLoadStripe.mockResolvedValue( null );
		const root = await mount();

		expect( root.querySelector( '[role="alert"]' )?.textContent ).toContain(
			'The secure card form could not be loaded.'
		);
	} );
} );
