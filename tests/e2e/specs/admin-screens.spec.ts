/**
 * The admin screens as a person meets them: card-update links (Copy then Email keeps the
 * copied link working, the history updates at once, a working link is never revoked without
 * asking), axe on every screen of the plugin's admin, the demo's update-card page, and
 * screenshots of the settings screen and a 4-weekly donation at 320 and 1280 px.
 */
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, logIn } from '../fixtures';
import { scaled } from '../timeouts';
import { recurringDonor, subscriptionState } from '../fixtures/card-update';
import { SITE_URL } from '../playwright.config';
import { captchaToken } from '../fixtures/stand-ins';

const EMPTY_HISTORY =
	'No card-update link has been issued for this 4-weekly donation.';

function detailUrl( subscriptionId: string ): string {
	return `/wp-admin/admin.php?page=donation-widget-subscriptions&subscription=${ subscriptionId }`;
}

function history( page: Page ) {
	return page.getByRole( 'table', { name: 'Card-update history' } );
}

/**
 * A 4-weekly donor with no card-update link yet, made through the widget's payment call.
 *
 * @param request The API context.
 * @return The donor's email.
 */
async function newRecurringDonor(
	request: APIRequestContext
): Promise< string > {
	const email = `e2e-links-${ Date.now() }@example.org.au`;
	const response = await request.post( '/wp-admin/admin-ajax.php', {
		form: {
			action: 'process_payment_method',
			token: 'pm_card_visa',
			cardId: 'pm_card_visa',
			formData: JSON.stringify( {
				email,
				firstName: 'Lena',
				lastName: 'Links',
				mobile: '',
				address: { country: 'Australia' },
				totalAmount: '40',
				currency: 'AUD',
				frequency: '4weekly',
				utm_campaign: '',
				utm_source: '',
				utm_medium: '',
				utm_content: '',
				utm_term: '',
				inMemoryOf: '',
				organisationName: '',
				iteration_id: '',
			} ),
			currentUrl: `${ SITE_URL }/donate/`,
			attemptId: randomUUID(),
			captchaToken: captchaToken(),
		},
	} );
	expect( ( await response.json() ).success ).toBe( true );
	return email;
}

/**
 * Runs axe on what the plugin prints: the admin screen's content (WordPress's own admin bar
 * and menu, and the theme's navigation, are not ours and have findings of their own).
 *
 * @param page  The page.
 * @param scope The part to check.
 */
async function expectNoAxeViolations(
	page: Page,
	scope = '#wpbody-content'
): Promise< void > {
	const results = await new AxeBuilder( { page } ).include( scope ).analyze();
	expect(
		results.violations.map(
			( violation ) =>
				`${ violation.id } (${ violation.impact }): ${
					violation.help
				} at ${ violation.nodes
					.map( ( node ) => node.target.join( ' ' ) )
					.join( ', ' ) }`
		)
	).toEqual( [] );
}

test.describe( 'card-update links in the admin', () => {
	test( 'Email after Copy sends the copied link, which keeps working; the history updates at once', async ( {
		page,
		context,
	} ) => {
		// The donor's first link, issued from the command line: it works now.
		const donor = recurringDonor();
		await logIn( page );
		await page.goto( detailUrl( donor.subscriptionId ) );

		await expect(
			page.getByText(
				'Only the newest link works: issuing a new link, with Copy or Email, stops the previous one working.',
				{ exact: false }
			)
		).toBeVisible();
		const live = page.getByText(
			/^Link #\d+ works until .+\. Issuing a new link stops it working\.$/
		);
		await expect( live ).toBeVisible();
		await expect( live ).not.toContainText( 'UTC' );

		// A working link is never revoked without asking: declining changes nothing.
		let question = '';
		page.once( 'dialog', async ( dialog ) => {
			question = dialog.message();
			await dialog.dismiss();
		} );
		await page
			.getByRole( 'button', { name: 'Copy card-update link' } )
			.click();
		expect( question ).toMatch(
			/^Link #\d+ still works until .+\. A new link stops it working, so the donor must use the new one\. Issue a new link\?$/
		);
		await expect( history( page ).getByRole( 'row' ) ).toHaveCount( 2 );
		expect( subscriptionState( donor.subscriptionId ).links ).toEqual( [
			'active',
		] );

		page.once( 'dialog', ( dialog ) => dialog.accept() );
		await page
			.getByRole( 'button', { name: 'Copy card-update link' } )
			.click();
		await expect( page.getByRole( 'status' ) ).toHaveText(
			/^New card-update link (copied\. It is also shown below|created: copy it from the box below)\. Any earlier link no longer works\.$/
		);
		const copied = await page
			.getByRole( 'textbox', { name: 'Card-update link' } )
			.inputValue();
		expect( copied ).toContain( '?requestID=' );
		// The history says so at once, without a reload.
		await expect( history( page ).getByRole( 'row' ) ).toHaveText( [
			/When\s*What\s*By\s*Detail/,
			/Link revoked \(a newer link was issued\)/,
			/Link issued.*Link #\d+; expires /,
			/Link issued/,
		] );

		// Email now sends the very link that was copied: no question, nothing revoked.
		page.on( 'dialog', ( dialog ) => {
			throw new Error( `Unexpected question: ${ dialog.message() }` );
		} );
		await page
			.getByRole( 'button', { name: 'Email card-update link' } )
			.click();
		await expect( page.getByRole( 'status' ) ).toHaveText(
			'The link shown below was emailed to the donor. It is the same link, so the copy you have still works.'
		);
		await expect(
			history( page ).getByRole( 'row' ).nth( 1 )
		).toContainText( 'Link emailed to the donor' );
		await expect( history( page ) ).not.toContainText( 'UTC' );
		expect( subscriptionState( donor.subscriptionId ).links ).toEqual( [
			'active',
			'revoked',
		] );

		// The copied link still opens the form.
		const donorPage = await context.newPage();
		await donorPage.goto( copied );
		await expect(
			donorPage.getByRole( 'heading', { name: 'Update card details.' } )
		).toBeVisible();
		await donorPage.close();
	} );

	test( 'the first link replaces "no link has been issued" at once', async ( {
		page,
		request,
	} ) => {
		const email = await newRecurringDonor( request );
		await logIn( page );
		await page.goto(
			`/wp-admin/admin.php?page=donation-widget-subscriptions&s=${ encodeURIComponent(
				email
			) }`
		);
		await page.getByRole( 'link', { name: 'Lena Links' } ).click();
		await expect( history( page ) ).toContainText( EMPTY_HISTORY );
		await expect( page.getByText( /^Link #\d+ works until/ ) ).toBeHidden();

		// No working link yet: nothing to ask about.
		page.on( 'dialog', ( dialog ) => {
			throw new Error( `Unexpected question: ${ dialog.message() }` );
		} );
		await page
			.getByRole( 'button', { name: 'Email card-update link' } )
			.click();
		await expect( page.getByRole( 'status' ) ).toHaveText(
			'A new card-update link was emailed to the donor. Any earlier link no longer works.'
		);
		await expect( history( page ) ).not.toContainText( EMPTY_HISTORY );
		await expect( history( page ).getByRole( 'row' ) ).toHaveText( [
			/When/,
			/Link emailed to the donor/,
			/Link issued/,
		] );
		await expect(
			page.getByText( /^Link #\d+ works until/ )
		).toBeVisible();
	} );
} );

test.describe( 'accessibility of the admin screens', () => {
	test( 'Settings, Donations, 4-weekly donations and one 4-weekly donation have no axe violations', async ( {
		page,
	} ) => {
		// Eight axe runs over whole admin screens: minutes on this shared two-core machine.
		test.setTimeout( scaled( 720_000 ) );
		const donor = recurringDonor();
		await logIn( page );
		for ( const screen of [
			'/wp-admin/admin.php?page=donation-widget',
			'/wp-admin/admin.php?page=donation-widget&section=receipts',
			'/wp-admin/admin.php?page=donation-widget-donations',
			'/wp-admin/admin.php?page=donation-widget-subscriptions',
			detailUrl( donor.subscriptionId ),
			`${ detailUrl( donor.subscriptionId ) }&confirm=cancel`,
		] ) {
			await page.goto( screen );
			await expectNoAxeViolations( page );
		}

		// After a link is issued and a connection tested, the new parts pass too.
		await page.goto( detailUrl( donor.subscriptionId ) );
		page.once( 'dialog', ( dialog ) => dialog.accept() );
		await page
			.getByRole( 'button', { name: 'Copy card-update link' } )
			.click();
		await expect( page.getByRole( 'status' ) ).toContainText(
			'Any earlier link no longer works.'
		);
		await expectNoAxeViolations( page );

		await page.goto( '/wp-admin/admin.php?page=donation-widget' );
		await page.getByRole( 'button', { name: 'Test connection' } ).click();
		await expect(
			page.getByRole( 'status' ).filter( {
				hasText: 'Connected to Stripe in test mode.',
			} )
		).toBeVisible();
		await expectNoAxeViolations( page );
	} );

	test( 'the cancel button stays red and destructive, with white text that passes contrast', async ( {
		page,
	} ) => {
		const donor = recurringDonor();
		await logIn( page );
		await page.goto( detailUrl( donor.subscriptionId ) );
		const cancel = page.getByRole( 'link', {
			name: 'Cancel this 4-weekly donation',
		} );
		await expect( cancel ).toHaveCSS( 'color', 'rgb(255, 255, 255)' );
		await expect( cancel ).toHaveCSS(
			'background-color',
			'rgb(179, 45, 46)'
		);
		const results = await new AxeBuilder( { page } )
			.include( '.donation-widget-destructive' )
			.withRules( [ 'color-contrast' ] )
			.analyze();
		expect( results.violations ).toEqual( [] );
		expect( results.passes.map( ( rule ) => rule.id ) ).toContain(
			'color-contrast'
		);
	} );
} );

test( 'the demo update-card page explains how to get a link', async ( {
	browser,
} ) => {
	// The e2e site answers as the demo site for requests carrying this header.
	const context = await browser.newContext( {
		extraHTTPHeaders: { 'X-Donation-Widget-Demo': 'on' },
	} );
	const page = await context.newPage();
	await page.goto( '/update-card/' );

	const help = page.getByRole( 'note' );
	await expect( help ).toContainText(
		'Demo: this page needs a card-update link.'
	);
	await expect( help ).toContainText(
		'To get a link, sign in to the admin, open Donation Widget > 4-weekly donations, choose a donation and press "Copy card-update link", then open the copied link.'
	);
	await expect( help ).toContainText( 'Donation Widget > Demo mailbox' );
	// The widget's own words are docs/widget-contract.md#28-update-card-widget's, unchanged, below the help.
	const expired = page.getByRole( 'heading', {
		name: 'Your link has expired, please get in touch.',
	} );
	await expect( expired ).toBeVisible();
	expect( ( await help.boundingBox() )!.y ).toBeLessThan(
		( await expired.boundingBox() )!.y
	);
	await expectNoAxeViolations( page, 'main' );

	// The help's link leads to the screen it names.
	await help
		.getByRole( 'link', { name: 'Donation Widget > 4-weekly donations' } )
		.click();
	await expect( page ).toHaveURL( /wp-login\.php/ );
	await context.close();

	// Outside demo mode, the page carries no such help.
	const plain = await browser.newPage();
	await plain.goto( '/update-card/' );
	await expect(
		plain.getByRole( 'heading', {
			name: 'Your link has expired, please get in touch.',
		} )
	).toBeVisible();
	await expect( plain.getByRole( 'note' ) ).toHaveCount( 0 );
	await plain.close();
} );

test.describe( 'screenshots', () => {
	for ( const width of [ 320, 1280 ] ) {
		test( `the settings screen at ${ width } px`, async ( {
			page,
			standIns,
		} ) => {
			await page.setViewportSize( { width, height: 900 } );
			await logIn( page );
			// The webhook check beside the URL in a known state: Stripe's endpoint connected
			// (on a fresh stand-in account), then the signing secret the other specs sign with
			// saved back, so the screen checks again and finds nothing to say.
			await standIns.reset();
			await page.goto( '/wp-admin/admin.php?page=donation-widget' );
			await page
				.getByRole( 'button', { name: 'Connect webhooks' } )
				.click();
			await expect(
				page.getByText( /^Connected: Stripe endpoint / )
			).toBeVisible();
			await page
				.getByLabel( 'Test webhook signing secret' )
				.fill( 'whsec_localStandIn' );
			await page.getByRole( 'button', { name: 'Save settings' } ).click();
			await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();

			await page.goto( '/wp-admin/admin.php?page=donation-widget' );
			await expect(
				page.getByText( /It is set up as the plugin needs/ )
			).toBeVisible();
			await page
				.getByRole( 'button', { name: 'Test connection' } )
				.click();
			await expect(
				page.getByRole( 'status' ).filter( {
					hasText: 'Connected to Stripe in test mode.',
				} )
			).toBeVisible();
			// From the top, so WordPress's fixed bar and menu sit where they belong.
			await page.evaluate( () => window.scrollTo( 0, 0 ) );
			await expect( page ).toHaveScreenshot( `settings-${ width }.png`, {
				fullPage: true,
				stylePath: path.join(
					__dirname,
					'admin-screens.screenshot.css'
				),
				mask: [
					// When the last webhook arrived, the endpoint's id and when it was
					// checked, and the saved keys' endings.
					page.locator( '.donation-widget-webhook-health' ),
					page.locator( '.donation-widget-webhook-check' ),
					page.getByText( /^Saved: ends in / ),
				],
			} );
		} );

		test( `a 4-weekly donation with its card-update panel at ${ width } px`, async ( {
			page,
		} ) => {
			const donor = recurringDonor();
			await page.setViewportSize( { width, height: 900 } );
			await logIn( page );
			await page.goto( detailUrl( donor.subscriptionId ) );
			page.once( 'dialog', ( dialog ) => dialog.accept() );
			await page
				.getByRole( 'button', { name: 'Copy card-update link' } )
				.click();
			await expect( history( page ).getByRole( 'row' ) ).toHaveCount( 4 );
			await page.evaluate( () => window.scrollTo( 0, 0 ) );
			const rowValue = ( name: RegExp ) =>
				page.getByRole( 'row', { name } ).getByRole( 'cell' );
			await expect( page ).toHaveScreenshot(
				`subscription-${ width }.png`,
				{
					fullPage: true,
					mask: [
						rowValue( /^Started/ ),
						rowValue( /^Last payment/ ),
						rowValue( /^Next payment/ ),
						rowValue( /^Stripe subscription/ ),
						rowValue( /^Stripe customer/ ),
						page
							.getByRole( 'table', { name: 'Payments' } )
							.getByRole( 'cell' ),
						history( page ).getByRole( 'cell' ),
						page.getByText( /^Link #\d+ works until/ ),
						page.getByRole( 'textbox', {
							name: 'Card-update link',
						} ),
					],
				}
			);
		} );
	}
} );
