/**
 * Donor emails leave the donor's request: a donation only queues its receipt, and the mail worker
 * (WP-Cron on a real site; run here by the fixture, since the e2e site sets DISABLE_WP_CRON)
 * sends it. When the mail server refuses, staff see the failing email in Donation Widget >
 * Emails and resend it. The donation is made through the real payment call the widget makes.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { test, expect, logIn } from '../fixtures';
import { mailTo, runMailQueue, uniqueEmail } from '../fixtures/donations';
import { SITE_URL } from '../playwright.config';
import { captchaToken } from '../fixtures/stand-ins';

/**
 * Makes a one-off card donation through process_payment_method, as the widget does.
 *
 * @param request The API context.
 * @param email   The donor's email.
 */
async function donate(
	request: APIRequestContext,
	email: string
): Promise< void > {
	const formData = {
		email,
		firstName: 'Mae',
		lastName: 'Tester',
		mobile: '0412345678',
		address: {
			addressLine1: '1 Example St',
			addressLine2: '',
			city: 'Sydney',
			state: 'NSW',
			postalCode: '2000',
			country: 'Australia',
		},
		totalAmount: '35.00',
		currency: 'AUD',
		frequency: 'Oneoff',
		utm_campaign: '',
		utm_source: '',
		utm_medium: '',
		utm_content: '',
		utm_term: '',
		inMemoryOf: '',
		organisationName: '',
		iteration_id: '',
	};
	const response = await request.post( '/wp-admin/admin-ajax.php', {
		form: {
			action: 'process_payment_method',
			token: 'pm_card_visa',
			cardId: 'pm_card_visa',
			formData: JSON.stringify( formData ),
			currentUrl: `${ SITE_URL }/donate/`,
			attemptId: randomUUID(),
			captchaToken: captchaToken(),
		},
	} );
	expect( response.ok(), await response.text() ).toBe( true );
	expect( ( await response.json() ).success ).toBe( true );
}

test( 'an admin sees a receipt the mail server refused in the Emails screen and resends it', async ( {
	page,
	request,
} ) => {
	const email = uniqueEmail( 'mail-queue' );
	await donate( request, email );
	expect(
		await mailTo( email ),
		'the donor request only queued the receipt'
	).toEqual( [] );

	// The worker's pass meets a mail server that refuses.
	const pass = await runMailQueue( true );
	expect( pass.retried ).toBeGreaterThanOrEqual( 1 );
	expect( await mailTo( email ) ).toEqual( [] );

	await logIn( page );
	await page
		.getByRole( 'link', { name: 'Donation Widget', exact: true } )
		.first()
		.click();
	await page.getByRole( 'link', { name: 'Emails', exact: true } ).click();
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Emails' } )
	).toBeVisible();
	await page.getByRole( 'link', { name: /^Queued \(\d+\)$/ } ).click();
	const row = page.getByRole( 'row' ).filter( { hasText: email } );
	await expect( row ).toHaveCount( 1 );
	await expect( row ).toContainText( 'Receipt' );
	await expect( row ).toContainText(
		'Your receipt from Helping Hands Australia'
	);
	await expect( row ).toContainText( 'Retrying' );
	await expect( row ).toContainText( 'wp_mail() could not send it.' );
	await expect( row ).toContainText( 'Next attempt' );

	// The mail server is back; staff do not wait five minutes for the retry.
	await row.hover();
	await row.getByRole( 'link', { name: /^Resend email #\d+ to / } ).click();

	await expect( page.getByText( 'The email was sent again.' ) ).toBeVisible();
	const sentRow = page.getByRole( 'row' ).filter( { hasText: email } );
	await expect( sentRow ).toHaveCount( 1 );
	await expect( sentRow ).toContainText( 'Sent' );
	await expect( sentRow ).not.toContainText( 'wp_mail() could not send it.' );
	const mail = await mailTo( email );
	expect( mail ).toHaveLength( 1 );
	expect( mail[ 0 ].subject ).toMatch(
		/^Your receipt from Helping Hands Australia \(/
	);
	expect( mail[ 0 ].text ).toContain( 'Dear Mae,' );

	// A later pass does not send it a second time.
	await runMailQueue();
	expect( await mailTo( email ) ).toHaveLength( 1 );
} );

test( 'on the local site, the Demo mailbox shows each email that would have been sent, links and all', async ( {
	page,
	request,
} ) => {
	const email = uniqueEmail( 'demo-mailbox' );
	await donate( request, email );
	await runMailQueue();

	await logIn( page );
	await page
		.getByRole( 'link', { name: 'Donation Widget', exact: true } )
		.first()
		.click();
	await page
		.getByRole( 'link', { name: 'Demo mailbox', exact: true } )
		.click();
	await expect(
		page.getByRole( 'heading', { level: 1, name: 'Demo mailbox' } )
	).toBeVisible();
	const row = page.getByRole( 'row' ).filter( { hasText: email } );
	await expect( row ).toHaveCount( 1 );
	await row
		.getByRole( 'link', {
			name: /^Your receipt from Helping Hands Australia/,
		} )
		.click();

	await expect( page.getByText( `To: ${ email }` ) ).toBeVisible();
	await expect( page.getByText( 'Dear Mae,' ) ).toBeVisible();
	await page.getByRole( 'link', { name: '← All emails' } ).click();
	await expect( row ).toHaveCount( 1 );
} );
