/**
 * Donation Widget → Settings, as an administrator uses it: one section at a time, chosen from
 * the section menu.
 */
import type { Page } from '@playwright/test';
import { test, expect, logIn } from '../fixtures';

/**
 * Opens a section of the settings screen from its menu.
 *
 * @param page    The page.
 * @param heading The section's name.
 */
async function openSection( page: Page, heading: string ): Promise< void > {
	await page
		.getByRole( 'navigation', { name: 'Settings sections' } )
		.getByRole( 'link', { name: heading, exact: true } )
		.click();
	await expect(
		page.getByRole( 'heading', { name: heading, level: 2 } )
	).toBeVisible();
}

test.beforeEach( async ( { page } ) => {
	await logIn( page );
	await page.goto( '/wp-admin/admin.php?page=donation-widget' );
} );

test( 'a saved secret is masked, and an empty secret field keeps it', async ( {
	page,
} ) => {
	await openSection( page, 'Experian address lookup' );
	const token = page.getByLabel( 'Experian token' );
	await expect( token ).toHaveAttribute( 'type', 'password' );
	await token.fill( 'experian-e2e-token-4321' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();

	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
	await expect( page.getByLabel( 'Experian token' ) ).toHaveValue( '' );
	await expect(
		page.getByText( 'Saved: ends in 4321. Leave empty to keep it.' )
	).toBeVisible();
	expect( await page.content() ).not.toContain( 'experian-e2e-token-4321' );

	// Saving again with the field left empty keeps the stored secret.
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
	await expect(
		page.getByText( 'Saved: ends in 4321. Leave empty to keep it.' )
	).toBeVisible();

	// Put the demo token back for the other tests.
	await page.getByLabel( 'Experian token' ).fill( 'local-stand-in-token' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect(
		page.getByText( 'Saved: ends in oken. Leave empty to keep it.' )
	).toBeVisible();
} );

test( 'an invalid value shows a notice naming the field, and the old value stays', async ( {
	page,
} ) => {
	await openSection( page, 'Organisation' );
	const email = page.getByLabel( 'Supporter care email' );
	const before = await email.inputValue();
	await email.fill( 'not-an-email' );
	await openSection( page, 'Donation form' );
	await page.getByLabel( 'Preset amounts' ).fill( '10, 20' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();

	await expect(
		page.getByText(
			'Supporter care email: enter a valid email address, such as care@example.org.au.'
		)
	).toBeVisible();
	await expect(
		page.getByText(
			'Preset amounts: enter exactly three amounts, separated by commas, such as 25, 50, 100.'
		)
	).toBeVisible();
	await expect( page.getByLabel( 'Supporter care email' ) ).toHaveValue(
		before
	);
	await expect( page.getByLabel( 'Preset amounts' ) ).toHaveValue(
		'25, 50, 100'
	);
	await expect(
		page.getByText( 'Your other changes were saved.' )
	).toBeVisible();
} );

test( 'valid values are stored and reach the public settings', async ( {
	page,
	request,
} ) => {
	await openSection( page, 'Donation form' );
	await page
		.getByLabel( 'Default campaign iteration ID' )
		.fill( 'E2E-APPEAL' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
	await expect(
		page.getByLabel( 'Default campaign iteration ID' )
	).toHaveValue( 'E2E-APPEAL' );

	const settings = await (
		await request.get( '/wp-json/my-plugin/v1/settings' )
	).json();
	expect( settings.default_iteration_id ).toBe( 'E2E-APPEAL' );

	await page
		.getByLabel( 'Default campaign iteration ID' )
		.fill( 'APPEAL-2026' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
} );

test( 'each provider section tests its connection with the saved keys and reports in a notice after its fields', async ( {
	page,
} ) => {
	const expected = [
		[
			'Stripe (card and express checkout)',
			'Connected to Stripe in test mode.',
		],
		[ 'PayPal', 'Connected to PayPal (sandbox).' ],
		[
			'Experian address lookup',
			'Connected to Experian: an address search answered.',
		],
		[ 'Google reCAPTCHA', 'Google accepted the reCAPTCHA secret key.' ],
	];
	for ( const [ heading, message ] of expected ) {
		await openSection( page, heading );
		// Only the open section's button is there to press.
		const button = page.getByRole( 'button', { name: 'Test connection' } );
		await expect( button ).toHaveCount( 1 );
		await button.click();
		const notice = page
			.getByRole( 'region', { name: heading } )
			.getByRole( 'status' )
			.filter( { hasText: message } );
		await expect( notice ).toBeVisible();
		await expect( notice ).toHaveClass( /notice notice-success inline/ );
		// Beside the button, below the last field it tested.
		const noticeBox = await notice.boundingBox();
		const buttonBox = await button.boundingBox();
		const lastField = page
			.getByRole( 'region', { name: heading } )
			.locator( 'input:visible, select:visible' )
			.last();
		const fieldBox = await lastField.boundingBox();
		expect( buttonBox!.y ).toBeGreaterThan( fieldBox!.y );
		expect( noticeBox!.y ).toBeGreaterThan( buttonBox!.y );
		expect( noticeBox!.y - buttonBox!.y ).toBeLessThan( 120 );
	}
} );

test( 'the section menu shows one section at a time, and a save returns to it', async ( {
	page,
} ) => {
	const menu = page.getByRole( 'navigation', { name: 'Settings sections' } );
	for ( const name of [
		'Stripe (card and express checkout)',
		'PayPal',
		'Experian address lookup',
		'Google reCAPTCHA',
		'Donation form',
		'Organisation',
		'Card-update links',
		'Receipts',
	] ) {
		await expect(
			menu.getByRole( 'link', { name, exact: true } )
		).toBeVisible();
	}
	await expect(
		menu.getByRole( 'link', { name: 'Stripe (card and express checkout)' } )
	).toHaveAttribute( 'aria-current', 'page' );
	await expect( page.getByLabel( 'Receipt sender name' ) ).toBeHidden();

	await openSection( page, 'Receipts' );
	await expect( page.getByLabel( 'Receipt sender name' ) ).toBeVisible();
	await expect( page.getByLabel( 'Test secret key' ) ).toBeHidden();
	await expect(
		menu.getByRole( 'link', { name: 'Receipts' } )
	).toHaveAttribute( 'aria-current', 'page' );
	await expect(
		page.getByRole( 'heading', { name: 'Receipts', level: 2 } )
	).toBeFocused();
	await expect( page ).toHaveURL( /section=receipts/ );
	// The screen is no longer one long page.
	const height = await page.evaluate(
		() => document.documentElement.scrollHeight
	);
	expect( height ).toBeLessThan( 1800 );

	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
	await expect( page.getByLabel( 'Receipt sender name' ) ).toBeVisible();

	// Without the script, each link opens the screen on its section.
	await page.goto(
		'/wp-admin/admin.php?page=donation-widget&section=organisation'
	);
	await expect( page.getByLabel( 'Organisation name' ) ).toBeVisible();
} );

test( "a refused key is reported in the provider's words", async ( {
	page,
} ) => {
	await page.getByLabel( 'Test secret key' ).fill( 'sk_test_invalid' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();

	await page
		.getByRole( 'button', { name: 'Test connection' } )
		.first()
		.click();
	const refused = page.getByRole( 'alert' ).filter( {
		hasText: 'Stripe refused the test secret key: Invalid API Key provided',
	} );
	await expect( refused ).toBeVisible();
	await expect( refused ).toHaveClass( /notice notice-error inline/ );

	await page.getByLabel( 'Test secret key' ).fill( 'sk_test_localStandIn' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
} );

test( 'the PayPal section shows the webhook URL, the last event and the last refused delivery', async ( {
	page,
	standIns,
	baseURL,
} ) => {
	const webhookId = 'WH0E2ESETTINGS01';
	await openSection( page, 'PayPal' );
	await page.getByLabel( 'Webhook ID' ).fill( webhookId );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
	await expect(
		page.getByText( '/wp-json/donation-widget/v1/paypal/webhook' )
	).toBeVisible();

	// A genuine delivery (of a capture this site never recorded: nothing to change).
	expect(
		await standIns.deliverPayPalEvent(
			baseURL ?? '',
			webhookId,
			'PAYMENT.CAPTURE.DENIED'
		)
	).toBe( 200 );
	// And one changed on the way, which PayPal does not confirm.
	expect(
		await standIns.deliverPayPalEvent(
			baseURL ?? '',
			webhookId,
			'PAYMENT.CAPTURE.COMPLETED',
			true
		)
	).toBe( 400 );

	await page.reload();
	const health = page.locator(
		'.donation-widget-webhook-health[data-provider="paypal"]'
	);
	await expect( health ).toContainText(
		/Last event received: PAYMENT\.CAPTURE\.DENIED, .+ ago/
	);
	await expect( health ).toContainText(
		/Last refused webhook: PayPal, .+: invalid_signature: verification_status FAILURE/
	);

	await page.goto( '/wp-admin/index.php' );
	await expect(
		page.locator( '.donation-widget-dashboard-webhooks' )
	).toContainText(
		'PayPal webhooks: Last event received: PAYMENT.CAPTURE.DENIED'
	);
} );

test( 'a stored secret is removed only with its box ticked and the removal confirmed', async ( {
	page,
} ) => {
	await openSection( page, 'PayPal' );
	const secret = page.locator( '#donation-widget-paypal-live-secret' );
	const description = page.locator(
		'#donation-widget-paypal-live-secret-description'
	);
	await secret.fill( 'e2e-live-secret-WXYZ' );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( description ).toHaveText(
		'Saved: ends in WXYZ. Leave empty to keep it.'
	);

	const remove = page.locator( '#donation-widget-paypal-live-secret-remove' );
	await expect( remove ).toHaveAccessibleName(
		'Remove the stored key when saving'
	);

	// Declining the confirmation saves nothing.
	await remove.check();
	page.once( 'dialog', async ( dialog ) => {
		expect( dialog.message() ).toBe(
			'Remove these stored keys: Live secret? Payments or lookups that need them stop until new ones are saved.'
		);
		await dialog.dismiss();
	} );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( remove ).toBeChecked();
	await page.reload();
	await expect( description ).toHaveText(
		'Saved: ends in WXYZ. Leave empty to keep it.'
	);

	// Confirmed, it is gone; the other secrets stay.
	await page.locator( '#donation-widget-paypal-live-secret-remove' ).check();
	page.once( 'dialog', ( dialog ) => dialog.accept() );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
	await expect( description ).toHaveText( 'Not set.' );
	await expect(
		page.locator( '#donation-widget-paypal-live-secret-remove' )
	).toHaveCount( 0 );
	await expect(
		page.locator( '#donation-widget-experian-token-description' )
	).toHaveText( /^Saved: ends in / );
} );

test( 'the Stripe section says whether the wallets are enabled on the site, and registers the domain again on request', async ( {
	page,
} ) => {
	const wallets = page.getByRole( 'heading', {
		name: 'Apple Pay and Google Pay on this site',
	} );
	await expect( wallets ).toBeVisible();

	await page
		.getByRole( 'button', { name: 'Register the domain again' } )
		.click();

	// The e2e site is served from 127.0.0.1: Stripe enables Google Pay there, not Apple Pay.
	const answer =
		'Wallets on 127.0.0.1: Apple Pay is not enabled. Apple Pay needs a public domain name served over HTTPS. Google Pay is enabled.';
	// Once in the notice the button brings, once in the Stripe section.
	await expect( page.getByText( answer ) ).toHaveCount( 2 );
	await expect( page ).toHaveURL( /page=donation-widget/ );
} );
