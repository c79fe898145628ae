/**
 * The ground the widgets stand on: the plugin runs on a real WordPress, its public settings
 * route answers without secrets, and its admin menu is there for administrators only.
 */
import { test, expect, logIn } from '../fixtures';

const SECRETS = [
	'sk_test_localStandIn',
	'whsec_localStandIn',
	'local-stand-in-secret',
	'local-stand-in-token',
	'local-stand-in-secret-key',
];

test( 'the settings route answers the public settings, and never a secret', async ( {
	request,
} ) => {
	const response = await request.get( '/wp-json/my-plugin/v1/settings' );
	expect( response.status() ).toBe( 200 );
	expect( response.headers()[ 'cache-control' ] ).toContain( 'max-age=300' );
	const body = await response.text();
	const settings = JSON.parse( body );
	expect( settings ).toMatchObject( {
		amount_values: [ '25', '50', '100' ],
		default_amount: 50,
		default_iteration_id: 'APPEAL-2026',
		stripe_public_key: 'pk_test_localStandIn',
		experian_min_search_char: 4,
	} );
	for ( const secret of SECRETS ) {
		expect( body ).not.toContain( secret );
	}
} );

test( 'the donate page carries its widget configuration and preloaded settings, and no secret', async ( {
	page,
} ) => {
	const response = await page.goto( '/donate/' );
	expect( response?.status() ).toBe( 200 );
	const html = await page.content();
	expect( html ).toContain( 'data-donation-widget=' );
	expect( html ).toContain( 'window.donationWidget = {' );
	for ( const secret of SECRETS ) {
		expect( html ).not.toContain( secret );
	}
} );

test( 'an administrator finds the settings under the Donation Widget menu', async ( {
	page,
} ) => {
	await logIn( page );
	await page
		.getByRole( 'link', { name: 'Donation Widget', exact: true } )
		.first()
		.click();
	await expect(
		page.getByRole( 'heading', { name: 'Donation Widget settings' } )
	).toBeVisible();
	await expect( page.getByLabel( 'Test publishable key' ) ).toHaveValue(
		'pk_test_localStandIn'
	);
	await expect(
		page.getByText( 'Saved: ends in ndIn. Leave empty to keep it.' ).first()
	).toBeVisible();
} );

test( 'an editor cannot open the settings', async ( {
	page,
	consoleErrors,
} ) => {
	await logIn( page, 'editor' );
	await expect(
		page.getByRole( 'link', { name: 'Donation Widget', exact: true } )
	).toHaveCount( 0 );
	const response = await page.goto(
		'/wp-admin/admin.php?page=donation-widget'
	);
	expect( response?.status() ).toBe( 403 );
	await expect(
		page.getByText( 'Sorry, you are not allowed to access this page.' )
	).toBeVisible();
	// The browser logs the refused page itself; that one is expected.
	expect( consoleErrors ).toEqual( [
		expect.stringContaining( 'status of 403' ),
	] );
	consoleErrors.length = 0;
} );
