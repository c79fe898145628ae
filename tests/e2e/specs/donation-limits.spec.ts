/**
 * The payment rate limits as a donor meets them: a donor over the limit sees docs/widget-contract.md#27-donation-failure-screen's failure
 * lines, then the server's own message and "You have not been charged."; and junk sent from the
 * donor's own address before they pay uses up none of their allowance.
 */
import { test, expect } from '../fixtures';
import {
	donationRows,
	resetSiteState,
	setSetting,
	uniqueEmail,
} from '../fixtures/donations';
import {
	CARDS,
	DonationWidgetPage,
	type Donor,
} from '../pages/DonationWidgetPage';

const SPEC_LINES = [
	'No response received from the server.',
	'Please try again later.',
];
const LIMITED =
	/^Too many payment attempts\. Please try again in \d+ minutes?\.$/;

function donor( firstName: string ): Donor {
	return {
		firstName,
		lastName: 'Hopper',
		email: uniqueEmail( firstName.toLowerCase() ),
	};
}

// Each test starts with the stand-ins reset (the fixture does it) and fresh rate limits.
test.beforeEach( async ( { standIns } ) => {
	void standIns;
	await resetSiteState();
} );

test.afterEach( async () => {
	await setSetting( 'rate_limit_payments_email', 10 );
} );

test( "a donor over the per-email limit sees SPEC's failure lines, then the server's message and that nothing was charged", async ( {
	page,
	consoleErrors,
} ) => {
	await setSetting( 'rate_limit_payments_email', 1 );
	const widget = new DonationWidgetPage( page );
	const grace = donor( 'Grace' );

	await widget.goto();
	await widget.reachPayment( '25', 'Once only', grace );
	await widget.payByCard( { number: CARDS.visa } );
	await expect( widget.thankYou( 'Grace' ) ).toBeVisible();

	// Grace gives again at once, from a fresh page: her email's allowance is spent.
	await widget.goto();
	await widget.reachPayment( '50', 'Once only', grace );
	await widget.payByCard( { number: CARDS.visa } );

	await widget.expectFailureScreen();
	await expect( widget.root.getByText( LIMITED ) ).toBeVisible();
	await expect( widget.text( 'You have not been charged.' ) ).toBeVisible();

	// SPEC's lines come first, untouched; the server's words follow them.
	const paragraphs = await widget.root
		.getByRole( 'paragraph' )
		.allTextContents();
	const first = paragraphs.indexOf( SPEC_LINES[ 0 ] );
	expect( first ).toBeGreaterThanOrEqual( 0 );
	expect( paragraphs.slice( first, first + 4 ) ).toEqual( [
		...SPEC_LINES,
		expect.stringMatching( LIMITED ),
		'You have not been charged.',
	] );
	await expect( widget.tryAgain ).toBeVisible();

	// Nothing was charged indeed: one donation row, the first.
	const rows = await donationRows( grace.email );
	expect( rows.map( ( row ) => row.total_cents ) ).toEqual( [ '2500' ] );
	expect( consoleErrors ).toEqual( [
		expect.stringContaining( 'status of 429' ),
	] );
	consoleErrors.length = 0;
} );

test( "junk payment calls from the donor's own address use up none of the allowance", async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	await widget.goto();

	// More junk than the hourly allowance of 20, from the same address as the browser.
	const junk: Array< Record< string, string > > = [
		{ action: 'process_payment_method' },
		{ action: 'process_payment_method', formData: '{"email":' },
		{ action: 'payment_intent', formData: '', attemptId: 'x' },
		{ action: 'process_paypal_payment', transaction_id: 'CAP' },
		{ action: 'open_paypal_order', orderId: 'ORDER' },
	];
	for ( let i = 0; i < 25; i++ ) {
		const answer = await page.request.post( '/wp-admin/admin-ajax.php', {
			form: junk[ i % junk.length ],
		} );
		expect( answer.status() ).toBe( 400 );
		expect( ( await answer.json() ).type ).toBe( 'validation' );
	}

	const katherine = donor( 'Katherine' );
	await widget.reachPayment( '25', 'Once only', katherine );
	await widget.payByCard( { number: CARDS.visa } );
	await expect( widget.thankYou( 'Katherine' ) ).toBeVisible();
} );
