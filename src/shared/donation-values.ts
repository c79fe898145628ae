/**
 * The donation form's values (docs/widget-contract.md#33-donation-form-state). Flow state that is not typed by
 * the donor (active tab, loading, outcome) lives in flow.ts.
 */

export type Frequency = '4weekly' | 'Oneoff';
export type DonorType = 'individual' | 'organisation';

/** Empty string, or a single space once the provider reports the field complete. */
export type CardMarker = '' | ' ';

export interface Address {
	addressLine1: string;
	addressLine2: string;
	city: string;
	state: string;
	postalCode: string;
	country: string;
}

export interface UtmValues {
	utm_campaign: string;
	utm_source: string;
	utm_medium: string;
	utm_content: string;
	utm_term: string;
}

export interface DonationValues extends UtmValues {
	/** The chosen amount; 0 when none. */
	amount: number;
	/** The custom amount text, as typed. */
	inputAmount: string;
	amountValues: string[];
	helpCover: boolean;
	helpCoverPercent: number;
	currency: string;
	frequency: Frequency;
	donateAs: DonorType;
	organisationName: string;
	firstName: string;
	lastName: string;
	email: string;
	mobile: string;
	inMemoryOf: string;
	addressText: string;
	address: Address;
	nameOnCard: string;
	cardNumber: CardMarker;
	cardExpiry: CardMarker;
	cardCvv: CardMarker;
	privacyTerms: boolean;
	showCC: boolean;
	iteration_id: string;
}

export const EMPTY_ADDRESS: Address = {
	addressLine1: '',
	addressLine2: '',
	city: '',
	state: '',
	postalCode: '',
	country: 'Australia',
};

export const EMPTY_UTM: UtmValues = {
	utm_campaign: '',
	utm_source: '',
	utm_medium: '',
	utm_content: '',
	utm_term: '',
};

/** The values that depend on the page, the settings or the query string (docs/widget-contract.md#41-donation-widget-load). */
type LoadedValues =
	| keyof UtmValues
	| 'amount'
	| 'amountValues'
	| 'helpCoverPercent'
	| 'frequency'
	| 'address'
	| 'iteration_id';

/** Every other value as docs/widget-contract.md#33-donation-form-state starts it: what the donor has not typed yet. */
export const BLANK_VALUES: Omit< DonationValues, LoadedValues > = {
	inputAmount: '',
	helpCover: false,
	currency: 'AUD',
	donateAs: 'individual',
	organisationName: '',
	firstName: '',
	lastName: '',
	email: '',
	mobile: '',
	inMemoryOf: '',
	addressText: '',
	nameOnCard: '',
	cardNumber: '',
	cardExpiry: '',
	cardCvv: '',
	privacyTerms: true,
	showCC: false,
};
