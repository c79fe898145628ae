/**
 * Connect webhooks on the settings screen: an administrator sets up the Stripe endpoint and the
 * PayPal webhook with one button each, sees the outcome in a notice, and the providers' signed
 * deliveries are then accepted with what the buttons saved.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, logIn, expectNoAxeViolations } from '../fixtures';
import { STAND_IN_URL } from '../fixtures/stand-ins';

const STRIPE = 'Stripe (card and express checkout)';
// What the e2e site is installed with (tests/site/install-site.php), which other specs sign with.
const SITE_WEBHOOK_SECRET = 'whsec_localStandIn';

async function openSection( page: Page, heading: string ): Promise< void > {
	await page
		.getByRole( 'navigation', { name: 'Settings sections' } )
		.getByRole( 'link', { name: heading, exact: true } )
		.click();
	await expect(
		page.getByRole( 'heading', { name: heading, level: 2 } )
	).toBeVisible();
}

/**
 * A stand-in control call.
 *
 * @param request Playwright's API client.
 * @param path    Such as /__control/stripe/deliver.
 * @param data    JSON body.
 * @return The answer's JSON.
 */
async function control(
	request: APIRequestContext,
	path: string,
	data: Record< string, unknown >
): Promise< Record< string, unknown > > {
	const response = await request.post( `${ STAND_IN_URL }${ path }`, {
		data,
	} );
	expect( response.ok(), await response.text() ).toBe( true );
	return ( await response.json() ) as Record< string, unknown >;
}

test.beforeEach( async ( { page, standIns } ) => {
	// A fresh Stripe account and PayPal app: no endpoint, no webhook.
	await standIns.reset();
	await logIn( page );
} );

test.afterEach( async ( { page } ) => {
	// Connect saved a new signing secret: put back the one the other specs sign with.
	await page.goto(
		'/wp-admin/admin.php?page=donation-widget&section=stripe'
	);
	await page
		.getByLabel( 'Test webhook signing secret' )
		.fill( SITE_WEBHOOK_SECRET );
	await page.getByRole( 'button', { name: 'Save settings' } ).click();
	await expect( page.getByText( 'Settings saved.' ) ).toBeVisible();
} );

test( 'an admin connects the Stripe and PayPal webhooks, sees each success notice, and the deliveries verify', async ( {
	page,
	request,
} ) => {
	await page.goto( '/wp-admin/admin.php?page=donation-widget' );
	const stripe = page.getByRole( 'region', { name: STRIPE } );
	await stripe.getByRole( 'button', { name: 'Connect webhooks' } ).click();

	const stripeNotice = page.getByText(
		/^Connected: Stripe endpoint we_\w+ \(test mode, API version 2026-10-28\.endive\) now sends payment_intent\.succeeded, .+ to this site, and its signing secret is saved\.$/
	);
	await expect( stripeNotice ).toBeVisible();
	await expect( page ).toHaveURL( /section=stripe/ );
	const endpoint = /we_\w+/.exec(
		( await stripeNotice.textContent() ) ?? ''
	)![ 0 ];
	// Checked again after connecting: nothing differs.
	await expect(
		stripe.getByText(
			new RegExp(
				`^Stripe endpoint ${ endpoint } \\(test mode, API version 2026-10-28\\.endive\\) sends to this site\\. It is set up as the plugin needs`
			)
		)
	).toBeVisible();
	await expectNoAxeViolations( page );

	// Stripe signs a delivery with the new endpoint's secret: the site accepts it.
	const intent = await request.post(
		`${ STAND_IN_URL }/stripe/v1/payment_intents`,
		{
			headers: { Authorization: 'Bearer sk_test_localStandIn' },
			form: {
				amount: '2500',
				currency: 'aud',
				payment_method: 'pm_card_visa',
				confirm: 'true',
				'automatic_payment_methods[enabled]': 'true',
				'automatic_payment_methods[allow_redirects]': 'never',
			},
		}
	);
	expect( intent.ok(), await intent.text() ).toBe( true );
	const events = await request.get(
		`${ STAND_IN_URL }/__control/stripe/events?type=payment_intent.succeeded`
	);
	const [ succeeded ] = ( await events.json() ) as Array<
		Record< string, unknown >
	>;
	const delivered = ( await control( request, '/__control/stripe/deliver', {
		endpoint,
		event: succeeded,
	} ) ) as { results: Array< { status: number } > };
	expect( delivered.results.map( ( result ) => result.status ) ).toEqual( [
		200,
	] );

	await openSection( page, 'PayPal' );
	const paypal = page.getByRole( 'region', { name: 'PayPal' } );
	await paypal.getByRole( 'button', { name: 'Connect webhooks' } ).click();
	const paypalNotice = page.getByText(
		/^Connected: PayPal webhook ([A-Z0-9]+) \(sandbox app\) now sends PAYMENT\.CAPTURE\.COMPLETED, PAYMENT\.CAPTURE\.DENIED, PAYMENT\.CAPTURE\.REFUNDED, PAYMENT\.CAPTURE\.REVERSED to this site\. Its ID \1 is saved as the Webhook ID\.$/
	);
	await expect( paypalNotice ).toBeVisible();
	await expect( page ).toHaveURL( /section=paypal/ );
	const webhookId = /webhook ([A-Z0-9]+)/.exec(
		( await paypalNotice.textContent() ) ?? ''
	)![ 1 ];
	await expect( page.getByLabel( 'Webhook ID' ) ).toHaveValue( webhookId );
	await expectNoAxeViolations( page );

	// PayPal delivers to the webhook it now has: the site verifies it with the saved id.
	const captureEvent = await control( request, '/__control/paypal/event', {
		type: 'PAYMENT.CAPTURE.DENIED',
	} );
	const paypalDelivery = ( await control(
		request,
		'/__control/paypal/deliver',
		{ webhook_id: webhookId, event: captureEvent }
	) ) as { results: Array< { status: number } > };
	expect( paypalDelivery.results.map( ( result ) => result.status ) ).toEqual(
		[ 200 ]
	);
} );

test.describe( 'without JavaScript', () => {
	test.use( { javaScriptEnabled: false } );

	test( 'Connect webhooks is a plain form button: it works and reports in a notice', async ( {
		page,
	} ) => {
		await page.goto(
			'/wp-admin/admin.php?page=donation-widget&section=paypal'
		);
		await page
			.getByRole( 'region', { name: 'PayPal' } )
			.getByRole( 'button', { name: 'Connect webhooks' } )
			.click();
		await expect(
			page.getByText( /^Connected: PayPal webhook [A-Z0-9]+ / )
		).toBeVisible();

		// Pressed again, nothing is made twice.
		await page
			.getByRole( 'region', { name: 'PayPal' } )
			.getByRole( 'button', { name: 'Connect webhooks' } )
			.click();
		await expect(
			page.getByText( /^Already connected: PayPal webhook [A-Z0-9]+ / )
		).toBeVisible();
	} );
} );
