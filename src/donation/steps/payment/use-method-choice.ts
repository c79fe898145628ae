/**
 * Which "form" payment method is chosen (its fields show, Donate runs it).
 * Recurring: always one, the first registered (card) until the donor picks
 * another. One-off: none until a toggle opens one; `showCC` (docs/widget-contract.md#33-donation-form-state)
 * holds whether the one-off payment form is open, so with card alone the
 * "Credit Card" toggle flips it exactly as docs/widget-contract.md#25-tab-3-payment says.
 */
import { useState } from '@wordpress/element';
import { useFormikContext } from 'formik';
import type { DonationValues } from '../../../shared/donation-values';
import type { PaymentMethodRegistration } from '../../../payments/registry';

export interface MethodChoice {
	chosen: PaymentMethodRegistration | null;
	choose: ( name: string ) => void;
}

export function useMethodChoice(
	formMethods: PaymentMethodRegistration[],
	recurring: boolean
): MethodChoice {
	const { values, setFieldValue } = useFormikContext< DonationValues >();
	const [ openName, setOpenName ] = useState< string | null >( null );
	const open =
		formMethods.find( ( method ) => method.name === openName ) ??
		formMethods[ 0 ] ??
		null;
	const chosen = recurring || values.showCC ? open : null;

	const choose = ( name: string ) => {
		if ( recurring ) {
			setOpenName( name );
		} else if ( values.showCC && open?.name === name ) {
			setFieldValue( 'showCC', false );
		} else {
			setOpenName( name );
			setFieldValue( 'showCC', true );
		}
	};
	return { chosen, choose };
}
