/**
 * BECS Direct Debit (Australian bank accounts through Stripe), the payment method added through
 * the gateway seam: off by default; once switched on, one-off and 4-weekly debits are "being
 * processed" until Stripe's webhook says the bank cleared (or bounced) them, days later.
 */
import { test, expect } from '../fixtures';
import {
	donationRows,
	resetSiteState,
	setSetting,
	settledDonation,
	uniqueEmail,
	type DonationRow,
} from '../fixtures/donations';
import type { StandIns } from '../fixtures/stand-ins';
import { DonationWidgetPage, type Donor } from '../pages/DonationWidgetPage';

const SITE_URL = process.env.DONATION_WIDGET_E2E_URL ?? 'http://127.0.0.1:8890';

/** The e2e site's Stripe webhook signing secret (tests/site/install-site.php). */
const WEBHOOK_SECRET = 'whsec_localStandIn';

/** Stripe's BECS test accounts (BSB 000-000). */
const ACCOUNTS = {
	clears: '000123456',
	closed: '111111113',
} as const;

function donor( firstName: string ): Donor {
	return {
		firstName,
		lastName: 'Lovelace',
		email: uniqueEmail( `becs-${ firstName.toLowerCase() }` ),
	};
}

function bankToggle( widget: DonationWidgetPage ) {
	return widget.root.getByRole( 'button', {
		name: 'Bank account (Direct Debit)',
	} );
}

function agreement( widget: DonationWidgetPage ) {
	return widget.root.getByRole( 'checkbox', {
		name: 'I accept the Direct Debit Request and service agreement',
	} );
}

/**
 * Chooses the bank account, types Stripe's test BSB and the account, accepts the agreement
 * (unless told not to) and presses Donate.
 *
 * @param widget  The widget, on tab 3.
 * @param account The account number.
 * @param accept  Whether to tick the agreement.
 */
async function payByBank(
	widget: DonationWidgetPage,
	account: string,
	accept = true
): Promise< void > {
	await bankToggle( widget ).click();
	await widget.root.getByRole( 'textbox', { name: 'BSB' } ).fill( '000000' );
	await widget.root
		.getByRole( 'textbox', { name: 'Account number' } )
		.fill( account );
	if ( accept ) {
		await agreement( widget ).check();
	}
	await widget.donateButton.click();
}

/**
 * The one row of a donor while it is still open.
 *
 * @param email The donor's email.
 */
async function openDonation( email: string ): Promise< DonationRow > {
	await expect
		.poll( async () =>
			( await donationRows( email ) ).map( ( row ) => row.status )
		)
		.toEqual( [ 'pending' ] );
	return ( await donationRows( email ) )[ 0 ];
}

/**
 * Three business days pass: the stand-in settles the debits and Stripe's webhooks arrive.
 *
 * @param standIns The provider stand-ins.
 */
async function banksAnswer( standIns: StandIns ): Promise< string[] > {
	return standIns.settleBankDebits( SITE_URL, WEBHOOK_SECRET );
}

test.describe( 'BECS Direct Debit', () => {
	test.beforeEach( async ( { standIns } ) => {
		void standIns;
		await resetSiteState();
		await setSetting( 'stripe_becs_enabled', true );
	} );

	test.afterAll( async () => {
		await setSetting( 'stripe_becs_enabled', false );
	} );

	test( 'a one-off bank debit is "being processed" until the webhook says it cleared', async ( {
		page,
		standIns,
	} ) => {
		const widget = new DonationWidgetPage( page );
		const ada = donor( 'Ada' );
		await widget.goto();
		await widget.reachPayment( '25', 'Once only', ada );

		await bankToggle( widget ).click();
		await expect(
			widget.root.getByText( 'Account name: Ada Lovelace' )
		).toBeVisible();
		const serviceAgreement = widget.root.getByRole( 'link', {
			name: 'Direct Debit Request service agreement',
		} );
		await expect( serviceAgreement ).toHaveAttribute( 'target', '_blank' );
		await expect( serviceAgreement ).toHaveAttribute(
			'href',
			'https://stripe.com/au-becs-dd-service-agreement/legal'
		);
		await expect( widget.donateButton ).toHaveText( 'Donate $25' );
		await bankToggle( widget ).click();
		await payByBank( widget, ACCOUNTS.clears );

		await expect( widget.thankYou( 'Ada' ) ).toBeVisible();
		await expect(
			widget.text( 'Your donation of $25 is being processed.' )
		).toBeVisible();
		expect( await widget.purchaseEvents() ).toEqual( [] );
		const open = await openDonation( ada.email );
		expect( open ).toMatchObject( {
			method: 'au_becs_debit',
			provider: 'stripe',
			total_cents: '2500',
		} );
		expect( open.payment_intent_id ).toMatch( /^pi_/ );

		expect( await banksAnswer( standIns ) ).toContain(
			'payment_intent.succeeded'
		);
		const row = await settledDonation( ada.email );
		expect( row.status ).toBe( 'succeeded' );
		expect( row.provider_reference ).toMatch( /^(ch|py)_/ );
	} );

	test( 'a 4-weekly bank debit starts its subscription once the first debit clears', async ( {
		page,
		standIns,
	} ) => {
		const widget = new DonationWidgetPage( page );
		const grace = donor( 'Grace' );
		await widget.goto();
		await widget.reachPayment( '30', 'Every 4 weeks', grace );

		const choice = widget.root.getByRole( 'group', {
			name: 'Payment method',
		} );
		await expect(
			choice.getByRole( 'button', { name: 'Credit Card' } )
		).toHaveAttribute( 'aria-pressed', 'true' );
		await payByBank( widget, ACCOUNTS.clears );

		await expect( widget.thankYou( 'Grace' ) ).toBeVisible();
		await expect(
			widget.text( 'Your donation of $30 is being processed.' )
		).toBeVisible();
		await expect(
			widget.text( 'Your next donation will be processed in 4 weeks.' )
		).toBeVisible();
		const open = await openDonation( grace.email );
		expect( open.frequency ).toBe( '4weekly' );
		expect( open.subscription_id ).toBe( '' );

		expect( await banksAnswer( standIns ) ).toContain(
			'payment_intent.succeeded'
		);
		const row = await settledDonation( grace.email );
		expect( row.status ).toBe( 'succeeded' );
		expect( row.subscription_id ).toMatch( /^sub_/ );
		expect( await donationRows( grace.email ) ).toHaveLength( 1 );
	} );

	test( "a debit that bounces after processing is recorded as failed with the bank's reason", async ( {
		page,
		standIns,
	} ) => {
		const widget = new DonationWidgetPage( page );
		const alan = donor( 'Alan' );
		await widget.goto();
		await widget.reachPayment( '50', 'Once only', alan );
		await payByBank( widget, ACCOUNTS.closed );

		await expect(
			widget.text( 'Your donation of $50 is being processed.' )
		).toBeVisible();
		await openDonation( alan.email );

		expect( await banksAnswer( standIns ) ).toContain(
			'payment_intent.payment_failed'
		);
		const row = await settledDonation( alan.email );
		expect( row.status ).toBe( 'failed' );
		expect( row.failure_reason ).toMatch( /^account_closed: / );
	} );

	test( 'nothing is sent until the donor accepts the Direct Debit Request', async ( {
		page,
		standIns,
	} ) => {
		const widget = new DonationWidgetPage( page );
		const edith = donor( 'Edith' );
		await widget.goto();
		await widget.reachPayment( '25', 'Once only', edith );
		await payByBank( widget, ACCOUNTS.clears, false );

		await expect(
			widget.text(
				'You must accept the Direct Debit Request and service agreement'
			)
		).toBeVisible();
		await expect( agreement( widget ) ).toBeFocused();
		expect( await donationRows( edith.email ) ).toEqual( [] );
		const debits = ( await standIns.requests( 'stripe' ) ).filter(
			( request ) => request.path.includes( 'payment_intents' )
		);
		expect( debits ).toEqual( [] );
	} );

	test( 'switched off, the method is not offered and tab 3 is as SPEC describes', async ( {
		page,
	} ) => {
		await setSetting( 'stripe_becs_enabled', false );
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.reachPayment( '25', 'Once only', donor( 'Mary' ) );
		await expect( widget.creditCardToggle ).toBeVisible();
		await expect( bankToggle( widget ) ).toHaveCount( 0 );

		await widget.goto();
		await widget.reachPayment( '25', 'Every 4 weeks', donor( 'Marie' ) );
		await expect( widget.field( 'Name on Card' ) ).toBeVisible();
		await expect(
			widget.root.getByRole( 'group', { name: 'Payment method' } )
		).toHaveCount( 0 );
		await expect( bankToggle( widget ) ).toHaveCount( 0 );
	} );
} );
