/**
 * Chargebacks in the admin: a donor's bank disputes a card gift, Stripe's signed webhooks reach
 * the site, and staff find it with the "Disputed" filter and read it on the donation's screen,
 * first open with its evidence deadline, then lost and out of the totals.
 */
import type { APIRequestContext } from '@playwright/test';
import { test, expect, logIn, expectNoAxeViolations } from '../fixtures';
import { WEBHOOK_SECRET, donateByCard } from '../fixtures/books';
import { resetSiteState } from '../fixtures/donations';
import { STAND_IN_URL } from '../fixtures/stand-ins';
import { SITE_URL } from '../playwright.config';

/**
 * A one-off $52.50 gift by an Australian card.
 *
 * @param request   The API context.
 * @param firstName The donor's first name (last name "Disputer").
 * @param email     The donor's email.
 * @return The charge id.
 */
function donate(
	request: APIRequestContext,
	firstName: string,
	email: string
): Promise< string > {
	return donateByCard( request, {
		email,
		total: '52.50',
		firstName,
		lastName: 'Disputer',
		token: 'pm_card_au',
	} );
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

// The payment calls allow 20 attempts an hour from one address, and every test comes from
// 127.0.0.1: the counters start from zero for each test's gifts.
test.beforeEach( async () => {
	await resetSiteState();
} );

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
