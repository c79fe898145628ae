/**
 * Card donations through the widget on /donate/ (docs/widget-contract.md#25-tab-3-payment, docs/widget-contract.md#26-donation-success-screen, docs/widget-contract.md#39-analytics-purchase-event, docs/widget-contract.md#46-card-payment-donation, docs/widget-contract.md#8-the-error-catalogue): one-off and
 * 4-weekly, 3-D Secure, a declined card and a refused brand; the thank-you screen, the purchase
 * event in window.dataLayer, and the row the server wrote in the donations table.
 */
import { test, expect } from '../fixtures';
import {
	resetSiteState,
	settledDonation,
	donationRows,
	uniqueEmail,
} from '../fixtures/donations';
import {
	CARDS,
	DonationWidgetPage,
	type Donor,
} from '../pages/DonationWidgetPage';

const ITERATION_ID = 'APPEAL-2026';

function donor( firstName: string ): Donor {
	return {
		firstName,
		lastName: 'Lovelace',
		email: uniqueEmail( firstName.toLowerCase() ),
	};
}

// Each test starts with the stand-ins reset (the fixture does it), fresh rate limits and no
// cached address lookups.
test.beforeEach( async ( { standIns } ) => {
	void standIns;
	await resetSiteState();
} );

test( 'a one-off card donation of a preset amount ends on the thank-you screen, in the data layer and in the database', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const ada = donor( 'Ada' );
	await widget.goto();

	await widget.reachPayment( '25', 'Once only', ada );
	await expect(
		widget.root.getByRole( 'heading', { name: 'Select payment method' } )
	).toBeVisible();
	await expect( widget.text( 'Donation Amount :' ) ).toBeVisible();
	await expect( widget.text( '$25' ) ).toBeVisible();
	await widget.payByCard( { number: CARDS.visa } );

	await expect( widget.thankYou( 'Ada' ) ).toBeVisible();
	await expect(
		widget.text( 'Your donation of $25 has been successful.' )
	).toBeVisible();
	await expect(
		widget.text( 'Your next donation will be processed in 4 weeks.' )
	).toHaveCount( 0 );
	const closing = widget.root.getByText( /^If you have a question, / );
	await expect( closing ).toHaveText(
		'If you have a question, contact us, or find out more about other ways to get involved.'
	);

	// Both links open the charity's pages in a new tab.
	for ( const [ name, path ] of [
		[ 'contact us', '/contact/' ],
		[ 'other ways to get involved', '/get-involved/' ],
	] ) {
		const link = closing.getByRole( 'link', { name, exact: true } );
		await expect( link ).toHaveAttribute( 'target', '_blank' );
		const popup = page.waitForEvent( 'popup' );
		await link.click();
		const opened = await popup;
		await expect( opened ).toHaveURL( new RegExp( `${ path }$` ) );
		await opened.close();
	}

	const row = await settledDonation( ada.email );
	expect( row ).toMatchObject( {
		status: 'succeeded',
		frequency: 'Oneoff',
		provider: 'stripe',
		method: 'card',
		currency: 'AUD',
		total_cents: '2500',
		first_name: 'Ada',
		last_name: 'Lovelace',
		email: ada.email,
		iteration_id: ITERATION_ID,
		subscription_id: '',
	} );
	expect( row.provider_reference ).toMatch( /^ch_/ );

	const events = await widget.purchaseEvents();
	expect( events ).toEqual( [
		{
			event: 'purchase',
			ecommerce: {
				transaction_id: row.provider_reference,
				value: 25,
				currency: 'AUD',
				items: [ { item_id: ITERATION_ID, quantity: 1 } ],
			},
			frequency: 'Oneoff',
			payment_method: 'credit_card',
		},
	] );
} );

test( 'a one-off card donation of a custom amount with help cover charges amount plus 5%', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const grace = donor( 'Grace' );
	await widget.goto();

	await widget.chooseAmount( '30', 'Once only' );
	await expect( widget.nextFromAmount ).toHaveText( 'Donate $30 >>' );
	await widget.goToDetails();
	await widget.fillDetails( grace );
	await widget.goToPayment();
	await expect( widget.helpCover ).toHaveAccessibleName(
		'I would like to add $1.50 to help cover fundraising costs'
	);
	await widget.helpCover.check();
	await expect( widget.text( '$31.50' ) ).toBeVisible();
	await widget.payByCard( { number: CARDS.visa } );

	await expect( widget.thankYou( 'Grace' ) ).toBeVisible();
	await expect(
		widget.text( 'Your donation of $31.50 has been successful.' )
	).toBeVisible();
	const row = await settledDonation( grace.email );
	// The cover travels beside formData, so the gift and the cover are stored apart.
	expect( row ).toMatchObject( {
		status: 'succeeded',
		amount_cents: '3000',
		cover_cents: '150',
		total_cents: '3150',
		frequency: 'Oneoff',
	} );
	const [ event ] = await widget.purchaseEvents();
	expect( event.ecommerce.value ).toBe( 31.5 );
	expect( event.ecommerce.transaction_id ).toBe( row.provider_reference );
} );

test( 'a 4-weekly card donation (the default frequency) starts a subscription', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const alan = donor( 'Alan' );
	await widget.goto();

	await expect( widget.frequency( 'Every 4 weeks' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await widget.preset( '50' ).click();
	await expect( widget.nextFromAmount ).toHaveText(
		'Donate $50 4-weekly >>'
	);
	await widget.goToDetails();
	await widget.fillDetails( alan );
	await widget.goToPayment();
	await expect(
		widget.root.getByRole( 'heading', { name: 'Payment Details' } )
	).toBeVisible();
	await expect( widget.text( '4-weekly donation amount :' ) ).toBeVisible();
	// Recurring: card only, no wallet buttons and no "Credit Card" toggle.
	await expect( widget.creditCardToggle ).toHaveCount( 0 );
	await expect( widget.payPalButton ).toHaveCount( 0 );
	await expect( widget.googlePayButton ).toHaveCount( 0 );
	await expect( widget.donateButton ).toHaveText( 'Donate $50 4-weekly' );
	await widget.payByCard( { number: CARDS.visa } );

	await expect( widget.thankYou( 'Alan' ) ).toBeVisible();
	await expect(
		widget.text( 'Your donation of $50 has been successful.' )
	).toBeVisible();
	await expect(
		widget.text( 'Your next donation will be processed in 4 weeks.' )
	).toBeVisible();

	const row = await settledDonation( alan.email );
	expect( row ).toMatchObject( {
		status: 'succeeded',
		frequency: '4weekly',
		total_cents: '5000',
		first_name: 'Alan',
		iteration_id: ITERATION_ID,
	} );
	expect( row.subscription_id ).toMatch( /^sub_/ );
	expect( row.customer_id ).toMatch( /^cus_/ );
	const [ event ] = await widget.purchaseEvents();
	expect( event ).toMatchObject( {
		frequency: '4weekly',
		payment_method: 'credit_card',
		ecommerce: { value: 50, transaction_id: row.provider_reference },
	} );
} );

test( 'the Donate button reads "Submitting..." and is disabled while the payment is processed', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const hedy = donor( 'Hedy' );
	// The card payment call is held until the test has seen the button.
	let release: () => void = () => undefined;
	const held = new Promise< void >( ( resolve ) => {
		release = resolve;
	} );
	await page.route( '**/wp-admin/admin-ajax.php', async ( route ) => {
		const action = new URLSearchParams(
			route.request().postData() ?? ''
		).get( 'action' );
		if ( action === 'process_payment_method' ) {
			await held;
		}
		await route.continue();
	} );
	await widget.goto();
	await widget.reachPayment( '25', 'Every 4 weeks', hedy );
	await widget.payByCard( { number: CARDS.visa } );

	const submitting = widget.panel( '3. Payment' ).getByRole( 'button', {
		name: 'Submitting...',
		exact: true,
	} );
	await expect( submitting ).toBeVisible();
	await expect( submitting ).toBeDisabled();
	release();
	await expect( widget.thankYou( 'Hedy' ) ).toBeVisible();
	expect( ( await settledDonation( hedy.email ) ).status ).toBe(
		'succeeded'
	);
} );

test( '3-D Secure: completing the authentication finishes the donation', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const katherine = donor( 'Katherine' );
	await widget.goto();
	await widget.reachPayment( '25', 'Once only', katherine );
	await widget.payByCard( { number: CARDS.threeDSecure } );

	const dialog = page.getByRole( 'dialog', {
		name: '3D Secure authentication',
	} );
	await expect( dialog ).toBeVisible();
	await dialog
		.getByRole( 'button', { name: 'Complete authentication' } )
		.click();

	await expect( widget.thankYou( 'Katherine' ) ).toBeVisible();
	const row = await settledDonation( katherine.email );
	expect( row ).toMatchObject( { status: 'succeeded', total_cents: '2500' } );
	expect( row.provider_reference ).toMatch( /^ch_/ );
} );

test( '3-D Secure on a 4-weekly first gift: the site confirms it, then the subscription starts', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const mary = donor( 'Mary' );
	await widget.goto();
	await widget.reachPayment( '25', 'Every 4 weeks', mary );
	await widget.payByCard( { number: CARDS.threeDSecure } );

	const dialog = page.getByRole( 'dialog', {
		name: '3D Secure authentication',
	} );
	await expect( dialog ).toBeVisible();
	await dialog
		.getByRole( 'button', { name: 'Complete authentication' } )
		.click();

	await expect( widget.thankYou( 'Mary' ) ).toBeVisible();
	await expect(
		widget.text( 'Your next donation will be processed in 4 weeks.' )
	).toBeVisible();
	const row = await settledDonation( mary.email );
	expect( row ).toMatchObject( {
		status: 'succeeded',
		frequency: '4weekly',
		total_cents: '2500',
	} );
	expect( row.provider_reference ).toMatch( /^ch_/ );
	expect( row.subscription_id ).toMatch( /^sub_/ );
	expect( await donationRows( mary.email ) ).toHaveLength( 1 );
} );

test( '3-D Secure: failing the authentication asks to check the card, on tab 3', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const mary = donor( 'Mary' );
	await widget.goto();
	await widget.reachPayment( '25', 'Once only', mary );
	await widget.payByCard( { number: CARDS.threeDSecure } );

	const dialog = page.getByRole( 'dialog', {
		name: '3D Secure authentication',
	} );
	await dialog.getByRole( 'button', { name: 'Fail authentication' } ).click();
	await expect( dialog ).toHaveCount( 0 );

	await expect( widget.cardField( 'Card Number' ) ).toContainText(
		'Please check your card details and try again!'
	);
	await widget.expectOnTab( '3. Payment' );
	await expect( widget.donateButton ).toBeEnabled();
	expect( await widget.purchaseEvents() ).toEqual( [] );
	// Nothing was charged.
	const rows = await donationRows( mary.email );
	expect( rows ).toHaveLength( 1 );
	expect( rows[ 0 ].status ).not.toBe( 'succeeded' );
	expect( rows[ 0 ].provider_reference ).toBe( '' );
} );

test( 'a declined card shows the card error, stays on tab 3 and records a failed donation', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const barbara = donor( 'Barbara' );
	await widget.goto();
	await widget.reachPayment( '50', 'Once only', barbara );
	await widget.payByCard( { number: CARDS.declined } );

	await expect( widget.cardField( 'Card Number' ) ).toContainText(
		'Please check your card details and try again!'
	);
	await widget.expectOnTab( '3. Payment' );
	await expect( widget.donateButton ).toHaveText( 'Donate $50' );
	expect( await widget.purchaseEvents() ).toEqual( [] );

	const row = await settledDonation( barbara.email );
	expect( row ).toMatchObject( {
		status: 'failed',
		total_cents: '5000',
		provider_reference: '',
	} );
	expect( row.failure_reason ).toContain( 'generic_decline' );
} );

test( 'a Discover card is refused before anything is sent', async ( {
	page,
	standIns,
} ) => {
	const widget = new DonationWidgetPage( page );
	const edsger = donor( 'Edsger' );
	await widget.goto();
	await widget.reachPayment( '25', 'Once only', edsger );
	await widget.showCardForm();
	await widget.fillCard( { number: CARDS.discover } );

	await expect( widget.cardField( 'Card Number' ) ).toContainText(
		'Only Visa, MasterCard, Amex are accepted.'
	);
	await widget.donateButton.click();
	await expect( widget.cardField( 'Card Number' ) ).toContainText(
		'Only Visa, MasterCard, Amex are accepted.'
	);
	await widget.expectOnTab( '3. Payment' );
	expect( await donationRows( edsger.email ) ).toEqual( [] );
	expect(
		( await standIns.requests( 'stripe' ) ).filter( ( request ) =>
			request.path.includes( 'payment_intents' )
		)
	).toEqual( [] );
} );

test( "an organisation's donation records its name; the page's utm_* values and its address without the query travel with it", async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const email = uniqueEmail( 'org' );
	await widget.goto(
		'/donate/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_content=hero&utm_term=give'
	);
	await widget.chooseAmount( '100', 'Once only' );
	await widget.goToDetails();
	await widget.fillDetails( {
		organisationName: 'Analytical Engines 2',
		firstName: 'Ada',
		lastName: 'Lovelace',
		email,
	} );
	await widget.goToPayment();
	await widget.payByCard( { number: CARDS.visa } );

	await expect( widget.thankYou( 'Ada' ) ).toBeVisible();
	const row = await settledDonation( email );
	expect( row ).toMatchObject( {
		status: 'succeeded',
		donate_as: 'organisation',
		organisation_name: 'Analytical Engines 2',
		utm_source: 'newsletter',
		utm_medium: 'email',
		utm_campaign: 'spring',
		utm_content: 'hero',
		utm_term: 'give',
	} );
	// currentUrl is the page address without its query.
	expect( row.page_url ).toMatch( /^http:\/\/127\.0\.0\.1:\d+\/donate\/$/ );
} );

test( 'switching back to "Individual" leaves the organisation name out of the donation', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const email = uniqueEmail( 'individual' );
	await widget.goto();
	await widget.chooseAmount( '25', 'Once only' );
	await widget.goToDetails();
	await widget.fillDetails( {
		organisationName: 'Analytical Engines',
		firstName: 'Ada',
		lastName: 'Lovelace',
		email,
	} );
	await widget.root
		.getByRole( 'button', { name: 'Individual', exact: true } )
		.click();
	await expect( widget.field( 'Organisation name' ) ).toHaveCount( 0 );
	await widget.goToPayment();
	await widget.payByCard( { number: CARDS.visa } );

	await expect( widget.thankYou( 'Ada' ) ).toBeVisible();
	expect( await settledDonation( email ) ).toMatchObject( {
		status: 'succeeded',
		donate_as: 'individual',
		organisation_name: '',
	} );
} );
