/**
 * The address lookup calls (docs/widget-contract.md#7-the-calls-it-makes calls 2 and 3), answered by the
 * plugin's server on behalf of the address verification service.
 */
import { pick, pickText, type AjaxPost } from '../shared/ajax';
import type { Address } from '../shared/donation-values';

export interface AddressSuggestion {
	text: string;
	global_address_key: string;
}

export interface SearchResult {
	suggestions: AddressSuggestion[];
	confidence: string;
}

export const NO_MATCHES = 'No matches';
export const VERIFIED_MATCH = 'Verified match';

export async function searchAddresses(
	post: AjaxPost,
	addressText: string
): Promise< SearchResult > {
	const response = await post( 'process_address_search', { addressText } );
	const list = pick( response.body, 'data', 'result', 'suggestions' );
	const suggestions = Array.isArray( list )
		? list
				.map( ( item ) => ( {
					text: pickText( item, 'text' ),
					global_address_key: pickText( item, 'global_address_key' ),
				} ) )
				.filter( ( item ) => item.text && item.global_address_key )
		: [];
	return {
		suggestions,
		confidence: pickText( response.body, 'data', 'result', 'confidence' ),
	};
}

export interface VerifiedAddress {
	confidence: string;
	/** Filled only for a verified match. */
	address: Omit< Address, 'country' > & { country: string };
}

/**
 * Maps the verified result onto the form's address (docs/widget-contract.md#36-verified-address-result).
 * @param result data.result.address of the verification answer.
 */
export function toFormAddress( result: unknown ): Address {
	return {
		addressLine1: pickText( result, 'address_line_1' ),
		addressLine2: pickText( result, 'address_line_2' ),
		city: pickText( result, 'locality' ),
		state: pickText( result, 'region' ),
		postalCode: pickText( result, 'postal_code' ),
		country: pickText( result, 'country' ),
	};
}

export async function verifyAddress(
	post: AjaxPost,
	globalAddressKey: string
): Promise< VerifiedAddress > {
	const response = await post( 'process_validate_address', {
		global_address_key: globalAddressKey,
	} );
	return {
		confidence: pickText( response.body, 'data', 'result', 'confidence' ),
		address: toFormAddress(
			pick( response.body, 'data', 'result', 'address' )
		),
	};
}
