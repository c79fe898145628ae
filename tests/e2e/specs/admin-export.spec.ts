/**
 * The Donations screen's CSV export of a large filtered list: it runs in batches in the
 * background while a labelled progress bar follows it, and the file can be downloaded only once
 * every batch is written. A failed export says so and offers to start again, never a file.
 * The rows are inserted in bulk on the server (tests/e2e/fixtures/export-donations.php); each
 * test uses donor emails under a domain of its own.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect, logIn } from '../fixtures';
import { scaled } from '../timeouts';
import {
	deleteSeeded,
	failExport,
	seedDonations,
	seededIds,
} from '../fixtures/exports';

const isBatchRequest = ( url: string ): boolean =>
	decodeURIComponent( url ).includes( '/donation-widget/v1/exports/' );

async function showSucceeded( page: Page, domain: string ): Promise< void > {
	await logIn( page );
	await page.goto( '/wp-admin/admin.php?page=donation-widget-donations' );
	await page
		.getByRole( 'searchbox', { name: 'Search donors' } )
		.fill( domain );
	await page.getByLabel( 'Status', { exact: true } ).selectOption( {
		label: 'Succeeded',
	} );
	await page.getByRole( 'button', { name: 'Filter' } ).click();
}

async function downloadedCsv( page: Page ): Promise< string > {
	const downloading = page.waitForEvent( 'download' );
	await page.getByRole( 'link', { name: 'Download CSV' } ).click();
	const download = await downloading;
	expect( download.suggestedFilename() ).toMatch(
		/^donations-\d{4}-\d{2}-\d{2}\.csv$/
	);
	return fs.readFileSync( await download.path(), 'utf8' );
}

test( 'an admin exports a filtered list of 12,000 donations, watches it reach the end and downloads exactly those rows', async ( {
	page,
} ) => {
	test.setTimeout( scaled( 420_000 ) );
	const domain = `export-${ Date.now() }.example.org.au`;
	await seedDonations( domain, 12000 );
	await seedDonations( domain, 300, 'failed' );
	try {
		const expected = await seededIds( domain, 'succeeded' );
		expect( expected ).toHaveLength( 12000 );
		await showSucceeded( page, domain );
		await expect(
			page.getByText( /^12000 donations: 12000 succeeded, raising/ )
		).toBeVisible();

		const labels: string[] = [];
		page.on( 'response', async ( response ) => {
			if ( isBatchRequest( response.url() ) ) {
				labels.push( ( await response.json() ).label );
			}
		} );
		await page.getByRole( 'button', { name: 'Export CSV' } ).click();

		const bar = page.getByRole( 'progressbar', {
			name: /^(Exporting donations: [\d,]+ of 12,000|Export complete: 12,000 donations\.)$/,
		} );
		await expect( bar ).toBeVisible();
		await expect(
			page.getByRole( 'link', { name: 'Download CSV' } )
		).toBeVisible( { timeout: scaled( 300_000 ) } );
		await expect( bar ).toHaveAccessibleName(
			'Export complete: 12,000 donations.'
		);
		expect(
			await bar.evaluate( ( element ) => [
				( element as HTMLProgressElement ).value,
				( element as HTMLProgressElement ).max,
			] )
		).toEqual( [ 12000, 12000 ] );
		await expect( page.getByRole( 'status' ) ).toHaveText(
			'Export complete: 12,000 donations. Download CSV is ready.'
		);
		// The bar moved through the batches (5,000 rows each) before the end.
		expect( labels ).toEqual(
			expect.arrayContaining( [
				'Exporting donations: 5,000 of 12,000',
				'Exporting donations: 10,000 of 12,000',
				'Export complete: 12,000 donations.',
			] )
		);

		const csv = await downloadedCsv( page );
		expect(
			csv.startsWith( '\uFEFF"Receipt number","Donation ID",' )
		).toBe( true );
		const lines = csv.trimEnd().split( '\n' ).slice( 1 );
		expect( lines ).toHaveLength( 12000 );
		expect(
			lines.map( ( line ) => Number( line.split( ',' )[ 1 ] ) )
		).toEqual( expected );
		expect(
			lines.every( ( line ) => line.includes( ',Succeeded,' ) )
		).toBe( true );
		// A name that is a formula reaches the spreadsheet as text.
		expect( csv ).toContain( ",'=SUM(1)," );
		expect( csv ).not.toMatch( /,=SUM\(1\),/ );
	} finally {
		await deleteSeeded( domain );
	}
} );

test( 'a failed export says why, offers no file and can be started again', async ( {
	page,
} ) => {
	test.setTimeout( scaled( 300_000 ) );
	const domain = `export-failed-${ Date.now() }.example.org.au`;
	await seedDonations( domain, 40 );
	try {
		await showSucceeded( page, domain );
		// The export fails before its first batch is written, as if the database refused it.
		let failed = false;
		await page.route(
			( url ) => isBatchRequest( url.toString() ),
			async ( route ) => {
				if ( ! failed ) {
					failed = true;
					const id = Number(
						new URL( page.url() ).searchParams.get( 'export' )
					);
					await failExport(
						domain,
						id,
						'The donations could not be read or stored (insert: the server went away).'
					);
				}
				await route.continue();
			}
		);
		await page.getByRole( 'button', { name: 'Export CSV' } ).click();

		await expect(
			page.getByText(
				'The donations could not be read or stored (insert: the server went away).',
				{ exact: true }
			)
		).toBeVisible();
		await expect(
			page.getByText(
				'The export failed, so there is no file to download.',
				{ exact: true }
			)
		).toBeVisible();
		await expect( page.getByRole( 'progressbar' ) ).toBeHidden();
		await expect(
			page.getByRole( 'link', { name: 'Download CSV' } )
		).toBeHidden();
		const exportId = new URL( page.url() ).searchParams.get( 'export' );

		// Its download is refused outright, even by a link that was handed out.
		const href = await page
			.getByRole( 'link', { name: 'Download CSV', includeHidden: true } )
			.getAttribute( 'href' );
		const refused = await page.request.get( href ?? '' );
		expect( refused.status() ).toBe( 409 );
		expect( await refused.text() ).toContain(
			'This export failed, so it has no file.'
		);
		expect( await refused.text() ).not.toContain( 'Receipt number' );

		await page.unrouteAll();
		await page
			.getByRole( 'button', { name: 'Start the export again' } )
			.click();
		await expect(
			page.getByRole( 'link', { name: 'Download CSV' } )
		).toBeVisible( { timeout: scaled( 150_000 ) } );
		expect( new URL( page.url() ).searchParams.get( 'export' ) ).not.toBe(
			exportId
		);
		const lines = ( await downloadedCsv( page ) ).trimEnd().split( '\n' );
		expect( lines ).toHaveLength( 41 );
	} finally {
		await deleteSeeded( domain );
	}
} );

test( 'the export refuses requests without the nonce or from an editor', async ( {
	page,
	consoleErrors,
} ) => {
	await logIn( page, 'editor' );
	const start = await page.request.post( '/wp-admin/admin-post.php', {
		form: { action: 'donation_widget_start_export', _wpnonce: 'guessed' },
	} );
	expect( start.status() ).toBe( 403 );
	// No REST nonce: WordPress treats the request as logged out.
	const batch = await page.request.post(
		'/?rest_route=/donation-widget/v1/exports/1/batch'
	);
	expect( batch.status() ).toBe( 401 );
	const download = await page.request.get(
		'/wp-admin/admin-post.php?action=donation_widget_download_export&export=1&_wpnonce=guessed'
	);
	expect( download.status() ).toBe( 403 );
	expect( consoleErrors ).toEqual( [] );
} );
