/**
 * Issue 14, what a keyboard or screen-reader user meets while paying: every payment path covers
 * the widget with docs/widget-contract.md#22-donation-widget-shell's overlay (aria-busy, a status that says what is happening and, after
 * a few seconds, that it is still working; nothing underneath can be used), focus always lands
 * somewhere meaningful (the status, a decline's message, a wallet's cancel note, the thank-you or
 * failure heading, the page's main content after the modal), and "Try Again" brings back what
 * the donor typed. Driven by Tab, Shift+Tab, Enter and Space only; axe finds no violation at all
 * inside the widget on every screen; the busy state is compared at 320 and 1280 px.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { scaled } from '../timeouts';
import { recurringDonor } from '../fixtures/card-update';
import {
	donationRows,
	publishPage,
	resetSiteState,
	settledDonation,
	uniqueEmail,
} from '../fixtures/donations';
import {
	CARDS,
	DonationWidgetPage,
	futureExpiry,
	type Frequency,
} from '../pages/DonationWidgetPage';

const PROCESSING = 'Processing your donation…';
const STILL_WORKING = "Still working — please don't close this page.";
const DECLINED = 'Please check your card details and try again!';

// Whole journeys by keyboard, with axe on every screen: longer than the suite's default.
test.describe.configure( { timeout: scaled( 420_000 ) } );

test.beforeEach( async ( { standIns } ) => {
	void standIns;
	await resetSiteState();
} );

/**
 * Presses Tab (or Shift+Tab) until the target has focus.
 *
 * @param page     The page.
 * @param target   The control to reach.
 * @param backward Shift+Tab instead of Tab.
 */
async function tabTo( page: Page, target: Locator, backward = false ) {
	for ( let press = 0; press < 60; press++ ) {
		if (
			await target.evaluate(
				( node ) => node === node.ownerDocument.activeElement
			)
		) {
			return;
		}
		await page.keyboard.press( backward ? 'Shift+Tab' : 'Tab' );
	}
	await expect( target ).toBeFocused();
}

/**
 * Every axe violation inside the widget's host element, whatever its impact.
 *
 * @param page The page.
 * @param step What the donor is looking at (named in a failure).
 */
async function expectNoViolations( page: Page, step: string ) {
	const results = await new AxeBuilder( { page } )
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
	expect(
		results.violations.map( ( violation ) => ( {
			id: violation.id,
			impact: violation.impact,
			nodes: violation.nodes.map( ( node ) => node.target.join( ' ' ) ),
		} ) ),
		step
	).toEqual( [] );
}

/**
 * The busy widget: its root says aria-busy="true".
 * @param page
 */
function busyWidget( page: Page ): Locator {
	return page.locator( '[data-donation-widget] [aria-busy="true"]' );
}

function status( page: Page ): Locator {
	return page.locator( '[data-donation-widget]' ).getByRole( 'status' );
}

/**
 * Tab 1 to tab 3 by keyboard: amount, frequency, details.
 *
 * @param page      The page.
 * @param widget    The widget.
 * @param amount    A preset.
 * @param frequency The frequency.
 * @param email     The donor's email.
 */
async function keyboardToPayment(
	page: Page,
	widget: DonationWidgetPage,
	amount: string,
	frequency: Frequency,
	email: string
) {
	await tabTo( page, widget.preset( amount ) );
	await page.keyboard.press( 'Enter' );
	await tabTo( page, widget.frequency( frequency ) );
	await page.keyboard.press( 'Space' );
	await tabTo( page, widget.nextFromAmount );
	await page.keyboard.press( 'Enter' );
	await expect( widget.panel( '2. Details' ) ).toBeFocused();
	await expectNoViolations( page, 'tab 2' );
	await tabTo( page, widget.field( 'First name' ) );
	await page.keyboard.type( 'Ada' );
	await page.keyboard.press( 'Tab' );
	await page.keyboard.type( 'Lovelace' );
	await page.keyboard.press( 'Tab' );
	await expect( widget.field( 'Email' ) ).toBeFocused();
	await page.keyboard.type( email );
	await tabTo( page, widget.nextFromDetails );
	await page.keyboard.press( 'Enter' );
	await widget.expectOnTab( '3. Payment' );
	await expectNoViolations( page, 'tab 3' );
}

/**
 * The card form by keyboard, from the Name on Card field.
 *
 * @param page   The page.
 * @param widget The widget.
 * @param number The card number.
 */
async function keyboardCard(
	page: Page,
	widget: DonationWidgetPage,
	number: string
) {
	await tabTo( page, widget.field( 'Name on Card' ) );
	await page.keyboard.type( 'Ada Lovelace' );
	await page.keyboard.press( 'Tab' );
	await expect( widget.cardNumber ).toBeFocused();
	await page.keyboard.type( number );
	await page.keyboard.press( 'Tab' );
	await page.keyboard.type( futureExpiry() );
	await page.keyboard.press( 'Tab' );
	await page.keyboard.type( '123' );
	await tabTo( page, widget.donateButton );
}

test( 'a slow card payment covers the widget, keeps focus on its status and cannot be changed', async ( {
	page,
	standIns,
} ) => {
	const widget = new DonationWidgetPage( page );
	const email = uniqueEmail( 'busy' );
	await page.setViewportSize( { width: 1280, height: 900 } );
	await widget.goto();
	await expectNoViolations( page, 'tab 1' );
	await keyboardToPayment( page, widget, '50', 'Every 4 weeks', email );
	await keyboardCard( page, widget, CARDS.visa );

	// The provider is slow: its next three answers (the card's tokenisation, then the
	// server's calls) take 20 s each, each within the server's 30 s timeout.
	await standIns.next( 'stripe', 'slow', { ms: 20000, times: 3 } );
	await page.keyboard.press( 'Enter' );

	await expect( busyWidget( page ) ).toHaveCount( 1 );
	await expect( status( page ) ).toHaveText( PROCESSING );
	// Focus is on the status, not at the top of the page.
	await expect( status( page ) ).toBeFocused();
	const submitting = widget.panel( '3. Payment' ).getByRole( 'button', {
		name: 'Submitting...',
		exact: true,
	} );
	await expect( submitting ).toBeDisabled();

	// Nothing under the overlay takes focus or input: Tab leaves the widget, and the fields,
	// Back and the tabs cannot be focused or typed into.
	await page.keyboard.press( 'Tab' );
	expect(
		await page
			.locator( '[data-donation-widget]' )
			.evaluate( ( host ) =>
				host.contains( host.ownerDocument.activeElement )
			)
	).toBe( false );
	for ( const control of [
		widget.field( 'Name on Card' ),
		widget.root.getByRole( 'button', { name: 'Back', exact: true } ),
		widget.tab( '1. Amount' ),
		widget.helpCover,
	] ) {
		await control.focus();
		await expect( control ).not.toBeFocused();
	}
	await page.keyboard.type( 'Someone Else' );
	await expect( widget.field( 'Name on Card' ) ).toHaveValue(
		'Ada Lovelace'
	);

	// After a few seconds it says it is still working.
	await expect( status( page ) ).toHaveText(
		`${ PROCESSING } ${ STILL_WORKING }`,
		{ timeout: scaled( 30_000 ) }
	);
	const mask = [ widget.cardExpiry ];
	await expect( busyWidget( page ) ).toHaveScreenshot( 'busy-1280.png', {
		mask,
	} );
	await page.setViewportSize( { width: 320, height: 900 } );
	await expect( busyWidget( page ) ).toHaveScreenshot( 'busy-320.png', {
		mask,
	} );
	await expectNoViolations( page, 'busy, still working' );

	const thanks = widget.thankYou( 'Ada' );
	await expect( thanks ).toBeFocused( { timeout: scaled( 180_000 ) } );
	await expect( busyWidget( page ) ).toHaveCount( 0 );
	await expectNoViolations( page, 'thank-you screen' );
	expect( ( await settledDonation( email ) ).status ).toBe( 'succeeded' );
} );

test( 'a declined card: focus moves to the reason, and the card can be corrected', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	await widget.goto();
	await keyboardToPayment(
		page,
		widget,
		'25',
		'Every 4 weeks',
		uniqueEmail( 'busy-decline' )
	);
	await keyboardCard( page, widget, CARDS.declined );
	await page.keyboard.press( 'Enter' );

	const reason = widget.root.getByText( DECLINED, { exact: true } );
	await expect( reason ).toBeFocused();
	await expect( busyWidget( page ) ).toHaveCount( 0 );
	await expectNoViolations( page, 'decline error' );
	// Shift+Tab from the reason reaches the card number.
	await page.keyboard.press( 'Shift+Tab' );
	await expect( widget.cardNumber ).toBeFocused();
} );

test( 'Try Again brings the widget back with what the donor typed, and a gift forgets it', async ( {
	page,
	standIns,
	consoleErrors,
} ) => {
	const widget = new DonationWidgetPage( page );
	const email = uniqueEmail( 'busy-retry' );
	await widget.goto();
	await keyboardToPayment( page, widget, '100', 'Every 4 weeks', email );
	await tabTo( page, widget.helpCover );
	await page.keyboard.press( 'Space' );
	await keyboardCard( page, widget, CARDS.visa );
	await standIns.next( 'stripe', 'server_error', {
		path: '/v1/customers',
		times: 3,
	} );
	await page.keyboard.press( 'Enter' );

	await expect( widget.failureHeading ).toBeFocused();
	await expectNoViolations( page, 'failure screen' );
	expect( consoleErrors ).toEqual( [
		expect.stringContaining( 'status of 502' ),
	] );
	consoleErrors.length = 0;

	await tabTo( page, widget.tryAgain );
	await page.keyboard.press( 'Enter' );
	await page.waitForLoadState( 'load' );
	await expect( widget.preset( '100' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await expect( widget.nextFromAmount ).toHaveText(
		'Donate $105 4-weekly >>'
	);
	await tabTo( page, widget.nextFromAmount );
	await page.keyboard.press( 'Enter' );
	await expect( widget.field( 'First name' ) ).toHaveValue( 'Ada' );
	await expect( widget.field( 'Last name' ) ).toHaveValue( 'Lovelace' );
	await expect( widget.field( 'Email' ) ).toHaveValue( email );
	await tabTo( page, widget.nextFromDetails );
	await page.keyboard.press( 'Enter' );
	await widget.expectOnTab( '3. Payment' );
	await expect( widget.helpCover ).toBeChecked();
	// Never the card.
	await expect( widget.field( 'Name on Card' ) ).toHaveValue( '' );
	await expect( widget.cardNumber ).toHaveValue( '' );

	await keyboardCard( page, widget, CARDS.visa );
	await page.keyboard.press( 'Enter' );
	await expect( widget.thankYou( 'Ada' ) ).toBeFocused();
	// The attempt whose outcome was unknown is carried on, and paid.
	await expect
		.poll( async () =>
			( await donationRows( email ) ).map( ( row ) => [
				row.status,
				row.total_cents,
			] )
		)
		.toContainEqual( [ 'succeeded', '10500' ] );

	// Given: a reload starts blank again.
	await page.reload();
	await expect( widget.tab( '1. Amount' ) ).toBeVisible();
	await widget.goToDetails();
	await expect( widget.field( 'First name' ) ).toHaveValue( '' );
} );

test( 'PayPal: cancelling says nothing was taken and keeps focus there; paying lands on the thanks', async ( {
	page,
} ) => {
	await page.addInitScript( () => {
		(
			window as unknown as { __standInPayPalDecision: string }
		 ).__standInPayPalDecision = 'cancel';
	} );
	const widget = new DonationWidgetPage( page );
	await widget.goto();
	await keyboardToPayment(
		page,
		widget,
		'25',
		'Once only',
		uniqueEmail( 'busy-paypal' )
	);
	await tabTo( page, widget.payPalButton );
	await page.keyboard.press( 'Enter' );

	const note = widget.root.getByText(
		'PayPal payment cancelled. You have not been charged.',
		{ exact: true }
	);
	await expect( note ).toBeFocused();
	await expect( busyWidget( page ) ).toHaveCount( 0 );
	await expectNoViolations( page, 'PayPal cancelled' );

	await page.evaluate( () => {
		(
			window as unknown as { __standInPayPalDecision: string }
		 ).__standInPayPalDecision = 'approve';
	} );
	await tabTo( page, widget.payPalButton, true );
	await page.keyboard.press( 'Enter' );
	await expect( widget.thankYou( 'Ada' ) ).toBeFocused();
	await expectNoViolations( page, 'thank-you after PayPal' );
} );

test( 'Google Pay: a dismissed sheet says so and keeps focus there; paying lands on the thanks', async ( {
	page,
} ) => {
	await page.addInitScript( () => {
		(
			window as unknown as { __standInWalletDecision: string }
		 ).__standInWalletDecision = 'cancel';
	} );
	const widget = new DonationWidgetPage( page );
	await widget.goto();
	await keyboardToPayment(
		page,
		widget,
		'25',
		'Once only',
		uniqueEmail( 'busy-gpay' )
	);
	await tabTo( page, widget.googlePayButton );
	await page.keyboard.press( 'Enter' );

	const note = widget.root.getByText(
		'Payment cancelled. You have not been charged.',
		{ exact: true }
	);
	await expect( note ).toBeFocused();
	await expectNoViolations( page, 'Google Pay cancelled' );

	await page.evaluate( () => {
		(
			window as unknown as { __standInWalletDecision: string }
		 ).__standInWalletDecision = '';
	} );
	await tabTo( page, widget.googlePayButton, true );
	await page.keyboard.press( 'Enter' );
	await expect( widget.thankYou( 'Ada' ) ).toBeFocused();
} );

test( 'closing the modal returns focus to the page, not to its top', async ( {
	page,
} ) => {
	const path = await publishPage(
		'e2e-donate-modal-focus',
		'Donate (modal focus)',
		'<!-- wp:donation-widget/donation-widget {"modal":true} /-->'
	);
	await page.goto( path );
	const dialog = page.getByRole( 'dialog' );
	await expect( dialog ).toBeVisible();
	const close = dialog.getByRole( 'button', { name: 'Close', exact: true } );
	await expect( close ).toBeFocused();
	await expectNoViolations( page, 'modal' );
	await page.keyboard.press( 'Enter' );
	await expect( dialog ).toHaveCount( 0 );
	await expect( page.getByRole( 'main' ) ).toBeFocused();
} );

test.describe( 'card update', () => {
	const heading = ( page: Page, name: string ) =>
		page.getByRole( 'heading', { name, exact: true } );

	async function keyboardNewCard( page: Page, number: string ) {
		const name = page.getByLabel( 'Name on Card' );
		await expect(
			page.getByRole( 'button', { name: 'UPDATE CARD DETAILS' } )
		).toBeEnabled();
		await tabTo( page, name );
		await page.keyboard.type( 'Jane Citizen' );
		await page.keyboard.press( 'Tab' );
		await page.keyboard.type( number );
		await page.keyboard.press( 'Tab' );
		await page.keyboard.type( '1234' );
		await page.keyboard.press( 'Tab' );
		await page.keyboard.type( '123' );
		await page.keyboard.press( 'Tab' );
		await expect(
			page.getByRole( 'button', { name: 'UPDATE CARD DETAILS' } )
		).toBeFocused();
	}

	test( 'busy while the card is sent, then the updated heading; a decline focuses its reason', async ( {
		page,
		standIns,
	} ) => {
		const donor = recurringDonor();
		await page.goto( donor.url );
		await expect( heading( page, 'Update card details.' ) ).toBeVisible();
		await expectNoViolations( page, 'card update form' );

		await keyboardNewCard( page, '4000000000000002' );
		await page.keyboard.press( 'Enter' );
		const reason = page.getByText( DECLINED, { exact: true } );
		await expect( reason ).toBeFocused();
		await expectNoViolations( page, 'card update decline' );

		await page.reload();
		await keyboardNewCard( page, '4242424242424242' );
		await standIns.next( 'stripe', 'slow', { ms: 4000 } );
		await page.keyboard.press( 'Enter' );
		await expect( busyWidget( page ) ).toHaveCount( 1 );
		await expect( status( page ) ).toHaveText( 'Updating your card…' );
		await expect( status( page ) ).toBeFocused();
		await page.getByLabel( 'Name on Card' ).focus();
		await expect( page.getByLabel( 'Name on Card' ) ).not.toBeFocused();
		await expectNoViolations( page, 'card update busy' );

		const updated = heading(
			page,
			'Your payment details have been updated successfully.'
		);
		await expect( updated ).toBeFocused( { timeout: scaled( 60_000 ) } );
		await expectNoViolations( page, 'card updated' );

		// The link is used now: the expired screen.
		await page.reload();
		await expect(
			heading( page, 'Your link has expired, please get in touch.' )
		).toBeVisible();
		await expectNoViolations( page, 'card update link expired' );
	} );
} );
