/**
 * The Donate button belongs to the chosen "form" payment method: shown when
 * that method wants it, enabled when its provider is ready, and running its
 * submit flow. While a payment runs it reads "Submitting..." and further
 * presses are ignored.
 */
import { useCallback, useRef, useState } from '@wordpress/element';
import type { FormEvent } from 'react';
import type {
	PaymentMethodRegistration,
	PaymentSubmitter,
} from '../../../payments/registry';

export function useDonateButton(
	chosen: PaymentMethodRegistration | null,
	loading: boolean
) {
	const [ submitter, setSubmitter ] = useState< PaymentSubmitter | null >(
		null
	);
	const [ processing, setProcessingState ] = useState( false );
	// Set at once, so a second press before React re-renders is ignored.
	const inFlight = useRef( false );
	const setProcessing = useCallback( ( on: boolean ) => {
		inFlight.current = on;
		setProcessingState( on );
	}, [] );

	const visible = chosen?.showsDonateButton ?? false;
	const onSubmit = ( event: FormEvent ) => {
		event.preventDefault();
		if ( ! visible || inFlight.current || loading || ! submitter ) {
			return;
		}
		submitter.submit();
	};

	return {
		visible,
		disabled: ! submitter?.ready || processing || loading,
		processing,
		setProcessing,
		setSubmitter,
		onSubmit,
	};
}
