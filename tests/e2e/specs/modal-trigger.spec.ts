/**
 * Issue 21: a modal widget with a trigger button is no dead end. The modal still opens on page
 * load (docs/widget-contract.md#21-widget-configuration-and-container); once a visitor closes it, the button on the page opens it again, by mouse or
 * keyboard, and focus goes back to the button whenever the modal closes.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { deletePage, publishPage } from '../fixtures/donations';

const DIALOG = 'Donate to Helping Hands Australia';

const dialogOf = ( page: Page ) => page.getByRole( 'dialog', { name: DIALOG } );

test( 'the demo modal page: closed, the "Donate" button opens it again, and focus comes back to the button', async ( {
	page,
} ) => {
	await page.goto( '/donate-modal/' );
	const dialog = dialogOf( page );
	const trigger = page.getByRole( 'button', { name: 'Donate', exact: true } );
	await expect( dialog ).toBeVisible();
	await expect(
		dialog.getByRole( 'tab', { name: '1. Amount' } )
	).toBeVisible();

	// Keyboard: Close, then the button, then Escape.
	const close = dialog.getByRole( 'button', { name: 'Close', exact: true } );
	await expect( close ).toBeFocused();
	await page.keyboard.press( 'Enter' );
	await expect( dialog ).toHaveCount( 0 );
	await expect( trigger ).toBeFocused();

	await page.keyboard.press( 'Enter' );
	await expect( dialog ).toBeVisible();
	await expect(
		dialog.getByRole( 'button', { name: 'Close', exact: true } )
	).toBeFocused();
	await expect(
		dialog.getByRole( 'button', { name: '$ 50', exact: true } )
	).toBeVisible();
	await page.keyboard.press( 'Escape' );
	await expect( dialog ).toHaveCount( 0 );
	await expect( trigger ).toBeFocused();

	// Space opens it too, as on any button.
	await page.keyboard.press( ' ' );
	await expect( dialog ).toBeVisible();

	// Mouse: the backdrop closes it, the button opens it again, more than once.
	for ( let round = 0; round < 2; round++ ) {
		await page.mouse.click( 5, 5 );
		await expect( dialog ).toHaveCount( 0 );
		await expect( trigger ).toBeFocused();
		await trigger.click();
		await expect( dialog ).toBeVisible();
	}

	// A donor can go on with the reopened form.
	await dialog.getByRole( 'button', { name: '$ 25', exact: true } ).click();
	await expect(
		dialog.getByRole( 'button', { name: 'Donate $25 4-weekly >>' } )
	).toBeVisible();

	await dialog.getByRole( 'button', { name: 'Close', exact: true } ).click();
	const results = await new AxeBuilder( { page } )
		.include( '.dw-trigger-wrap' )
		.withTags( [ 'wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa' ] )
		.analyze();
	expect( results.violations.map( ( violation ) => violation.id ) ).toEqual(
		[]
	);
} );

test( "the button's text is the editor's, and a modal without the option still has no button", async ( {
	page,
} ) => {
	const withButton = await publishPage(
		'e2e-modal-trigger-text',
		'Give (modal with button)',
		'<!-- wp:donation-widget/donation-widget {"modal":true,"trigger":true,"triggerText":"Give now"} /-->'
	);
	const shortcode = await publishPage(
		'e2e-modal-trigger-shortcode',
		'Give (shortcode modal)',
		'[donation_widget modal="true" trigger_text="Give today"]'
	);
	const without = await publishPage(
		'e2e-modal-no-trigger',
		'Give (modal without button)',
		'<!-- wp:donation-widget/donation-widget {"modal":true} /-->'
	);
	try {
		await page.goto( withButton );
		await expect( dialogOf( page ) ).toBeVisible();
		await page.keyboard.press( 'Escape' );
		const giveNow = page.getByRole( 'button', {
			name: 'Give now',
			exact: true,
		} );
		await expect( giveNow ).toBeFocused();
		await page.keyboard.press( 'Enter' );
		await expect( dialogOf( page ) ).toBeVisible();

		await page.goto( shortcode );
		await expect( dialogOf( page ) ).toBeVisible();
		await page.keyboard.press( 'Escape' );
		await expect(
			page.getByRole( 'button', { name: 'Give today', exact: true } )
		).toBeFocused();

		// docs/widget-contract.md#21-widget-configuration-and-container unchanged without the option: closed means gone until a reload.
		await page.goto( without );
		await expect( dialogOf( page ) ).toBeVisible();
		await page.keyboard.press( 'Escape' );
		await expect( dialogOf( page ) ).toHaveCount( 0 );
		await expect(
			page.getByRole( 'button', { name: /^(Donate|Give)/ } )
		).toHaveCount( 0 );
	} finally {
		for ( const path of [ withButton, shortcode, without ] ) {
			await deletePage( path );
		}
	}
} );
