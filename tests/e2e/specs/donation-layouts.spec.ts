/**
 * The widget in its page (docs/widget-contract.md#21-widget-configuration-and-container, docs/widget-contract.md#22-donation-widget-shell, docs/widget-contract.md#31-widget-configuration-from-the-host-element, docs/widget-contract.md#41-donation-widget-load): the modal overlay, two widgets on one
 * page, a block configured with its own presets, default, frequency, iteration and hidden
 * fields, the shortcode, when the payment providers' scripts are fetched, and no demo notice on
 * a site that is not in demo mode.
 */
import type { Page, Request } from '@playwright/test';
import { test, expect } from '../fixtures';
import {
	publishPage,
	resetSiteState,
	settledDonation,
	uniqueEmail,
} from '../fixtures/donations';
import { CARDS, DonationWidgetPage } from '../pages/DonationWidgetPage';

// Each test starts with the stand-ins reset (the fixture does it), fresh rate limits and no
// cached address lookups.
test.beforeEach( async ( { standIns } ) => {
	void standIns;
	await resetSiteState();
} );

const DIALOG_NAME = 'Donate to Helping Hands Australia';

async function modalPage(): Promise< string > {
	return publishPage(
		'e2e-donate-modal',
		'Donate (modal)',
		[
			'<!-- wp:paragraph -->',
			'<p>Every gift helps. <a href="/get-involved/">Other ways to help</a></p>',
			'<!-- /wp:paragraph -->',
			'',
			'<!-- wp:donation-widget/donation-widget {"modal":true} /-->',
		].join( '\n' )
	);
}

/**
 * Whether the element that has focus is inside a dialog.
 *
 * @param page The page.
 */
async function focusIsInDialog( page: Page ): Promise< boolean > {
	return page
		.locator( 'body' )
		.evaluate( ( body ) =>
			Boolean(
				body.ownerDocument.activeElement?.closest( '[role="dialog"]' )
			)
		);
}

test.describe( 'the modal', () => {
	test( 'opens over the page on load, keeps focus inside, and Escape closes it for good', async ( {
		page,
	} ) => {
		const path = await modalPage();
		await page.goto( path );
		const dialog = page.getByRole( 'dialog', { name: DIALOG_NAME } );
		await expect( dialog ).toBeVisible();
		await expect( dialog ).toHaveAttribute( 'aria-modal', 'true' );
		const widget = new DonationWidgetPage( page, dialog );
		await widget.expectOnTab( '1. Amount' );
		const close = dialog.getByRole( 'button', { name: 'Close' } );
		await expect( close ).toBeFocused();

		// Tab and Shift+Tab wrap around inside the dialog.
		for ( let press = 0; press < 15; press++ ) {
			await page.keyboard.press( 'Tab' );
			expect( await focusIsInDialog( page ) ).toBe( true );
		}
		await close.focus();
		await page.keyboard.press( 'Shift+Tab' );
		expect( await focusIsInDialog( page ) ).toBe( true );
		await expect( close ).not.toBeFocused();
		await page.keyboard.press( 'Tab' );
		await expect( close ).toBeFocused();

		// The page behind cannot be reached while the dialog is open.
		await expect(
			page.getByRole( 'link', { name: 'Other ways to help' } )
		).not.toBeFocused();

		await page.keyboard.press( 'Escape' );
		await expect( dialog ).toHaveCount( 0 );
		await expect( widget.tab( '1. Amount' ) ).toHaveCount( 0 );
		// Nothing had focus before the dialog opened on load: focus goes to the page's main
		// content, not to the top of the document.
		await expect( page.getByRole( 'main' ) ).toBeFocused();
		await page.keyboard.press( 'Tab' );
		expect( await focusIsInDialog( page ) ).toBe( false );

		// Nothing brings it back until the page is loaded again.
		await page.getByRole( 'link', { name: 'Other ways to help' } ).focus();
		await page.keyboard.press( 'Escape' );
		await expect( dialog ).toHaveCount( 0 );
		await page.reload();
		await expect( dialog ).toBeVisible();
	} );

	test( 'a click inside the panel keeps it open; a click on the backdrop closes it', async ( {
		page,
	} ) => {
		const path = await modalPage();
		await page.goto( path );
		const dialog = page.getByRole( 'dialog', { name: DIALOG_NAME } );
		const widget = new DonationWidgetPage( page, dialog );
		await widget.expectOnTab( '1. Amount' );

		await dialog.getByText( 'Please select a donation amount:' ).click();
		await widget.preset( '100' ).click();
		await expect( dialog ).toBeVisible();
		await expect( widget.preset( '100' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);

		// The backdrop: a point of the overlay outside the panel.
		const panel = await dialog.boundingBox();
		expect( panel ).not.toBeNull();
		await page.mouse.click( 5, ( panel?.y ?? 0 ) + 40 );
		await expect( dialog ).toHaveCount( 0 );
		await page.mouse.click( 5, 40 );
		await expect( dialog ).toHaveCount( 0 );
	} );

	test( 'Escape in the address list closes the list only; a card donation completes inside the modal', async ( {
		page,
	} ) => {
		const path = await modalPage();
		await page.goto( path );
		const dialog = page.getByRole( 'dialog', { name: DIALOG_NAME } );
		const widget = new DonationWidgetPage( page, dialog );
		const email = uniqueEmail( 'modal' );
		await widget.chooseAmount( '25', 'Once only' );
		await widget.goToDetails();
		await widget.fillDetails( {
			firstName: 'Ada',
			lastName: 'Lovelace',
			email,
		} );
		await widget.address.fill( 'Example Street' );
		await expect( widget.suggestions ).toBeVisible();
		await widget.address.press( 'Escape' );
		await expect( widget.suggestions ).toBeHidden();
		await expect( dialog ).toBeVisible();

		await widget.goToPayment();
		await widget.payByCard( { number: CARDS.visa } );
		await expect( widget.thankYou( 'Ada' ) ).toBeVisible();
		await expect( dialog ).toBeVisible();
		const row = await settledDonation( email );
		expect( row.status ).toBe( 'succeeded' );
	} );
} );

test( 'two widgets on one page keep their own steps, values and outcomes', async ( {
	page,
} ) => {
	const path = await publishPage(
		'e2e-two-widgets',
		'Two appeals',
		[
			'<section aria-label="Spring appeal">',
			'[donation_widget type="donation" amount_values="10,20,30" default_amount="20" iteration_id="SPRING-A"]',
			'</section>',
			'<section aria-label="Winter appeal">',
			'[donation_widget type="donation" iteration_id="WINTER-B" donation_type="Oneoff"]',
			'</section>',
		].join( '\n' )
	);
	await page.goto( path );
	const spring = new DonationWidgetPage(
		page,
		page.getByRole( 'region', { name: 'Spring appeal' } )
	);
	const winter = new DonationWidgetPage(
		page,
		page.getByRole( 'region', { name: 'Winter appeal' } )
	);
	await spring.expectOnTab( '1. Amount' );
	await winter.expectOnTab( '1. Amount' );
	await expect( spring.preset( '20' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await expect( spring.frequency( 'Every 4 weeks' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await expect( winter.preset( '50' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await expect( winter.frequency( 'Once only' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);

	// Spring moves on to its details; Winter stays on its first step.
	const springEmail = uniqueEmail( 'spring' );
	await spring.preset( '30' ).click();
	await spring.goToDetails();
	await spring.fillDetails( {
		firstName: 'Sally',
		lastName: 'Ride',
		email: springEmail,
	} );
	await winter.expectOnTab( '1. Amount' );
	await expect( winter.preset( '50' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);

	// Winter gives a custom amount by card, through to its thank-you screen.
	const winterEmail = uniqueEmail( 'winter' );
	await winter.customAmount.fill( '15' );
	await winter.goToDetails();
	await winter.fillDetails( {
		firstName: 'Wanda',
		lastName: 'Austin',
		email: winterEmail,
	} );
	await winter.goToPayment();
	await winter.payByCard( { number: CARDS.visa } );
	await expect( winter.thankYou( 'Wanda' ) ).toBeVisible();

	// Spring kept its state, and finishes its own 4-weekly donation.
	await spring.expectOnTab( '2. Details' );
	await expect( spring.field( 'First name' ) ).toHaveValue( 'Sally' );
	await expect( spring.thankYou( 'Wanda' ) ).toHaveCount( 0 );
	await spring.goToPayment();
	await spring.payByCard( { number: CARDS.visa } );
	await expect( spring.thankYou( 'Sally' ) ).toBeVisible();
	await expect(
		spring.text( 'Your next donation will be processed in 4 weeks.' )
	).toBeVisible();
	await expect(
		winter.text( 'Your donation of $15 has been successful.' )
	).toBeVisible();

	const winterRow = await settledDonation( winterEmail );
	expect( winterRow ).toMatchObject( {
		status: 'succeeded',
		frequency: 'Oneoff',
		total_cents: '1500',
		iteration_id: 'WINTER-B',
	} );
	const springRow = await settledDonation( springEmail );
	expect( springRow ).toMatchObject( {
		status: 'succeeded',
		frequency: '4weekly',
		total_cents: '3000',
		iteration_id: 'SPRING-A',
	} );
	const events = await spring.purchaseEvents();
	expect(
		events.map( ( event ) => [
			event.ecommerce.items[ 0 ].item_id,
			event.ecommerce.transaction_id,
			event.frequency,
		] )
	).toEqual( [
		[ 'WINTER-B', winterRow.provider_reference, 'Oneoff' ],
		[ 'SPRING-A', springRow.provider_reference, '4weekly' ],
	] );
} );

test( "a block's own presets, default amount, frequency, iteration and hidden fields are used", async ( {
	page,
} ) => {
	const path = await publishPage(
		'e2e-donate-configured',
		'Donate (configured)',
		'<!-- wp:donation-widget/donation-widget {"hideAddress":true,"hideMobile":true,"hideInMemory":true,"amountValues":"10, 20, 30","defaultAmount":"20","iterationId":"EOFY-2026","donationType":"Oneoff"} /-->'
	);
	const widget = new DonationWidgetPage( page );
	await widget.goto( path );

	for ( const preset of [ '10', '20', '30' ] ) {
		await expect( widget.preset( preset ) ).toBeVisible();
	}
	await expect( widget.preset( '50' ) ).toHaveCount( 0 );
	await expect( widget.preset( '20' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await expect( widget.frequency( 'Once only' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await expect( widget.nextFromAmount ).toHaveText( 'Donate $20 >>' );

	await widget.goToDetails();
	await expect( widget.address ).toHaveCount( 0 );
	await expect(
		widget.root.getByRole( 'button', { name: 'Enter manually' } )
	).toHaveCount( 0 );
	await expect( widget.field( 'Mobile' ) ).toHaveCount( 0 );
	await expect( widget.field( 'In honour of' ) ).toHaveCount( 0 );

	const email = uniqueEmail( 'eofy' );
	await widget.fillDetails( {
		firstName: 'Rosalind',
		lastName: 'Franklin',
		email,
	} );
	await widget.goToPayment();
	await widget.payByCard( { number: CARDS.visa } );
	await expect( widget.thankYou( 'Rosalind' ) ).toBeVisible();
	const row = await settledDonation( email );
	expect( row ).toMatchObject( {
		status: 'succeeded',
		total_cents: '2000',
		iteration_id: 'EOFY-2026',
		mobile: '',
		address_line1: '',
	} );
	const [ event ] = await widget.purchaseEvents();
	expect( event.ecommerce.items ).toEqual( [
		{ item_id: 'EOFY-2026', quantity: 1 },
	] );
} );

test.describe( 'provider scripts', () => {
	const isProviderScript = ( request: Request ) =>
		/^https:\/\/(js\.stripe\.com|www\.(sandbox\.)?paypal\.com\/sdk|www\.google\.com\/recaptcha)\//.test(
			request.url()
		);

	test( 'Stripe.js, the PayPal SDK and reCAPTCHA are not requested before the donor reaches tab 2', async ( {
		page,
	} ) => {
		const requested: string[] = [];
		page.on( 'request', ( request ) => {
			if ( isProviderScript( request ) ) {
				requested.push( new URL( request.url() ).host );
			}
		} );
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.chooseAmount( '100', 'Once only' );
		await widget.chooseAmount( '12', 'Every 4 weeks' );
		await widget.chooseAmount( '25', 'Once only' );
		// A refused step does not load them either.
		await widget.customAmount.fill( '3' );
		await widget.nextFromAmount.click();
		await widget.expectOnTab( '1. Amount' );
		await page.waitForLoadState( 'networkidle' );
		expect( requested ).toEqual( [] );

		await widget.preset( '25' ).click();
		await widget.goToDetails();
		await expect
			.poll( () => [ ...new Set( requested ) ].sort() )
			.toEqual( [ 'js.stripe.com', 'www.google.com', 'www.paypal.com' ] );
	} );

	test( 'a 4-weekly donation never loads the PayPal SDK', async ( {
		page,
	} ) => {
		const requested: string[] = [];
		page.on( 'request', ( request ) => {
			if ( isProviderScript( request ) ) {
				requested.push( new URL( request.url() ).host );
			}
		} );
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.reachPayment( '25', 'Every 4 weeks', {
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: uniqueEmail( 'sdk' ),
		} );
		await expect( widget.cardNumber ).toBeVisible();
		await page.waitForLoadState( 'networkidle' );
		expect( requested ).toContain( 'js.stripe.com' );
		expect( requested ).not.toContain( 'www.paypal.com' );
	} );
} );

test( 'the e2e site is not in demo mode: no demo notice anywhere', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	await widget.goto();
	await expect( page.getByText( 'Demo mode: no real payments' ) ).toHaveCount(
		0
	);
	await widget.reachPayment( '25', 'Once only', {
		firstName: 'Ada',
		lastName: 'Lovelace',
		email: uniqueEmail( 'demo' ),
	} );
	await expect( page.getByText( 'Demo mode: no real payments' ) ).toHaveCount(
		0
	);
	expect(
		await page.evaluate(
			() =>
				(
					window as unknown as {
						donationWidget: { demoMode: boolean };
					}
				 ).donationWidget.demoMode
		)
	).toBe( false );
} );
