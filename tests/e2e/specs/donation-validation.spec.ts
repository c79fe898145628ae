/**
 * What the widget refuses, and how it says so (docs/widget-contract.md#5-validation-rules, docs/widget-contract.md#8-the-error-catalogue, docs/widget-contract.md#9-business-constants-and-limits): the amount messages and the
 * custom amount's keystroke and paste filters, the help-cover wording, the details messages,
 * the card form's required fields and the privacy terms.
 */
import { test, expect } from '../fixtures';
import {
	donationRows,
	resetSiteState,
	uniqueEmail,
} from '../fixtures/donations';
import { CARDS, DonationWidgetPage } from '../pages/DonationWidgetPage';

const TOO_LOW = 'Please choose or enter a donation amount greater than $5';
const TOO_HIGH =
	'Please choose or enter a donation amount less than $999,999.99';
const NOT_A_NUMBER = 'Please enter a valid number';
const REQUIRED = 'This field is required';

// Each test starts with the stand-ins reset (the fixture does it), fresh rate limits and no
// cached address lookups.
test.beforeEach( async ( { standIns } ) => {
	void standIns;
	await resetSiteState();
} );

test.describe( 'the amount step', () => {
	for ( const { typed, message } of [
		{ typed: '4.99', message: TOO_LOW },
		{ typed: '0', message: TOO_LOW },
		{ typed: '1000000', message: TOO_HIGH },
		{ typed: '12.', message: NOT_A_NUMBER },
		{ typed: '.', message: NOT_A_NUMBER },
	] ) {
		test( `a custom amount of "${ typed }" is refused with "${ message }"`, async ( {
			page,
		} ) => {
			const widget = new DonationWidgetPage( page );
			await widget.goto();
			await widget.customAmount.fill( typed );
			await widget.nextFromAmount.click();

			await expect( widget.customAmount ).toHaveAccessibleDescription(
				message
			);
			await expect( widget.text( message ) ).toBeVisible();
			await widget.expectOnTab( '1. Amount' );
			await expect( widget.customAmount ).toBeFocused();
			// Choosing the tabs directly does not get past it either.
			await widget.tab( '3. Payment' ).click();
			await widget.expectOnTab( '1. Amount' );
		} );
	}

	test( 'correcting a refused custom amount clears the message as the donor types, and one click on Donate moves on', async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.customAmount.fill( '3' );
		await widget.nextFromAmount.click();
		await expect( widget.customAmount ).toHaveAccessibleDescription(
			TOO_LOW
		);

		await widget.customAmount.fill( '30' );
		await expect( widget.nextFromAmount ).toHaveText(
			'Donate $30 4-weekly >>'
		);
		// "$30" is a valid amount: no message may stay next to it.
		await expect( widget.customAmount ).toHaveAccessibleDescription( '' );
		await expect( widget.text( TOO_LOW ) ).toHaveCount( 0 );
		await widget.nextFromAmount.click();
		await widget.expectOnTab( '2. Details' );
	} );

	test( 'choosing a preset after a refused custom amount clears the message', async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.customAmount.fill( '3' );
		await widget.nextFromAmount.click();
		await expect( widget.text( TOO_LOW ) ).toBeVisible();

		await widget.preset( '25' ).click();
		await expect( widget.preset( '25' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		await expect( widget.customAmount ).toHaveValue( '' );
		await expect( widget.customAmount ).toHaveAccessibleDescription( '' );
		await expect( widget.text( TOO_LOW ) ).toHaveCount( 0 );
	} );

	test( 'the largest custom amount, 999999.99, is accepted', async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.customAmount.fill( '999999.99' );
		await expect( widget.nextFromAmount ).toHaveText(
			'Donate $999,999.99 4-weekly >>'
		);
		await widget.goToDetails();
	} );

	test( 'typing into the custom amount keeps digits, one "." and two decimals only', async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		const input = widget.customAmount;

		await input.pressSequentially( 'a1b2-e+,.3.4 5$6' );
		await expect( input ).toHaveValue( '12.34' );

		// Backspace and Delete still edit.
		await input.press( 'Backspace' );
		await expect( input ).toHaveValue( '12.3' );
		await input.press( 'Home' );
		await input.press( 'Delete' );
		await expect( input ).toHaveValue( '2.3' );
		await input.press( 'End' );
		await input.pressSequentially( '99' );
		await expect( input ).toHaveValue( '2.39' );

		// The amount follows the field; no preset is highlighted for it.
		await input.fill( '' );
		await input.pressSequentially( '30' );
		await expect( widget.nextFromAmount ).toHaveText(
			'Donate $30 4-weekly >>'
		);
		for ( const preset of [ '25', '50', '100' ] ) {
			await expect( widget.preset( preset ) ).toHaveAttribute(
				'aria-pressed',
				'false'
			);
		}
	} );

	test( 'pasted text keeps only its digits and first "."', async ( {
		page,
		context,
	} ) => {
		await context.grantPermissions( [
			'clipboard-read',
			'clipboard-write',
		] );
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		const input = widget.customAmount;

		await page.evaluate( () =>
			navigator.clipboard.writeText( 'AU$1,234.5.6 only' )
		);
		await input.focus();
		await input.press( 'ControlOrMeta+V' );

		await expect( input ).toHaveValue( '1234.56' );
		await expect( widget.nextFromAmount ).toHaveText(
			'Donate $1,234.56 4-weekly >>'
		);
	} );

	test( 'a custom amount equal to a preset highlights it; an emptied field goes back to the default amount', async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.customAmount.fill( '100' );
		await widget.customAmount.press( 'Tab' );
		await expect( widget.preset( '100' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		await widget.customAmount.fill( '' );
		await widget.customAmount.press( 'Tab' );
		await expect( widget.nextFromAmount ).toHaveText(
			'Donate $50 4-weekly >>'
		);
		await expect( widget.preset( '50' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		await widget.goToDetails();
	} );

	test( 'choosing a preset empties the custom amount and highlights that preset', async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await expect( widget.preset( '50' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		await widget.customAmount.fill( '42' );
		await widget.preset( '100' ).click();
		await expect( widget.customAmount ).toHaveValue( '' );
		await expect( widget.preset( '100' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		await expect( widget.preset( '50' ) ).toHaveAttribute(
			'aria-pressed',
			'false'
		);
		await expect( widget.nextFromAmount ).toHaveText(
			'Donate $100 4-weekly >>'
		);
	} );
} );

test.describe( 'help cover', () => {
	for ( const { amount, cover, total, shown = amount } of [
		{ amount: '25', cover: '1.25', total: '26.25' },
		{ amount: '100', cover: '5', total: '105' },
		{ amount: '12.40', cover: '0.62', total: '13.02' },
		{ amount: '400', cover: '20', total: '420' },
		{ amount: '1000', cover: '20', total: '1,020', shown: '1,000' },
	] ) {
		test( `on $${ amount } the cover is $${ cover } and the total $${ total }`, async ( {
			page,
		} ) => {
			const widget = new DonationWidgetPage( page );
			await widget.goto();
			await widget.reachPayment( amount, 'Once only', {
				firstName: 'Ada',
				lastName: 'Lovelace',
				email: uniqueEmail( 'cover' ),
			} );
			await expect( widget.helpCover ).toHaveAccessibleName(
				`I would like to add $${ cover } to help cover fundraising costs`
			);
			await expect( widget.helpCover ).not.toBeChecked();

			await widget.helpCover.check();
			const line = widget.text( 'Donation Amount :' ).locator( '..' );
			await expect( line ).toHaveText( `Donation Amount : $${ total }` );
			await widget.showCardForm();
			await expect( widget.donateButton ).toHaveText(
				`Donate $${ total }`
			);

			await widget.helpCover.uncheck();
			await expect( line ).toHaveText(
				`Donation Amount : $${ shown.replace( /\.00$/, '' ) }`
			);
		} );
	}
} );

test.describe( 'the details step', () => {
	test( 'first name, last name and email are required', async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.goToDetails();
		await widget.nextFromDetails.click();

		await widget.expectOnTab( '2. Details' );
		for ( const name of [ 'First name', 'Last name', 'Email' ] ) {
			await expect( widget.field( name ) ).toHaveAccessibleDescription(
				REQUIRED
			);
		}
		await expect( widget.field( 'First name' ) ).toBeFocused();
		// Mobile and "In honour of" are optional.
		await expect( widget.field( 'Mobile' ) ).toHaveAccessibleDescription(
			''
		);
		await expect(
			widget.field( 'In honour of' )
		).toHaveAccessibleDescription( '' );
		await widget.tab( '3. Payment' ).click();
		await widget.expectOnTab( '2. Details' );
	} );

	test( 'the tab bar runs the same checks as the step buttons', async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		// Amount valid, details missing: choosing tab 3 lands on tab 2, with its messages.
		await widget.tab( '3. Payment' ).click();
		await widget.expectOnTab( '2. Details' );
		await expect(
			widget.field( 'First name' )
		).toHaveAccessibleDescription( REQUIRED );
		await widget.fillDetails( {
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: uniqueEmail( 'tabs' ),
		} );
		await widget.tab( '3. Payment' ).click();
		await widget.expectOnTab( '3. Payment' );
		// Tab 1 can always be chosen, and the valid steps need no second pass.
		await widget.tab( '1. Amount' ).click();
		await widget.expectOnTab( '1. Amount' );
		await widget.tab( '3. Payment' ).click();
		await widget.expectOnTab( '3. Payment' );
		await widget.root
			.getByRole( 'button', { name: 'Back', exact: true } )
			.click();
		await widget.expectOnTab( '2. Details' );
	} );

	test( 'an organisation must give its name', async ( { page } ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.goToDetails();
		await widget.root
			.getByRole( 'button', { name: 'Organisation', exact: true } )
			.click();
		await widget.fillDetails( {
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: uniqueEmail( 'org' ),
		} );
		await widget.nextFromDetails.click();
		await expect(
			widget.field( 'Organisation name' )
		).toHaveAccessibleDescription( REQUIRED );
		await widget.expectOnTab( '2. Details' );

		await widget
			.field( 'Organisation name' )
			.fill( 'Analytical Engines 2' );
		await widget.goToPayment();
	} );

	for ( const email of [
		'ada@example',
		'ada@example.c',
		'ada.example.org',
	] ) {
		test( `"${ email }" is an invalid email address`, async ( {
			page,
		} ) => {
			const widget = new DonationWidgetPage( page );
			await widget.goto();
			await widget.goToDetails();
			await widget.fillDetails( {
				firstName: 'Ada',
				lastName: 'Lovelace',
				email,
			} );
			await widget.nextFromDetails.click();
			await expect( widget.field( 'Email' ) ).toHaveAccessibleDescription(
				'Invalid email address'
			);
			await widget.expectOnTab( '2. Details' );
		} );
	}

	test( 'a mobile number must have exactly 10 digits, and keeps digits only', async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.goToDetails();
		await widget.fillDetails( {
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: uniqueEmail( 'mobile' ),
			mobile: '0412 345',
		} );
		await expect( widget.field( 'Mobile' ) ).toHaveValue( '0412345' );
		await widget.nextFromDetails.click();
		await expect( widget.field( 'Mobile' ) ).toHaveAccessibleDescription(
			'Mobile number must be exactly 10 digits!'
		);
		await widget.expectOnTab( '2. Details' );

		await widget.field( 'Mobile' ).fill( '(04) 1234-5678 99' );
		await expect( widget.field( 'Mobile' ) ).toHaveValue( '0412345678' );
		await widget.goToPayment();
	} );

	test( 'names keep letters, spaces, apostrophes, "&" and "-" only', async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.goToDetails();
		await widget.field( 'First name' ).fill( "Zoë-Anne O'Brien 3rd!" );
		await expect( widget.field( 'First name' ) ).toHaveValue(
			"Zoë-Anne O'Brien rd"
		);
	} );

	test( '"Back" returns to the amount step with the amount kept', async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.chooseAmount( '100', 'Once only' );
		await widget.goToDetails();
		await widget.root
			.getByRole( 'button', { name: 'Back', exact: true } )
			.click();
		await widget.expectOnTab( '1. Amount' );
		await expect( widget.preset( '100' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		await expect( widget.frequency( 'Once only' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
	} );
} );

test.describe( 'the payment step', () => {
	test( 'the card fields are required', async ( { page } ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.reachPayment( '25', 'Every 4 weeks', {
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: uniqueEmail( 'card' ),
		} );
		await widget.donateButton.click();

		await expect(
			widget.field( 'Name on Card' )
		).toHaveAccessibleDescription( REQUIRED );
		// Name on card, card number, expiry and CVV.
		await expect(
			widget.panel( '3. Payment' ).getByText( REQUIRED, { exact: true } )
		).toHaveCount( 4 );
		await expect( widget.field( 'Name on Card' ) ).toBeFocused();
		await widget.expectOnTab( '3. Payment' );
	} );

	test( "the card provider's own field messages are shown", async ( {
		page,
	} ) => {
		const widget = new DonationWidgetPage( page );
		await widget.goto();
		await widget.reachPayment( '25', 'Every 4 weeks', {
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: uniqueEmail( 'card' ),
		} );
		await widget.cardNumber.fill( '4242424242424241' );
		await expect(
			widget.text( 'Your card number is invalid.' )
		).toBeVisible();
		await widget.cardExpiry.fill( '1320' );
		await expect(
			widget.text( "Your card's expiration month is invalid." )
		).toBeVisible();
	} );

	test( 'the privacy terms must be accepted, whatever the payment method', async ( {
		page,
		standIns,
	} ) => {
		const widget = new DonationWidgetPage( page );
		const email = uniqueEmail( 'privacy' );
		await widget.goto();
		await widget.reachPayment( '25', 'Once only', {
			firstName: 'Ada',
			lastName: 'Lovelace',
			email,
		} );
		await expect( widget.privacyTerms ).toBeChecked();
		await expect(
			widget.root.getByRole( 'link', {
				name: 'Privacy Collection Statement',
			} )
		).toHaveAttribute( 'target', '_blank' );
		await widget.privacyTerms.uncheck();

		await widget.payByCard( { number: CARDS.visa } );
		await expect( widget.privacyTerms ).toHaveAccessibleDescription(
			'You must accept the privacy terms'
		);
		await expect( widget.privacyTerms ).toBeFocused();

		// Wallets are refused too.
		await widget.googlePayButton.click();
		await widget.payPalButton.click();
		await expect(
			page.getByRole( 'dialog', { name: 'PayPal checkout' } )
		).toHaveCount( 0 );
		await widget.expectOnTab( '3. Payment' );
		expect( await donationRows( email ) ).toEqual( [] );
		expect(
			( await standIns.requests( 'stripe' ) ).filter( ( request ) =>
				request.path.includes( 'payment_intents' )
			)
		).toEqual( [] );

		await widget.privacyTerms.check();
		await expect( widget.privacyTerms ).toHaveAccessibleDescription( '' );
	} );
} );
