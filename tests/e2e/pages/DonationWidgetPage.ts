/**
 * The donation widget as a donor sees it (docs/widget-contract.md#22-donation-widget-shell to docs/widget-contract.md#27-donation-failure-screen). Every control is found by its role,
 * accessible name or exact text, inside one widget: the whole page by default, or a dialog or
 * region when a page holds more than one widget.
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

export type Frequency = 'Every 4 weeks' | 'Once only';

export interface Donor {
	firstName: string;
	lastName: string;
	email: string;
	mobile?: string;
	inMemoryOf?: string;
	organisationName?: string;
}

export interface Card {
	name?: string;
	number: string;
	expiry?: string;
	cvc?: string;
}

export const CARDS = {
	visa: '4242424242424242',
	mastercard: '5555555555554444',
	declined: '4000000000000002',
	threeDSecure: '4000002760003184',
	discover: '6011111111111117',
} as const;

/** A card expiry in the future, as typed: "12" + two digits of a year ahead. */
export function futureExpiry(): string {
	return `12${ String( ( new Date().getFullYear() + 3 ) % 100 ).padStart(
		2,
		'0'
	) }`;
}

/** The purchase event of docs/widget-contract.md#39-analytics-purchase-event, in the GA4 shape the widget pushes. */
export interface PurchaseEvent {
	event: 'purchase';
	ecommerce: {
		transaction_id: string;
		value: number;
		currency: string;
		items: Array< { item_id: string; quantity: number } >;
	};
	frequency: string;
	payment_method: string;
}

export class DonationWidgetPage {
	readonly root: Locator;

	/**
	 * @param page The page.
	 * @param root The widget's container; the page's main landmark when it holds one widget.
	 */
	constructor(
		readonly page: Page,
		root?: Locator
	) {
		this.root = root ?? page.getByRole( 'main' );
	}

	async goto( path = '/donate/' ): Promise< void > {
		await this.page.goto( path );
		await expect( this.tab( '1. Amount' ) ).toBeVisible();
	}

	// ---------------------------------------------------------------- tabs

	tab( name: '1. Amount' | '2. Details' | '3. Payment' ): Locator {
		return this.root.getByRole( 'tab', { name, exact: true } );
	}

	panel( name: '1. Amount' | '2. Details' | '3. Payment' ): Locator {
		return this.root.getByRole( 'tabpanel', { name, exact: true } );
	}

	async expectOnTab(
		name: '1. Amount' | '2. Details' | '3. Payment'
	): Promise< void > {
		await expect( this.tab( name ) ).toHaveAttribute(
			'aria-selected',
			'true'
		);
		await expect( this.panel( name ) ).toBeVisible();
	}

	// ---------------------------------------------------------------- tab 1

	preset( amount: string ): Locator {
		return this.root.getByRole( 'button', {
			name: `$ ${ amount }`,
			exact: true,
		} );
	}

	get customAmount(): Locator {
		return this.root.getByRole( 'textbox', { name: 'Custom amount' } );
	}

	frequency( name: Frequency ): Locator {
		return this.root.getByRole( 'button', { name, exact: true } );
	}

	/** Tab 1's "Donate $… >>" button. */
	get nextFromAmount(): Locator {
		return this.panel( '1. Amount' ).getByRole( 'button', {
			name: /^Donate \$.* >>$/,
		} );
	}

	/**
	 * Picks a frequency and an amount: a preset when it is one of the buttons, else typed.
	 *
	 * @param amount    "25", or a custom amount such as "12.50".
	 * @param frequency The frequency toggle to press.
	 */
	async chooseAmount(
		amount: string,
		frequency: Frequency = 'Once only'
	): Promise< void > {
		await this.frequency( frequency ).click();
		const preset = this.preset( amount );
		if ( ( await preset.count() ) > 0 ) {
			await preset.click();
		} else {
			await this.customAmount.fill( amount );
		}
	}

	async goToDetails(): Promise< void > {
		await this.nextFromAmount.click();
		await this.expectOnTab( '2. Details' );
	}

	// ---------------------------------------------------------------- tab 2

	field( name: string ): Locator {
		return this.root.getByRole( 'textbox', { name, exact: true } );
	}

	get address(): Locator {
		return this.root.getByRole( 'combobox', { name: 'Address' } );
	}

	get suggestions(): Locator {
		return this.root.getByRole( 'listbox', {
			name: 'Address suggestions',
		} );
	}

	async fillDetails( donor: Donor ): Promise< void > {
		if ( donor.organisationName !== undefined ) {
			await this.root
				.getByRole( 'button', { name: 'Organisation', exact: true } )
				.click();
			await this.field( 'Organisation name' ).fill(
				donor.organisationName
			);
		}
		await this.field( 'First name' ).fill( donor.firstName );
		await this.field( 'Last name' ).fill( donor.lastName );
		await this.field( 'Email' ).fill( donor.email );
		if ( donor.mobile !== undefined ) {
			await this.field( 'Mobile' ).fill( donor.mobile );
		}
		if ( donor.inMemoryOf !== undefined ) {
			await this.field( 'In honour of' ).fill( donor.inMemoryOf );
		}
	}

	get nextFromDetails(): Locator {
		return this.root.getByRole( 'button', {
			name: 'Payment options >>',
			exact: true,
		} );
	}

	async goToPayment(): Promise< void > {
		await this.nextFromDetails.click();
		await this.expectOnTab( '3. Payment' );
	}

	/**
	 * Tab 1 and 2 in one go, ending on tab 3.
	 *
	 * @param amount    Preset or custom amount.
	 * @param frequency Frequency toggle.
	 * @param donor     Donor details.
	 */
	async reachPayment(
		amount: string,
		frequency: Frequency,
		donor: Donor
	): Promise< void > {
		await this.chooseAmount( amount, frequency );
		await this.goToDetails();
		await this.fillDetails( donor );
		await this.goToPayment();
	}

	// ---------------------------------------------------------------- tab 3

	get creditCardToggle(): Locator {
		return this.root.getByRole( 'button', {
			name: 'Credit Card',
			exact: true,
		} );
	}

	get cardNumber(): Locator {
		return this.root.getByRole( 'textbox', { name: 'Card number' } );
	}

	get cardExpiry(): Locator {
		return this.root.getByRole( 'textbox', { name: 'Expiration date' } );
	}

	get cardCvc(): Locator {
		return this.root.getByRole( 'textbox', { name: 'Security code' } );
	}

	/**
	 * One card field with its label, the provider's input and its message: the labels "Card
	 * Number", "Card Expiry" and "Card CVV" name the field's box (the provider's input inside has
	 * its own name), so the message is read from the whole field.
	 *
	 * @param label The widget's label.
	 */
	cardField( label: 'Card Number' | 'Card Expiry' | 'Card CVV' ): Locator {
		return this.root
			.getByText( label, { exact: true } )
			.locator( 'xpath=..' );
	}

	/** Tab 3's "Donate $…" button (no " >>"), or "Submitting..." while it works. */
	get donateButton(): Locator {
		return this.panel( '3. Payment' ).getByRole( 'button', {
			name: /^Donate \$[\d.,]+( 4-weekly)?$/,
		} );
	}

	get helpCover(): Locator {
		return this.root.getByRole( 'checkbox', {
			name: /^I would like to add \$/,
		} );
	}

	get privacyTerms(): Locator {
		return this.root.getByRole( 'checkbox', {
			name: /^By submitting this form, I accept /,
		} );
	}

	get payPalButton(): Locator {
		return this.root.getByRole( 'button', { name: 'PayPal', exact: true } );
	}

	get googlePayButton(): Locator {
		return this.root.getByRole( 'button', {
			name: 'Donate with Google Pay',
			exact: true,
		} );
	}

	/** Opens the card form of a one-off donation (recurring ones always show it). */
	async showCardForm(): Promise< void > {
		if ( ( await this.creditCardToggle.count() ) > 0 ) {
			await expect( this.creditCardToggle ).toBeVisible();
			if (
				( await this.creditCardToggle.getAttribute(
					'aria-expanded'
				) ) !== 'true'
			) {
				await this.creditCardToggle.click();
			}
		}
		await expect( this.field( 'Name on Card' ) ).toBeVisible();
	}

	async fillCard( card: Card ): Promise< void > {
		await this.field( 'Name on Card' ).fill( card.name ?? 'Ada Lovelace' );
		await this.cardNumber.fill( card.number );
		await this.cardExpiry.fill( card.expiry ?? futureExpiry() );
		await this.cardCvc.fill( card.cvc ?? '123' );
	}

	/**
	 * Card form, card details, then Donate.
	 *
	 * @param card The card.
	 */
	async payByCard( card: Card ): Promise< void > {
		await this.showCardForm();
		await this.fillCard( card );
		await expect( this.donateButton ).toBeEnabled();
		await this.donateButton.click();
	}

	// ---------------------------------------------------------------- outcomes

	thankYou( firstName: string ): Locator {
		return this.root.getByRole( 'heading', {
			name: `Thank you, ${ firstName }`,
			exact: true,
		} );
	}

	get failureHeading(): Locator {
		return this.root.getByRole( 'heading', {
			name: 'Error: An unexpected error occurred.',
			exact: true,
		} );
	}

	get tryAgain(): Locator {
		return this.root.getByRole( 'button', {
			name: 'Try Again',
			exact: true,
		} );
	}

	text( value: string ): Locator {
		return this.root.getByText( value, { exact: true } );
	}

	async expectFailureScreen(): Promise< void > {
		await expect( this.failureHeading ).toBeVisible();
		await expect(
			this.text( 'No response received from the server.' )
		).toBeVisible();
		await expect( this.text( 'Please try again later.' ) ).toBeVisible();
		await expect( this.tryAgain ).toBeVisible();
		await expect( this.root.getByRole( 'tablist' ) ).toHaveCount( 0 );
	}

	/** The purchase events pushed to window.dataLayer so far. */
	async purchaseEvents(): Promise< PurchaseEvent[] > {
		return this.page
			.evaluate(
				() =>
					( ( window as unknown as { dataLayer?: unknown[] } )
						.dataLayer ?? [] ) as PurchaseEvent[]
			)
			.then( ( entries ) =>
				entries.filter( ( entry ) => entry?.event === 'purchase' )
			);
	}
}
