/**
 * An editor places the Donation Widget block in the block editor, sets it up in the inspector,
 * publishes the page, and visitors get the widget as configured (docs/widget-contract.md#31-widget-configuration-from-the-host-element through the block's
 * attributes). The block's live preview follows the inspector too.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { test, expect, logIn } from '../fixtures';
import { scaled } from '../timeouts';
import { deletePage, quietEditor } from '../fixtures/donations';
import { DonationWidgetPage } from '../pages/DonationWidgetPage';

test.setTimeout( scaled( 300_000 ) );

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

/**
 * Publishes the page from the editor's top bar; its path, deleted after the test.
 *
 * @param page The page.
 */
async function publish( page: Page ): Promise< string > {
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
	const pagePath = new URL( url ?? '/' ).pathname;
	published.push( pagePath );
	return pagePath;
}

/**
 * The preset buttons' names and the "Donate $… >>" button's text, as a donor reads them.
 *
 * @param widget The widget: the block in the editor, or the page's main landmark.
 */
async function amountsShown(
	widget: Locator
): Promise< { presets: string[]; donate: string } > {
	const presets = widget
		.getByRole( 'group', { name: 'Please select a donation amount:' } )
		.getByRole( 'button' );
	await expect( presets.first() ).toBeVisible();
	return {
		presets: await presets.allTextContents(),
		donate: await widget
			.getByRole( 'button', { name: /^Donate \$.* >>$/ } )
			.innerText(),
	};
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

	const pagePath = await publish( page );

	// What a visitor gets.
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

test( 'the inspector refuses "3, abc" and -4 beside the fields, saves only usable values, and the preview shows what the page will', async ( {
	page,
} ) => {
	await page.setViewportSize( { width: 1280, height: 1400 } );
	const { block, inspector } = await insertDonationWidget(
		page,
		`Checked amounts ${ Date.now() }`
	);
	// One 4-weekly choice: "" and "4weekly" started the widget alike.
	await expect(
		inspector.getByLabel( 'Default frequency' ).getByRole( 'option' )
	).toHaveText( [ 'Every 4 weeks', 'Once only' ] );

	const presets = inspector.getByLabel( 'Preset amounts' );
	const defaultAmount = inspector.getByLabel( 'Default amount' );
	await presets.fill( '10, 20, 30' );
	await defaultAmount.fill( '20' );
	await expect( presets ).not.toHaveAttribute( 'aria-invalid', 'true' );
	await expect(
		block.getByRole( 'button', { name: '$ 10', exact: true } )
	).toBeVisible();
	await expect(
		block.getByRole( 'button', { name: 'Donate $20 4-weekly >>' } )
	).toBeVisible();

	// Typed, not saved: each field says why, and the preview keeps the last usable values.
	const presetsError =
		'"3" is not an amount from $5 to $999,999.99 with at most two decimals.';
	await presets.fill( '3, abc' );
	await expect( inspector.getByText( presetsError ) ).toBeVisible();
	await expect( presets ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( presets ).toHaveAccessibleDescription(
		new RegExp( `^${ presetsError.replace( /[.$]/g, '\\$&' ) }` )
	);
	await presets.fill( '10, abc, 30' );
	await expect(
		inspector.getByText(
			'"abc" is not an amount from $5 to $999,999.99 with at most two decimals.'
		)
	).toBeVisible();
	await presets.fill( '3, abc' );

	const defaultError =
		'Enter an amount from $5 to $999,999.99 with at most two decimals, or leave this empty.';
	await defaultAmount.fill( '-4' );
	await expect( inspector.getByText( defaultError ) ).toBeVisible();
	await expect( defaultAmount ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( defaultAmount ).toHaveAccessibleDescription(
		/^Enter an amount from \$5/
	);
	await expect( presets ).toHaveValue( '3, abc' );

	const preview = await amountsShown( block );
	expect( preview ).toEqual( {
		presets: [ '$ 10', '$ 20', '$ 30' ],
		donate: 'Donate $20 4-weekly >>',
	} );
	await expect( block.getByText( '$ abc' ) ).toHaveCount( 0 );

	// What the editor sees: the errors beside their fields.
	const panel = inspector
		.getByRole( 'button', { name: 'Donation form', exact: true } )
		.locator( 'xpath=../..' );
	await expect( panel ).toHaveScreenshot( 'inspector-error-1280.png' );

	// Publishing is refused while the fields hold what the widget cannot use, and the editor's
	// notice names every bad value (issue 21: it published the last usable ones silently).
	// The top bar's Publish opens the publish panel, whose own Publish button is the one locked.
	const publishPanel = page.getByRole( 'region', { name: 'Editor publish' } );
	const publishButton = publishPanel.getByRole( 'button', {
		name: 'Publish',
		exact: true,
	} );
	const openPublishPanel = async () => {
		await page
			.getByRole( 'region', { name: 'Editor top bar' } )
			.getByRole( 'button', { name: 'Publish', exact: true } )
			.click();
		await expect( publishButton ).toBeVisible();
	};
	const closePublishPanel = async () => {
		await publishPanel
			.getByRole( 'button', { name: 'Cancel', exact: true } )
			.click();
		await expect( publishButton ).toHaveCount( 0 );
	};
	// In the editor's notices (the same words are also announced to screen readers).
	const notice = page
		.getByRole( 'region', { name: 'Editor content' } )
		.getByText(
			/^This page cannot be published while the Donation Widget block holds values it cannot use\./
		);
	await expect( notice ).toBeVisible();
	for ( const named of [
		'Preset amounts: "3" is not an amount from $5 to $999,999.99 with at most two decimals.',
		'Preset amounts: "abc" is not an amount from $5 to $999,999.99 with at most two decimals.',
		'Preset amounts: Enter exactly three amounts, separated by commas.',
		'Default amount: "-4" is not an amount from $5 to $999,999.99 with at most two decimals.',
	] ) {
		await expect( notice ).toContainText( named );
	}
	await openPublishPanel();
	await expect( publishButton ).toBeDisabled();
	await closePublishPanel();
	// Every bad preset beside the field too, not only the first.
	await expect(
		inspector.getByText(
			'"abc" is not an amount from $5 to $999,999.99 with at most two decimals.'
		)
	).toBeVisible();

	// Still refused with the block deselected (its inspector closed), and the typed values wait.
	await page
		.getByTitle( 'Editor canvas' )
		.contentFrame()
		.getByRole( 'textbox', { name: 'Add title' } )
		.click();
	await expect( inspector.getByLabel( 'Preset amounts' ) ).toHaveCount( 0 );
	await expect( notice ).toBeVisible();
	await openPublishPanel();
	await expect( publishButton ).toBeDisabled();
	await closePublishPanel();
	await block.click();
	await expect( presets ).toHaveValue( '3, abc' );
	await expect( defaultAmount ).toHaveValue( '-4' );

	// One value fixed: still refused, naming only what is left.
	await presets.fill( '10, 20, 30' );
	await expect( notice ).not.toContainText( 'Preset amounts' );
	await expect( notice ).toContainText(
		'Default amount: "-4" is not an amount'
	);
	await openPublishPanel();
	await expect( publishButton ).toBeDisabled();
	await closePublishPanel();
	await defaultAmount.fill( '20' );
	await expect( notice ).toHaveCount( 0 );
	await openPublishPanel();
	await expect( publishButton ).toBeEnabled();
	await closePublishPanel();

	// The page shows exactly what the preview showed.
	const pagePath = await publish( page );
	const widget = new DonationWidgetPage( page );
	await widget.goto( pagePath );
	expect( await amountsShown( widget.root ) ).toEqual( preview );
} );

test( 'the inspector error at 320 px', async ( { page } ) => {
	const { block, inspector } = await insertDonationWidget(
		page,
		`Small inspector ${ Date.now() }`
	);
	await expect( block ).toBeVisible();
	await page.setViewportSize( { width: 320, height: 1400 } );
	// On a phone the settings open over the canvas; the block stays selected.
	if ( ! ( await inspector.isVisible() ) ) {
		await page
			.getByRole( 'button', { name: 'Settings', exact: true } )
			.click();
	}
	const presets = inspector.getByLabel( 'Preset amounts' );
	await presets.fill( '3, abc' );
	await inspector.getByLabel( 'Default amount' ).fill( '-4' );
	await expect( presets ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect(
		inspector.getByText(
			'Enter an amount from $5 to $999,999.99 with at most two decimals, or leave this empty.'
		)
	).toBeVisible();
	const panel = inspector
		.getByRole( 'button', { name: 'Donation form', exact: true } )
		.locator( 'xpath=../..' );
	await expect( panel ).toHaveScreenshot( 'inspector-error-320.png' );
} );

test( "a modal block's trigger button: switched on and worded in the inspector, it reopens the modal on the page", async ( {
	page,
} ) => {
	const { inspector } = await insertDonationWidget(
		page,
		`Modal with a button ${ Date.now() }`
	);
	// Only a modal offers the button.
	await expect(
		inspector.getByLabel( 'Show a button that opens the modal' )
	).toHaveCount( 0 );
	await inspector.getByLabel( 'Open as a modal' ).check();
	const showButton = inspector.getByLabel(
		'Show a button that opens the modal'
	);
	await expect( showButton ).not.toBeChecked();
	await showButton.check();
	const buttonText = inspector.getByLabel( 'Button text' );
	await expect( buttonText ).toHaveValue( 'Donate' );
	await buttonText.fill( 'Give now' );

	const pagePath = await publish( page );
	const widget = new DonationWidgetPage( page );
	await widget.goto( pagePath );
	const dialog = page.getByRole( 'dialog' );
	await expect( dialog ).toBeVisible();
	await page.keyboard.press( 'Escape' );
	await expect( dialog ).toHaveCount( 0 );
	const trigger = page.getByRole( 'button', {
		name: 'Give now',
		exact: true,
	} );
	await expect( trigger ).toBeFocused();
	await page.keyboard.press( 'Enter' );
	await expect( dialog ).toBeVisible();
	await expect(
		dialog.getByRole( 'tab', { name: '1. Amount' } )
	).toBeVisible();
} );

test( 'the "Manage my donation" block shows the page the server renders for it', async ( {
	page,
} ) => {
	const canvas = await newPage( page, 'Manage block preview' );
	await page
		.getByRole( 'button', {
			name: /^(Block Inserter|Toggle block inserter)$/,
		} )
		.click();
	await page
		.getByRole( 'searchbox', { name: /^Search/ } )
		.fill( 'Manage my donation' );
	await page.getByRole( 'option', { name: 'Manage my donation' } ).click();

	const block = canvas.getByRole( 'document', {
		name: 'Block: Manage my donation',
	} );
	await expect(
		block.getByRole( 'button', { name: 'Email me a link' } )
	).toBeVisible();
	await expect( block.getByLabel( 'Email address' ) ).toBeVisible();
} );
