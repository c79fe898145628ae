/**
 * Self-service on the real e2e site, through the browser: a 4-weekly supporter asks for a link
 * on the "Manage my donation" page, reads it from the demo mailbox, opens it, and changes the
 * amount, skips, pauses, replaces the card in place and cancels; each change reaches Stripe's
 * stand-in, the admin history, and the supporter's inbox. axe checks the request form and the
 * manage page. Controls are found by role, label and text only.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect, logIn } from '../fixtures';
import { scaled } from '../timeouts';
import {
	fourWeeklyDonor,
	mailTo,
	selfServiceState,
} from '../fixtures/self-service';
import { deleteStatements, seedLastYear } from '../fixtures/statements';

const SENT =
	"If that address has donations with us, we've emailed a link to it. The link works once, for an hour.";

function manage( page: Page ) {
	return page.locator( '#manage-donation' );
}

async function expectAccessible( page: Page ) {
	const results = await new AxeBuilder( { page } )
		.include( '#manage-donation' )
		.analyze();
	expect(
		results.violations.map(
			( violation ) => `${ violation.id }: ${ violation.help }`
		)
	).toEqual( [] );
}

function linkIn( text: string ): string {
	const match = /https?:\/\/\S+[?&]manage=[A-Za-z0-9_-]{43}/.exec( text );
	expect( match, text ).not.toBeNull();
	return ( match as RegExpExecArray )[ 0 ];
}

/**
 * The words of a table that a line break cuts in two ("Novemb|er" takes two lines).
 *
 * @param table The table.
 */
function brokenWords( table: Locator ): Promise< string[] > {
	return table.evaluate( ( element ) => {
		const found: string[] = [];
		const doc = element.ownerDocument;
		const walker = doc.createTreeWalker( element, NodeFilter.SHOW_TEXT );
		for ( let node = walker.nextNode(); node; node = walker.nextNode() ) {
			for ( const match of ( node.textContent ?? '' ).matchAll(
				/\S+/g
			) ) {
				const range = doc.createRange();
				range.setStart( node, match.index ?? 0 );
				range.setEnd( node, ( match.index ?? 0 ) + match[ 0 ].length );
				const lines = new Set(
					Array.from( range.getClientRects() )
						.filter( ( rect ) => rect.width > 0 )
						.map( ( rect ) => Math.round( rect.top ) )
				);
				if ( lines.size > 1 ) {
					found.push( match[ 0 ] );
				}
			}
		}
		return found;
	} );
}

test.describe( 'self-service', () => {
	test( 'a supporter gets a link by email, then changes, skips, pauses, replaces the card and cancels', async ( {
		page,
	} ) => {
		// One long journey, with the site's PHP run from the command line between steps.
		test.setTimeout( scaled( 600_000 ) );
		const email = `self-service-${ Date.now() }@example.org.au`;
		const donor = fourWeeklyDonor( email );

		await page.goto( '/manage-donation/' );
		await expectAccessible( page );
		// React's form: a bad address is answered beside the field, without leaving the page.
		const emailField = manage( page ).getByLabel( 'Email address' );
		await emailField.fill( 'not-an-address' );
		await manage( page )
			.getByRole( 'button', { name: 'Email me a link' } )
			.click();
		await expect( emailField ).toHaveAttribute( 'aria-invalid', 'true' );
		await expect( emailField ).toHaveAccessibleDescription(
			'Please enter a valid email address.'
		);
		await expect( emailField ).toBeFocused();
		await expect( page ).toHaveURL( /\/manage-donation\/$/ );

		await emailField.fill( email );
		await manage( page )
			.getByRole( 'button', { name: 'Email me a link' } )
			.click();
		await expect( manage( page ).getByRole( 'status' ) ).toHaveText( SENT );
		// The answer came in place (no round trip through admin-post.php), and took focus.
		await expect( manage( page ).getByRole( 'status' ) ).toBeFocused();
		await expect( page ).toHaveURL( /\/manage-donation\/$/ );
		await expect( emailField ).not.toHaveAttribute(
			'aria-invalid',
			'true'
		);
		await expectAccessible( page );
		await page.setViewportSize( { width: 320, height: 800 } );
		expect(
			await page.evaluate( () => document.documentElement.scrollWidth )
		).toBeLessThanOrEqual( 320 );
		await page.setViewportSize( { width: 1280, height: 800 } );

		// An unknown address gets the very same answer (and no email).
		const stranger = `nobody-${ Date.now() }@example.org.au`;
		await manage( page ).getByLabel( 'Email address' ).fill( stranger );
		await manage( page )
			.getByRole( 'button', { name: 'Email me a link' } )
			.click();
		await expect( manage( page ).getByRole( 'status' ) ).toHaveText( SENT );
		expect( mailTo( stranger ) ).toEqual( [] );

		const [ linkMail ] = mailTo( email );
		expect( linkMail.subject ).toContain( 'manage your donations' );
		const link = linkIn( linkMail.text );

		// A page carrying the token is never cached and never sent as a referrer.
		const opened = await page.goto( link );
		expect( opened?.headers()[ 'cache-control' ] ).toContain( 'no-store' );
		expect( opened?.headers()[ 'referrer-policy' ] ).toBe( 'no-referrer' );
		await manage( page )
			.getByRole( 'button', { name: 'Show my donations' } )
			.click();
		await expect(
			manage( page ).getByRole( 'heading', {
				name: 'Your 4-weekly donations',
			} )
		).toBeVisible();
		await expect(
			manage( page ).getByRole( 'heading', {
				name: '$30.00 every 4 weeks',
			} )
		).toBeVisible();
		await expect(
			manage( page ).getByText( 'Visa ending in 4242' )
		).toBeVisible();
		await expect(
			manage( page ).getByRole( 'heading', { name: 'Your gifts' } )
		).toBeVisible();
		await expectAccessible( page );
		// Nothing spills sideways on a small phone.
		await page.setViewportSize( { width: 320, height: 800 } );
		expect(
			await page.evaluate( () => document.documentElement.scrollWidth )
		).toBeLessThanOrEqual( 320 );
		await page.setViewportSize( { width: 1280, height: 800 } );

		// Change the amount.
		await manage( page )
			.getByLabel( 'New amount every 4 weeks' )
			.fill( '45' );
		await manage( page )
			.getByRole( 'button', { name: 'Change amount' } )
			.click();
		await expect( manage( page ).getByRole( 'status' ) ).toContainText(
			'Your amount has been changed from your next donation on.'
		);
		await expect(
			manage( page ).getByRole( 'heading', {
				name: '$45.00 every 4 weeks',
			} )
		).toBeVisible();
		expect( selfServiceState( donor.subscriptionId ).unitAmount ).toBe(
			4500
		);

		// Skip the next donation, after a confirmation.
		await manage( page )
			.getByRole( 'button', { name: 'Skip the next donation' } )
			.click();
		await manage( page )
			.getByRole( 'dialog', { name: 'Skip the next donation?' } )
			.getByRole( 'button', { name: 'Yes, skip it' } )
			.click();
		await expect( manage( page ).getByRole( 'status' ) ).toContainText(
			'Your next donation will be skipped.'
		);
		expect( selfServiceState( donor.subscriptionId ).trialEnd ).not.toBe(
			null
		);

		// Pause for two donations, after a confirmation.
		await manage( page )
			.getByRole( 'button', { name: 'Pause donations' } )
			.click();
		const pauseDialog = manage( page ).getByRole( 'dialog', {
			name: 'Pause your 4-weekly donation?',
		} );
		await pauseDialog.getByLabel( 'Pause for' ).selectOption( '2' );
		await pauseDialog
			.getByRole( 'button', { name: 'Pause', exact: true } )
			.click();
		await expect( manage( page ).getByRole( 'status' ) ).toContainText(
			'Your 4-weekly donation is paused.'
		);
		const paused = selfServiceState( donor.subscriptionId );
		expect( paused.paused ).toBe( true );
		// One date: no donation until Stripe's next charge, and that is the next donation.
		const facts = manage( page ).locator( 'dl' ).first();
		await expect( facts ).toContainText(
			`Next donation${ paused.stripeNext }`
		);
		await expect( facts ).toContainText(
			`PausedNo donation until ${ paused.stripeNext }`
		);
		await expect(
			manage( page ).getByRole( 'button', { name: 'Resume' } )
		).toBeVisible();

		// Resume now: the next donation is Stripe's next 4-weekly date.
		await manage( page ).getByRole( 'button', { name: 'Resume' } ).click();
		await expect( manage( page ).getByRole( 'status' ) ).toContainText(
			'Your 4-weekly donation has resumed.'
		);
		const resumed = selfServiceState( donor.subscriptionId );
		expect( resumed.paused ).toBe( false );
		await expect( facts ).toContainText(
			`Next donation${ resumed.stripeNext }`
		);
		await expect( facts ).not.toContainText( 'Paused' );
		await expect(
			manage( page ).getByRole( 'button', { name: 'Resume' } )
		).toHaveCount( 0 );

		// Replace the card, in place.
		await manage( page )
			.getByRole( 'button', { name: 'Replace card' } )
			.click();
		const widget = page.locator( '.dw-card-update' );
		await expect(
			widget.getByRole( 'heading', { name: 'Update card details.' } )
		).toBeVisible();
		await widget.getByLabel( 'Name on Card' ).fill( 'Sam Supporter' );
		const field = ( label: string ) =>
			widget
				.getByRole( 'group', { name: label, exact: true } )
				.getByRole( 'textbox' );
		await field( 'Card Number' ).fill( '5555 5555 5555 4444' );
		await field( 'Card Expiry' ).fill( '12 / 34' );
		await field( 'Card CVV' ).fill( '123' );
		await widget
			.getByRole( 'button', { name: 'UPDATE CARD DETAILS' } )
			.click();
		await expect(
			widget.getByText(
				'Your payment details have been updated successfully.'
			)
		).toBeVisible();
		expect( selfServiceState( donor.subscriptionId ).card ).toBe( '4444' );
		// The card shown changes at once, without a reload.
		await expect(
			manage( page ).getByText( 'Mastercard ending in 4444' )
		).toBeVisible();
		// The link's token was never in the address bar.
		expect( page.url() ).not.toContain( 'requestID' );

		// Cancel, with a reason, after a confirmation.
		await page.goto( '/manage-donation/' );
		await expect(
			manage( page ).getByText( 'Mastercard ending in 4444' )
		).toBeVisible();
		await manage( page ).getByText( 'Cancel this donation' ).click();
		await manage( page )
			.getByLabel( 'Reason (optional)' )
			.fill( 'Giving another way' );
		await manage( page )
			.getByRole( 'button', { name: 'Yes, cancel my donation' } )
			.click();
		await expect( manage( page ).getByRole( 'status' ) ).toContainText(
			'Your 4-weekly donation is cancelled.'
		);
		await expect(
			manage( page ).getByText( 'This 4-weekly donation has ended.' )
		).toBeVisible();

		const state = selfServiceState( donor.subscriptionId );
		expect( state.status ).toBe( 'canceled' );
		expect( state.history ).toEqual(
			expect.arrayContaining( [
				'amount_changed',
				'donation_skipped',
				'paused',
				'resumed',
				'card_updated',
				'cancelled_by_donor',
			] )
		);
		const subjects = mailTo( email ).map( ( mail ) => mail.text );
		for ( const words of [
			'Your 4-weekly donation is now $45.00',
			'will be skipped',
			'is paused for 2 donations',
			'has resumed',
			'mastercard ending 4444',
			'has been cancelled',
		] ) {
			expect(
				subjects.some( ( text ) => text.includes( words ) ),
				words
			).toBe( true );
		}

		// The link was single use.
		await page.goto( link );
		await manage( page )
			.getByRole( 'button', { name: 'Sign out' } )
			.click();
		await expect( manage( page ).getByRole( 'status' ) ).toHaveText(
			'You have signed out.'
		);
		await page.goto( link );
		await manage( page )
			.getByRole( 'button', { name: 'Show my donations' } )
			.click();
		await expect( manage( page ).getByRole( 'alert' ) ).toHaveText(
			'That link has expired or has already been used. Enter your email address to get a new one.'
		);
	} );

	test( 'the React manage page reads on a 320 px phone, passes axe, and loads only there', async ( {
		page,
		browser,
	} ) => {
		test.setTimeout( scaled( 300_000 ) );
		const email = `self-service-narrow-${ Date.now() }@example.org.au`;
		fourWeeklyDonor( email );
		await page.goto( '/manage-donation/' );
		await manage( page ).getByLabel( 'Email address' ).fill( email );
		await manage( page )
			.getByRole( 'button', { name: 'Email me a link' } )
			.click();
		await expect( manage( page ).getByRole( 'status' ) ).toHaveText( SENT );
		const [ linkMail ] = mailTo( email );
		await page.setViewportSize( { width: 320, height: 720 } );
		await page.goto( linkIn( linkMail.text ) );
		// The opening step, rendered by React: axe-clean and no sideways scroll either.
		await expect(
			manage( page ).getByRole( 'button', { name: 'Show my donations' } )
		).toBeVisible();
		await expectAccessible( page );
		expect(
			await page.evaluate( () => document.documentElement.scrollWidth )
		).toBeLessThanOrEqual( 320 );
		await manage( page )
			.getByRole( 'button', { name: 'Show my donations' } )
			.click();
		// React's page (its primary action is the widget's button), not the plain forms.
		await expect(
			manage( page ).getByRole( 'button', { name: 'Pause donations' } )
		).toBeVisible();
		await expectAccessible( page );
		expect(
			await page.evaluate( () => document.documentElement.scrollWidth )
		).toBeLessThanOrEqual( 320 );
		// The gifts: every word on one line ("Novemb|er" would take two).
		const gifts = manage( page ).getByRole( 'table' );
		await expect( gifts ).toBeVisible();
		expect( await brokenWords( gifts ) ).toEqual( [] );

		// Without JavaScript the plain page reads as well.
		const plain = await browser.newContext( {
			javaScriptEnabled: false,
			viewport: { width: 320, height: 720 },
			baseURL: test.info().project.use.baseURL,
		} );
		await plain.addCookies( await page.context().cookies() );
		const plainPage = await plain.newPage();
		await plainPage.goto( '/manage-donation/' );
		await expect(
			manage( plainPage ).getByRole( 'button', {
				name: 'Skip the next donation',
			} )
		).toBeVisible();
		expect(
			await brokenWords( manage( plainPage ).getByRole( 'table' ) )
		).toEqual( [] );
		expect(
			await plainPage.evaluate(
				() => document.documentElement.scrollWidth
			)
		).toBeLessThanOrEqual( 320 );
		await plain.close();

		// A confirmation dialog: axe-clean, and Escape gives focus back.
		const cancel = manage( page ).getByRole( 'button', {
			name: 'Cancel this donation',
		} );
		await cancel.click();
		const dialog = manage( page ).getByRole( 'dialog', {
			name: 'Cancel your 4-weekly donation?',
		} );
		await expect( dialog ).toBeVisible();
		await expectAccessible( page );
		await page.keyboard.press( 'Escape' );
		await expect( dialog ).toHaveCount( 0 );
		await expect( cancel ).toBeFocused();

		// Donation pages do not load it.
		await page.goto( '/donate/' );
		expect(
			await page.locator( 'script[src*="/build/manage.js"]' ).count()
		).toBe( 0 );
	} );

	test( 'the administrator chooses the page self-service links open', async ( {
		page,
	} ) => {
		await logIn( page );
		await page.goto(
			'/wp-admin/admin.php?page=donation-widget&section=self_service'
		);
		const choice = page.getByLabel( '"Manage my donation" page' );
		await expect( choice ).toBeVisible();
		// The demo's page is the one chosen.
		await expect( choice.locator( 'option:checked' ) ).toHaveText(
			'Manage my donation'
		);
	} );

	test( 'a donor opens last year\u2019s tax statement from the manage page', async ( {
		page,
	} ) => {
		test.setTimeout( scaled( 300_000 ) );
		const domain = `self-statement-${ Date.now() }.example.org.au`;
		const { label } = await seedLastYear( domain );
		try {
			const email = `jo@${ domain }`;
			await page.goto( '/manage-donation/' );
			await manage( page ).getByLabel( 'Email address' ).fill( email );
			await manage( page )
				.getByRole( 'button', { name: 'Email me a link' } )
				.click();
			await expect( manage( page ).getByRole( 'status' ) ).toHaveText(
				SENT
			);
			const [ linkMail ] = mailTo( email );
			await page.goto( linkIn( linkMail.text ) );
			await manage( page )
				.getByRole( 'button', { name: 'Show my donations' } )
				.click();
			await expect(
				manage( page ).getByRole( 'heading', {
					name: 'Tax statements',
				} )
			).toBeVisible();
			// Her own statement and the one in her organisation's name.
			await expect(
				manage( page ).getByRole( 'link', { name: /tax statement/ } )
			).toHaveCount( 2 );
			await manage( page )
				.getByRole( 'link', {
					name: `${ label } tax statement`,
					exact: true,
				} )
				.click();
			await expect(
				page.getByRole( 'heading', {
					name: `Tax statement for the ${ label } financial year`,
				} )
			).toBeVisible();
			await expect( page.getByText( '$72.50 AUD' ) ).toBeVisible();
			await expect(
				page.getByRole( 'button', { name: 'Print or save as PDF' } )
			).toBeVisible();
		} finally {
			await deleteStatements( domain );
		}
	} );
} );
