/**
 * The release zip installs the way an admin would install it: uploaded through Plugins → Add New
 * Plugin on a fresh WordPress (bin/test.sh builds dist/donation-widget.zip and starts that site).
 */
import path from 'node:path';
import { test, expect, logIn } from '../fixtures';

const ZIP_SITE =
	process.env.DONATION_WIDGET_ZIP_SITE_URL ?? 'http://127.0.0.1:8892';
const ZIP = path.resolve( __dirname, '../../../dist/donation-widget.zip' );

test.use( { baseURL: ZIP_SITE } );

test( 'the zip uploads, activates with no notice, and its block and settings work', async ( {
	page,
} ) => {
	await logIn( page );
	await page.goto( '/wp-admin/plugin-install.php?tab=upload' );
	await page.getByLabel( 'Plugin zip file' ).setInputFiles( ZIP );
	await page.getByRole( 'button', { name: 'Install Now' } ).click();
	await expect(
		page.getByText( 'Plugin installed successfully.' )
	).toBeVisible();
	await page.getByRole( 'link', { name: 'Activate Plugin' } ).click();

	await expect( page.getByText( 'Plugin activated.' ) ).toBeVisible();
	await expect(
		page.locator( '.notice-error, .notice-warning, .error' )
	).toHaveCount( 0 );
	await expect(
		page
			.getByRole( 'row', { name: /Donation Widget/ } )
			.getByRole( 'link', { name: 'Deactivate' } )
	).toBeVisible();

	await page
		.getByRole( 'link', { name: 'Donation Widget', exact: true } )
		.first()
		.click();
	await expect(
		page.getByRole( 'heading', { name: 'Donation Widget settings' } )
	).toBeVisible();

	const settings = await page.request.get( '/wp-json/my-plugin/v1/settings' );
	expect( settings.status() ).toBe( 200 );
	expect( ( await settings.json() ).amount_values ).toEqual( [
		'25',
		'50',
		'100',
	] );
} );
