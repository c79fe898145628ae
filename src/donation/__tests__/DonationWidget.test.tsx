import { DonationWidget } from '../DonationWidget';
import {
	byLabel,
	byText,
	click,
	keyDown,
	render,
	settle,
	typeInto,
	type Rendered,
} from '../../shared/__tests__/dom';
import { readPageGlobals } from '../../shared/config';
import { configFixture, settingsFixture } from './fixtures';

// Stripe.js is not reachable in tests; the card form stays "not ready".
jest.mock( '../../payments/stripe/load-stripe', () => ( {
	loadStripeFromPage: () => Promise.resolve( null ),
} ) );

const globals = readPageGlobals( { settings: settingsFixture } );

let view: Rendered;

async function renderWidget( config = {}, settings = {} ) {
	view = await render(
		<DonationWidget
			config={ { ...configFixture, ...config } }
			settings={ { ...settingsFixture, ...settings } }
			globals={ globals }
			widgetIndex={ 0 }
			handlesRedirectReturn={ false }
		/>
	);
	await settle();
	return view.container;
}

afterEach( () => view?.unmount() );

const tab = ( root: HTMLElement, label: string ) =>
	byText( root, '[role="tab"]', label );
const selectedTab = ( root: HTMLElement ) =>
	root.querySelector( '[role="tab"][aria-selected="true"]' )?.textContent;
const button = ( root: HTMLElement, label: string ) =>
	byText( root, 'button', label );
const visiblePanel = ( root: HTMLElement ) =>
	root.querySelector< HTMLElement >(
		'[role="tabpanel"]:not([hidden])'
	) as HTMLElement;
const errorsIn = ( root: HTMLElement ) =>
	Array.from( visiblePanel( root ).querySelectorAll( '.dw-field-error' ) )
		.map( ( element ) => element.textContent )
		.filter( Boolean );

async function fillDetails( root: HTMLElement ) {
	await typeInto( byLabel( root, 'First name' ), 'Jane' );
	await typeInto( byLabel( root, 'Last name' ), 'Doe' );
	await typeInto( byLabel( root, 'Email' ), 'jane@example.org' );
}

describe( 'tabs (widget contract §2.2)', () => {
	it( 'renders a tablist with the three exact labels and tab 1 selected', async () => {
		const root = await renderWidget();
		const tabs = Array.from(
			root.querySelectorAll( '[role="tablist"] [role="tab"]' )
		);
		expect( tabs.map( ( element ) => element.textContent ) ).toEqual( [
			'1. Amount',
			'2. Details',
			'3. Payment',
		] );
		expect( selectedTab( root ) ).toBe( '1. Amount' );
		const panelId = tabs[ 0 ].getAttribute( 'aria-controls' ) as string;
		expect(
			root.querySelector( `[id="${ panelId }"]` )?.getAttribute( 'role' )
		).toBe( 'tabpanel' );
	} );

	it( 'shows the demo notice only in demo mode', async () => {
		let root = await renderWidget();
		expect( root.textContent ).not.toContain(
			'Demo mode: no real payments'
		);
		view.unmount();
		root = await renderWidget( {}, { demo_mode: true } );
		expect( root.querySelector( '.dw-demo-notice' )?.textContent ).toBe(
			'Demo mode: no real payments'
		);
	} );
} );

describe( 'amount step (widget contract §2.3, §4.3)', () => {
	it( 'shows presets as "$ " + value with the default highlighted', async () => {
		const root = await renderWidget();
		const presets = Array.from( root.querySelectorAll( '.dw-preset' ) );
		expect( presets.map( ( element ) => element.textContent ) ).toEqual( [
			'$ 20',
			'$ 50',
			'$ 100',
		] );
		expect(
			presets.map( ( element ) => element.getAttribute( 'aria-pressed' ) )
		).toEqual( [ 'false', 'true', 'false' ] );
		expect( root.textContent ).toContain(
			'Please select a donation amount:'
		);
		expect( root.textContent ).toContain(
			"I'd like to make this donation:"
		);
	} );

	it( 'labels the Donate button with the total and frequency', async () => {
		const root = await renderWidget();
		expect( button( root, 'Donate $50 4-weekly >>' ) ).toBeDefined();
		await click( button( root, 'Once only' ) );
		expect(
			button( root, 'Once only' )?.getAttribute( 'aria-pressed' )
		).toBe( 'true' );
		expect( button( root, 'Donate $50 >>' ) ).toBeDefined();
		await click( button( root, 'Every 4 weeks' ) );
		expect( button( root, 'Donate $50 4-weekly >>' ) ).toBeDefined();
	} );

	it( 'choosing a preset highlights it and clears the custom amount', async () => {
		const root = await renderWidget();
		const custom = root.querySelector< HTMLInputElement >(
			'input[name="inputAmount"]'
		);
		await typeInto( custom, '35' );
		expect( button( root, 'Donate $35 4-weekly >>' ) ).toBeDefined();
		await click( button( root, '$ 20' ) );
		expect( custom?.value ).toBe( '' );
		expect( button( root, '$ 20' )?.getAttribute( 'aria-pressed' ) ).toBe(
			'true'
		);
		expect( button( root, 'Donate $20 4-weekly >>' ) ).toBeDefined();
	} );

	it( 'the custom field has a placeholder, an accessible label and a "$" prefix', async () => {
		const root = await renderWidget();
		const custom = root.querySelector< HTMLInputElement >(
			'input[name="inputAmount"]'
		) as HTMLInputElement;
		expect( custom.placeholder ).toBe( 'or enter your amount' );
		const label = root.querySelector( `label[for="${ custom.id }"]` );
		expect( label?.textContent ).toBe( 'Custom amount$' );
	} );

	it( 'blocks letters and a third decimal while typing', async () => {
		const root = await renderWidget();
		const custom = root.querySelector< HTMLInputElement >(
			'input[name="inputAmount"]'
		) as HTMLInputElement;
		expect( await keyDown( custom, 'a' ) ).toBe( false );
		expect( await keyDown( custom, '5' ) ).toBe( true );
		await typeInto( custom, '12.55' );
		custom.setSelectionRange( 5, 5 );
		expect( await keyDown( custom, '1' ) ).toBe( false );
		expect( await keyDown( custom, '.' ) ).toBe( false );
	} );

	it.each( [
		[ '3', 'Please choose or enter a donation amount greater than $5' ],
		[
			'1000000',
			'Please choose or enter a donation amount less than $999,999.99',
		],
	] )( 'custom %p shows %p and stays on tab 1', async ( amount, message ) => {
		const root = await renderWidget();
		const custom = root.querySelector< HTMLInputElement >(
			'input[name="inputAmount"]'
		) as HTMLInputElement;
		await typeInto( custom, amount );
		await click(
			root.querySelector( '.dw-step--amount button[type="submit"]' )
		);
		expect( selectedTab( root ) ).toBe( '1. Amount' );
		expect( errorsIn( root ) ).toEqual( [ message ] );
		expect( custom.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		const described = root.querySelector(
			`[id="${ custom.getAttribute( 'aria-describedby' ) }"]`
		);
		expect( described?.textContent ).toBe( message );
		expect( described?.getAttribute( 'aria-live' ) ).toBe( 'polite' );
	} );

	it( 'a preset below $5 is refused', async () => {
		const root = await renderWidget( {
			amount_values: [ '2', '10', '20' ],
			default_amount: 2,
		} );
		await click( button( root, 'Donate $2 4-weekly >>' ) );
		expect( selectedTab( root ) ).toBe( '1. Amount' );
		expect( errorsIn( root ) ).toEqual( [
			'Please choose or enter a donation amount greater than $5',
		] );
	} );
} );

describe( 'step navigation (widget contract §4.2)', () => {
	it( 'Donate moves to tab 2; Back returns to tab 1', async () => {
		const root = await renderWidget();
		await click( button( root, 'Donate $50 4-weekly >>' ) );
		expect( selectedTab( root ) ).toBe( '2. Details' );
		expect( visiblePanel( root ).textContent ).toContain( 'Donate as:' );
		await click( byText( visiblePanel( root ), 'button', 'Back' ) );
		expect( selectedTab( root ) ).toBe( '1. Amount' );
	} );

	it( 'details are required before tab 3', async () => {
		const root = await renderWidget();
		await click( button( root, 'Donate $50 4-weekly >>' ) );
		await click( button( root, 'Payment options >>' ) );
		expect( selectedTab( root ) ).toBe( '2. Details' );
		expect( errorsIn( root ) ).toEqual( [
			'This field is required',
			'This field is required',
			'This field is required',
		] );
		expect(
			byLabel( root, 'First name' )?.getAttribute( 'aria-invalid' )
		).toBe( 'true' );
	} );

	it( 'checks the email pattern and the mobile length', async () => {
		const root = await renderWidget();
		await click( button( root, 'Donate $50 4-weekly >>' ) );
		await fillDetails( root );
		await typeInto( byLabel( root, 'Email' ), 'jane@example' );
		await typeInto( byLabel( root, 'Mobile' ), '0412 345' );
		await click( button( root, 'Payment options >>' ) );
		expect( errorsIn( root ) ).toEqual( [
			'Invalid email address',
			'Mobile number must be exactly 10 digits!',
		] );
		expect( ( byLabel( root, 'Mobile' ) as HTMLInputElement ).value ).toBe(
			'0412345'
		);
	} );

	it( 'an organisation needs its name', async () => {
		const root = await renderWidget();
		await click( button( root, 'Donate $50 4-weekly >>' ) );
		await click( button( root, 'Organisation' ) );
		await fillDetails( root );
		await click( button( root, 'Payment options >>' ) );
		expect( errorsIn( root ) ).toEqual( [ 'This field is required' ] );
		expect(
			byLabel( root, 'Organisation name' )?.getAttribute( 'aria-invalid' )
		).toBe( 'true' );
	} );

	it( 'valid details move to the payment step', async () => {
		const root = await renderWidget();
		await click( button( root, 'Donate $50 4-weekly >>' ) );
		await fillDetails( root );
		await click( button( root, 'Payment options >>' ) );
		expect( selectedTab( root ) ).toBe( '3. Payment' );
		expect( visiblePanel( root ).querySelector( 'h2' )?.textContent ).toBe(
			'Payment Details'
		);
		await click( byText( visiblePanel( root ), 'button', 'Back' ) );
		expect( selectedTab( root ) ).toBe( '2. Details' );
	} );

	it( 'clicking tab 3 from tab 1 validates like the buttons', async () => {
		const root = await renderWidget();
		await click( tab( root, '3. Payment' ) );
		expect( selectedTab( root ) ).toBe( '2. Details' );
		expect( errorsIn( root ) ).toHaveLength( 3 );
		await fillDetails( root );
		await click( tab( root, '1. Amount' ) );
		await click( tab( root, '3. Payment' ) );
		expect( selectedTab( root ) ).toBe( '3. Payment' );
	} );

	it( 'clicking tab 2 with an invalid amount stays on tab 1', async () => {
		const root = await renderWidget();
		await typeInto(
			root.querySelector( 'input[name="inputAmount"]' ),
			'4'
		);
		await click( tab( root, '2. Details' ) );
		expect( selectedTab( root ) ).toBe( '1. Amount' );
	} );

	it( 'hides the address, mobile and in-honour fields when configured', async () => {
		const root = await renderWidget( {
			hide_address: true,
			hide_mobile: true,
			hide_inmemory: true,
		} );
		await click( button( root, 'Donate $50 4-weekly >>' ) );
		expect( byLabel( root, 'Mobile' ) ).toBeNull();
		expect( byLabel( root, 'In honour of' ) ).toBeNull();
		expect( byLabel( root, 'Address' ) ).toBeNull();
		expect( byLabel( root, 'Email' ) ).not.toBeNull();
	} );
} );

describe( 'payment step (widget contract §2.5)', () => {
	async function reachPayment( config = {} ) {
		const root = await renderWidget( config );
		await click(
			root.querySelector( '.dw-step--amount button[type="submit"]' )
		);
		await fillDetails( root );
		await click( button( root, 'Payment options >>' ) );
		return root;
	}

	it( 'exists (hidden) once tab 2 is reached', async () => {
		const root = await renderWidget();
		await click( button( root, 'Donate $50 4-weekly >>' ) );
		const paymentPanel =
			root.querySelectorAll< HTMLElement >( '[role="tabpanel"]' )[ 2 ];
		expect( paymentPanel.hidden ).toBe( true );
		expect(
			paymentPanel.querySelector( '.dw-step--payment' )
		).not.toBeNull();
	} );

	it( 'recurring: card form, amount line, help cover, privacy and Donate', async () => {
		const root = await reachPayment();
		const panel = visiblePanel( root );
		expect(
			panel.querySelector( '.dw-card-form' )?.hasAttribute( 'hidden' )
		).toBe( false );
		expect(
			[ 'Name on Card', 'Card Number', 'Card Expiry', 'Card CVV' ].every(
				( label ) => byText( panel, 'label', label )
			)
		).toBe( true );
		expect( panel.querySelector( '.dw-amount-line' )?.textContent ).toBe(
			'4-weekly donation amount : $50'
		);
		expect(
			byText(
				panel,
				'label',
				'I would like to add $2.50 to help cover fundraising costs'
			)
		).toBeDefined();
		const privacy = byLabel(
			panel,
			"By submitting this form, I accept Good Cause's Privacy Collection Statement"
		) as HTMLInputElement;
		expect( privacy.checked ).toBe( true );
		const link = panel.querySelector( '.dw-check a' ) as HTMLAnchorElement;
		expect( link.href ).toBe( 'https://example.org/privacy' );
		expect( link.target ).toBe( '_blank' );
		expect( link.rel ).toBe( 'noopener noreferrer' );
		const donate = byText(
			panel,
			'button',
			'Donate $50 4-weekly'
		) as HTMLButtonElement;
		expect( donate.disabled ).toBe( true );
		expect(
			panel
				.querySelector( 'svg.dw-badge[role="img"]' )
				?.getAttribute( 'aria-label' )
		).toBeTruthy();
		expect( button( root, 'Credit Card' ) ).toBeUndefined();
	} );

	it( 'help cover adds 5% to the total everywhere', async () => {
		const root = await reachPayment();
		await click(
			byLabel(
				visiblePanel( root ),
				'I would like to add $2.50 to help cover fundraising costs'
			)
		);
		expect(
			visiblePanel( root ).querySelector( '.dw-amount-line' )?.textContent
		).toBe( '4-weekly donation amount : $52.50' );
		expect( button( root, 'Donate $52.50 4-weekly' ) ).toBeDefined();
		expect( button( root, 'Donate $52.50 4-weekly >>' ) ).toBeDefined();
	} );

	it( 'one-off: heading, Credit Card toggle and hidden card form', async () => {
		const root = await reachPayment( { donation_type: 'Oneoff' } );
		const panel = visiblePanel( root );
		expect( panel.querySelector( 'h2' )?.textContent ).toBe(
			'Select payment method'
		);
		expect( panel.querySelector( '.dw-amount-line' )?.textContent ).toBe(
			'Donation Amount : $50'
		);
		const toggle = button( root, 'Credit Card' ) as HTMLButtonElement;
		expect( toggle.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		expect(
			panel.querySelector( '.dw-card-form' )?.hasAttribute( 'hidden' )
		).toBe( true );
		expect( byText( panel, 'button', 'Donate $50' ) ).toBeUndefined();
		await click( toggle );
		expect( toggle.getAttribute( 'aria-expanded' ) ).toBe( 'true' );
		expect(
			panel.querySelector( '.dw-card-form' )?.hasAttribute( 'hidden' )
		).toBe( false );
		expect( byText( panel, 'button', 'Donate $50' ) ).toBeDefined();
	} );

	it( 'filters the name on card', async () => {
		const root = await reachPayment();
		const name = byLabel(
			visiblePanel( root ),
			'Name on Card'
		) as HTMLInputElement;
		await typeInto( name, 'J. Smith-Jones 3' );
		expect( name.value ).toBe( 'J Smith-Jones ' );
		expect( name.maxLength ).toBe( 100 );
	} );
} );
