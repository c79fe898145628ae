/**
 * Gifts received offline. A treasurer records a cheque (after a mistyped amount is refused
 * beside its field), sees it with its receipt number, finds the donor under Donors with the
 * cheque on their page (which offers the next gift prefilled), finds it in the Donations list as
 * "Offline gift (cheque …)", in Reports by payment method and on the donor's EOFY statement for
 * this financial year, then voids it: it keeps its receipt number, marked void, and leaves
 * Reports and the statement. Each run's donor has an email of its own; Reports are compared
 * before and after, so other tests' donations never change what is asserted. Axe clean.
 */
import { test, expect, logIn, expectNoAxeViolations } from '../fixtures';
import type { Page } from '@playwright/test';
import { scaled } from '../timeouts';

/**
 * The gross of the Cheque row in Reports (this financial year, by payment method), in cents:
 * 0 when there is none.
 *
 * @param page The page.
 */
async function chequeGross( page: Page ): Promise< number > {
	await page.goto( '/wp-admin/admin.php?page=donation-widget-reports' );
	await page
		.getByLabel( 'Group by' )
		.selectOption( { label: 'Payment method' } );
	const table = page.getByRole( 'table', {
		name: /^Gross, refunds, fees and net by payment method, /,
	} );
	await expect( table ).toBeVisible();
	const row = table.getByRole( 'row', { name: /^Cheque\b/ } );
	if ( ( await row.count() ) === 0 ) {
		return 0;
	}
	const gross = ( await row.getByRole( 'cell' ).nth( 1 ).innerText() ).trim();
	return Math.round( Number( gross.replace( /[$,]/g, '' ) ) * 100 );
}

test( 'a treasurer records a cheque, finds it in Donations, Reports and the EOFY statement, and voids it', async ( {
	page,
} ) => {
	test.setTimeout( scaled( 300_000 ) );
	const email = `cheque-${ Date.now() }@offline-gifts.example.org.au`;
	const chequeNumber = String( Date.now() ).slice( -6 );
	await logIn( page );
	const grossBefore = await chequeGross( page );

	// The form: a mistyped amount is refused beside its field, nothing saved.
	await page.goto( '/wp-admin/admin.php?page=donation-widget-record-gift' );
	await expect(
		page.getByRole( 'heading', {
			name: 'Record an offline gift',
			level: 1,
		} )
	).toBeVisible();
	await expectNoAxeViolations( page );
	await page.getByRole( 'radio', { name: 'Cheque' } ).check();
	await page.getByLabel( 'Amount (AUD)' ).fill( '$1,234.50' );
	await page.getByRole( 'radio', { name: 'A person' } ).check();
	await page.getByLabel( 'First name' ).fill( 'Margaret' );
	await page.getByLabel( 'Last name' ).fill( 'Offline' );
	await page.getByLabel( 'Email' ).fill( email );
	await page
		.getByLabel( 'Address', { exact: true } )
		.fill( '12 Post Office Rd' );
	await page.getByLabel( 'Suburb or town' ).fill( 'Ballarat' );
	await page.getByLabel( 'State' ).fill( 'VIC' );
	await page.getByLabel( 'Postcode' ).fill( '3350' );
	await page.getByLabel( 'Reference' ).fill( chequeNumber );
	await page.getByLabel( 'Note' ).fill( 'Sent with a Christmas card.' );
	await page.getByRole( 'button', { name: 'Record gift' } ).click();
	await expect(
		page.getByText( 'Nothing was saved. Correct the fields marked below' )
	).toBeVisible();
	await expect( page.getByLabel( 'Amount (AUD)' ) ).toHaveAttribute(
		'aria-invalid',
		'true'
	);
	await expect(
		page.getByText( 'Enter the amount in dollars and cents as digits' )
	).toBeVisible();
	await expect( page.getByLabel( 'Last name' ) ).toHaveValue( 'Offline' );
	await expectNoAxeViolations( page );

	// Corrected and saved: the next receipt number, emailed.
	await page.getByLabel( 'Amount (AUD)' ).fill( '1234.50' );
	await page.getByRole( 'button', { name: 'Record gift' } ).click();
	const recorded = page.getByText( /^Gift recorded with receipt number / );
	await expect( recorded ).toBeVisible();
	const receipt = ( ( await recorded.innerText() ).match(
		/receipt number (\S+)\./
	) ?? [] )[ 1 ];
	expect( receipt ).toBeTruthy();
	await expect(
		page.getByText( `The receipt is being emailed to ${ email }.` )
	).toBeVisible();
	await expect(
		page.getByRole( 'cell', {
			name: `Offline gift (cheque ${ chequeNumber })`,
		} )
	).toBeVisible();
	await expectNoAxeViolations( page );

	// Donors: search, open the donor: the cheque is among their gifts, and their page offers the
	// next offline gift with the donor filled in.
	await page.goto( '/wp-admin/admin.php?page=donation-widget-donors' );
	await page
		.getByRole( 'searchbox', { name: 'Search donors' } )
		.fill( email );
	await page.getByRole( 'button', { name: 'Search donors' } ).click();
	await page
		.getByRole( 'link', { name: 'Margaret Offline' } )
		.first()
		.click();
	await expect(
		page.getByRole( 'heading', { name: 'Margaret Offline', level: 1 } )
	).toBeVisible();
	await expect(
		page.getByRole( 'cell', { name: 'Offline (Cheque)' } )
	).toBeVisible();
	await expect(
		page.getByRole( 'button', { name: `Resend receipt ${ receipt }` } )
	).toBeVisible();
	await expectNoAxeViolations( page );
	await page.getByRole( 'link', { name: 'Record an offline gift' } ).click();
	await expect( page.getByLabel( 'Email' ) ).toHaveValue( email );
	await expect( page.getByLabel( 'Last name' ) ).toHaveValue( 'Offline' );

	// The Donations list, found by the donor's email.
	await page.goto( '/wp-admin/admin.php?page=donation-widget-donations' );
	await page
		.getByRole( 'searchbox', { name: 'Search donors' } )
		.fill( email );
	await page.getByRole( 'button', { name: 'Search donors' } ).click();
	await expect(
		page.getByRole( 'cell', {
			name: `Offline gift (cheque ${ chequeNumber })`,
		} )
	).toBeVisible();

	// Reports, by payment method.
	expect( await chequeGross( page ) ).toBe( grossBefore + 123450 );

	// The donor's EOFY statement for this financial year, with the receipt number.
	await page.goto( '/wp-admin/admin.php?page=donation-widget-statements' );
	const year = page.getByLabel( 'Financial year' );
	await year.selectOption( {
		label: ( await year.getByRole( 'option' ).first().innerText() ).trim(),
	} );
	await page.getByRole( 'button', { name: 'Show' } ).click();
	await page.getByLabel( 'Donor email' ).fill( email );
	await page.getByRole( 'button', { name: 'Preview statement' } ).click();
	const statement = page.getByRole( 'region', {
		name: 'Preview of the statement for Margaret Offline',
	} );
	await expect(
		statement.getByRole( 'cell', { name: receipt } )
	).toBeVisible();
	await expect(
		statement.getByRole( 'cell', { name: 'Cheque', exact: true } )
	).toBeVisible();
	await expect(
		statement.getByRole( 'cell', { name: '$1,234.50', exact: true } )
	).toBeVisible();

	// Void it: a reason first, then it keeps its number, marked void.
	await page.goto( '/wp-admin/admin.php?page=donation-widget-donations' );
	await page
		.getByRole( 'searchbox', { name: 'Search donors' } )
		.fill( email );
	await page.getByRole( 'button', { name: 'Search donors' } ).click();
	await page
		.getByRole( 'link', { name: 'Margaret Offline' } )
		.first()
		.click();
	await expect(
		page.getByRole( 'heading', { name: 'Offline gift', level: 2 } )
	).toBeVisible();
	await expect(
		page.getByRole( 'heading', { name: 'Refunds' } )
	).toHaveCount( 0 );
	await page.getByRole( 'link', { name: 'Edit or void this gift' } ).click();
	await page.getByRole( 'button', { name: 'Void gift' } ).click();
	await expect(
		page.getByText( 'Say why the gift is voided' )
	).toBeVisible();
	await page.getByLabel( 'Why it is voided' ).fill( 'Cheque bounced' );
	await page.getByRole( 'button', { name: 'Void gift' } ).click();
	await expect(
		page.getByText(
			`Gift voided. Its receipt number ${ receipt } stays with it, marked void.`
		)
	).toBeVisible();
	await expect(
		page.getByRole( 'cell', { name: `${ receipt } (void)` } )
	).toBeVisible();
	await expectNoAxeViolations( page );
	await page
		.getByRole( 'link', { name: 'See it on the Donations screen' } )
		.click();
	await expect(
		page.getByRole( 'cell', { name: 'Void', exact: true } ).first()
	).toBeVisible();
	await expect( page.getByRole( 'cell', { name: receipt } ) ).toBeVisible();
	await expectNoAxeViolations( page );

	// Gone from Reports and the statement.
	expect( await chequeGross( page ) ).toBe( grossBefore );
	await page.goto( '/wp-admin/admin.php?page=donation-widget-statements' );
	await year.selectOption( {
		label: ( await year.getByRole( 'option' ).first().innerText() ).trim(),
	} );
	await page.getByRole( 'button', { name: 'Show' } ).click();
	await page.getByLabel( 'Donor email' ).fill( email );
	await page.getByRole( 'button', { name: 'Preview statement' } ).click();
	await expect(
		page.getByRole( 'region', {
			name: 'Preview of the statement for Margaret Offline',
		} )
	).toHaveCount( 0 );
} );
