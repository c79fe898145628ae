/**
 * The one-off wallets (docs/widget-contract.md#25-tab-3-payment, docs/widget-contract.md#47-express-checkout-one-off, docs/widget-contract.md#48-wallet-provider-one-off, docs/widget-contract.md#8-the-error-catalogue): express checkout through the card provider's
 * Google Pay button, and PayPal's own button; what the server refuses, and the failure screen a
 * non-OK card payment call leads to.
 */
import { test, expect } from '../fixtures';
import { STAND_IN_URL, type StandIns } from '../fixtures/stand-ins';
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
		lastName: 'Hopper',
		email: uniqueEmail( firstName.toLowerCase() ),
	};
}

/**
 * Removes the browser's own "Failed to load resource" line for an answer the test provoked.
 *
 * @param consoleErrors The fixture's list.
 * @param status        The HTTP status the widget was answered with.
 */
function expectRefusedCallLogged( consoleErrors: string[], status: number ) {
	expect( consoleErrors ).toEqual( [
		expect.stringContaining( `status of ${ status }` ),
	] );
	consoleErrors.length = 0;
}

// Each test starts with the stand-ins reset (the fixture does it), fresh rate limits and no
// cached address lookups.
test.beforeEach( async ( { standIns } ) => {
	void standIns;
	await resetSiteState();
} );

/**
 * What the browser and the site asked Stripe for on an express checkout.
 *
 * @param standIns The stand-ins.
 */
async function expressRequests( standIns: StandIns ) {
	const stripe = await standIns.requests( 'stripe' );
	const publishable = ( entry: ( typeof stripe )[ number ] ) =>
		/^Bearer pk_/.test( entry.headers.authorization ?? '' );
	return {
		tokens: stripe.filter(
			( entry ) =>
				entry.method === 'POST' &&
				entry.path.endsWith( '/v1/confirmation_tokens' ) &&
				publishable( entry )
		),
		browserConfirms: stripe.filter(
			( entry ) => /\/confirm$/.test( entry.path ) && publishable( entry )
		),
		siteConfirms: stripe.filter(
			( entry ) =>
				/\/confirm$/.test( entry.path ) &&
				/^Bearer sk_/.test( entry.headers.authorization ?? '' )
		),
	};
}

test( 'express checkout with Google Pay ends on the thank-you screen and records a google_pay donation', async ( {
	page,
	standIns,
} ) => {
	const widget = new DonationWidgetPage( page );
	const grace = donor( 'Grace' );
	await widget.goto();
	await widget.reachPayment( '100', 'Once only', grace );

	await widget.googlePayButton.click();

	await expect( widget.thankYou( 'Grace' ) ).toBeVisible();
	await expect(
		widget.text( 'Your donation of $100 has been successful.' )
	).toBeVisible();
	const row = await settledDonation( grace.email );
	expect( row ).toMatchObject( {
		status: 'succeeded',
		provider: 'stripe',
		method: 'google_pay',
		frequency: 'Oneoff',
		total_cents: '10000',
		first_name: 'Grace',
		last_name: 'Hopper',
		iteration_id: ITERATION_ID,
	} );
	expect( row.provider_reference ).toMatch( /^ch_/ );
	expect( await widget.purchaseEvents() ).toEqual( [
		{
			event: 'purchase',
			ecommerce: {
				transaction_id: row.provider_reference,
				value: 100,
				currency: 'AUD',
				items: [ { item_id: ITERATION_ID, quantity: 1 } ],
			},
			frequency: 'Oneoff',
			payment_method: 'google_pay',
		},
	] );
	// The browser made a confirmation token; only the site confirmed, with it.
	const asked = await expressRequests( standIns );
	expect( asked.tokens ).toHaveLength( 1 );
	expect( asked.browserConfirms ).toEqual( [] );
	expect( asked.siteConfirms ).toHaveLength( 1 );
	expect( asked.siteConfirms[ 0 ].body ).toMatchObject( {
		confirmation_token: expect.stringMatching( /^ctoken_/ ),
	} );
} );

test( 'express checkout with a card whose bank wants 3-D Secure: the donor passes it and the site takes the payment', async ( {
	page,
	standIns,
} ) => {
	await page.addInitScript( ( card ) => {
		(
			window as unknown as { __standInWalletCard: string }
		 ).__standInWalletCard = card;
	}, CARDS.threeDSecure );
	const widget = new DonationWidgetPage( page );
	const edsger = donor( 'Edsger' );
	await widget.goto();
	await widget.reachPayment( '25', 'Once only', edsger );

	await widget.googlePayButton.click();
	await page
		.getByRole( 'dialog', { name: '3D Secure authentication' } )
		.getByRole( 'button', { name: 'Complete authentication' } )
		.click();

	await expect( widget.thankYou( 'Edsger' ) ).toBeVisible();
	const row = await settledDonation( edsger.email );
	expect( row ).toMatchObject( {
		status: 'succeeded',
		method: 'google_pay',
	} );
	const asked = await expressRequests( standIns );
	// The browser only ran the bank's check; the site confirmed twice (the token, then the
	// authenticated card).
	expect(
		asked.browserConfirms.map(
			( entry ) =>
				( entry.body as { stand_in_3ds?: string } ).stand_in_3ds
		)
	).toEqual( [ 'succeed' ] );
	expect( asked.siteConfirms ).toHaveLength( 2 );
} );

test( 'express checkout after 3-D Secure: Try Again after every answer to the charge lookup was lost carries on with that payment and never charges twice', async ( {
	page,
	standIns,
	consoleErrors,
} ) => {
	await page.addInitScript( ( card ) => {
		(
			window as unknown as { __standInWalletCard: string }
		 ).__standInWalletCard = card;
	}, CARDS.threeDSecure );
	const widget = new DonationWidgetPage( page );
	const grace = donor( 'Grace' );
	await widget.goto();
	await widget.reachPayment( '25', 'Once only', grace );
	// The site's second confirmation (the authenticated card, in get_charge_id) charges the
	// card, and every answer to it (the first and both retries) is lost.
	await standIns.fault( {
		provider: 'stripe',
		method: 'POST',
		path: '/v1/payment_intents/:id/confirm',
		// The site's confirmation with the card the token made (the first was with the token).
		match: { idempotency_key: ':confirm:pm_' },
		fault: 'lose_answer',
		times: 3,
	} );

	await widget.googlePayButton.click();
	await page
		.getByRole( 'dialog', { name: '3D Secure authentication' } )
		.getByRole( 'button', { name: 'Complete authentication' } )
		.click();
	await widget.expectFailureScreen();
	expectRefusedCallLogged( consoleErrors, 502 );

	// Try Again reloads; the donor pays with the wallet again.
	await Promise.all( [
		page.waitForEvent( 'load' ),
		widget.tryAgain.click(),
	] );
	await widget.reachPayment( '25', 'Once only', grace );
	await widget.googlePayButton.click();

	await expect( widget.thankYou( 'Grace' ) ).toBeVisible();
	const rows = await donationRows( grace.email );
	expect( rows ).toHaveLength( 1 );
	expect( rows[ 0 ].status ).toBe( 'succeeded' );
	// One PaymentIntent, charged once: the second press carried on with the first attempt.
	const created = ( await standIns.requests( 'stripe' ) ).filter(
		( entry ) =>
			entry.method === 'POST' &&
			/\/v1\/payment_intents$/.test( entry.path )
	);
	expect(
		new Set(
			created.map( ( entry ) => entry.headers[ 'idempotency-key' ] )
		).size
	).toBe( 1 );
} );

test( "express checkout shows the bank's words under its buttons when 3-D Secure fails", async ( {
	page,
} ) => {
	await page.addInitScript( ( card ) => {
		(
			window as unknown as { __standInWalletCard: string }
		 ).__standInWalletCard = card;
	}, CARDS.threeDSecure );
	const widget = new DonationWidgetPage( page );
	const barbara = donor( 'Barbara' );
	await widget.goto();
	await widget.reachPayment( '25', 'Once only', barbara );

	await widget.googlePayButton.click();
	await page
		.getByRole( 'dialog', { name: '3D Secure authentication' } )
		.getByRole( 'button', { name: 'Fail authentication' } )
		.click();

	const message =
		'Your bank could not confirm this payment. Please try again, or use another card.';
	await expect(
		widget.root.getByRole( 'alert' ).filter( { hasText: message } )
	).toHaveText( message );
	await widget.expectOnTab( '3. Payment' );
	expect( await settledDonation( barbara.email ) ).toMatchObject( {
		status: 'failed',
	} );
	expect( await widget.purchaseEvents() ).toEqual( [] );
} );

test( "express checkout shows the provider's message under its buttons when the wallet card is declined", async ( {
	page,
} ) => {
	await page.addInitScript( ( card ) => {
		(
			window as unknown as { __standInWalletCard: string }
		 ).__standInWalletCard = card;
	}, CARDS.declined );
	const widget = new DonationWidgetPage( page );
	const linus = donor( 'Linus' );
	await widget.goto();
	await widget.reachPayment( '25', 'Once only', linus );

	await widget.googlePayButton.click();

	const message = widget.root.getByRole( 'alert' ).filter( {
		hasText: 'Your card was declined.',
	} );
	await expect( message ).toHaveText( 'Your card was declined.' );
	await widget.expectOnTab( '3. Payment' );
	// The loading overlay is gone: the donor can pick another way to pay.
	await expect( widget.creditCardToggle ).toBeEnabled();
	await widget.creditCardToggle.click();
	await expect( widget.field( 'Name on Card' ) ).toBeEditable();
	expect( await widget.purchaseEvents() ).toEqual( [] );
	// The site tried the card (the browser never confirms) and recorded the decline.
	expect( await settledDonation( linus.email ) ).toMatchObject( {
		status: 'failed',
		provider: 'stripe',
	} );
} );

test( "express checkout shows the provider's message when the wallet sheet refuses to submit", async ( {
	page,
} ) => {
	await page.addInitScript( () => {
		(
			window as unknown as {
				__standInStripeSubmitError: { message: string };
			}
		 ).__standInStripeSubmitError = {
			message: 'Your wallet has no card that can pay.',
		};
	} );
	const widget = new DonationWidgetPage( page );
	await widget.goto();
	await widget.reachPayment( '25', 'Once only', donor( 'Niklaus' ) );

	await widget.googlePayButton.click();

	await expect(
		widget.root.getByRole( 'alert' ).filter( {
			hasText: 'Your wallet has no card that can pay.',
		} )
	).toBeVisible();
	await widget.expectOnTab( '3. Payment' );
} );

test( 'PayPal: approving the payment ends on the thank-you screen and records the capture', async ( {
	page,
	standIns,
} ) => {
	const widget = new DonationWidgetPage( page );
	const joan = donor( 'Joan' );
	await widget.goto();
	await widget.reachPayment( '50', 'Once only', joan );

	await widget.payPalButton.click();
	const checkout = page.getByRole( 'dialog', { name: 'PayPal checkout' } );
	await expect( checkout ).toBeVisible();
	await checkout.getByRole( 'button', { name: 'Approve payment' } ).click();

	await expect( widget.thankYou( 'Joan' ) ).toBeVisible();
	await expect(
		widget.text( 'Your donation of $50 has been successful.' )
	).toBeVisible();
	const row = await settledDonation( joan.email );
	expect( row ).toMatchObject( {
		status: 'succeeded',
		provider: 'paypal',
		method: 'paypal',
		frequency: 'Oneoff',
		total_cents: '5000',
		first_name: 'Joan',
		iteration_id: ITERATION_ID,
	} );
	// The reference is the capture id: the one capture the browser made, which the server then
	// read back from PayPal by that id.
	const paypal = await standIns.requests( 'paypal' );
	expect(
		paypal.filter(
			( request ) =>
				request.method === 'POST' && /\/capture$/.test( request.path )
		)
	).toHaveLength( 1 );
	expect( row.provider_reference ).toMatch( /^[A-Z0-9]{5,40}$/ );
	expect(
		paypal
			.filter( ( request ) => request.method === 'GET' )
			.map( ( request ) => request.path )
	).toContain( `/paypal/v2/payments/captures/${ row.provider_reference }` );

	expect( await widget.purchaseEvents() ).toEqual( [
		{
			event: 'purchase',
			ecommerce: {
				transaction_id: row.provider_reference,
				value: 50,
				currency: 'AUD',
				items: [ { item_id: ITERATION_ID, quantity: 1 } ],
			},
			frequency: 'Oneoff',
			payment_method: 'Paypal',
		},
	] );
} );

interface PayPalOrder {
	intent: string;
	payer?: Record< string, unknown >;
	purchase_units: Array< {
		custom_id: string;
		amount: { value: string; currency_code: string };
		shipping?: Record< string, unknown >;
	} >;
}

/**
 * PayPal, one-off, for a donor who gave a mobile, an address typed by hand and a person honoured.
 *
 * @param widget   The widget on /donate/.
 * @param giver    The donor.
 * @param standIns The stand-ins, to read the order the browser sent.
 * @return The order the browser created at PayPal.
 */
async function payPalOrderOf(
	widget: DonationWidgetPage,
	giver: Donor,
	standIns: StandIns
): Promise< PayPalOrder > {
	await widget.goto();
	await widget.chooseAmount( '25', 'Once only' );
	await widget.goToDetails();
	await widget.fillDetails( {
		...giver,
		mobile: '0412345678',
		inMemoryOf: 'Mary Jackson',
	} );
	await widget.root
		.getByRole( 'button', { name: 'Enter manually', exact: true } )
		.click();
	await widget.field( 'Street' ).fill( '12 Example St' );
	await widget.field( 'City' ).fill( 'Sydney' );
	await widget.field( 'State' ).fill( 'NSW' );
	await widget.field( 'Postcode' ).fill( '2000' );
	await widget.goToPayment();
	await widget.helpCover.check();

	await widget.payPalButton.click();
	await widget.page
		.getByRole( 'dialog', { name: 'PayPal checkout' } )
		.getByRole( 'button', { name: 'Approve payment' } )
		.click();
	await expect( widget.thankYou( giver.firstName ) ).toBeVisible();
	const created = ( await standIns.requests( 'paypal' ) ).filter(
		( request ) =>
			request.method === 'POST' &&
			request.path.endsWith( '/v2/checkout/orders' )
	);
	expect( created ).toHaveLength( 1 );
	return created[ 0 ].body as PayPalOrder;
}

test( 'PayPal: the order carries the donor summary, the AUD total and the shipping address (widget contract §3.7)', async ( {
	page,
	standIns,
} ) => {
	const widget = new DonationWidgetPage( page );
	const joan = donor( 'Joan' );
	const order = await payPalOrderOf( widget, joan, standIns );

	expect( order.intent ).toBe( 'CAPTURE' );
	const [ unit ] = order.purchase_units;
	expect( unit.amount ).toEqual( { value: '26.25', currency_code: 'AUD' } );
	const summary = [
		'o-',
		'n-joan_hopper',
		`e-${ joan.email }`,
		'm-0412345678',
		'd-oneoff',
		'a-12_example_st_sydney_nsw_2000_australia',
		'i-mary_jackson',
	]
		.join( ',' )
		.slice( 0, 127 );
	expect( unit.custom_id ).toBe( summary );
	expect( unit.custom_id.length ).toBeLessThanOrEqual( 127 );
	expect( unit.shipping ).toMatchObject( {
		name: { full_name: 'Joan Hopper' },
		address: {
			address_line_1: '12 Example St',
			admin_area_2: 'Sydney',
			admin_area_1: 'NSW',
			postal_code: '2000',
			country_code: 'AU',
		},
	} );
	const row = await settledDonation( joan.email );
	expect( row ).toMatchObject( {
		status: 'succeeded',
		total_cents: '2625',
		in_memory_of: 'Mary Jackson',
	} );
} );

test( "PayPal: the order's shipping phone is the donor's mobile, typed MOBILE (widget contract §3.7)", async ( {
	page,
	standIns,
} ) => {
	const widget = new DonationWidgetPage( page );
	const joan = donor( 'Joan' );
	const order = await payPalOrderOf( widget, joan, standIns );

	expect( order.purchase_units[ 0 ].shipping?.phone_number ).toEqual( {
		country_code: '61',
		national_number: '412345678',
	} );
	// PayPal's shipping phone has no type: the MOBILE type travels with the payer's phone.
	expect( order.payer?.phone ).toEqual( {
		phone_type: 'MOBILE',
		phone_number: { national_number: '412345678' },
	} );
} );

test( 'PayPal: cancelling in the PayPal window leaves the donor on tab 3', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const joan = donor( 'Joan' );
	await widget.goto();
	await widget.reachPayment( '50', 'Once only', joan );

	await widget.payPalButton.click();
	const checkout = page.getByRole( 'dialog', { name: 'PayPal checkout' } );
	await checkout.getByRole( 'button', { name: 'Cancel payment' } ).click();

	await expect( checkout ).toHaveCount( 0 );
	await widget.expectOnTab( '3. Payment' );
	await expect( widget.payPalButton ).toBeEnabled();
	await expect( widget.creditCardToggle ).toBeEnabled();
	// The order was opened before the PayPal window showed: its record stays pending, holding
	// the order, until the reconciliation pass abandons it after a day.
	const rows = await donationRows( joan.email );
	expect( rows ).toHaveLength( 1 );
	expect( rows[ 0 ] ).toMatchObject( {
		status: 'pending',
		provider: 'paypal',
		provider_reference: '',
	} );
	expect( rows[ 0 ].payment_intent_id ).toMatch( /^[A-Z0-9]{5,40}$/ );
} );

test( 'PayPal: when the site cannot record the order, the failure screen shows and the PayPal window never opens', async ( {
	page,
	consoleErrors,
	standIns,
} ) => {
	const widget = new DonationWidgetPage( page );
	const joan = donor( 'Joan' );
	await page.route( '**/wp-admin/admin-ajax.php', async ( route ) =>
		( route.request().postData() ?? '' ).includes(
			'action=open_paypal_order'
		)
			? route.fulfill( {
					status: 429,
					contentType: 'application/json',
					body: '{"success":false,"type":"rate_limited"}',
				} )
			: route.continue()
	);
	await widget.goto();
	await widget.reachPayment( '50', 'Once only', joan );

	await widget.payPalButton.click();

	await widget.expectFailureScreen();
	await expect(
		page.getByRole( 'dialog', { name: 'PayPal checkout' } )
	).toHaveCount( 0 );
	expect(
		( await standIns.requests( 'paypal' ) ).filter( ( request ) =>
			/\/capture$/.test( request.path )
		)
	).toEqual( [] );
	expect( await donationRows( joan.email ) ).toEqual( [] );
	expectRefusedCallLogged( consoleErrors, 429 );
} );

test( 'PayPal: a capture of another amount than the gift is held for review, never receipted, while the donor who paid is thanked', async ( {
	page,
	request,
} ) => {
	const widget = new DonationWidgetPage( page );
	const joan = donor( 'Joan' );
	await widget.goto();
	await widget.reachPayment( '50', 'Once only', joan );
	// The server reads the capture back from PayPal: that answer is the forced one.
	const forced = await request.post( `${ STAND_IN_URL }/__control/next`, {
		data: {
			provider: 'paypal',
			scenario: 'capture_amount_mismatch',
			path: '/v2/payments/captures/',
		},
	} );
	expect( forced.ok() ).toBe( true );

	await widget.payPalButton.click();
	await page
		.getByRole( 'dialog', { name: 'PayPal checkout' } )
		.getByRole( 'button', { name: 'Approve payment' } )
		.click();

	await expect( widget.thankYou( 'Joan' ) ).toBeVisible();
	const row = await settledDonation( joan.email );
	expect( row ).toMatchObject( {
		status: 'review',
		provider: 'paypal',
		review_reason: 'amount_mismatch',
		receipt_seq: null,
	} );
	expect( row.failure_reason ).toContain( 'PayPal captured' );
} );

for ( const refusal of [
	{
		scenario: 'capture_not_completed',
		extra: { status: 'DECLINED' },
		reason: 'capture_declined',
		status: 0,
	},
] ) {
	test( `PayPal: when the server refuses the capture (${ refusal.scenario }) the failure screen shows`, async ( {
		page,
		consoleErrors,
		request,
	} ) => {
		const widget = new DonationWidgetPage( page );
		const joan = donor( 'Joan' );
		await widget.goto();
		await widget.reachPayment( '50', 'Once only', joan );
		// The server reads the capture back from PayPal: that answer is the forced one.
		const forced = await request.post( `${ STAND_IN_URL }/__control/next`, {
			data: {
				provider: 'paypal',
				scenario: refusal.scenario,
				path: '/v2/payments/captures/',
				...refusal.extra,
			},
		} );
		expect( forced.ok() ).toBe( true );

		await widget.payPalButton.click();
		await page
			.getByRole( 'dialog', { name: 'PayPal checkout' } )
			.getByRole( 'button', { name: 'Approve payment' } )
			.click();

		await widget.expectFailureScreen();
		expect( await widget.purchaseEvents() ).toEqual( [] );
		const row = await settledDonation( joan.email );
		expect( row ).toMatchObject( { status: 'failed', provider: 'paypal' } );
		expect( row.failure_reason ).toContain( refusal.reason );
		expect( row.provider_reference ).not.toBe( '' );
		if ( refusal.status ) {
			expectRefusedCallLogged( consoleErrors, refusal.status );
		}
	} );
}

test( 'a card payment the server cannot complete (Stripe answers 500) shows the failure screen, and Try Again reloads', async ( {
	page,
	standIns,
	consoleErrors,
} ) => {
	const widget = new DonationWidgetPage( page );
	const dennis = donor( 'Dennis' );
	await widget.goto();
	await widget.reachPayment( '25', 'Once only', dennis );
	// Only the server's charge fails (the first try and both retries); the browser's own card
	// tokenisation still works.
	await standIns.next( 'stripe', 'server_error', {
		path: '/v1/payment_intents',
		times: 3,
	} );

	await widget.payByCard( { number: CARDS.visa } );

	await widget.expectFailureScreen();
	expect( await widget.purchaseEvents() ).toEqual( [] );
	expectRefusedCallLogged( consoleErrors, 502 );
	const [ row ] = await donationRows( dennis.email );
	expect( row.status ).not.toBe( 'succeeded' );

	await Promise.all( [
		page.waitForEvent( 'load' ),
		widget.tryAgain.click(),
	] );
	await widget.expectOnTab( '1. Amount' );
} );

test( 'Try Again after every answer to a card payment was lost carries on with that payment and never charges twice', async ( {
	page,
	standIns,
	consoleErrors,
} ) => {
	const widget = new DonationWidgetPage( page );
	const dennis = donor( 'Dennis' );
	await widget.goto();
	await widget.reachPayment( '25', 'Once only', dennis );
	// Stripe charges the card, and every answer to the site (the first and both retries) is lost.
	await standIns.next( 'stripe', 'lost_answer', {
		path: '/confirm',
		times: 3,
	} );

	await widget.payByCard( { number: CARDS.visa } );
	await widget.expectFailureScreen();
	expectRefusedCallLogged( consoleErrors, 502 );

	// Try Again reloads; the form comes back, and the donor types a card again.
	await Promise.all( [
		page.waitForEvent( 'load' ),
		widget.tryAgain.click(),
	] );
	await widget.reachPayment( '25', 'Once only', dennis );
	await widget.payByCard( { number: CARDS.mastercard } );

	await expect( widget.thankYou( 'Dennis' ) ).toBeVisible();
	const rows = await donationRows( dennis.email );
	expect( rows ).toHaveLength( 1 );
	expect( rows[ 0 ].status ).toBe( 'succeeded' );
	// The site confirmed only the first card (the first try and its two replays): the second was
	// never put to the bank.
	const confirms = ( await standIns.requests( 'stripe' ) ).filter(
		( entry ) =>
			/\/confirm$/.test( entry.path ) &&
			/^Bearer sk_/.test( entry.headers.authorization ?? '' )
	);
	expect( confirms ).toHaveLength( 3 );
	expect(
		new Set(
			confirms.map(
				( entry ) =>
					( entry.body as Record< string, string > ).payment_method
			)
		).size
	).toBe( 1 );
} );
