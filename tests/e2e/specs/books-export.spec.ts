/**
 * The treasurer's month end: after Stripe pays two gifts (one partly refunded) into the bank,
 * an admin sets the charity's account codes, opens the deposit on the Payouts screen and
 * downloads it for Xero; the file's lines, each coded, come to the deposit to the cent. The
 * date-range form gives the same lines. A deposit of 1,001 lines downloads as two Xero files;
 * the MYOB file of a deposit; an account code left empty blocks the export with the reason.
 * Every file downloaded goes through the publishers' import rules (fixtures/import-checkers).
 */
import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { test, expect, logIn } from '../fixtures';
import { scaled } from '../timeouts';
import {
	XERO_CODES,
	donateByCard,
	paidOutGiftsWithARefund,
	payOut,
	paymentsFromElsewhere,
	setAccountCodesDirectly,
} from '../fixtures/books';
import { expectImports } from '../fixtures/import-checkers';
import { resetSiteState, setSetting, uniqueEmail } from '../fixtures/donations';

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
	await page.getByLabel( 'Other income account code' ).fill( '270' );
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
	expect(
		expectImports( 'xero', await download.path() ).files[ 0 ].sum_cents
	).toBe( depositCents );
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
	const ranged = await ranging;
	expectImports( 'xero', await ranged.path() );
	const [ , ...rangeLines ] = await csvRows( ranged );
	expect( rangeLines ).toEqual( expect.arrayContaining( lines ) );
	expect( rangeLines.every( ( line ) => line[ 0 ] === arrival ) ).toBe(
		true
	);
} );

/**
 * Opens a payout's page from the Payouts screen and reads its deposit.
 *
 * @param page     The page.
 * @param payoutId The po_… id.
 * @return The deposit in cents.
 */
async function openPayout( page: Page, payoutId: string ): Promise< number > {
	await page.goto( '/wp-admin/admin.php?page=donation-widget-payouts' );
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
	return cents( ( deposit as RegExpExecArray )[ 1 ].replace( /,/g, '' ) );
}

test( 'a deposit of 1,001 lines downloads for Xero as two files that each import and add up to it', async ( {
	page,
	request,
	standIns,
} ) => {
	void standIns;
	test.setTimeout( scaled( 600_000 ) );
	// One gift through the site (its line and the fee line) and 999 card payments made on the
	// same Stripe account elsewhere (a line each): 1,001 statement lines in one deposit.
	await donateByCard( request, {
		...DONOR,
		email: uniqueEmail( 'grace' ),
		total: '52.50',
	} );
	await paymentsFromElsewhere( request, 999, 1000 );
	const payout = await payOut( request, PAYOUT_AT + 7 * 86400 );
	expect( payout.deliveries ).toContain( 'payout.paid 200' );

	await setAccountCodesDirectly();
	await logIn( page );
	const depositCents = await openPayout( page, payout.id );

	const downloading = page.waitForEvent( 'download' );
	await page.getByRole( 'link', { name: 'Download for Xero (CSV)' } ).click();
	const download = await downloading;
	expect( download.suggestedFilename() ).toBe( `xero-${ payout.id }.zip` );
	const checked = expectImports( 'xero', await download.path() );
	expect( checked.files.map( ( file ) => file.name ) ).toEqual( [
		`xero-${ payout.id }-part-1-of-2.csv`,
		`xero-${ payout.id }-part-2-of-2.csv`,
	] );
	expect( checked.files.map( ( file ) => file.lines ) ).toEqual( [
		1000, 1,
	] );
	expect(
		checked.files.reduce( ( sum, file ) => sum + file.sum_cents, 0 )
	).toBe( depositCents );
	const total = `A$${ ( depositCents / 100 ).toLocaleString( 'en-AU', {
		minimumFractionDigits: 2,
	} ) }`;
	expect( checked.readme ).toContain(
		`Deposit ${ payout.id }: total ${ total }.`
	);
	expect( checked.readme ).toContain(
		`The parts together sum to ${ total }`
	);
} );

test( "the MYOB file of a deposit passes MYOB's import rules and adds up to it", async ( {
	page,
	request,
	standIns,
} ) => {
	void standIns;
	test.setTimeout( scaled( 300_000 ) );
	const payoutId = (
		await paidOutGiftsWithARefund(
			request,
			{ ...DONOR, email: uniqueEmail( 'grace' ) },
			PAYOUT_AT + 14 * 86400
		)
	).id;
	await setAccountCodesDirectly( {
		books_donations_account: '4-1100',
		books_fees_account: '6-1100',
		books_refunds_account: '4-1200',
		books_other_income_account: '8-1000',
		books_clearing_account: '1-1180',
	} );

	await logIn( page );
	const depositCents = await openPayout( page, payoutId );
	const downloading = page.waitForEvent( 'download' );
	await page.getByRole( 'link', { name: 'Download for MYOB (TXT)' } ).click();
	const download = await downloading;
	expect( download.suggestedFilename() ).toBe( `myob-${ payoutId }.txt` );
	const checked = expectImports( 'myob', await download.path() );
	expect( checked.files[ 0 ].records ).toEqual( [ depositCents ] );
	const text = fs.readFileSync( await download.path(), 'latin1' );
	expect( text.split( '\r\n' )[ 0 ] ).toBe(
		[
			'Deposit Account #',
			'Date',
			'Co./Last Name',
			'Memo',
			'Inclusive',
			'Allocation Account #',
			'Inc-Tax Amount',
			'Tax Code',
			'Allocation Memo',
		].join( '\t' )
	);
} );

test( 'an account code left empty blocks the export with the reason, and the suggested codes set it up', async ( {
	page,
	request,
	standIns,
} ) => {
	void standIns;
	test.setTimeout( scaled( 300_000 ) );
	const payoutId = (
		await paidOutGiftsWithARefund(
			request,
			{ ...DONOR, email: uniqueEmail( 'grace' ) },
			PAYOUT_AT + 21 * 86400
		)
	).id;
	await setAccountCodesDirectly();
	await logIn( page );
	await openPayout( page, payoutId );
	// A link the treasurer kept from last month.
	const kept = await page
		.getByRole( 'link', { name: 'Download for Xero (CSV)' } )
		.getAttribute( 'href' );
	expect( kept ).not.toBeNull();

	await setSetting( 'books_other_income_account', '' );
	await page.reload();
	await expect(
		page.getByText(
			/The Xero export is not set up yet, so no file is given: every line must be coded to an account\. Enter Other income account code on Settings, Accounting export/
		)
	).toBeVisible();
	await expect(
		page.getByRole( 'link', { name: 'Download for Xero (CSV)' } )
	).toHaveCount( 0 );
	await expect(
		page.getByRole( 'button', { name: 'Download for Xero', exact: true } )
	).toHaveCount( 0 );

	// The download itself refuses too: no uncoded file goes out.
	const refused = await page.request.get( kept as string );
	expect( refused.status() ).toBe( 409 );
	const refusal = await refused.text();
	expect( refusal ).toContain( 'Enter Other income account code' );
	expect( refusal ).toContain( 'Set up the accounting export' );
	expect( refusal ).not.toContain( '*Date' );

	await page
		.getByRole( 'link', { name: 'Set up the accounting export' } )
		.click();
	await expect(
		page
			.getByRole( 'paragraph' )
			.filter( { hasText: /^Xero export: not set up yet/ } )
	).toHaveText(
		'Xero export: not set up yet (refused until these are set: Other income account code).'
	);
	await page
		.getByRole( 'link', { name: 'Fill in the suggested Xero codes' } )
		.click();
	// Shown filled in, the codes already entered kept; stored only once saved.
	await expect( page.getByLabel( 'Other income account code' ) ).toHaveValue(
		'260'
	);
	await expect(
		page.getByLabel( 'Donations income account code' )
	).toHaveValue( XERO_CODES.books_donations_account );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
	await expect(
		page
			.getByRole( 'paragraph' )
			.filter( { hasText: /^Xero export: ready\.$/ } )
	).toHaveCount( 1 );

	await openPayout( page, payoutId );
	await expect(
		page.getByRole( 'link', { name: 'Download for Xero (CSV)' } )
	).toBeVisible();
} );
