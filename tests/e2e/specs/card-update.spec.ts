/**
 * The update-card widget on the real e2e site, through the browser: a supporter opens a
 * card-update link and replaces the card (with and without 3-D Secure); expired, used and
 * malformed links; a declined card; a past-due subscription whose missed donation is
 * collected at once. Controls are found by role, label and text only.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import {
	expireLatestLink,
	recurringDonor,
	subscriptionState,
} from '../fixtures/card-update';

const EXPIRED = 'Your link has expired, please get in touch.';
const EXPIRED_BODY =
	'The protection of your personal information is important to us, so your secure unique link is only valid for a short time. Please contact our Supporter Care team on 1800 123 456 to update your details. Thank you for your continued support.';
const UPDATED = 'Your payment details have been updated successfully.';
const CONTACT =
	'If you have any questions or need anything further please contact us on supporters@example.org.au or 1800 123 456.';

function widget( page: Page ) {
	return page.locator( '.dw-card-update' );
}

/**
 * A card field of the provider (in the stand-in, a real input inside the named group).
 *
 * @param page  The page.
 * @param label Card Number, Card Expiry or Card CVV.
 */
function cardField( page: Page, label: string ) {
	return widget( page )
		.getByRole( 'group', { name: label, exact: true } )
		.getByRole( 'textbox' );
}

async function fillCard( page: Page, number: string, name = 'Jane Citizen' ) {
	await widget( page ).getByLabel( 'Name on Card' ).fill( name );
	await cardField( page, 'Card Number' ).fill( number );
	await cardField( page, 'Card Expiry' ).fill( '12 / 34' );
	await cardField( page, 'Card CVV' ).fill( '123' );
}

async function expectAccessible( page: Page ) {
	const results = await new AxeBuilder( { page } )
		.include( '.dw-card-update' )
		.analyze();
	expect(
		results.violations.map(
			( violation ) => `${ violation.id }: ${ violation.help }`
		)
	).toEqual( [] );
}

test.describe( 'card update', () => {
	test( 'a supporter opens a fresh link and replaces the card', async ( {
		page,
	} ) => {
		const donor = recurringDonor();

		await page.goto( donor.url );

		await expect(
			widget( page ).getByRole( 'heading', {
				name: 'Update card details.',
			} )
		).toBeVisible();
		await expect(
			widget( page ).getByText(
				'Card being replaced: Visa ending in 4242'
			)
		).toBeVisible();
		const button = widget( page ).getByRole( 'button', {
			name: 'UPDATE CARD DETAILS',
		} );
		await expect( button ).toBeEnabled();
		await expect( cardField( page, 'Card Expiry' ) ).toHaveAttribute(
			'placeholder',
			'MM/YY'
		);
		await expect( cardField( page, 'Card CVV' ) ).toHaveAttribute(
			'placeholder',
			'CVV'
		);
		await expectAccessible( page );

		// Nothing typed: every field says it is required, and nothing is sent.
		await button.click();
		await expect(
			widget( page ).getByText( 'This field is required' )
		).toHaveCount( 4 );
		await expect(
			widget( page ).getByLabel( 'Name on Card' )
		).toBeFocused();
		await expect(
			widget( page ).getByLabel( 'Name on Card' )
		).toHaveAccessibleDescription( 'This field is required' );

		await fillCard( page, '5555 5555 5555 4444' );
		await button.click();

		await expect(
			widget( page ).getByRole( 'heading', { name: UPDATED } )
		).toBeVisible();
		await expect( widget( page ).getByText( CONTACT ) ).toBeVisible();
		await expect(
			widget( page ).getByRole( 'link', {
				name: 'supporters@example.org.au',
			} )
		).toHaveAttribute( 'href', 'mailto:supporters@example.org.au' );
		await expectAccessible( page );

		const state = subscriptionState( donor.subscriptionId );
		expect( state.card ).toEqual( { brand: 'mastercard', last4: '4444' } );
		expect( state.links ).toEqual( [ 'used' ] );
		expect( state.audit ).toEqual( [
			'issued',
			'validated',
			'card_updated',
		] );

		// The same link again: used.
		await page.reload();
		await expect(
			widget( page ).getByRole( 'heading', { name: EXPIRED } )
		).toBeVisible();
	} );

	test( 'a supporter replaces the card with the keyboard alone, through 3-D Secure', async ( {
		page,
	} ) => {
		const donor = recurringDonor();
		await page.goto( donor.url );
		await expect(
			widget( page ).getByRole( 'button', {
				name: 'UPDATE CARD DETAILS',
			} )
		).toBeEnabled();

		await widget( page ).getByLabel( 'Name on Card' ).focus();
		await page.keyboard.type( "Jane O'Brien" );
		await page.keyboard.press( 'Tab' );
		await expect( cardField( page, 'Card Number' ) ).toBeFocused();
		await page.keyboard.type( '4000002500003155' );
		await page.keyboard.press( 'Tab' );
		await expect( cardField( page, 'Card Expiry' ) ).toBeFocused();
		await page.keyboard.type( '1234' );
		await page.keyboard.press( 'Tab' );
		await page.keyboard.type( '123' );
		await page.keyboard.press( 'Tab' );
		await expect(
			widget( page ).getByRole( 'button', {
				name: 'UPDATE CARD DETAILS',
			} )
		).toBeFocused();
		await page.keyboard.press( 'Enter' );

		const dialog = page.getByRole( 'dialog', {
			name: '3D Secure authentication',
		} );
		await expect( dialog ).toBeVisible();
		await dialog
			.getByRole( 'button', { name: 'Complete authentication' } )
			.click();

		await expect(
			widget( page ).getByRole( 'heading', { name: UPDATED } )
		).toBeVisible();
		const state = subscriptionState( donor.subscriptionId );
		expect( state.card.last4 ).toBe( '3155' );
		expect( state.audit ).toEqual( [
			'issued',
			'validated',
			'authentication_required',
			'card_updated',
		] );
	} );

	test( 'a failed 3-D Secure keeps the old card and lets the supporter try again', async ( {
		page,
	} ) => {
		const donor = recurringDonor();
		await page.goto( donor.url );
		await fillCard( page, '4000 0027 6000 3184' );
		await widget( page )
			.getByRole( 'button', { name: 'UPDATE CARD DETAILS' } )
			.click();

		await page
			.getByRole( 'dialog', { name: '3D Secure authentication' } )
			.getByRole( 'button', { name: 'Fail authentication' } )
			.click();

		await expect(
			widget( page ).getByText(
				'Please check your card details and try again!'
			)
		).toBeVisible();
		expect( subscriptionState( donor.subscriptionId ).card.last4 ).toBe(
			'4242'
		);
	} );

	test( 'a declined card shows the card error on the card number, and another card works', async ( {
		page,
	} ) => {
		const donor = recurringDonor();
		await page.goto( donor.url );

		await fillCard( page, '4000 0000 0000 0002' );
		await widget( page )
			.getByRole( 'button', { name: 'UPDATE CARD DETAILS' } )
			.click();

		await expect(
			widget( page ).getByRole( 'group', {
				name: 'Card Number',
				exact: true,
			} )
		).toHaveAccessibleDescription(
			'Please check your card details and try again!'
		);
		await expect(
			widget( page ).getByRole( 'button', {
				name: 'UPDATE CARD DETAILS',
			} )
		).toBeEnabled();
		expect( subscriptionState( donor.subscriptionId ).card.last4 ).toBe(
			'4242'
		);

		await cardField( page, 'Card Number' ).fill( '3782 822463 10005' );
		await cardField( page, 'Card CVV' ).fill( '1234' );
		await widget( page )
			.getByRole( 'button', { name: 'UPDATE CARD DETAILS' } )
			.click();
		await expect(
			widget( page ).getByRole( 'heading', { name: UPDATED } )
		).toBeVisible();
		expect( subscriptionState( donor.subscriptionId ).card ).toEqual( {
			brand: 'amex',
			last4: '0005',
		} );
	} );

	test( 'a card brand the charity does not take is refused in the form', async ( {
		page,
	} ) => {
		const donor = recurringDonor();
		await page.goto( donor.url );

		await fillCard( page, '6011 1111 1111 1117' );

		await expect(
			widget( page ).getByText(
				'Only Visa, MasterCard, Amex are accepted.'
			)
		).toBeVisible();
		await widget( page )
			.getByRole( 'button', { name: 'UPDATE CARD DETAILS' } )
			.click();
		await expect( cardField( page, 'Card Number' ) ).toBeFocused();
		expect( subscriptionState( donor.subscriptionId ).audit ).toEqual( [
			'issued',
			'validated',
		] );
	} );

	test( 'a past-due donation is collected with the new card at once', async ( {
		page,
	} ) => {
		const donor = recurringDonor( { pastDue: true } );
		expect( subscriptionState( donor.subscriptionId ).status ).toBe(
			'past_due'
		);
		await page.goto( donor.url );

		await fillCard( page, '4242 4242 4242 4242' );
		await widget( page )
			.getByRole( 'button', { name: 'UPDATE CARD DETAILS' } )
			.click();

		await expect(
			widget( page ).getByRole( 'heading', { name: UPDATED } )
		).toBeVisible();
		await expect(
			widget( page ).getByText(
				'We have also processed the donation that was missed, so your regular giving is up to date. Thank you!'
			)
		).toBeVisible();
		await expect( widget( page ).getByText( CONTACT ) ).toBeVisible();
		const state = subscriptionState( donor.subscriptionId );
		expect( state.status ).toBe( 'active' );
		expect( state.invoices.every( ( status ) => status === 'paid' ) ).toBe(
			true
		);
		expect( state.audit.slice( -2 ) ).toEqual( [
			'card_updated',
			'past_due_recovered',
		] );
	} );

	test( 'an expired link shows the link-expired screen', async ( {
		page,
	} ) => {
		const donor = recurringDonor();
		expireLatestLink( donor.subscriptionId );

		await page.goto( donor.url );

		await expect(
			widget( page ).getByRole( 'heading', { name: EXPIRED } )
		).toBeVisible();
		await expect( widget( page ).getByText( EXPIRED_BODY ) ).toBeVisible();
		await expect(
			widget( page ).getByRole( 'link', { name: '1800 123 456' } )
		).toHaveAttribute( 'href', 'tel:1800123456' );
		await expect( widget( page ).getByRole( 'button' ) ).toHaveCount( 0 );
		await expectAccessible( page );
		expect( subscriptionState( donor.subscriptionId ).audit ).toEqual( [
			'issued',
			'rejected',
		] );
	} );

	test( 'a malformed or missing requestID shows the link-expired screen', async ( {
		page,
	} ) => {
		await page.goto( '/update-card/?requestID=not-a-real-link' );
		await expect(
			widget( page ).getByRole( 'heading', { name: EXPIRED } )
		).toBeVisible();

		const checks: string[] = [];
		page.on( 'request', ( request ) => {
			if ( request.url().includes( 'admin-ajax.php' ) ) {
				checks.push( request.postData() ?? '' );
			}
		} );
		await page.goto( '/update-card/' );
		await expect(
			widget( page ).getByRole( 'heading', { name: EXPIRED } )
		).toBeVisible();
		expect( checks ).toEqual( [] );
	} );
} );
