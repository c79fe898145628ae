/**
 * The charity's side: staff find a donation made moments before, open it, export the filtered
 * list as CSV and resend the receipt; 4-weekly donors are listed with their card-update and
 * cancel actions. The donations are made through the real payment call (process_payment_method
 * with a stand-in card token), exactly as the widget sends it.
 */
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, logIn } from '../fixtures';
import { settledDonation, uniqueEmail } from '../fixtures/donations';
import { CARDS, DonationWidgetPage } from '../pages/DonationWidgetPage';
import { SITE_URL } from '../playwright.config';
import { captchaToken } from '../fixtures/stand-ins';

interface Donor {
	email: string;
	firstName: string;
	lastName: string;
}

/**
 * Makes a donation through the same server call the widget makes.
 *
 * @param request   The API context.
 * @param donor     Who gives.
 * @param frequency "Oneoff" or "4weekly".
 * @param total     Total in dollars.
 * @return The charge id the server answered.
 */
async function donate(
	request: APIRequestContext,
	donor: Donor,
	frequency: 'Oneoff' | '4weekly',
	total: string
): Promise< string > {
	const formData = {
		email: donor.email,
		firstName: donor.firstName,
		lastName: donor.lastName,
		mobile: '0412345678',
		address: {
			addressLine1: '1 Example St',
			addressLine2: '',
			city: 'Sydney',
			state: 'NSW',
			postalCode: '2000',
			country: 'Australia',
		},
		totalAmount: total,
		currency: 'AUD',
		frequency,
		utm_campaign: 'e2e-admin',
		utm_source: 'playwright',
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
			token: 'pm_card_visa',
			cardId: 'pm_card_visa',
			formData: JSON.stringify( formData ),
			currentUrl: `${ SITE_URL }/donate/`,
			attemptId: randomUUID(),
			captchaToken: captchaToken(),
		},
	} );
	expect( response.ok(), await response.text() ).toBe( true );
	const body = await response.json();
	expect( body.success ).toBe( true );
	return body.data.reference as string;
}

function newDonor( firstName: string ): Donor {
	return {
		email: `e2e-${ Date.now() }-${ Math.floor( Math.random() * 1e6 ) }@example.org.au`,
		firstName,
		lastName: 'Tester',
	};
}

async function search( page: Page, email: string ): Promise< void > {
	await page
		.getByRole( 'searchbox', { name: 'Search donors' } )
		.fill( email );
	await page.getByRole( 'button', { name: 'Search donors' } ).click();
}

test( 'an admin finds a donation made moments before, exports it and resends its receipt', async ( {
	page,
	request,
} ) => {
	const donor = newDonor( 'Eve' );
	const reference = await donate( request, donor, 'Oneoff', '52.50' );

	await logIn( page );
	await page
		.getByRole( 'link', { name: 'Donation Widget', exact: true } )
		.first()
		.click();
	await page.getByRole( 'link', { name: 'Donations', exact: true } ).click();
	await expect(
		page.getByRole( 'heading', { name: 'Donations', level: 1 } )
	).toBeVisible();

	await search( page, donor.email );
	await expect(
		page.getByText( '1 donation: 1 succeeded, raising $52.50 AUD.' )
	).toBeVisible();
	const row = page.getByRole( 'row', {
		name: new RegExp( donor.email.replace( /[.+]/g, '\\$&' ) ),
	} );
	await expect( row ).toContainText( '$52.50' );
	await expect( row ).toContainText( 'One-off' );
	await expect( row ).toContainText( 'Succeeded' );

	// The export holds what the list shows: this one donation.
	await page.getByRole( 'button', { name: 'Export CSV' } ).click();
	await expect(
		page.getByRole( 'progressbar', {
			name: 'Export complete: 1 donation.',
		} )
	).toBeVisible();
	const downloading = page.waitForEvent( 'download' );
	await page.getByRole( 'link', { name: 'Download CSV' } ).click();
	const download = await downloading;
	expect( download.suggestedFilename() ).toMatch(
		/^donations-\d{4}-\d{2}-\d{2}\.csv$/
	);
	const csv = fs.readFileSync( await download.path(), 'utf8' );
	expect( csv.startsWith( '\uFEFF"Receipt number","Donation ID",' ) ).toBe(
		true
	);
	const lines = csv.trim().split( /\r?\n/ );
	expect( lines ).toHaveLength( 2 );
	expect( lines[ 1 ] ).toContain( donor.email );
	expect( lines[ 1 ] ).toContain( reference );
	expect( lines[ 1 ] ).toContain( ',52.50,' );

	await row.getByRole( 'link', { name: 'Eve Tester' } ).click();
	await expect(
		page.getByRole( 'heading', { name: /^Donation #\d+$/ } )
	).toBeVisible();
	await expect( page.getByRole( 'row', { name: /^Email/ } ) ).toContainText(
		donor.email
	);
	await expect( page.getByRole( 'row', { name: /^Status/ } ) ).toContainText(
		'Succeeded'
	);
	await expect(
		page.getByRole( 'row', { name: /^Charge or capture ID/ } )
	).toContainText( reference );
	await expect(
		page.getByRole( 'row', { name: /^utm_campaign/ } )
	).toContainText( 'e2e-admin' );
	await expect(
		page.getByRole( 'row', { name: /^Receipt number/ } )
	).toContainText( /REC-\d{8}/ );

	await page.getByRole( 'button', { name: 'Resend receipt' } ).click();
	await expect(
		page.getByText( 'Receipt sent again to the donor.' )
	).toBeVisible();
	await expect(
		page.getByRole( 'row', { name: /Resent by admin/ } )
	).toContainText( 'Sent' );
} );

test( 'a gift with help cover made in the widget shows gift, cover and total apart in the admin', async ( {
	page,
} ) => {
	const email = uniqueEmail( 'cover' );
	const widget = new DonationWidgetPage( page );
	await widget.goto();
	await widget.reachPayment( '35', 'Once only', {
		firstName: 'Cora',
		lastName: 'Tester',
		email,
	} );
	await widget.helpCover.check();
	await widget.payByCard( { number: CARDS.visa } );
	await expect( widget.thankYou( 'Cora' ) ).toBeVisible();
	const donation = await settledDonation( email );

	await logIn( page );
	await page.goto(
		`/wp-admin/admin.php?page=donation-widget-donations&donation=${ donation.id }`
	);
	await expect( page.getByRole( 'row', { name: /^Gift/ } ) ).toHaveText(
		/Gift\s*\$35\.00$/
	);
	await expect(
		page.getByRole( 'row', { name: /^Fundraising cost cover/ } )
	).toHaveText( /Fundraising cost cover\s*\$1\.75$/ );
	await expect( page.getByRole( 'row', { name: /^Total/ } ) ).toHaveText(
		/Total\s*\$36\.75 AUD \(gift \$35\.00, cover \$1\.75\)$/
	);
	await expect(
		page.getByRole( 'row', { name: /^Receipt number/ } )
	).toContainText(
		`REC-${ String( donation.receipt_seq ).padStart( 8, '0' ) }`
	);
} );

test( 'an admin sees a 4-weekly donor, gets a card-update link and cancels after confirming', async ( {
	page,
	request,
} ) => {
	const donor = newDonor( 'Rex' );
	await donate( request, donor, '4weekly', '30' );

	await logIn( page );
	await page.goto( '/wp-admin/admin.php?page=donation-widget-subscriptions' );
	await search( page, donor.email );
	const row = page.getByRole( 'row', { name: /Rex Tester/ } );
	await expect( row ).toContainText( '$30.00' );
	await expect( row ).toContainText( 'Active' );
	await row.getByRole( 'link', { name: 'Rex Tester' } ).click();

	await expect(
		page.getByRole( 'heading', {
			name: '4-weekly donation of $30.00 by Rex Tester',
		} )
	).toBeVisible();
	await expect(
		page.getByRole( 'row', { name: /First donation/ } )
	).toContainText( 'Succeeded' );

	await page.getByRole( 'button', { name: 'Copy card-update link' } ).click();
	await expect(
		page.getByRole( 'textbox', { name: 'Card-update link' } )
	).toHaveValue(
		new RegExp( `^${ new URL( page.url() ).origin }/.*requestID=` )
	);

	await page
		.getByRole( 'link', { name: 'Cancel this 4-weekly donation' } )
		.click();
	await expect(
		page.getByRole( 'heading', { name: 'Cancel this 4-weekly donation?' } )
	).toBeVisible();
	await page.getByRole( 'button', { name: 'Yes, cancel it' } ).click();
	await expect(
		page.getByText(
			'The 4-weekly donation is cancelled. No further payments will be taken.'
		)
	).toBeVisible();
	await expect( page.getByRole( 'row', { name: /^Status/ } ) ).toContainText(
		'Cancelled'
	);
} );

test( 'an editor sees no donations and cannot export them', async ( {
	page,
	consoleErrors,
} ) => {
	await logIn( page, 'editor' );
	await expect(
		page.getByRole( 'link', { name: 'Donation Widget', exact: true } )
	).toHaveCount( 0 );
	for ( const screen of [
		'donation-widget-donations',
		'donation-widget-subscriptions',
	] ) {
		const response = await page.goto(
			`/wp-admin/admin.php?page=${ screen }`
		);
		expect( response?.status() ).toBe( 403 );
		await expect(
			page.getByText( 'Sorry, you are not allowed to access this page.' )
		).toBeVisible();
	}
	const response = await page.request.post( '/wp-admin/admin-post.php', {
		form: { action: 'donation_widget_start_export', _wpnonce: 'guessed' },
	} );
	expect( response.status() ).toBe( 403 );
	expect( await response.text() ).not.toContain( 'Receipt number' );
	// The browser logs each refused page itself; those are expected.
	expect( consoleErrors ).toEqual( [
		expect.stringContaining( 'status of 403' ),
		expect.stringContaining( 'status of 403' ),
	] );
	consoleErrors.length = 0;
} );
