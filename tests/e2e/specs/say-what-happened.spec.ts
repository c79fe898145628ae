/**
 * Words that say what happened (issue 21, item 3), always below SPEC's own texts: the bank's
 * reason for a decline, insufficient funds and a failed 3-D Secure (both widgets); a charge that
 * cannot be told yet (the rate-limited failure screen is donation-limits.spec.ts); the receipt
 * email on the thank-you screen; and an answer that cannot be read (an HTML 500 page)
 * taking SPEC's "unexpected exception" outcome on each widget.
 */
import type { Page, Route } from '@playwright/test';
import { test, expect } from '../fixtures';
import { recurringDonor } from '../fixtures/card-update';
import { resetSiteState, uniqueEmail } from '../fixtures/donations';
import {
	CARDS,
	DonationWidgetPage,
	type Donor,
} from '../pages/DonationWidgetPage';

const CARD_ERROR = 'Please check your card details and try again!';
const SPEC_FAILURE_LINES = [
	'No response received from the server.',
	'Please try again later.',
];
const HTML_500 =
	'<!DOCTYPE html><html><head><title>500 Internal Server Error</title></head><body><h1>Internal Server Error</h1><p>The server encountered an internal error.</p></body></html>';

function donor( firstName: string ): Donor {
	return {
		firstName,
		lastName: 'Franklin',
		email: uniqueEmail( firstName.toLowerCase() ),
	};
}

/**
 * Answers one admin-ajax action with a host's HTML error page; every other call goes through.
 *
 * @param page   The page.
 * @param action The admin-ajax action to break.
 */
async function answerWithHtml500( page: Page, action: string ) {
	await page.route( '**/wp-admin/admin-ajax.php', ( route: Route ) => {
		const body = route.request().postData() ?? '';
		if ( new URLSearchParams( body ).get( 'action' ) !== action ) {
			return route.fallback();
		}
		return route.fulfill( {
			status: 500,
			contentType: 'text/html; charset=UTF-8',
			body: HTML_500,
		} );
	} );
}

test.beforeEach( async ( { standIns } ) => {
	void standIns;
	await resetSiteState();
} );

test.describe( 'donation widget', () => {
	test( "a declined card: SPEC's card error, then the bank's reason", async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.reachPayment( '25', 'Once only', donor( 'Rosalind' ) );
		await widget.payByCard( { number: CARDS.declined } );

		const field = widget.cardField( 'Card Number' );
		await expect(
			field.getByText( CARD_ERROR, { exact: true } )
		).toBeVisible();
		await expect(
			field.getByText(
				'Your bank declined the card. Please contact your bank or use another card.',
				{ exact: true }
			)
		).toBeVisible();
		await widget.expectOnTab( '3. Payment' );

		// Another card number clears both lines.
		await widget.cardNumber.fill( CARDS.visa );
		await expect( field.getByText( CARD_ERROR ) ).toHaveCount( 0 );
		await expect( field.getByText( /^Your bank declined/ ) ).toHaveCount(
			0
		);
	} );

	test( 'insufficient funds are named, so a correct card is not retyped', async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.reachPayment( '50', 'Once only', donor( 'Dorothy' ) );
		await widget.payByCard( { number: '4000000000009995' } );

		const field = widget.cardField( 'Card Number' );
		await expect(
			field.getByText( CARD_ERROR, { exact: true } )
		).toBeVisible();
		await expect(
			field.getByText(
				'Your bank declined the payment: insufficient funds.',
				{ exact: true }
			)
		).toBeVisible();
	} );

	test( "a failed 3-D Secure check says the bank's security check was not completed", async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.reachPayment( '25', 'Once only', donor( 'Lise' ) );
		await widget.payByCard( { number: CARDS.threeDSecure } );

		const dialog = page.getByRole( 'dialog', {
			name: '3D Secure authentication',
		} );
		await dialog
			.getByRole( 'button', { name: 'Fail authentication' } )
			.click();
		await expect( dialog ).toHaveCount( 0 );

		const field = widget.cardField( 'Card Number' );
		await expect(
			field.getByText( CARD_ERROR, { exact: true } )
		).toBeVisible();
		await expect(
			field.getByText(
				"Your bank's security check (3-D Secure) was not completed.",
				{ exact: true }
			)
		).toBeVisible();
		await expect( field.getByText( /insufficient funds/ ) ).toHaveCount(
			0
		);
	} );

	test( "when Stripe's answers are lost the failure screen says the charge cannot be told yet, never 'not charged'", async ( {
		page,
		standIns,
		consoleErrors,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.reachPayment( '25', 'Once only', donor( 'Alan' ) );
		// Stripe charges the card; every answer to the site (the try and both retries) is lost.
		await standIns.next( 'stripe', 'lost_answer', {
			path: '/confirm',
			times: 3,
		} );
		await widget.payByCard( { number: CARDS.visa } );

		await widget.expectFailureScreen();
		const paragraphs = await widget.root
			.getByRole( 'paragraph' )
			.allTextContents();
		const first = paragraphs.indexOf( SPEC_FAILURE_LINES[ 0 ] );
		expect( paragraphs.slice( first ) ).toEqual( [
			...SPEC_FAILURE_LINES,
			'The payment service is not answering right now. Please try again in a few minutes.',
			'We cannot tell yet whether you were charged. If you were, your donation will be recorded and your receipt emailed, so please check your email before you try again.',
		] );
		await expect( widget.text( 'You have not been charged.' ) ).toHaveCount(
			0
		);
		expect( consoleErrors ).toEqual( [
			expect.stringContaining( 'status of 502' ),
		] );
		consoleErrors.length = 0;
	} );

	test( 'the thank-you screen says where the receipt is being emailed', async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		const grace = donor( 'Grace' );
		await widget.goto();
		await widget.reachPayment( '25', 'Every 4 weeks', grace );
		await widget.payByCard( { number: CARDS.visa } );

		await expect( widget.thankYou( 'Grace' ) ).toBeVisible();
		const paragraphs = await widget.root
			.getByRole( 'paragraph' )
			.allTextContents();
		const first = paragraphs.indexOf(
			'Your donation of $25 has been successful.'
		);
		expect( first ).toBeGreaterThanOrEqual( 0 );
		// SPEC's lines keep their order; the receipt line comes before the closing one.
		expect( paragraphs.slice( first ) ).toEqual( [
			'Your donation of $25 has been successful.',
			'Your next donation will be processed in 4 weeks.',
			`Your receipt is being emailed to ${ grace.email }.`,
			'If you have a question, contact us, or find out more about other ways to get involved.',
		] );
	} );

	test( "an HTML error page for the card payment is SPEC's unexpected exception: the failure screen, with no guess at what it said", async ( {
		page,
		consoleErrors,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.reachPayment( '25', 'Once only', donor( 'Marie' ) );
		await answerWithHtml500( page, 'process_payment_method' );
		await widget.payByCard( { number: CARDS.visa } );

		await widget.expectFailureScreen();
		const paragraphs = await widget.root
			.getByRole( 'paragraph' )
			.allTextContents();
		const first = paragraphs.indexOf( SPEC_FAILURE_LINES[ 0 ] );
		expect( paragraphs.slice( first ) ).toEqual( SPEC_FAILURE_LINES );
		await expect(
			widget.root.getByText( /Internal Server Error/ )
		).toHaveCount( 0 );
		expect( consoleErrors ).toEqual( [
			expect.stringContaining( 'status of 500' ),
		] );
		consoleErrors.length = 0;
	} );
} );

test.describe( 'update-card widget', () => {
	const widget = ( page: Page ) => page.locator( '.dw-card-update' );
	const cardField = ( page: Page, label: string ) =>
		widget( page )
			.getByRole( 'group', { name: label, exact: true } )
			.getByRole( 'textbox' );

	async function submitCard( page: Page, number: string ) {
		await widget( page )
			.getByLabel( 'Name on Card' )
			.fill( 'Jane Citizen' );
		await cardField( page, 'Card Number' ).fill( number );
		await cardField( page, 'Card Expiry' ).fill( '12 / 34' );
		await cardField( page, 'Card CVV' ).fill( '123' );
		await widget( page )
			.getByRole( 'button', { name: 'UPDATE CARD DETAILS' } )
			.click();
	}

	test( "a declined card: SPEC's card error, then the bank's reason", async ( {
		page,
	} ) => {
		await page.goto( recurringDonor().url );
		await submitCard( page, '4000 0000 0000 0002' );

		const group = widget( page ).getByRole( 'group', {
			name: 'Card Number',
			exact: true,
		} );
		// SPEC's message stays the field's description; the reason follows it.
		await expect( group ).toHaveAccessibleDescription( CARD_ERROR );
		await expect(
			widget( page ).getByText(
				'Your bank declined the card. Please contact your bank or use another card.',
				{ exact: true }
			)
		).toBeVisible();
	} );

	test( 'an HTML error page for the link check is SPEC\'s unexpected exception: the "Page not found" alert, not "link expired"', async ( {
		page,
		consoleErrors,
	} ) => {
		const donorLink = recurringDonor().url;
		await answerWithHtml500( page, 'process_request_id' );
		await page.goto( donorLink );

		const alert = widget( page ).getByRole( 'alert' );
		await expect( alert ).toContainText( 'Page not found' );
		await expect( alert ).toContainText(
			"We could not read the server's answer. Please try again later."
		);
		await expect(
			widget( page ).getByRole( 'heading', {
				name: 'Your link has expired, please get in touch.',
			} )
		).toHaveCount( 0 );
		expect( consoleErrors ).toEqual( [
			expect.stringContaining( 'status of 500' ),
		] );
		consoleErrors.length = 0;
	} );
} );
