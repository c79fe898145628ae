/**
 * Chargebacks in the admin: a donor's bank disputes a card gift, Stripe's signed webhooks reach
 * the site, and staff find it with the "Disputed" filter and read it on the donation's screen,
 * first open with its evidence deadline, then lost and out of the totals.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, logIn } from '../fixtures';
import { STAND_IN_URL } from '../fixtures/stand-ins';
import { SITE_URL } from '../playwright.config';

/** The e2e site's Stripe webhook signing secret (tests/site/install-site.php). */
const WEBHOOK_SECRET = 'whsec_localStandIn';

/**
 * A one-off card gift through the server call the widget makes.
 *
 * @param request   The API context.
 * @param firstName The donor's first name (last name "Disputer").
 * @param email     The donor's email.
 * @return The charge id.
 */
async function donate(
	request: APIRequestContext,
	firstName: string,
	email: string
): Promise< string > {
	const formData = {
		email,
		firstName,
		lastName: 'Disputer',
		mobile: '0412345678',
		address: {
			addressLine1: '1 Example St',
			addressLine2: '',
			city: 'Sydney',
			state: 'NSW',
			postalCode: '2000',
			country: 'Australia',
		},
		totalAmount: '52.50',
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
			token: 'pm_card_au',
			cardId: 'pm_card_au',
			formData: JSON.stringify( formData ),
			currentUrl: `${ SITE_URL }/donate/`,
			attemptId: randomUUID(),
			captchaToken: 'stand-in-captcha-ok',
		},
	} );
	const body = await response.json();
	expect( body.success, JSON.stringify( body ) ).toBe( true );
	return body.data.reference as string;
}

/**
 * A step of a dispute at the stand-in, its events delivered to the site's webhook endpoint.
 *
 * @param request The API context.
 * @param step    { charge, reason } to open one, { dispute, action } to move it.
 * @return The dispute's id.
 */
async function dispute(
	request: APIRequestContext,
	step: Record< string, string >
): Promise< string > {
	const response = await request.post(
		`${ STAND_IN_URL }/__control/stripe/dispute`,
		{
			data: {
				...step,
				url: `${ SITE_URL }/wp-json/donation-widget/v1/stripe/webhook`,
				secret: WEBHOOK_SECRET,
			},
		}
	);
	expect( response.ok(), await response.text() ).toBe( true );
	const body = ( await response.json() ) as {
		dispute: { id: string };
		deliveries: Array< { type: string; status: number } >;
	};
	expect(
		body.deliveries.filter( ( delivery ) => delivery.status !== 200 )
	).toEqual( [] );
	return body.dispute.id;
}

/**
 * Stripe's charge.succeeded webhook for a charge reaches the site (it carries the fee).
 *
 * @param request The API context.
 * @param charge  The charge id.
 */
async function deliverChargeSucceeded(
	request: APIRequestContext,
	charge: string
): Promise< void > {
	const events = ( await (
		await request.get(
			`${ STAND_IN_URL }/__control/stripe/events?type=charge.succeeded`
		)
	).json() ) as Array< { data: { object: { id: string } } } >;
	const event = events.find( ( item ) => item.data.object.id === charge );
	expect( event, `charge.succeeded for ${ charge }` ).toBeTruthy();
	const response = await request.post(
		`${ STAND_IN_URL }/__control/stripe/deliver`,
		{
			data: {
				event,
				url: `${ SITE_URL }/wp-json/donation-widget/v1/stripe/webhook`,
				secret: WEBHOOK_SECRET,
			},
		}
	);
	const body = ( await response.json() ) as {
		results: Array< { status: number } >;
	};
	expect( body.results.map( ( result ) => result.status ) ).toEqual( [
		200,
	] );
}

async function expectNoAxeViolations( page: Page ): Promise< void > {
	const results = await new AxeBuilder( { page } )
		.include( '#wpbody-content' )
		.analyze();
	expect(
		results.violations.map(
			( violation ) =>
				`${ violation.id } (${ violation.impact }): ${ violation.help }`
		)
	).toEqual( [] );
}

test( 'staff find a disputed gift with the Disputed filter and follow it to lost on its screen', async ( {
	page,
	request,
} ) => {
	const stamp = `${ Date.now() }-${ Math.floor( Math.random() * 1e6 ) }`;
	const disputedEmail = `e2e-disputed-${ stamp }@example.org.au`;
	const quietEmail = `e2e-quiet-${ stamp }@example.org.au`;
	const charge = await donate( request, 'Dora', disputedEmail );
	await donate( request, 'Quentin', quietEmail );
	await deliverChargeSucceeded( request, charge );
	const disputeId = await dispute( request, {
		charge,
		reason: 'fraudulent',
	} );

	await logIn( page );
	await page.goto( '/wp-admin/admin.php?page=donation-widget-donations' );
	await page
		.getByRole( 'combobox', { name: 'Disputes' } )
		.selectOption( { label: 'Disputed' } );
	await page.getByRole( 'button', { name: 'Filter' } ).click();

	const row = page.getByRole( 'row', { name: new RegExp( disputedEmail ) } );
	await expect( row ).toContainText( 'Disputed: Needs a response' );
	await expect(
		page.getByRole( 'row', { name: new RegExp( quietEmail ) } )
	).toHaveCount( 0 );

	await row.getByRole( 'link', { name: 'Dora Disputer' } ).click();
	await expect(
		page.getByRole( 'heading', { name: 'Disputes', level: 2 } )
	).toBeVisible();
	const disputes = page.getByRole( 'table', {
		name: 'Disputes of this donation',
	} );
	await expect( disputes.getByRole( 'row' ).nth( 1 ) ).toContainText(
		/\$52\.50\s*Fraudulent\s*Needs a response.*Open\s*\$25\.00/
	);
	await expect(
		page.getByRole( 'row', { name: /^Provider fee/ } )
	).toContainText( '$1.19' );
	await expectNoAxeViolations( page );

	await dispute( request, { dispute: disputeId, action: 'lost' } );
	await page.reload();
	await expect(
		page.getByText(
			"The dispute was lost: the donor's bank took back $52.50, which no longer counts in the totals."
		)
	).toBeVisible();
	await expect( disputes.getByRole( 'row' ).nth( 1 ) ).toContainText(
		/Lost\s*\$25\.00/
	);
} );
