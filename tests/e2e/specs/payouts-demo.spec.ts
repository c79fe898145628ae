/**
 * The demo's "Simulate a payout": a newcomer who has given on the demo presses one button on the
 * Payouts screen and sees Stripe's payout of it explained to the cent, ready to export, without
 * waiting the two days Stripe keeps a gift pending. Outside demo mode the button does not exist.
 * The e2e site answers as the demo for requests carrying X-Donation-Widget-Demo (tests/site/wp-config.php).
 */
import fs from 'node:fs';
import { test, expect, logIn, expectNoAxeViolations } from '../fixtures';
import { scaled } from '../timeouts';
import { donateByCard, refundInStripe } from '../fixtures/books';
import { resetSiteState, setSetting, uniqueEmail } from '../fixtures/donations';

test.beforeEach( async () => {
	await resetSiteState();
} );

test( 'in demo mode, "Simulate a payout" pays out what the demo took and opens it explained, ready to export', async ( {
	browser,
	request,
	standIns,
} ) => {
	// The fixture empties the Stripe stand-in: its balance holds only this test's gifts.
	void standIns;
	test.setTimeout( scaled( 300_000 ) );
	const email = uniqueEmail( 'newcomer' );
	const donor = { email, firstName: 'Nova', lastName: 'Newcomer' };
	await donateByCard( request, { ...donor, total: '52.50' } );
	const second = await donateByCard( request, { ...donor, total: '20.00' } );
	await refundInStripe( request, second, 500 );
	// The accounting export's codes, as a treasurer sets them once (an export goes out coded).
	for ( const [ key, code ] of Object.entries( {
		books_donations_account: '260',
		books_fees_account: '404',
		books_refunds_account: '261',
		books_other_income_account: '270',
	} ) ) {
		await setSetting( key, code );
	}

	const demo = await browser.newContext( {
		extraHTTPHeaders: { 'X-Donation-Widget-Demo': 'on' },
	} );
	const page = await demo.newPage();
	await logIn( page );
	await page
		.getByRole( 'link', { name: 'Donation Widget', exact: true } )
		.first()
		.click();
	await page.getByRole( 'link', { name: 'Payouts', exact: true } ).click();
	const help = page.getByRole( 'region', { name: 'Demo: see a payout' } );
	await expect( help ).toContainText(
		'Stripe pays the money of a gift into the bank days after it'
	);
	await expectNoAxeViolations( page );

	await help.getByRole( 'button', { name: 'Simulate a payout' } ).click();

	// Gifts $52.50 + $20.00, less Stripe's fees on a US test card (3.5% + 30c: $2.14 + $1.00)
	// and the $5.00 refunded in Stripe's dashboard.
	await expect(
		page.getByRole( 'heading', { name: /^Payout of \$64\.36 on / } )
	).toBeVisible();
	await expect( page.getByText( 'Demo payout made' ) ).toBeVisible();
	const payoutId = new URL( page.url() ).searchParams.get( 'payout' ) ?? '';
	expect( payoutId ).toMatch( /^po_/ );
	await expect(
		page.getByText(
			'The gifts, fees, refunds, disputes and other money below come to the deposit exactly.'
		)
	).toBeVisible();
	const parts = page.getByRole( 'table', {
		name: 'The parts of the deposit',
	} );
	await expect( parts ).toContainText( /Gifts \(gross\)\s*\$72\.50/ );
	await expect( parts ).toContainText( /Refunds\s*-\$5\.00/ );
	await expect( parts ).toContainText( /Deposit\s*\$64\.36/ );
	const gifts = page.getByRole( 'table', {
		name: 'The gifts in this payout',
	} );
	await expect( gifts ).toContainText( '$52.50' );
	await expect( gifts ).toContainText( '$20.00' );
	await expectNoAxeViolations( page );

	// It exports as a real payout does: the file carries its lines.
	const downloading = page.waitForEvent( 'download' );
	await page
		.getByRole( 'link', { name: /^Download for Xero/ } )
		.first()
		.click();
	const file = fs.readFileSync( await ( await downloading ).path(), 'utf8' );
	for ( const amount of [ '52.50', '20.00', '-5.00' ] ) {
		expect( file ).toContain( amount );
	}

	// Everything taken is paid out: a second press says there is nothing left.
	await page.getByRole( 'link', { name: 'All payouts' } ).click();
	await page.getByRole( 'button', { name: 'Simulate a payout' } ).click();
	await expect(
		page.getByText( 'Nothing to pay out: the demo has taken no card money' )
	).toBeVisible();
	await expect(
		page.getByRole( 'row', { name: new RegExp( payoutId ) } )
	).toContainText( /\$64\.36\s*Paid/ );
	await demo.close();

	// Outside demo mode the screen has no such button.
	const plain = await browser.newPage();
	await logIn( plain );
	await plain.goto( '/wp-admin/admin.php?page=donation-widget-payouts' );
	await expect(
		plain.getByRole( 'heading', { name: 'Payouts', level: 1 } )
	).toBeVisible();
	await expect(
		plain.getByRole( 'button', { name: 'Simulate a payout' } )
	).toHaveCount( 0 );
	await plain.close();
} );
