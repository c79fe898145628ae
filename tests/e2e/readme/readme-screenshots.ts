/**
 * The screenshots readme.txt describes, in its order, taken from the real e2e site: WordPress.org
 * reads them from the SVN assets folder, which the deploy copies from .wordpress-org/ (the plugin
 * zip, built by bin/plugin-zip.sh from a list of folders, leaves them out).
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect, logIn } from '../fixtures';
import { recurringDonor } from '../fixtures/card-update';
import { uniqueEmail } from '../fixtures/donations';
import { CARDS, DonationWidgetPage } from '../pages/DonationWidgetPage';

const ASSETS = path.resolve( __dirname, '../../../.wordpress-org' );

async function shoot( target: Page | Locator, number: number ) {
	await target.screenshot( {
		path: path.join( ASSETS, `screenshot-${ number }.png` ),
		animations: 'disabled',
	} );
}

test.use( { viewport: { width: 1280, height: 900 } } );

test( 'readme.txt screenshots 1 to 7', async ( { page } ) => {
	const widget = new DonationWidgetPage( page );
	const donor = {
		firstName: 'Ada',
		lastName: 'Lovelace',
		email: uniqueEmail( 'readme' ),
	};

	// 1. The amount step: preset amounts, a custom amount and the frequency tabs.
	await widget.goto();
	await expect( widget.customAmount ).toBeVisible();
	await shoot( page.getByRole( 'main' ), 1 );

	// 2. The details step, with address search.
	await widget.chooseAmount( '50', 'Once only' );
	await widget.goToDetails();
	await widget.fillDetails( donor );
	await widget.address.pressSequentially( 'Example Street' );
	await expect( widget.suggestions ).toBeVisible();
	await shoot( page.getByRole( 'main' ), 2 );

	// 3. The payment step: card, express checkout and PayPal.
	await widget.address.press( 'ArrowDown' );
	await widget.address.press( 'Enter' );
	await widget.goToPayment();
	await widget.showCardForm();
	await expect( widget.payPalButton ).toBeVisible();
	await shoot( page.getByRole( 'main' ), 3 );

	// 4. The thank-you screen.
	await widget.fillCard( { number: CARDS.visa } );
	await widget.donateButton.click();
	await expect( widget.thankYou( 'Ada' ) ).toBeVisible();
	await shoot( page.getByRole( 'main' ), 4 );

	// 5. Updating a saved card from a card-update link.
	await page.goto( recurringDonor().url );
	await expect(
		page.getByRole( 'heading', { name: 'Update card details.' } )
	).toBeVisible();
	await shoot( page.getByRole( 'main' ), 5 );

	// 6. The Donations list in the admin, with its filters and totals.
	await logIn( page );
	await page.goto( '/wp-admin/admin.php?page=donation-widget-donations' );
	await expect(
		page.getByRole( 'heading', { name: 'Donations', level: 1 } )
	).toBeVisible();
	await shoot( page, 6 );

	// 7. The settings screen, with a provider section's "Test connection".
	await page.goto(
		'/wp-admin/admin.php?page=donation-widget&section=experian'
	);
	await page.getByRole( 'button', { name: 'Test connection' } ).click();
	await expect(
		page.getByRole( 'status' ).filter( {
			hasText: 'Connected to Experian: an address search answered.',
		} )
	).toBeVisible();
	await page.evaluate( () => window.scrollTo( 0, 0 ) );
	await shoot( page, 7 );
} );
