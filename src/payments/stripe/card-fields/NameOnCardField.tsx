/**
 * Name on card (SPEC §2.5, §2.8, §5.3): required, at most 100 characters,
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
