/**
 * The treasurer's side of a bank deposit: Stripe pays out two gifts less their fees and a
 * refund, its signed payout events reach the site's webhook, and an admin opens the payout on
 * the Payouts screen and sees it explained to the cent, its donations, and each donation's
 * screen naming the payout it arrived in. The gifts are made through the real payment call.
 */
import { test, expect, logIn, expectNoAxeViolations } from '../fixtures';
import { scaled } from '../timeouts';
import {
	paidOutGiftsWithARefund,
	setAccountCodesDirectly,
} from '../fixtures/books';
import { resetSiteState, uniqueEmail } from '../fixtures/donations';

const DONOR = {
	firstName: 'Ada',
	lastName: 'Treasurer',
	iterationId: 'APPEAL-2026',
};

// The payment calls allow 20 attempts an hour from one address, and every test comes from
// 127.0.0.1: the counters start from zero for each test's gifts.
test.beforeEach( async () => {
	await resetSiteState();
} );

test( 'an admin opens a payout and sees the deposit explained to the cent, with its donations', async ( {
	page,
	request,
	standIns,
} ) => {
	void standIns;
	test.setTimeout( scaled( 300_000 ) );
	const email = uniqueEmail( 'ada' );
	// $52.50 and $20.00, $5 of the $20 refunded in Stripe's dashboard; a week later Stripe pays
	// the available balance out to the bank.
	const payout = await paidOutGiftsWithARefund(
		request,
		{ ...DONOR, email },
		Math.floor( Date.now() / 1000 ) + 7 * 86400
	);
	expect( payout.deliveries ).toEqual( [
		'payout.created 200',
		'payout.updated 200',
		'payout.paid 200',
	] );
	const payoutId = payout.id;
	// The export's links show once its account codes are set.
	await setAccountCodesDirectly();

	await logIn( page );
	await page
		.getByRole( 'link', { name: 'Donation Widget', exact: true } )
		.first()
		.click();
	await page.getByRole( 'link', { name: 'Payouts', exact: true } ).click();
	await expect(
		page.getByRole( 'heading', { name: 'Payouts', level: 1 } )
	).toBeVisible();
	const row = page.getByRole( 'row', { name: new RegExp( payoutId ) } );
	// Gifts $52.50 + $20.00, less Stripe's fees on a US test card (3.5% + 30c: $2.14 + $1.00)
	// and the $5.00 refund.
	await expect( row ).toContainText( '$64.36' );
	await expect( row ).toContainText( 'Paid' );
	await expect( row ).toContainText( 'Adds up' );
	await expectNoAxeViolations( page );

	await row.getByRole( 'link' ).click();
	await expect(
		page.getByRole( 'heading', { name: /^Payout of \$64\.36 on / } )
	).toBeVisible();
	await expect(
		page.getByText(
			'The gifts, fees, refunds, disputes and other money below come to the deposit exactly.'
		)
	).toBeVisible();
	const parts = page.getByRole( 'table', {
		name: 'The parts of the deposit',
	} );
	await expect( parts.getByRole( 'row' ) ).toHaveText( [
		/Part\s*Amount/,
		/Gifts \(gross\)\s*\$72\.50/,
		/Fees\s*-\$3\.14/,
		/Refunds\s*-\$5\.00/,
		/Disputes\s*\$0\.00/,
		/Other \(not from this site\)\s*\$0\.00/,
		/Total of the parts\s*\$64\.36/,
		/Deposit\s*\$64\.36/,
		// The gifts counted as every screen counts them: less the refund, then the fees.
		/Kept of the gifts \(less refunds and lost disputes\)\s*\$67\.50/,
		/Net of the gifts \(kept less fees\)\s*\$64\.36/,
	] );
	const donations = page.getByRole( 'table', {
		name: 'The gifts in this payout',
	} );
	await expect( donations.getByRole( 'row' ) ).toHaveCount( 3 );
	await expect( donations ).toContainText( '$52.50' );
	await expect( donations ).toContainText( '$20.00' );
	await expect(
		page.getByRole( 'link', { name: 'Download for Xero (CSV)' } )
	).toHaveAttribute(
		'href',
		new RegExp(
			`action=donation_widget_books_export&payout=${ payoutId }&format=xero&_wpnonce=`
		)
	);
	await expect(
		page.getByRole( 'button', { name: 'Download for Xero', exact: true } )
	).toBeVisible();
	await expectNoAxeViolations( page );

	// The donation's own screen names the payout it arrived in.
	await donations.getByRole( 'link' ).first().click();
	await expect(
		page.getByRole( 'heading', { name: /^Donation #\d+$/ } )
	).toBeVisible();
	await expect(
		page.getByRole( 'row', { name: /^Payout / } ).getByRole( 'link' )
	).toHaveText( payoutId );
} );
