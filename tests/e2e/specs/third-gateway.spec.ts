/**
 * A third payment gateway from the test tree (tests/site/gateways/example, "Example Pay"),
 * switched on by an option for these tests only: its section and rules on the settings screen,
 * its way to pay in the widget's tab 3, and its lines in Site Health, with no plugin edit.
 */
import type { Page } from '@playwright/test';
import { test, expect, logIn, expectNoAxeViolations } from '../fixtures';
import {
	resetSiteState,
	setOption,
	setSetting,
	uniqueEmail,
} from '../fixtures/donations';
import { DonationWidgetPage } from '../pages/DonationWidgetPage';

const SWITCH = 'donation_widget_test_example_gateway';

/**
 * Opens the Example Pay section of the settings screen.
 *
 * @param page The page.
 */
async function openExampleSection( page: Page ): Promise< void > {
	await page.goto( '/wp-admin/admin.php?page=donation-widget' );
	await page
		.getByRole( 'navigation', { name: 'Settings sections' } )
		.getByRole( 'link', { name: 'Example Pay', exact: true } )
		.click();
	await expect(
		page.getByRole( 'heading', { name: 'Example Pay', level: 2 } )
	).toBeVisible();
}

test.describe( 'a third gateway from the test tree', () => {
	test.beforeEach( async () => {
		await resetSiteState();
		await setOption( SWITCH, true );
		await setSetting( 'example_account_id', 'acct_e2e1' );
	} );

	test.afterAll( async () => {
		await setOption( SWITCH, false );
	} );

	test( 'its section is on the settings screen and checks its own fields', async ( {
		page,
	} ) => {
		await logIn( page );
		await openExampleSection( page );
		await expect( page.getByLabel( 'Example Pay account ID' ) ).toHaveValue(
			'acct_e2e1'
		);
		await page.getByLabel( 'Example Pay account ID' ).fill( 'ACCT-1' );
		await page.getByRole( 'button', { name: 'Save settings' } ).click();
		await expect(
			page.getByText(
				'Example Pay account ID: an Example Pay account ID starts with acct_, then lower-case letters and digits.'
			)
		).toBeVisible();

		await openExampleSection( page );
		await expect( page.getByLabel( 'Example Pay account ID' ) ).toHaveValue(
			'acct_e2e1'
		);
		await page.getByLabel( 'Example Pay account ID' ).fill( 'acct_e2e2' );
		await page.getByRole( 'button', { name: 'Save settings' } ).click();
		await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
		await openExampleSection( page );
		await expect( page.getByLabel( 'Example Pay account ID' ) ).toHaveValue(
			'acct_e2e2'
		);
		await expectNoAxeViolations( page );
	} );

	test( "its way to pay is in the widget's tab 3", async ( { page } ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.reachPayment( '25', 'Once only', {
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: uniqueEmail( 'example-gateway' ),
		} );
		const toggle = widget.root.getByRole( 'button', {
			name: 'Example Pay',
			exact: true,
		} );
		await expect( toggle ).toBeVisible();
		await expect( widget.creditCardToggle ).toBeVisible();
		await toggle.click();
		await expect(
			widget.root.getByText( 'Example Pay moves no money.' )
		).toBeVisible();
	} );

	test( 'Site Health has its test line and its info rows', async ( {
		page,
	} ) => {
		await logIn( page );
		await page.goto( '/wp-admin/site-health.php?tab=debug' );
		await page
			.getByRole( 'button', { name: 'Donation Widget', exact: true } )
			.click();
		await expect(
			page.getByRole( 'rowheader', {
				name: 'Example Pay mode',
				exact: true,
			} )
		).toBeVisible();
		await expect(
			page.getByRole( 'rowheader', {
				name: 'Example Pay keys (current mode)',
				exact: true,
			} )
		).toBeVisible();
		await expect(
			page.getByRole( 'rowheader', {
				name: 'Example Pay webhook',
				exact: true,
			} )
		).toBeVisible();

		await page.goto( '/wp-admin/site-health.php' );
		await expect(
			page.getByText( 'Example Pay is in test mode: it moves no money.' )
		).toBeAttached();
	} );
} );

test( 'other tests never see it', async ( { page } ) => {
	await setOption( SWITCH, false );
	await logIn( page );
	await page.goto( '/wp-admin/admin.php?page=donation-widget' );
	await expect(
		page
			.getByRole( 'navigation', { name: 'Settings sections' } )
			.getByRole( 'link', { name: 'Example Pay', exact: true } )
	).toHaveCount( 0 );
} );
