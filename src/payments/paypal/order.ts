/**
 * The wallet-provider order built in the browser (docs/widget-contract.md#37-wallet-provider-order-built-client-side).
 */
import { toDecimalString } from '../../shared/money';
import { totalAmount } from '../../shared/help-cover';
import type { DonationValues } from '../../shared/donation-values';

export const CUSTOM_ID_MAX_LENGTH = 127;

type OrderValues = Pick<
	DonationValues,
	| 'organisationName'
	| 'donateAs'
	| 'firstName'
	| 'lastName'
	| 'email'
	| 'mobile'
	| 'frequency'
	| 'address'
	| 'inMemoryOf'
	| 'amount'
	| 'helpCover'
	| 'helpCoverPercent'
>;

/**
 * Lower-cased, each whitespace character replaced by "_".
 * @param value A part of the summary.
 */
export function customIdValue( value: string ): string {
	return value.trim().toLowerCase().replace( /\s/g, '_' );
}

export function fullName(
	values: Pick< DonationValues, 'firstName' | 'lastName' >
): string {
	return [ values.firstName.trim(), values.lastName.trim() ]
		.filter( Boolean )
		.join( ' ' );
}

export function joinedAddress( address: DonationValues[ 'address' ] ): string {
	return [
		address.addressLine1,
		address.addressLine2,
		address.city,
		address.state,
		address.postalCode,
		address.country,
	]
		.map( ( part ) => part.trim() )
		.filter( Boolean )
		.join( ' ' );
}

/**
 * "o-…,n-…,e-…,m-…,d-…,a-…,i-…", cut to 127 characters.
 * @param values Form values.
 */
export function buildCustomId( values: OrderValues ): string {
	const organisation =
		values.donateAs === 'organisation' ? values.organisationName : '';
	const parts: Array< [ string, string ] > = [
		[ 'o', organisation ],
		[ 'n', fullName( values ) ],
		[ 'e', values.email ],
		[ 'm', values.mobile ],
		[ 'd', values.frequency === '4weekly' ? 'EverGiving' : 'Oneoff' ],
		[ 'a', joinedAddress( values.address ) ],
		[ 'i', values.inMemoryOf ],
	];
	return parts
		.map(
			( [ prefix, value ] ) => `${ prefix }-${ customIdValue( value ) }`
		)
		.join( ',' )
		.slice( 0, CUSTOM_ID_MAX_LENGTH );
}

/**
 * Shipping goes with the order only when the donor gave an address.
 * @param address The form's address.
 */
export function hasShippingAddress(
	address: DonationValues[ 'address' ]
): boolean {
	return [
		address.addressLine1,
		address.city,
		address.state,
		address.postalCode,
	].some( ( part ) => part.trim() !== '' );
}

/**
 * PayPal wants the national number without the trunk "0" (E.164).
 * @param mobile Mobile as typed, e.g. 0412345678.
 */
export function nationalNumber( mobile: string ): string {
	return mobile.replace( /\D/g, '' ).replace( /^0/, '' );
}

/**
 * Whether PayPal takes the address: for Australia it refuses one without a
 * street, city or postcode (CITY_REQUIRED, POSTAL_CODE_REQUIRED), which would
 * stop the order before the donor could pay. docs/widget-contract.md#37-wallet-provider-order-built-client-side still sends shipping
 * (the name and phone) whenever any part was given.
 * @param address The form's address.
 */
export function isCompleteAddress(
	address: DonationValues[ 'address' ]
): boolean {
	return [ address.addressLine1, address.city, address.postalCode ].every(
		( part ) => part.trim() !== ''
	);
}

export interface OrderShipping {
	name: { full_name: string };
	phone_number?: { country_code: string; national_number: string };
	address?: {
		address_line_1: string;
		address_line_2?: string;
		admin_area_2: string;
		admin_area_1?: string;
		postal_code: string;
		country_code: 'AU';
	};
}

export interface WalletOrder {
	intent: 'CAPTURE';
	payer?: {
		phone: {
			phone_type: 'MOBILE';
			phone_number: { national_number: string };
		};
	};
	purchase_units: Array< {
		custom_id: string;
		/** Our attemptId, so PayPal's webhooks name the record (not docs/widget-contract.md#37-wallet-provider-order-built-client-side). */
		invoice_id?: string;
		amount: { value: string; currency_code: 'AUD' };
		shipping?: OrderShipping;
	} >;
}

export function buildShipping( values: OrderValues ): OrderShipping {
	const shipping: OrderShipping = {
		name: { full_name: fullName( values ) },
	};
	if ( isCompleteAddress( values.address ) ) {
		const line2 = values.address.addressLine2.trim();
		const state = values.address.state.trim();
		// PayPal refuses an empty string where a part may be left out.
		shipping.address = {
			address_line_1: values.address.addressLine1.trim(),
			...( line2 ? { address_line_2: line2 } : {} ),
			admin_area_2: values.address.city.trim(),
			...( state ? { admin_area_1: state } : {} ),
			postal_code: values.address.postalCode.trim(),
			country_code: 'AU',
		};
	}
	const phone = nationalNumber( values.mobile );
	if ( phone ) {
		// PayPal's shipping phone is a mobile number here: donors give only a mobile.
		shipping.phone_number = { country_code: '61', national_number: phone };
	}
	return shipping;
}

export function buildOrder( values: OrderValues ): WalletOrder {
	const unit: WalletOrder[ 'purchase_units' ][ number ] = {
		custom_id: buildCustomId( values ),
		amount: {
			value: toDecimalString( totalAmount( values ) ),
			currency_code: 'AUD',
		},
	};
	const order: WalletOrder = { intent: 'CAPTURE', purchase_units: [ unit ] };
	if ( hasShippingAddress( values.address ) ) {
		unit.shipping = buildShipping( values );
		// docs/widget-contract.md#37-wallet-provider-order-built-client-side gives the shipping phone the type MOBILE. PayPal's shipping phone has no
		// type field, so the typed number travels as the payer's phone, which has one.
		const phone = unit.shipping.phone_number?.national_number;
		if ( phone ) {
			order.payer = {
				phone: {
					phone_type: 'MOBILE',
					phone_number: { national_number: phone },
				},
			};
		}
	}
	return order;
}
