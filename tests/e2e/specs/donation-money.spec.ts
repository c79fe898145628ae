/**
 * Sums as a donor reads them and what they are charged (docs/widget-contract.md#23-tab-1-amount to docs/widget-contract.md#26-donation-success-screen, docs/widget-contract.md#9-business-constants-and-limits): en-AU thousands
 * separators on every screen, a total with the fundraising cover that never passes the
 * $999,999.99 maximum, and the step tabs on one line on a small phone.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import {
	deletePage,
	publishPage,
	resetSiteState,
	settledDonation,
	uniqueEmail,
} from '../fixtures/donations';
import { CARDS, DonationWidgetPage } from '../pages/DonationWidgetPage';

test.beforeEach( async ( { standIns } ) => {
	void standIns;
	await resetSiteState();
} );

function donor( firstName: string ) {
	return {
		firstName,
		lastName: 'Lovelace',
		email: uniqueEmail( firstName.toLowerCase() ),
	};
}

test( 'a custom amount near $1,000,000 reads with thousands separators from tab 1 to the thank-you screen', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const ada = donor( 'Ada' );
	await widget.goto();
	await widget.frequency( 'Once only' ).click();
	await widget.customAmount.fill( '987654.32' );
	// The field keeps what was typed (docs/widget-contract.md#51-amount's keystrokes take no commas); every sum shown is formatted.
	await expect( widget.customAmount ).toHaveValue( '987654.32' );
	await expect( widget.nextFromAmount ).toHaveText( 'Donate $987,654.32 >>' );

	await widget.goToDetails();
	await widget.fillDetails( ada );
	await widget.goToPayment();
	const line = widget.text( 'Donation Amount :' ).locator( '..' );
	await expect( line ).toHaveText( 'Donation Amount : $987,654.32' );
	await expect( widget.helpCover ).toHaveAccessibleName(
		'I would like to add $20 to help cover fundraising costs'
	);
	await widget.helpCover.check();
	await expect( line ).toHaveText( 'Donation Amount : $987,674.32' );
	await widget.showCardForm();
	await expect( widget.donateButton ).toHaveText( 'Donate $987,674.32' );

	await widget.payByCard( { number: CARDS.visa } );
	await expect( widget.thankYou( 'Ada' ) ).toBeVisible();
	await expect(
		widget.text( 'Your donation of $987,674.32 has been successful.' )
	).toBeVisible();
	const row = await settledDonation( ada.email );
	expect( [ row.amount_cents, row.cover_cents, row.total_cents ] ).toEqual( [
		'98765432',
		'2000',
		'98767432',
	] );
} );

test( 'presets of $1,000 and more read with separators, and the one chosen adds up', async ( {
	page,
} ) => {
	const pagePath = await publishPage(
		'major-gifts',
		'Major gifts',
		'[donation_widget type="donation" amount_values="1000,2500.5,10000" default_amount="2500.50"]'
	);
	try {
		const widget = new DonationWidgetPage( page );
		await widget.goto( pagePath );
		for ( const preset of [ '1,000', '2,500.50', '10,000' ] ) {
			await expect( widget.preset( preset ) ).toBeVisible();
		}
		await expect( widget.preset( '2,500.50' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		await expect( widget.nextFromAmount ).toHaveText(
			'Donate $2,500.50 4-weekly >>'
		);
		await widget.preset( '10,000' ).click();
		await expect( widget.nextFromAmount ).toHaveText(
			'Donate $10,000 4-weekly >>'
		);
	} finally {
		await deletePage( pagePath );
	}
} );

test( 'near the maximum the cover shrinks to what is left, so the total stops at $999,999.99, and is charged so', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const grace = donor( 'Grace' );
	await widget.goto();
	await widget.frequency( 'Once only' ).click();
	await widget.customAmount.fill( '999990' );
	await widget.goToDetails();
	await widget.fillDetails( grace );
	await widget.goToPayment();

	// 5 % would be capped at $20, but only $9.99 is left under the maximum.
	await expect( widget.helpCover ).toHaveAccessibleName(
		'I would like to add $9.99 to help cover fundraising costs'
	);
	await widget.helpCover.check();
	const line = widget.text( 'Donation Amount :' ).locator( '..' );
	await expect( line ).toHaveText( 'Donation Amount : $999,999.99' );
	await widget.payByCard( { number: CARDS.visa } );
	await expect(
		widget.text( 'Your donation of $999,999.99 has been successful.' )
	).toBeVisible();
	const row = await settledDonation( grace.email );
	expect( [ row.amount_cents, row.cover_cents, row.total_cents ] ).toEqual( [
		'99999000',
		'999',
		'99999999',
	] );
} );

test( 'at the maximum there is no room for a cover, so none is offered', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	await widget.goto();
	await widget.frequency( 'Once only' ).click();
	await widget.customAmount.fill( '999999.99' );
	await widget.goToDetails();
	await widget.fillDetails( donor( 'Mary' ) );
	await widget.goToPayment();

	await expect(
		widget.text( 'Donation Amount :' ).locator( '..' )
	).toHaveText( 'Donation Amount : $999,999.99' );
	await expect( widget.helpCover ).toHaveCount( 0 );
	await widget.showCardForm();
	await expect( widget.donateButton ).toHaveText( 'Donate $999,999.99' );
} );

/**
 * Each tab's label as the lines it is laid out on, and each tab's top edge.
 *
 * @param page The page.
 */
async function tabLayout( page: Page ) {
	const tabs = page
		.getByRole( 'tablist', { name: 'Donation steps' } )
		.getByRole( 'tab' );
	await expect( tabs ).toHaveCount( 3 );
	return tabs.evaluateAll( ( elements ) =>
		elements.map( ( element ) => {
			const range = document.createRange();
			range.selectNodeContents( element );
			const lines = new Set(
				[ ...range.getClientRects() ].map( ( rect ) =>
					Math.round( rect.top )
				)
			);
			return {
				label: element.textContent,
				lines: lines.size,
				top: Math.round( element.getBoundingClientRect().top ),
				fits: element.scrollWidth <= element.clientWidth,
			};
		} )
	);
}

for ( const width of [ 320, 375 ] ) {
	test( `the step tabs fit on one line at ${ width } px`, async ( {
		page,
	} ) => {
		await page.setViewportSize( { width, height: 800 } );
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		for ( const tab of [ '1. Amount', '3. Payment' ] as const ) {
			if ( tab === '3. Payment' ) {
				await widget.customAmount.fill( '25' );
				await widget.goToDetails();
				await widget.fillDetails( donor( 'Tab' ) );
				await widget.goToPayment();
			}
			const layout = await tabLayout( page );
			expect( layout.map( ( tabInfo ) => tabInfo.label ) ).toEqual( [
				'1. Amount',
				'2. Details',
				'3. Payment',
			] );
			for ( const tabInfo of layout ) {
				expect( tabInfo, `${ tabInfo.label } on ${ tab }` ).toEqual( {
					label: tabInfo.label,
					lines: 1,
					top: layout[ 0 ].top,
					fits: true,
				} );
			}
		}
	} );
}

for ( const width of [ 320, 1280 ] ) {
	test( `tab 1 looks as designed at ${ width } px`, async ( { page } ) => {
		await page.setViewportSize( { width, height: 900 } );
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.customAmount.fill( '12345.6' );
		await widget.customAmount.blur();
		await expect( widget.nextFromAmount ).toHaveText(
			'Donate $12,345.60 4-weekly >>'
		);
		// The widget: the tab bar's parent, from its tabs to the Donate button.
		const shell = page
			.getByRole( 'tablist', { name: 'Donation steps' } )
			.locator( '..' );
		await expect( shell ).toHaveScreenshot( `tab-1-${ width }.png` );
	} );
}
