/**
 * The manual address panel (docs/widget-contract.md#24-tab-2-details): Street, City, State, Postcode and
 * Country, with the character filters and lengths of docs/widget-contract.md#52-details.
 */
import { __ } from '@wordpress/i18n';
import { TextField } from '../shared/fields';
import {
	filterName,
	filterPostcode,
	filterStreet,
} from '../shared/input-filters';

interface ManualAddressProps {
	id: string;
	open: boolean;
}

export function ManualAddress( { id, open }: ManualAddressProps ) {
	return (
		<div id={ id } className="dw-manual" hidden={ ! open }>
			<TextField
				name="address.addressLine1"
				label={ __( 'Street', 'donation-widget' ) }
				filter={ filterStreet }
				maxLength={ 100 }
				autoComplete="address-line1"
			/>
			<TextField
				name="address.city"
				label={ __( 'City', 'donation-widget' ) }
				filter={ filterName }
				maxLength={ 80 }
				autoComplete="address-level2"
			/>
			<TextField
				name="address.state"
				label={ __( 'State', 'donation-widget' ) }
				filter={ filterName }
				maxLength={ 50 }
				autoComplete="address-level1"
			/>
			<TextField
				name="address.postalCode"
				label={ __( 'Postcode', 'donation-widget' ) }
				filter={ filterPostcode }
				maxLength={ 20 }
				autoComplete="postal-code"
				inputMode="numeric"
			/>
			<TextField
				name="address.country"
				label={ __( 'Country', 'donation-widget' ) }
				filter={ filterName }
				maxLength={ 80 }
				autoComplete="country-name"
			/>
		</div>
	);
}
