/**
 * Reconciliation, from the donor's browser to the charity's Donations screen: a 3-D Secure card
 * payment completed at Stripe whose browser was closed before the site heard of it, and a payment
 * the donor never authenticated. A real-cron call of wp-cron.php runs the pass (the e2e site sets
 * DISABLE_WP_CRON, as a site with a real cron job does); no webhook is sent.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect, logIn } from '../fixtures';
import {
	ageDonations,
	donationRows,
	makeReconciliationDue,
	resetSiteState,
	uniqueEmail,
} from '../fixtures/donations';
import { CARDS, DonationWidgetPage } from '../pages/DonationWidgetPage';
import { SITE_URL } from '../playwright.config';
import { captchaToken } from '../fixtures/stand-ins';

test.beforeEach( async ( { standIns } ) => {
	void standIns;
	await resetSiteState();
} );

/**
 * What a real cron job does: calls wp-cron.php, which runs the due reconciliation pass.
 *
 * @param page Any page of the test (its request context is used).
 */
async function runCron( page: Page ): Promise< void > {
	await makeReconciliationDue();
	// As a crontab line would: no parameters, so wp-cron.php takes its own lock and runs.
	const response = await page.request.get( `${ SITE_URL }/wp-cron.php` );
	expect( response.ok() ).toBe( true );
}

async function donationsScreenRow( page: Page, email: string ) {
	await page.goto( '/wp-admin/admin.php?page=donation-widget-donations' );
	await page
		.getByRole( 'searchbox', { name: 'Search donors' } )
		.fill( email );
	await page.getByRole( 'button', { name: 'Search donors' } ).click();
	return page.getByRole( 'row', {
		name: new RegExp( email.replace( /[.+]/g, '\\$&' ) ),
	} );
}

test( 'a 3-D Secure payment whose browser closed before the answer is recorded paid by the next reconciliation pass', async ( {
	context,
	page,
} ) => {
	const email = uniqueEmail( 'grace' );
	// The donor's own tab (the test's page plays the charity's staff and their cron job).
	const donorPage = await context.newPage();
	// The call that reports the finished authentication never reaches the site: the
	// connection drops and the donor closes the tab.
	let reported!: () => void;
	const reporting = new Promise< void >(
		( resolve ) => ( reported = resolve )
	);
	await donorPage.route( '**/wp-admin/admin-ajax.php', async ( route ) => {
		if (
			( route.request().postData() ?? '' ).includes( 'paymentIntentId' )
		) {
			await route.abort( 'connectionreset' );
			reported();
			return;
		}
		await route.continue();
	} );
	const widget = new DonationWidgetPage( donorPage );
	await widget.goto();
	await widget.reachPayment( '25', 'Once only', {
		firstName: 'Grace',
		lastName: 'Hopper',
		email,
	} );
	await widget.payByCard( { number: CARDS.threeDSecure } );
	await donorPage
		.getByRole( 'dialog', { name: '3D Secure authentication' } )
		.getByRole( 'button', { name: 'Complete authentication' } )
		.click();
	await reporting;
	await donorPage.close();

	const [ open ] = await donationRows( email );
	expect( open.status ).toBe( 'requires_action' );

	// Inside the grace period the pass leaves the payment to its donor.
	await runCron( page );
	expect( ( await donationRows( email ) )[ 0 ].status ).toBe(
		'requires_action'
	);

	await ageDonations( email, 20 * 60 );
	await runCron( page );

	const [ paid ] = await donationRows( email );
	expect( paid ).toMatchObject( { status: 'succeeded', failure_reason: '' } );
	expect( paid.provider_reference ).toMatch( /^ch_/ );

	await logIn( page );
	const row = await donationsScreenRow( page, email );
	await expect( row ).toContainText( 'Succeeded' );
	await expect( row ).toContainText( '$25.00' );
	await expect(
		page.getByText( '1 donation: 1 succeeded, raising $25.00 AUD.' )
	).toBeVisible();
} );

test( 'a PayPal capture whose report never reached the site is recorded paid by the next reconciliation pass', async ( {
	context,
	page,
} ) => {
	const email = uniqueEmail( 'mary' );
	const donorPage = await context.newPage();
	// The donor approves and the browser captures, but its report to the site is lost.
	let reported!: () => void;
	const reporting = new Promise< void >(
		( resolve ) => ( reported = resolve )
	);
	await donorPage.route( '**/wp-admin/admin-ajax.php', async ( route ) => {
		if (
			( route.request().postData() ?? '' ).includes(
				'action=process_paypal_payment'
			)
		) {
			await route.abort( 'connectionreset' );
			reported();
			return;
		}
		await route.continue();
	} );
	const widget = new DonationWidgetPage( donorPage );
	await widget.goto();
	await widget.reachPayment( '30', 'Once only', {
		firstName: 'Mary',
		lastName: 'Jackson',
		email,
	} );
	await widget.payPalButton.click();
	await donorPage
		.getByRole( 'dialog', { name: 'PayPal checkout' } )
		.getByRole( 'button', { name: 'Approve payment' } )
		.click();
	await reporting;
	// The money moved and the site holds the order: the donor is told it went through, never
	// sent back to pay again.
	await expect( donorPage.getByText( 'Thank you, Mary' ) ).toBeVisible();
	await donorPage.close();

	const [ open ] = await donationRows( email );
	expect( open ).toMatchObject( {
		status: 'pending',
		provider: 'paypal',
		provider_reference: '',
	} );
	expect( open.payment_intent_id ).toMatch( /^[A-Z0-9]{5,40}$/ );

	await ageDonations( email, 20 * 60 );
	await runCron( page );

	const [ paid ] = await donationRows( email );
	expect( paid ).toMatchObject( { status: 'succeeded', failure_reason: '' } );
	expect( paid.provider_reference ).toMatch( /^[A-Z0-9]{5,40}$/ );

	await logIn( page );
	const row = await donationsScreenRow( page, email );
	await expect( row ).toContainText( 'Succeeded' );
	await expect( row ).toContainText( '$30.00' );
} );

test( 'a payment the donor never authenticated is abandoned after a day, shown as such and counted in no total', async ( {
	page,
	request,
} ) => {
	const email = uniqueEmail( 'alan' );
	const formData = {
		email,
		firstName: 'Alan',
		lastName: 'Turing',
		mobile: '0412345678',
		address: {
			addressLine1: '1 Example St',
			addressLine2: '',
			city: 'Sydney',
			state: 'NSW',
			postalCode: '2000',
			country: 'Australia',
		},
		totalAmount: '40',
		currency: 'AUD',
		frequency: 'Oneoff',
		utm_campaign: '',
		utm_source: '',
		utm_medium: '',
		utm_content: '',
		utm_term: '',
		inMemoryOf: '',
		organisationName: '',
		iteration_id: 'APPEAL-2026',
	};
	const response = await request.post( '/wp-admin/admin-ajax.php', {
		form: {
			action: 'process_payment_method',
			token: 'pm_card_authenticationRequired',
			cardId: 'pm_card_authenticationRequired',
			formData: JSON.stringify( formData ),
			currentUrl: `${ SITE_URL }/donate/`,
			attemptId: randomUUID(),
			captchaToken: captchaToken(),
		},
	} );
	expect( ( await response.json() ).type ).toBe( 'requires_action' );

	await ageDonations( email, 25 * 60 * 60 );
	await runCron( page );

	const [ row ] = await donationRows( email );
	expect( row.status ).toBe( 'abandoned' );

	await logIn( page );
	const listed = await donationsScreenRow( page, email );
	await expect( listed ).toContainText( 'Abandoned' );
	await expect(
		page.getByText( '1 donation: 0 succeeded, raising $0.00 AUD.' )
	).toBeVisible();

	await page.getByRole( 'link', { name: 'Alan Turing' } ).click();
	await expect( page.getByRole( 'row', { name: /^Status/ } ) ).toContainText(
		'Abandoned'
	);
} );
