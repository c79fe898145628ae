/**
 * Name on card (docs/widget-contract.md#25-tab-3-payment, docs/widget-contract.md#28-update-card-widget, docs/widget-contract.md#53-payment-donation-and-update-card-form): required, at most 100 characters,
 * filtered while typing. With a floating label (update-card widget), the
 * label hides while the field is empty and the placeholder names it.
 */
import { __ } from '@wordpress/i18n';
import { TextField } from '../../../shared/fields';
import { filterNameOnCard } from '../../../shared/input-filters';
import { NAME_ON_CARD_MAX } from './card-rules';

interface NameOnCardFieldProps {
	floatingLabel: boolean;
	disabled: boolean;
}

export function NameOnCardField( {
	floatingLabel,
	disabled,
}: NameOnCardFieldProps ) {
	return (
		<TextField
			name="nameOnCard"
			label={ __( 'Name on Card', 'donation-widget' ) }
			filter={ filterNameOnCard }
			maxLength={ NAME_ON_CARD_MAX }
			autoComplete="cc-name"
			required
			disabled={ disabled }
			floatingLabel={ floatingLabel }
		/>
	);
}
