/**
 * The widget for keyboard and assistive-technology users: a whole donation made with the
 * keyboard alone, and axe finding no serious or critical violation on each tab, on the
 * thank-you screen and on the failure screen.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import {
	resetSiteState,
	settledDonation,
	uniqueEmail,
} from '../fixtures/donations';
import {
	CARDS,
	DonationWidgetPage,
	futureExpiry,
} from '../pages/DonationWidgetPage';

// Each test starts with the stand-ins reset (the fixture does it), fresh rate limits and no
// cached address lookups.
test.beforeEach( async ( { standIns } ) => {
	void standIns;
	await resetSiteState();
} );

/**
 * Presses Tab until the target has focus.
 *
 * @param page   The page.
 * @param target The control to reach.
 * @param limit  How many presses are allowed.
 */
async function tabTo( page: Page, target: Locator, limit = 40 ) {
	for ( let press = 0; press < limit; press++ ) {
		if (
			await target.evaluate(
				( node ) => node === node.ownerDocument.activeElement
			)
		) {
			return;
		}
		await page.keyboard.press( 'Tab' );
	}
	await expect( target ).toBeFocused();
}

/**
 * The serious and critical axe violations inside the widget.
 *
 * @param page The page.
 */
async function seriousViolations( page: Page ) {
	const results = await new AxeBuilder( { page } )
		// The host element of docs/widget-contract.md#21-widget-configuration-and-container: the widget itself, not the theme around it.
		.include( '[data-donation-widget]' )
		.withTags( [
			'wcag2a',
			'wcag2aa',
			'wcag21a',
			'wcag21aa',
			'wcag22aa',
			'best-practice',
		] )
		.analyze();
	return results.violations
		.filter( ( violation ) =>
			[ 'serious', 'critical' ].includes( violation.impact ?? '' )
		)
		.map( ( violation ) => ( {
			id: violation.id,
			help: violation.help,
			nodes: violation.nodes.map( ( node ) => node.target.join( ' ' ) ),
		} ) );
}

test( 'a donor gives by card with the keyboard alone', async ( { page } ) => {
	const widget = new DonationWidgetPage( page );
	const email = uniqueEmail( 'keyboard' );
	await widget.goto();

	await tabTo( page, widget.preset( '100' ) );
	await page.keyboard.press( 'Enter' );
	await expect( widget.preset( '100' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await tabTo( page, widget.frequency( 'Once only' ) );
	await page.keyboard.press( 'Space' );
	await expect( widget.frequency( 'Once only' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await tabTo( page, widget.nextFromAmount );
	await page.keyboard.press( 'Enter' );
	await widget.expectOnTab( '2. Details' );
	// Focus moves to the new step.
	await expect( widget.panel( '2. Details' ) ).toBeFocused();

	await tabTo( page, widget.field( 'First name' ) );
	await page.keyboard.type( 'Ada' );
	await page.keyboard.press( 'Tab' );
	await expect( widget.field( 'Last name' ) ).toBeFocused();
	await page.keyboard.type( 'Lovelace' );
	await page.keyboard.press( 'Tab' );
	await expect( widget.field( 'Email' ) ).toBeFocused();
	await page.keyboard.type( email );
	await page.keyboard.press( 'Tab' );
	await expect( widget.address ).toBeFocused();
	await page.keyboard.type( '7 Queen' );
	await expect( widget.suggestions ).toBeVisible();
	await page.keyboard.press( 'ArrowDown' );
	await page.keyboard.press( 'Enter' );
	await expect( widget.address ).toHaveValue(
		'7 Queen Street, Brisbane City QLD 4000'
	);
	await tabTo( page, widget.nextFromDetails );
	await page.keyboard.press( 'Enter' );
	await widget.expectOnTab( '3. Payment' );

	await tabTo( page, widget.creditCardToggle );
	await page.keyboard.press( 'Enter' );
	await tabTo( page, widget.field( 'Name on Card' ) );
	await page.keyboard.type( 'Ada Lovelace' );
	await page.keyboard.press( 'Tab' );
	await expect( widget.cardNumber ).toBeFocused();
	await page.keyboard.type( CARDS.visa );
	await page.keyboard.press( 'Tab' );
	await expect( widget.cardExpiry ).toBeFocused();
	await page.keyboard.type( futureExpiry() );
	await page.keyboard.press( 'Tab' );
	await expect( widget.cardCvc ).toBeFocused();
	await page.keyboard.type( '123' );
	await tabTo( page, widget.helpCover );
	await page.keyboard.press( 'Space' );
	await expect( widget.helpCover ).toBeChecked();
	await tabTo( page, widget.donateButton );
	await expect( widget.donateButton ).toHaveText( 'Donate $105' );
	await page.keyboard.press( 'Enter' );

	const thanks = widget.thankYou( 'Ada' );
	await expect( thanks ).toBeVisible();
	await expect( thanks ).toBeFocused();
	await expect(
		widget.text( 'Your donation of $105 has been successful.' )
	).toBeVisible();
	const row = await settledDonation( email );
	expect( row ).toMatchObject( {
		status: 'succeeded',
		total_cents: '10500',
		city: 'Brisbane City',
	} );
} );

test( 'the tabs follow the tablist keyboard pattern', async ( { page } ) => {
	const widget = new DonationWidgetPage( page );
	await widget.goto();
	await widget.tab( '1. Amount' ).focus();
	await page.keyboard.press( 'ArrowRight' );
	await expect( widget.tab( '2. Details' ) ).toBeFocused();
	await page.keyboard.press( 'End' );
	await expect( widget.tab( '3. Payment' ) ).toBeFocused();
	await page.keyboard.press( 'ArrowRight' );
	await expect( widget.tab( '1. Amount' ) ).toBeFocused();
	await page.keyboard.press( 'ArrowLeft' );
	await expect( widget.tab( '3. Payment' ) ).toBeFocused();
	await page.keyboard.press( 'Home' );
	await expect( widget.tab( '1. Amount' ) ).toBeFocused();

	// Moving focus does not change the step; Enter on a tab does, after its checks.
	await page.keyboard.press( 'ArrowRight' );
	await widget.expectOnTab( '1. Amount' );
	await page.keyboard.press( 'Enter' );
	await widget.expectOnTab( '2. Details' );
} );

test( 'axe finds no serious or critical violation on any tab or on the thank-you screen', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	await widget.goto();
	expect( await seriousViolations( page ), 'tab 1' ).toEqual( [] );

	// With the amount message showing.
	await widget.customAmount.fill( '2' );
	await widget.nextFromAmount.click();
	await expect( widget.customAmount ).toHaveAccessibleDescription(
		/greater than \$5/
	);
	expect( await seriousViolations( page ), 'tab 1 with an error' ).toEqual(
		[]
	);
	await widget.preset( '25' ).click();
	await widget.frequency( 'Once only' ).click();
	await widget.goToDetails();
	expect( await seriousViolations( page ), 'tab 2' ).toEqual( [] );

	// With the details messages and the address list showing.
	await widget.nextFromDetails.click();
	await widget.address.fill( 'Example Street' );
	await expect( widget.suggestions ).toBeVisible();
	await widget.address.press( 'ArrowDown' );
	expect(
		await seriousViolations( page ),
		'tab 2 with errors and suggestions'
	).toEqual( [] );
	await widget.address.press( 'Escape' );
	await widget.root
		.getByRole( 'button', { name: 'Enter manually', exact: true } )
		.click();
	expect(
		await seriousViolations( page ),
		'tab 2 with the manual address'
	).toEqual( [] );

	await widget.fillDetails( {
		firstName: 'Ada',
		lastName: 'Lovelace',
		email: uniqueEmail( 'axe' ),
	} );
	await widget.goToPayment();
	await expect( widget.googlePayButton ).toBeVisible();
	await expect( widget.payPalButton ).toBeVisible();
	expect( await seriousViolations( page ), 'tab 3' ).toEqual( [] );
	await widget.showCardForm();
	await widget.privacyTerms.uncheck();
	await widget.donateButton.click();
	await expect( widget.privacyTerms ).toHaveAccessibleDescription(
		'You must accept the privacy terms'
	);
	expect(
		await seriousViolations( page ),
		'tab 3 with the card form and errors'
	).toEqual( [] );

	await widget.privacyTerms.check();
	await widget.fillCard( { number: CARDS.visa } );
	await widget.donateButton.click();
	await expect( widget.thankYou( 'Ada' ) ).toBeVisible();
	expect( await seriousViolations( page ), 'thank-you screen' ).toEqual( [] );
} );

test( 'axe finds no serious or critical violation on the failure screen', async ( {
	page,
	standIns,
	consoleErrors,
} ) => {
	const widget = new DonationWidgetPage( page );
	await widget.goto();
	await widget.reachPayment( '25', 'Every 4 weeks', {
		firstName: 'Ada',
		lastName: 'Lovelace',
		email: uniqueEmail( 'axe-failure' ),
	} );
	await standIns.next( 'stripe', 'server_error', {
		path: '/v1/customers',
		times: 3,
	} );
	await widget.payByCard( { number: CARDS.visa } );
	await widget.expectFailureScreen();
	await expect( widget.failureHeading ).toBeFocused();
	expect( await seriousViolations( page ), 'failure screen' ).toEqual( [] );

	expect( consoleErrors ).toEqual( [
		expect.stringContaining( 'status of 502' ),
	] );
	consoleErrors.length = 0;
} );
