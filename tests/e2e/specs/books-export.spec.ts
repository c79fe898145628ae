/**
 * The treasurer's month end: after Stripe pays two gifts (one partly refunded) into the bank,
 * an admin sets the charity's account codes, opens the deposit on the Payouts screen and
 * downloads it for Xero; the file's lines, each coded, come to the deposit to the cent. The
 * date-range form gives the same lines. Needs the Payouts screen (branch i22-payouts), which
 * links to the export's admin-post.php action.
 */
import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { test, expect, logIn } from '../fixtures';
import { scaled } from '../timeouts';
import { paidOutGiftsWithARefund } from '../fixtures/books';
import { resetSiteState, uniqueEmail } from '../fixtures/donations';

const DONOR = {
	firstName: 'Grace',
	lastName: 'Ledger',
	iterationId: 'APPEAL-2026',
};

// Far enough ahead that no other test's payout arrives in the same days.
const PAYOUT_AT = Math.floor( Date.now() / 1000 ) + 61 * 86400;

/**
 * Sets the accounts the export codes lines to, on Settings → Accounting export.
 *
 * @param page The page.
 */
async function setAccountCodes( page: Page ): Promise< void > {
	await page.goto( '/wp-admin/admin.php?page=donation-widget' );
	await page
		.getByRole( 'navigation', { name: 'Settings sections' } )
		.getByRole( 'link', { name: 'Accounting export', exact: true } )
		.click();
	await page.getByLabel( 'Donations income account code' ).fill( '260' );
	await page.getByLabel( 'Payment fees expense account code' ).fill( '404' );
	await page
		.getByLabel( 'Refunds and chargebacks account code' )
		.fill( '261' );
	await page
		.getByLabel( 'Tax rate of gifts, refunds and chargebacks' )
		.selectOption( { label: 'BAS Excluded (MYOB: N-T)' } );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
}

/**
 * The downloaded CSV's rows, header first.
 *
 * @param download The download.
 * @return Rows of cells.
 */
async function csvRows( download: Download ): Promise< string[][] > {
	const text = fs.readFileSync( await download.path(), 'utf8' );
	return text
		.trimEnd()
		.split( '\n' )
		.map( ( line ) =>
			// Each cell: quoted (commas and doubled quotes inside) or bare; the file's
			// lines have seven cells and no line breaks inside a cell.
			( line.match( /("([^"]|"")*"|[^,]*)(,|$)/g ) ?? [] )
				.map( ( cell ) =>
					cell
						.replace( /,$/, '' )
						.replace( /^"|"$/g, '' )
						.replace( /""/g, '"' )
				)
				.slice( 0, 7 )
		);
}

/**
 * A signed decimal amount in cents, read as text (never through a float).
 *
 * @param amount Such as -12.30.
 * @return Cents.
 */
function cents( amount: string ): number {
	expect( amount ).toMatch( /^-?\d+\.\d{2}$/ );
	const value = Number( amount.replace( /[-.]/g, '' ) );
	return amount.startsWith( '-' ) ? -value : value;
}

/**
 * Y-m-d of a Unix time, in UTC (the stand-in's dates).
 *
 * @param seconds Unix time.
 * @return The date.
 */
function day( seconds: number ): string {
	return new Date( seconds * 1000 ).toISOString().slice( 0, 10 );
}

// The payment calls allow 20 attempts an hour from one address, and every test comes from
// 127.0.0.1: the counters start from zero for each test's gifts.
test.beforeEach( async () => {
	await resetSiteState();
} );

test( 'an admin downloads a deposit for Xero and its coded lines add up to it to the cent', async ( {
	page,
	request,
	standIns,
} ) => {
	void standIns;
	test.setTimeout( scaled( 300_000 ) );
	const email = uniqueEmail( 'grace' );
	// $52.50 and $20.00, $5 of the $20 refunded in Stripe's dashboard, paid out together.
	const payoutId = (
		await paidOutGiftsWithARefund( request, { ...DONOR, email }, PAYOUT_AT )
	).id;

	await logIn( page );
	await setAccountCodes( page );
	await page
		.getByRole( 'link', { name: 'Donation Widget', exact: true } )
		.first()
		.click();
	await page.getByRole( 'link', { name: 'Payouts', exact: true } ).click();
	await page
		.getByRole( 'row', { name: new RegExp( payoutId ) } )
		.getByRole( 'link' )
		.click();
	const heading = page.getByRole( 'heading', { name: /^Payout of \$/ } );
	await expect( heading ).toBeVisible();
	const deposit = /^Payout of \$([\d,]+\.\d{2}) on /.exec(
		( await heading.textContent() ) ?? ''
	);
	expect( deposit ).not.toBeNull();
	const depositCents = cents(
		( deposit as RegExpExecArray )[ 1 ].replace( /,/g, '' )
	);

	const downloading = page.waitForEvent( 'download' );
	await page.getByRole( 'link', { name: 'Download for Xero (CSV)' } ).click();
	const download = await downloading;
	expect( download.suggestedFilename() ).toBe( `xero-${ payoutId }.csv` );
	const [ header, ...lines ] = await csvRows( download );

	expect( header ).toEqual( [
		'*Date',
		'*Amount',
		'Payee',
		'Description',
		'Reference',
		'Account Code',
		'Tax Rate',
	] );
	expect( lines.reduce( ( sum, line ) => sum + cents( line[ 1 ] ), 0 ) ).toBe(
		depositCents
	);
	const graces = lines.filter( ( line ) => line[ 2 ] === 'Grace Ledger' );
	expect(
		graces.map( ( line ) => [ line[ 1 ], line[ 5 ], line[ 6 ] ] )
	).toEqual(
		expect.arrayContaining( [
			[ '52.50', '260', 'BAS Excluded' ],
			[ '20.00', '260', 'BAS Excluded' ],
			[ '-5.00', '261', 'BAS Excluded' ],
		] )
	);
	const fees = lines.filter(
		( line ) => line[ 2 ] === 'Stripe' && line[ 5 ] === '404'
	);
	expect( fees ).toHaveLength( 1 );
	expect( fees[ 0 ][ 6 ] ).toBe( 'GST on Expenses' );
	expect( cents( fees[ 0 ][ 1 ] ) ).toBeLessThan( 0 );

	// The same deposit through the date-range form: the same lines.
	const arrival = lines[ 0 ][ 0 ];
	await page
		.getByLabel( 'From', { exact: true } )
		.fill( day( PAYOUT_AT - 86400 ) );
	await page
		.getByLabel( 'To', { exact: true } )
		.fill( day( PAYOUT_AT + 5 * 86400 ) );
	const ranging = page.waitForEvent( 'download' );
	await page
		.getByRole( 'button', { name: 'Download for Xero', exact: true } )
		.click();
	const [ , ...rangeLines ] = await csvRows( await ranging );
	expect( rangeLines ).toEqual( expect.arrayContaining( lines ) );
	expect( rangeLines.every( ( line ) => line[ 0 ] === arrival ) ).toBe(
		true
	);
} );
