/**
 * BECS Direct Debit inside the donation widget, with Stripe's React bindings
 * replaced by doubles and admin-ajax answered by a fake fetch: when it is
 * offered, what must be accepted, what is sent, and how each answer ends.
 */
import { act } from 'react';
import { DonationWidget } from '../../../../donation/DonationWidget';
import {
	configFixture,
	settingsFixture,
} from '../../../../shared/__tests__/fixtures';
import {
	byLabel,
	byText,
	click,
	render,
	settle,
	typeInto,
	type Rendered,
} from '../../../../shared/__tests__/dom';
import { readPageGlobals, type Settings } from '../../../../shared/config';
import { stripeDouble } from '../../../../shared/__tests__/stripe-react-double';

const {
	stripe: mockStripe,
	element: mockBankElement,
	handlers: mockHandlers,
} = stripeDouble;

jest.mock( '../../load-stripe', () => ( {
	loadStripeFromPage: () => Promise.resolve( null ),
} ) );

jest.mock( '@stripe/react-stripe-js', () =>
	require( '../../../../shared/__tests__/stripe-react-double' ).stripeReactDouble()
);

const BECS_ON: Settings = {
	...settingsFixture,
	stripe_public_key: 'pk_test_1',
	payment_methods: [ 'au_becs_debit' ],
};
const TOGGLE = 'Bank account (Direct Debit)';
const MANDATE = 'I accept the Direct Debit Request and service agreement';

let view: Rendered;
let fetchMock: jest.Mock;
let pending: Array< ( answer: { status: number; body: unknown } ) => void >;

beforeEach( () => {
	pending = [];
	fetchMock = jest.fn(
		() =>
			new Promise( ( resolve ) =>
				pending.push( ( { status, body } ) =>
					resolve( {
						ok: status >= 200 && status < 300,
						status,
						json: async () => body,
					} )
				)
			)
	);
	window.fetch = fetchMock as unknown as typeof fetch;
	window.dataLayer = undefined;
	mockStripe.createPaymentMethod
		.mockReset()
		.mockResolvedValue( { paymentMethod: { id: 'pm_becs' } } );
	mockBankElement.focus.mockReset();
} );

afterEach( () => view?.unmount() );

const button = ( root: HTMLElement, label: string ) =>
	byText( root, 'button', label ) as HTMLButtonElement;
const sent = () =>
	new URLSearchParams(
		( fetchMock.mock.calls[ 0 ][ 1 ] as RequestInit ).body as string
	);
const bankError = ( root: HTMLElement ) =>
	root.querySelector( '.dw-becs-form .dw-card-field + .dw-field-error' )
		?.textContent;

async function answer( status: number, body: unknown ) {
	await act( async () => pending.shift()?.( { status, body } ) );
	await settle();
	await settle();
}

async function reachPayment(
	settings: Settings,
	frequency: 'Oneoff' | '4weekly',
	details: Record< string, string > = {}
) {
	view = await render(
		<DonationWidget
			config={ { ...configFixture, donation_type: frequency } }
			settings={ settings }
			globals={ readPageGlobals( { ajaxUrl: '/ajax', settings } ) }
			widgetIndex={ 0 }
			handlesRedirectReturn={ false }
		/>
	);
	const root = view.container;
	await settle();
	await click(
		button(
			root,
			frequency === 'Oneoff' ? 'Donate $50 >>' : 'Donate $50 4-weekly >>'
		)
	);
	await typeInto( byLabel( root, 'First name' ), details.first ?? 'Jane' );
	await typeInto( byLabel( root, 'Last name' ), 'Doe' );
	await typeInto( byLabel( root, 'Email' ), 'jane@example.org' );
	await click( button( root, 'Payment options >>' ) );
	await settle();
	return root;
}

async function completeBankAccount() {
	await act( async () =>
		mockHandlers.auBankAccount( {
			elementType: 'auBankAccount',
			complete: true,
			empty: false,
		} )
	);
	await settle();
}

async function readyToDonate( frequency: 'Oneoff' | '4weekly' ) {
	const root = await reachPayment( BECS_ON, frequency );
	await click( button( root, TOGGLE ) );
	await completeBankAccount();
	await click( byLabel( root, MANDATE ) );
	return root;
}

describe( 'availability', () => {
	it( 'is not offered by default: tab 3 is as SPEC describes', async () => {
		const root = await reachPayment(
			{ ...settingsFixture, stripe_public_key: 'pk_test_1' },
			'Oneoff'
		);
		expect( button( root, TOGGLE ) ).toBeUndefined();
		expect( button( root, 'Credit Card' ) ).toBeDefined();
		expect( root.querySelector( '.dw-becs-form' ) ).toBeNull();
	} );

	it( 'is not offered without a Stripe key', async () => {
		const root = await reachPayment(
			{ ...BECS_ON, stripe_public_key: '' },
			'4weekly'
		);
		expect( button( root, TOGGLE ) ).toBeUndefined();
	} );

	it( 'one-off: a toggle next to "Credit Card"; one form open at a time', async () => {
		const root = await reachPayment( BECS_ON, 'Oneoff' );
		const card = button( root, 'Credit Card' );
		const bank = button( root, TOGGLE );
		expect( bank.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		expect( button( root, 'Donate $50' ) ).toBeUndefined();
		await click( bank );
		expect( bank.getAttribute( 'aria-expanded' ) ).toBe( 'true' );
		expect(
			root.querySelector( '.dw-becs-form' )?.hasAttribute( 'hidden' )
		).toBe( false );
		expect(
			root.querySelector( '.dw-card-form' )?.hasAttribute( 'hidden' )
		).toBe( true );
		expect( button( root, 'Donate $50' ) ).toBeDefined();
		await click( card );
		expect( bank.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		expect(
			root.querySelector( '.dw-becs-form' )?.hasAttribute( 'hidden' )
		).toBe( true );
	} );

	it( 'every 4 weeks: card by default, bank account on choice', async () => {
		const root = await reachPayment( BECS_ON, '4weekly' );
		const card = button( root, 'Credit Card' );
		const bank = button( root, TOGGLE );
		expect( card.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
		expect(
			root.querySelector( '.dw-card-form' )?.hasAttribute( 'hidden' )
		).toBe( false );
		await click( bank );
		expect( bank.getAttribute( 'aria-pressed' ) ).toBe( 'true' );
		expect(
			root.querySelector( '.dw-card-form' )?.hasAttribute( 'hidden' )
		).toBe( true );
		expect( byLabel( root, MANDATE ) ).not.toBeNull();
		expect( button( root, 'Donate $50 4-weekly' ) ).toBeDefined();
	} );

	it( 'shows the account name from the details and the Direct Debit Request', async () => {
		const root = await reachPayment( BECS_ON, 'Oneoff' );
		await click( button( root, TOGGLE ) );
		const form = root.querySelector( '.dw-becs-form' ) as HTMLElement;
		expect( form.textContent ).toContain( 'Account name: Jane Doe' );
		expect( form.textContent ).toContain(
			'Stripe Payments Australia Pty Ltd ACN 160 180 343 Direct Debit User ID 507156'
		);
		expect( form.textContent ).toContain( 'on behalf of Good Cause' );
		const link = form.querySelector( 'a' ) as HTMLAnchorElement;
		expect( link.textContent ).toBe(
			'Direct Debit Request service agreement'
		);
		expect( link.href ).toBe(
			'https://stripe.com/au-becs-dd-service-agreement/legal'
		);
		expect( link.target ).toBe( '_blank' );
	} );
} );

describe( 'before sending', () => {
	it( 'requires the Direct Debit Request to be accepted', async () => {
		const root = await reachPayment( BECS_ON, 'Oneoff' );
		await click( button( root, TOGGLE ) );
		await completeBankAccount();
		await click( button( root, 'Donate $50' ) );
		expect( root.textContent ).toContain(
			'You must accept the Direct Debit Request and service agreement'
		);
		expect( byLabel( root, MANDATE )?.getAttribute( 'aria-invalid' ) ).toBe(
			'true'
		);
		expect( mockStripe.createPaymentMethod ).not.toHaveBeenCalled();
		expect( fetchMock ).not.toHaveBeenCalled();
	} );

	it( 'requires the bank account details', async () => {
		const root = await reachPayment( BECS_ON, 'Oneoff' );
		await click( button( root, TOGGLE ) );
		await click( byLabel( root, MANDATE ) );
		await click( button( root, 'Donate $50' ) );
		expect( bankError( root ) ).toBe( 'This field is required' );
		expect( mockStripe.createPaymentMethod ).not.toHaveBeenCalled();
	} );

	it( 'requires the privacy terms, as for cards', async () => {
		const root = await readyToDonate( 'Oneoff' );
		await click(
			root.querySelector( 'input[name="privacyTerms"]' ) as HTMLElement
		);
		await click( button( root, 'Donate $50' ) );
		expect( root.textContent ).toContain(
			'You must accept the privacy terms'
		);
		expect( fetchMock ).not.toHaveBeenCalled();
	} );

	it( "shows Stripe's message on the bank account and sends nothing", async () => {
		mockStripe.createPaymentMethod.mockResolvedValue( {
			error: { message: 'Your BSB is invalid.' },
		} );
		const root = await readyToDonate( 'Oneoff' );
		await click( button( root, 'Donate $50' ) );
		expect( bankError( root ) ).toBe( 'Your BSB is invalid.' );
		expect( fetchMock ).not.toHaveBeenCalled();
	} );
} );

describe( 'donating', () => {
	it( 'creates the payment method from the element with the account holder, and posts the donation', async () => {
		const root = await readyToDonate( '4weekly' );
		await click(
			byLabel(
				root,
				'I would like to add $2.50 to help cover fundraising costs'
			)
		);
		await click( button( root, 'Donate $52.50 4-weekly' ) );
		expect( button( root, 'Submitting...' ).disabled ).toBe( true );
		expect( mockStripe.createPaymentMethod ).toHaveBeenCalledWith( {
			type: 'au_becs_debit',
			au_becs_debit: mockBankElement,
			billing_details: { name: 'Jane Doe', email: 'jane@example.org' },
		} );
		const fields = sent();
		expect( fields.get( 'action' ) ).toBe( 'process_becs_debit' );
		expect( fields.get( 'token' ) ).toBe( 'pm_becs' );
		expect( fields.get( 'mandateAccepted' ) ).toBe( '1' );
		expect( fields.get( 'captchaToken' ) ).toBe( '' );
		expect( fields.get( 'attemptId' ) ).toMatch( /^[0-9a-f-]{36}$/ );
		expect( fields.get( 'currentUrl' ) ).toBe(
			window.location.origin + window.location.pathname
		);
		expect(
			Object.keys( JSON.parse( fields.get( 'formData' ) as string ) )
		).toEqual( [
			'email',
			'firstName',
			'lastName',
			'mobile',
			'address',
			'totalAmount',
			'currency',
			'frequency',
			'utm_campaign',
			'utm_source',
			'utm_medium',
			'utm_content',
			'utm_term',
			'inMemoryOf',
			'organisationName',
			'iteration_id',
		] );
		expect(
			JSON.parse( fields.get( 'formData' ) as string )
		).toMatchObject( { totalAmount: 52.5, frequency: '4weekly' } );
	} );

	it( 'accepted (202 pending): the "being processed" thank-you, and no purchase event', async () => {
		const root = await readyToDonate( '4weekly' );
		await click( button( root, 'Donate $50 4-weekly' ) );
		await answer( 202, {
			success: false,
			type: 'pending',
			data: { message: 'Processing' },
		} );
		expect( root.querySelector( 'h2' )?.textContent ).toBe(
			'Thank you, Jane'
		);
		expect( root.textContent ).toContain(
			'Your donation of $50 is being processed.'
		);
		expect( root.textContent ).toContain(
			'Bank payments take up to three business days to clear. We will email your receipt once your bank confirms the payment.'
		);
		expect( root.textContent ).toContain(
			'Your next donation will be processed in 4 weeks.'
		);
		expect( root.textContent ).toContain(
			'If you have a question, contact us, or find out more about other ways to get involved.'
		);
		expect( root.textContent ).not.toContain( 'has been successful' );
		expect( window.dataLayer ).toBeUndefined();
	} );

	it( "card_error: the server's message on the bank account; the donor may fix it", async () => {
		const root = await readyToDonate( 'Oneoff' );
		await click( button( root, 'Donate $50' ) );
		await answer( 200, {
			success: false,
			type: 'card_error',
			data: { message: 'This account cannot be debited.' },
		} );
		expect( bankError( root ) ).toBe( 'This account cannot be debited.' );
		expect( button( root, 'Donate $50' ).disabled ).toBe( false );
		expect( window.dataLayer ).toBeUndefined();
	} );

	it( 'a server error shows the failure screen', async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		const root = await readyToDonate( 'Oneoff' );
		await click( button( root, 'Donate $50' ) );
		await answer( 500, null );
		expect( root.querySelector( 'h2' )?.textContent ).toBe(
			'Error: An unexpected error occurred.'
		);
		expect( button( root, 'Try Again' ) ).toBeDefined();
		warn.mockRestore();
	} );
} );
