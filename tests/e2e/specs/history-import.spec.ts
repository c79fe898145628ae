/**
 * Bringing in the history, as a treasurer would: upload GiveWP's donations export as it is
 * (tests/e2e/fixtures/givewp-donations-export.csv, written from GiveWP's published export
 * columns), read the dry run (what will be created, each refused row with its reason), import it
 * while the progress bar follows to the end, find an imported gift marked on the Donations list,
 * and upload the same file again: nothing new. A file that is not a CSV gets its message beside
 * the field. Each run imports "from" a site name of its own, so it never meets an earlier run's
 * gifts, and deletes what it imported at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, logIn, expectNoAxeViolations } from '../fixtures';
import { runSiteScript } from '../fixtures/php';
import { scaled } from '../timeouts';

const EXPORT = path.resolve(
	__dirname,
	'../fixtures/givewp-donations-export.csv'
);

/**
 * Uploads the GiveWP export.
 *
 * @param page The page.
 * @param site The site the gifts came from (each run's own).
 */
async function upload( page: Page, site: string ): Promise< void > {
	await page.goto( '/wp-admin/admin.php?page=donation-widget-import' );
	await page.getByLabel( 'Site the gifts came from' ).fill( site );
	await page.getByLabel( 'CSV file' ).setInputFiles( EXPORT );
	await page.getByRole( 'button', { name: 'Upload and check' } ).click();
}

/**
 * Waits for the dry run: printed at once, or after the progress bar's check.
 *
 * @param page The page.
 */
async function openDryRun( page: Page ): Promise< void > {
	const heading = page.getByRole( 'heading', {
		name: 'Dry run: nothing has been written yet',
	} );
	const link = page.getByRole( 'link', { name: 'See the dry run' } );
	await expect( heading.or( link ) ).toBeVisible( {
		timeout: scaled( 60_000 ),
	} );
	if ( await link.isVisible() ) {
		await link.click();
	}
	await expect( heading ).toBeVisible();
}

test( 'a treasurer imports a GiveWP export after its dry run, and importing it again creates nothing', async ( {
	page,
} ) => {
	test.setTimeout( scaled( 300_000 ) );
	const site = `old-site-${ Date.now() }.example.org.au`;
	try {
		await logIn( page );
		await page.goto( '/wp-admin/admin.php?page=donation-widget-import' );
		await expect(
			page.getByRole( 'heading', { name: 'Import donations', level: 1 } )
		).toBeVisible();
		await expectNoAxeViolations( page );

		// A file over the limit never leaves the browser: the message is beside the field.
		const huge = path.join( os.tmpdir(), `everything-${ Date.now() }.csv` );
		fs.writeFileSync( huge, '' );
		fs.truncateSync( huge, 60 * 1024 * 1024 );
		await page.getByLabel( 'CSV file' ).setInputFiles( huge );
		fs.rmSync( huge );
		await page.getByRole( 'button', { name: 'Upload and check' } ).click();
		await expect(
			page.getByLabel( 'CSV file' )
		).toHaveAccessibleDescription(
			/This file is too large: files up to \d+ MB can be imported\./
		);
		await expect( page.getByLabel( 'CSV file' ) ).toBeFocused();
		await expectNoAxeViolations( page );

		// A spreadsheet saved as Excel: the message is beside the field, nothing is kept.
		await page.getByLabel( 'CSV file' ).setInputFiles( {
			name: 'donations.xlsx',
			mimeType:
				'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
			buffer: Buffer.concat( [
				Buffer.from( [ 0x50, 0x4b, 0x03, 0x04 ] ),
				Buffer.alloc( 64 ),
			] ),
		} );
		await page.getByRole( 'button', { name: 'Upload and check' } ).click();
		await expect(
			page.getByLabel( 'CSV file' )
		).toHaveAccessibleDescription(
			/This is a spreadsheet \(Excel\) file, not a CSV file/
		);
		await expect( page.getByLabel( 'CSV file' ) ).toHaveAttribute(
			'aria-invalid',
			'true'
		);
		await expectNoAxeViolations( page );

		// GiveWP's export as it is: recognised, no columns to choose.
		await upload( page, site );
		await openDryRun( page );
		await expect(
			page.getByText( "Recognised as GiveWP's donations export.", {
				exact: false,
			} )
		).toBeVisible();
		await expect(
			page.getByText( '19 gifts will be created. 11 rows are refused.' )
		).toBeVisible();
		await expect(
			page.getByText(
				'Dates are read in the format the file evidently uses (d/m/Y, such as 31/12/2026)',
				{ exact: false }
			)
		).toBeVisible();
		const rows = page.getByRole( 'table', {
			name: 'Rows of the file and what the import does with each',
		} );
		await expect(
			rows.getByRole( 'row', { name: /Bad date: “31\/02\/2025 10:10”/ } )
		).toBeVisible();
		await expect(
			rows.getByRole( 'row', {
				name: /Duplicate: the same gift as row 5 of this file\./,
			} )
		).toBeVisible();
		await expect(
			rows.getByRole( 'row', { name: /Wrong currency: USD/ } )
		).toBeVisible();
		await expect(
			rows.getByRole( 'row', {
				name: /A cell begins with a formula character/,
			} )
		).toBeVisible();
		await expect(
			rows.getByRole( 'row', {
				name: /Not a completed gift \(status “Pending”\)/,
			} )
		).toBeVisible();
		await expectNoAxeViolations( page );

		// The refused rows alone.
		await page.getByRole( 'link', { name: 'Refused' } ).click();
		await expect( rows.getByRole( 'row' ) ).toHaveCount( 12 );

		// Import: the progress bar follows the background import to its end.
		await page.getByRole( 'button', { name: 'Import 19 gifts' } ).click();
		await expect( page.getByRole( 'status' ) ).toHaveText(
			'Import finished: 19 gifts created.',
			{ timeout: scaled( 120_000 ) }
		);
		await expect( page.getByLabel( 'Import' ) ).toHaveAttribute(
			'value',
			'100'
		);
		await expectNoAxeViolations( page );

		// On the Donations list, marked as imported.
		await page.goto(
			'/wp-admin/admin.php?page=donation-widget-donations&s=zoe.ngu%40example.org.au'
		);
		await expect(
			page.getByText( 'Imported from GiveWP, donation 1043' ).first()
		).toBeVisible();

		// The same file again: every gift is already there.
		await upload( page, site );
		await openDryRun( page );
		await expect(
			page.getByText( '0 gifts will be created. 30 rows are refused.' )
		).toBeVisible();
		await expect(
			page.getByText( 'Nothing to import: every row is refused', {
				exact: false,
			} )
		).toBeVisible();
		await expect(
			rows
				.getByRole( 'row', {
					name: /Duplicate: this gift was already imported\./,
				} )
				.first()
		).toBeVisible();
		await expect(
			page.getByRole( 'button', { name: /^Import \d+ gift/ } )
		).toHaveCount( 0 );
	} finally {
		await runSiteScript( 'history-import.php', [ 'delete', site ] );
	}
} );
