/**
 * The treasurer refunds part of a gift from its screen: the review step names the amount and
 * the donor, the confirmed refund goes through Stripe once (a second press of the same form is
 * told it was already made), and the refund is listed with who made it; axe finds nothing on the
 * form, the review step or the result. The donation is made through the real payment call
 * (process_payment_method with a stand-in card token), exactly as the widget sends it.
 */
import { test, expect, logIn, expectNoAxeViolations } from '../fixtures';
import { donateByCard } from '../fixtures/books';
import {
	resetSiteState,
	settledDonation,
	uniqueEmail,
} from '../fixtures/donations';

// The payment calls allow 20 attempts an hour from one address, and every test comes from
// 127.0.0.1: the counters start from zero for each test's gifts.
test.beforeEach( async () => {
	await resetSiteState();
} );

test( 'an admin refunds part of a gift after a review step that names the amount, once', async ( {
	page,
	request,
} ) => {
	const email = uniqueEmail( 'refund' );
	// A one-off gift of $80 by card.
	await donateByCard( request, {
		email,
		total: '80',
		firstName: 'Rhea',
		lastName: 'Fund',
	} );
	const donation = await settledDonation( email );

	await logIn( page );
	await page.goto(
		`/wp-admin/admin.php?page=donation-widget-donations&donation=${ donation.id }`
	);
	await expect(
		page.getByRole( 'heading', { name: 'Refunds', level: 2 } )
	).toBeVisible();
	await expect(
		page.getByText( 'Nothing has been refunded.' )
	).toBeVisible();
	const amount = page.getByRole( 'textbox', {
		name: 'Amount to refund (AUD)',
	} );
	await expect( amount ).toHaveValue( '80.00' );
	await expectNoAxeViolations( page );

	// More than the gift is refused before anything is sent.
	await amount.fill( '100' );
	await page.getByRole( 'button', { name: 'Review refund' } ).click();
	await expect(
		page.getByRole( 'textbox', { name: 'Amount to refund (AUD)' } )
	).toHaveAccessibleErrorMessage( 'Enter an amount from $0.01 to $80.00.' );

	await page
		.getByRole( 'textbox', { name: 'Amount to refund (AUD)' } )
		.fill( '12.50' );
	await page
		.getByRole( 'textbox', { name: 'Reason' } )
		.fill( 'Donor asked to give less' );
	await page.getByRole( 'button', { name: 'Review refund' } ).click();

	await expect(
		page.getByRole( 'heading', { name: 'Refund $12.50?' } )
	).toBeVisible();
	await expect(
		page.getByText(
			'$12.50 of this $80.00 donation goes back to Rhea Fund through Stripe, to the way they paid. A refund cannot be undone.'
		)
	).toBeVisible();
	await expect(
		page.getByText( 'Reason: Donor asked to give less' )
	).toBeVisible();
	await expectNoAxeViolations( page );
	const review = page.url();

	await page.getByRole( 'button', { name: 'Yes, refund $12.50' } ).click();

	await expect(
		page.getByText( 'Refunded $12.50 to the donor.' )
	).toBeVisible();
	await expect( page.getByRole( 'row', { name: /^Status/ } ) ).toContainText(
		'Partly refunded'
	);
	await expect(
		page.getByText( '$12.50 of $80.00 refunded; $67.50 kept.' )
	).toBeVisible();
	const refunds = page.getByRole( 'table', {
		name: 'Refunds of this donation',
	} );
	await expect( refunds.getByRole( 'row' ) ).toHaveCount( 2 );
	const refund = refunds.getByRole( 'row' ).nth( 1 );
	await expect( refund ).toContainText( '$12.50' );
	await expect( refund ).toContainText( 'Refunded' );
	await expect( refund ).toContainText( 'Donor asked to give less' );
	await expect( refund ).toContainText( 'admin' );
	await expect( refund ).toContainText( /re_\w+/ );
	await expect(
		page.getByRole( 'textbox', { name: 'Amount to refund (AUD)' } )
	).toHaveValue( '67.50' );
	await expectNoAxeViolations( page );

	// The same review page confirmed again (a second tab, a double submit): nothing more.
	await page.goto( review );
	await page.getByRole( 'button', { name: 'Yes, refund $12.50' } ).click();
	await expect(
		page.getByText(
			'This refund had already been asked for (a second click, or another person at the same moment): nothing more was refunded.'
		)
	).toBeVisible();
	await expect( refunds.getByRole( 'row' ) ).toHaveCount( 2 );
	await expect(
		page.getByText( '$12.50 of $80.00 refunded; $67.50 kept.' )
	).toBeVisible();
} );
