/**
 * The address lookup on tab 2 (docs/widget-contract.md#24-tab-2-details, docs/widget-contract.md#45-address-lookup, docs/widget-contract.md#8-the-error-catalogue), end to end through the plugin's server and
 * the Experian stand-in: suggestions, keyboard and mouse choice, verification, "Clear", the
 * manual panel, and the "No matches" / "Invalid address format" messages.
 */
import { test, expect } from '../fixtures';
import {
	resetSiteState,
	settledDonation,
	uniqueEmail,
} from '../fixtures/donations';
import { CARDS, DonationWidgetPage } from '../pages/DonationWidgetPage';

// Each test starts with the stand-ins reset (the fixture does it), fresh rate limits and no
// cached address lookups.
test.beforeEach( async ( { standIns } ) => {
	void standIns;
	await resetSiteState();
} );

async function onDetails( widget: DonationWidgetPage ): Promise< void > {
	await widget.goto();
	await widget.goToDetails();
}

test( 'suggestions appear from 4 characters, and the arrow keys and Enter choose one, which fills and locks the address', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const searched: string[] = [];
	page.on( 'request', ( request ) => {
		const body = new URLSearchParams( request.postData() ?? '' );
		if ( body.get( 'action' ) === 'process_address_search' ) {
			searched.push( body.get( 'addressText' ) ?? '' );
		}
	} );
	await onDetails( widget );

	// Below experian_min_search_char (4): no search at all.
	await widget.address.pressSequentially( 'Exa' );
	await expect( widget.address ).toHaveAttribute( 'aria-expanded', 'false' );
	await expect( widget.suggestions ).toBeHidden();

	await widget.address.pressSequentially( 'mple Street' );
	await expect( widget.suggestions ).toBeVisible();
	await expect( widget.address ).toHaveAttribute( 'aria-expanded', 'true' );
	const options = widget.suggestions.getByRole( 'option' );
	await expect( options ).toHaveText( [
		'1 Example Street, Sydney NSW 2000',
		'Unit 5, 10 Example Street, Sydney NSW 2000',
	] );
	// Typing pauses are waited out: one search, for the whole text.
	expect( searched ).toEqual( [ 'Example Street' ] );

	await widget.address.press( 'ArrowDown' );
	await expect( options.nth( 0 ) ).toHaveAttribute( 'aria-selected', 'true' );
	await widget.address.press( 'ArrowDown' );
	await widget.address.press( 'ArrowDown' );
	await widget.address.press( 'ArrowUp' );
	await expect( options.nth( 1 ) ).toHaveAttribute( 'aria-selected', 'true' );
	await expect( options.nth( 0 ) ).toHaveAttribute(
		'aria-selected',
		'false'
	);
	await widget.address.press( 'Enter' );

	// Verified: the parts are filled, the manual panel opens, the lookup is locked.
	await expect( widget.address ).toBeDisabled();
	await expect( widget.address ).toHaveValue(
		'Unit 5, 10 Example Street, Sydney NSW 2000'
	);
	await expect( widget.suggestions ).toBeHidden();
	await expect( widget.field( 'Street' ) ).toHaveValue( 'Unit 5' );
	await expect( widget.field( 'City' ) ).toHaveValue( 'Sydney' );
	await expect( widget.field( 'State' ) ).toHaveValue( 'NSW' );
	await expect( widget.field( 'Postcode' ) ).toHaveValue( '2000' );
	await expect( widget.field( 'Country' ) ).toHaveValue( 'Australia' );
	// Enter chose the address; it did not submit the details form.
	await widget.expectOnTab( '2. Details' );
	await expect( widget.field( 'First name' ) ).toHaveAccessibleDescription(
		''
	);
	const clear = widget.root.getByRole( 'button', {
		name: 'Clear',
		exact: true,
	} );
	await expect( clear ).toBeFocused();

	// "Clear" empties everything and unlocks the lookup.
	await clear.click();
	await expect( widget.address ).toBeEnabled();
	await expect( widget.address ).toHaveValue( '' );
	await expect( widget.address ).toBeFocused();
	for ( const part of [ 'Street', 'City', 'State', 'Postcode' ] ) {
		await expect( widget.field( part ) ).toHaveValue( '' );
	}
	await expect( widget.field( 'Country' ) ).toHaveValue( 'Australia' );
} );

test( 'a suggestion chosen with the mouse is verified; clicking outside or Escape closes the list', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	await onDetails( widget );

	await widget.address.fill( 'Example Street' );
	await expect( widget.suggestions ).toBeVisible();
	await widget.field( 'First name' ).click();
	await expect( widget.suggestions ).toBeHidden();

	await widget.address.fill( 'Pitt Street Sydney' );
	await expect( widget.suggestions.getByRole( 'option' ) ).toHaveText( [
		'Level 2, 123 Pitt Street, Sydney NSW 2000',
	] );
	await widget.address.press( 'Escape' );
	await expect( widget.suggestions ).toBeHidden();

	await widget.address.fill( '42 Wallaby' );
	await widget.suggestions
		.getByRole( 'option', { name: '42 Wallaby Way, Sydney NSW 2000' } )
		.click();
	await expect( widget.address ).toBeDisabled();
	await expect( widget.field( 'Street' ) ).toHaveValue( '42 Wallaby Way' );
	await expect( widget.field( 'Postcode' ) ).toHaveValue( '2000' );
} );

test( 'an address the service does not know shows "No matches" on the address field', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	await onDetails( widget );

	await widget.address.fill( 'Nowhere Atlantis' );
	await expect( widget.address ).toHaveAccessibleDescription( 'No matches' );
	await expect( widget.suggestions ).toBeHidden();
	await expect( widget.address ).toBeEnabled();

	// A search that finds something again clears the message.
	await widget.address.fill( 'Collins Street' );
	await expect( widget.suggestions ).toBeVisible();
	await expect( widget.address ).toHaveAccessibleDescription( '' );
} );

test( 'a chosen suggestion that is not a verified match shows "Invalid address format"', async ( {
	page,
	standIns,
} ) => {
	const widget = new DonationWidgetPage( page );
	await onDetails( widget );
	await standIns.next( 'experian', 'partial_match', {
		path: '/address/format/',
	} );

	await widget.address.fill( 'Hay Street Perth' );
	await widget.suggestions
		.getByRole( 'option', { name: '15 Hay Street, Perth WA 6000' } )
		.click();

	await expect( widget.address ).toHaveAccessibleDescription(
		'Invalid address format'
	);
	await expect( widget.address ).toBeEnabled();
	await expect(
		widget.root.getByRole( 'textbox', { name: 'Street', exact: true } )
	).toBeHidden();

	// The stand-in's own partial address gives the same message without forcing.
	await widget.address.fill( '8 Partial Lane' );
	await widget.suggestions
		.getByRole( 'option', { name: /^8 Partial Lane/ } )
		.click();
	await expect( widget.address ).toHaveAccessibleDescription(
		'Invalid address format'
	);
} );

test( '"Enter manually" shows Street, City, State, Postcode and Country, with their filters', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	await onDetails( widget );
	await expect(
		widget.root.getByText( "Can't find your address?" )
	).toHaveText( "Can't find your address? Enter manually" );
	const toggle = widget.root.getByRole( 'button', {
		name: 'Enter manually',
		exact: true,
	} );
	const parts = [ 'Street', 'City', 'State', 'Postcode', 'Country' ];
	for ( const part of parts ) {
		await expect( widget.field( part ) ).toBeHidden();
	}

	await toggle.click();
	await expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
	for ( const part of parts ) {
		await expect( widget.field( part ) ).toBeVisible();
	}
	await widget.field( 'Street' ).fill( "12/3 O'Connell St, #5" );
	await expect( widget.field( 'Street' ) ).toHaveValue(
		"12/3 O'Connell St, 5"
	);
	await widget.field( 'Postcode' ).fill( '2a0-00' );
	await expect( widget.field( 'Postcode' ) ).toHaveValue( '2000' );
	await widget.field( 'City' ).fill( 'Sydney 2' );
	await expect( widget.field( 'City' ) ).toHaveValue( 'Sydney ' );

	// With a part filled, the panel stays open... until toggled.
	await toggle.click();
	await expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
	await expect( widget.field( 'Street' ) ).toBeHidden();
} );

test( 'the verified address travels with a card donation into the database', async ( {
	page,
} ) => {
	const widget = new DonationWidgetPage( page );
	const email = uniqueEmail( 'address' );
	await widget.goto();
	await widget.chooseAmount( '25', 'Once only' );
	await widget.goToDetails();
	await widget.fillDetails( {
		firstName: 'Ada',
		lastName: 'Lovelace',
		email,
		mobile: '0412345678',
		inMemoryOf: 'Charles Babbage',
	} );
	await widget.address.fill( '100 Collins' );
	await widget.suggestions
		.getByRole( 'option', {
			name: '100 Collins Street, Melbourne VIC 3000',
		} )
		.click();
	await expect( widget.address ).toBeDisabled();
	await widget.goToPayment();
	await widget.payByCard( { number: CARDS.visa } );

	await expect( widget.thankYou( 'Ada' ) ).toBeVisible();
	const row = await settledDonation( email );
	expect( row ).toMatchObject( {
		status: 'succeeded',
		address_line1: '100 Collins Street',
		city: 'Melbourne',
		state: 'VIC',
		postcode: '3000',
		mobile: '0412345678',
		in_memory_of: 'Charles Babbage',
	} );
	expect( row.country.toLowerCase() ).toBe( 'australia' );
} );
