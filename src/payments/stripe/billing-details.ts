/**
 * Billing details sent with the card to the provider (docs/widget-contract.md#7-the-calls-it-makes: name and
 * address line, city, state, postcode and country).
 */
import type { DonationValues } from '../../shared/donation-values';

const COUNTRY_CODES: Record< string, string > = {
	australia: 'AU',
	aus: 'AU',
	'new zealand': 'NZ',
	nzl: 'NZ',
};

/**
 * The provider wants ISO 3166-1 alpha-2 codes; unknown names are left out.
 * @param country Country as typed or verified.
 */
export function countryCode( country: string ): string | undefined {
	const trimmed = country.trim();
	if ( /^[a-z]{2}$/i.test( trimmed ) ) {
		return trimmed.toUpperCase();
	}
	return COUNTRY_CODES[ trimmed.toLowerCase() ];
}

export interface BillingDetails {
	name: string;
	email?: string;
	address?: {
		line1?: string;
		line2?: string;
		city?: string;
		state?: string;
		postal_code?: string;
		country?: string;
	};
}

type BillingValues = Pick< DonationValues, 'nameOnCard' | 'email' | 'address' >;

/**
 * Empty parts are left out rather than sent as "".
 * @param values Form values.
 */
export function billingDetails( values: BillingValues ): BillingDetails {
	const candidates: Array<
		[ keyof NonNullable< BillingDetails[ 'address' ] >, string | undefined ]
	> = [
		[ 'line1', values.address.addressLine1.trim() ],
		[ 'line2', values.address.addressLine2.trim() ],
		[ 'city', values.address.city.trim() ],
		[ 'state', values.address.state.trim() ],
		[ 'postal_code', values.address.postalCode.trim() ],
		[ 'country', countryCode( values.address.country ) ],
	];
	const address: NonNullable< BillingDetails[ 'address' ] > = {};
	for ( const [ key, value ] of candidates ) {
		if ( value ) {
			address[ key ] = value;
		}
	}
	const details: BillingDetails = { name: values.nameOnCard.trim() };
	if ( values.email.trim() ) {
		details.email = values.email.trim();
	}
	if ( Object.keys( address ).length > 0 ) {
		details.address = address;
	}
	return details;
}
