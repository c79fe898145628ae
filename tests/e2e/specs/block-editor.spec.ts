/**
 * An editor places the Donation Widget block in the block editor, sets it up in the inspector,
 * publishes the page, and visitors get the widget as configured (SPEC §3.1 through the block's
 * attributes). The block's live preview follows the inspector too.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { test, expect, logIn } from '../fixtures';
import { deletePage, quietEditor } from '../fixtures/donations';
import { DonationWidgetPage } from '../pages/DonationWidgetPage';

test.setTimeout( 120_000 );

// Pages this spec published, deleted again after each test.
const published: string[] = [];
test.afterEach( async () => {
	for ( const pagePath of published.splice( 0 ) ) {
		await deletePage( pagePath );
	}
} );

interface Editor {
	canvas: FrameLocator;
	/** The inserted block in the canvas. */
	block: Locator;
	/** The settings sidebar. */
	inspector: Locator;
}

/**
 * Opens a new page in the block editor as the editor, with its title, closing the first-visit
 * dialogs (the welcome guide, the pattern chooser) if they show.
 *
 * @param page  The page.
 * @param title The page title.
 */
async function newPage( page: Page, title: string ): Promise< FrameLocator > {
	// No welcome guide (its picture comes from s.w.org, which these offline tests refuse) and no
	// pattern chooser; should either show anyway, it is closed below.
	await quietEditor( 'editor' );
	await logIn( page, 'editor', 'password' );
	await page.goto( '/wp-admin/post-new.php?post_type=page' );
	const canvas = page.getByTitle( 'Editor canvas' ).contentFrame();
	const titleField = canvas.getByRole( 'textbox', { name: 'Add title' } );
	await expect( titleField ).toBeVisible();
	const dialog = page.getByRole( 'dialog', {
		name: /^(Welcome to the block editor|Choose a pattern)$/,
	} );
	while ( await dialog.isVisible() ) {
		await dialog.getByRole( 'button', { name: 'Close' } ).click();
	}
	await titleField.fill( title );
	return canvas;
}

/**
 * Inserts the Donation Widget block through the inserter's search.
 *
 * @param page  The page.
 * @param title The page title.
 */
async function insertDonationWidget(
	page: Page,
	title: string
): Promise< Editor > {
	const canvas = await newPage( page, title );
	await page
		.getByRole( 'button', {
			name: /^(Block Inserter|Toggle block inserter)$/,
		} )
		.click();
	await page
		.getByRole( 'searchbox', { name: /^Search/ } )
		.fill( 'Donation Widget' );
	await page.getByRole( 'option', { name: 'Donation Widget' } ).click();

	const block = canvas.getByRole( 'document', {
		name: 'Block: Donation Widget',
	} );
	await expect( block ).toBeVisible();
	const inspector = page.getByRole( 'region', { name: 'Editor settings' } );
	await expect( inspector.getByLabel( 'Widget kind' ) ).toHaveValue(
		'donation'
	);
	return { canvas, block, inspector };
}

/**
 * Default frequency "Once only", presets "10, 20, 30", mobile hidden.
 *
 * @param inspector The settings sidebar.
 */
async function configure( inspector: Locator ): Promise< void > {
	await inspector.getByLabel( 'Default frequency' ).selectOption( {
		label: 'Once only',
	} );
	await inspector.getByLabel( 'Preset amounts' ).fill( '10, 20, 30' );
	await inspector.getByLabel( 'Hide mobile' ).check();
	await expect( inspector.getByLabel( 'Hide mobile' ) ).toBeChecked();
	await expect( inspector.getByLabel( 'Open as a modal' ) ).not.toBeChecked();
}

test( 'an editor inserts the block, configures it in the inspector and publishes it', async ( {
	page,
} ) => {
	const pageTitle = `Spring appeal ${ Date.now() }`;
	const { block, inspector } = await insertDonationWidget( page, pageTitle );
	// The block shows the widget itself, inert.
	await expect(
		block.getByRole( 'button', { name: '$ 25', exact: true } )
	).toBeVisible();
	await configure( inspector );

	await page
		.getByRole( 'region', { name: 'Editor top bar' } )
		.getByRole( 'button', { name: 'Publish', exact: true } )
		.click();
	const publishPanel = page.getByRole( 'region', { name: 'Editor publish' } );
	await publishPanel
		.getByRole( 'button', { name: 'Publish', exact: true } )
		.click();
	const viewLink = publishPanel.getByRole( 'link', {
		name: 'View Page',
		exact: true,
	} );
	await expect( viewLink ).toBeVisible();
	const url = await viewLink.getAttribute( 'href' );
	expect( url ).toBeTruthy();

	// What a visitor gets.
	const pagePath = new URL( url ?? '/' ).pathname;
	published.push( pagePath );
	const widget = new DonationWidgetPage( page );
	await widget.goto( pagePath );
	await expect(
		page.getByRole( 'heading', { name: pageTitle, level: 1 } )
	).toBeVisible();
	for ( const preset of [ '10', '20', '30' ] ) {
		await expect( widget.preset( preset ) ).toBeVisible();
	}
	await expect( widget.preset( '25' ) ).toHaveCount( 0 );
	await expect( widget.frequency( 'Once only' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await expect( widget.frequency( 'Every 4 weeks' ) ).toHaveAttribute(
		'aria-pressed',
		'false'
	);
	await widget.preset( '20' ).click();
	await expect( widget.nextFromAmount ).toHaveText( 'Donate $20 >>' );
	await widget.goToDetails();
	await expect( widget.field( 'First name' ) ).toBeVisible();
	await expect( widget.address ).toBeVisible();
	await expect( widget.field( 'In honour of' ) ).toBeVisible();
	await expect( widget.field( 'Mobile' ) ).toHaveCount( 0 );
} );

test( "the block's preview follows the inspector as the editor changes it", async ( {
	page,
} ) => {
	const { block, inspector } = await insertDonationWidget(
		page,
		`Preview ${ Date.now() }`
	);
	await expect(
		block.getByRole( 'button', { name: 'Every 4 weeks', exact: true } )
	).toHaveAttribute( 'aria-pressed', 'true' );
	await configure( inspector );

	await expect(
		block.getByRole( 'button', { name: '$ 10', exact: true } )
	).toBeVisible();
	await expect(
		block.getByRole( 'button', { name: '$ 25', exact: true } )
	).toHaveCount( 0 );
	await expect(
		block.getByRole( 'button', { name: 'Once only', exact: true } )
	).toHaveAttribute( 'aria-pressed', 'true' );
} );
