/**
 * Coming back from a provider that left the page (see
 * payments/redirect-returns.ts): the registered method whose return it is
 * fetches the charge reference, then the donor is thanked with the donation
 * saved before leaving.
 */
import { useEffect, useRef } from '@wordpress/element';
import { useFormikContext } from 'formik';
import { pageUrlWithoutQuery } from '../../payments/gateway';
import {
	readRedirectReturn,
	takePendingRedirectPayment,
} from '../../payments/redirect-returns';
import { redirectReturnReaders } from '../../payments/returns';
import { pickText, type AjaxPost } from '../../shared/ajax';
import type { DonationValues } from '../../shared/donation-values';
import { sessionStore } from '../../shared/session-store';
import { buildFormData } from '../form-data';
import type { PaymentOutcome } from './use-payment-outcome';

export function useRedirectReturn(
	enabled: boolean,
	post: AjaxPost,
	{ succeed, fail, setLoading }: PaymentOutcome
): void {
	const { values } = useFormikContext< DonationValues >();
	const valuesRef = useRef( values );
	valuesRef.current = values;
	const returnHandled = useRef( false );

	useEffect( () => {
		if ( ! enabled || returnHandled.current ) {
			return;
		}
		const redirect = readRedirectReturn(
			redirectReturnReaders,
			window.location.href
		);
		if ( ! redirect ) {
			return;
		}
		returnHandled.current = true;
		const pending = takePendingRedirectPayment( sessionStore() );
		window.history.replaceState(
			window.history.state,
			'',
			redirect.cleanHref
		);
		setLoading( true );
		redirect
			.fetchReference( {
				post,
				formData: () =>
					pending?.formData || buildFormData( valuesRef.current ),
				currentUrl: pageUrlWithoutQuery( window.location ),
			} )
			.then( ( { reference, notice } ) => {
				if ( redirect.paid && reference !== null ) {
					succeed(
						{
							transactionId: reference,
							paymentMethod: pending?.paymentMethod ?? '',
						},
						pending
							? {
									firstName: pending.firstName,
									email: emailIn( pending.formData ),
									total: pending.total,
									frequency: pending.frequency,
									iterationId: pending.iterationId,
								}
							: undefined
					);
				} else {
					fail( undefined, notice );
				}
			} )
			.catch( ( error: unknown ) =>
				fail( error instanceof Error ? error.message : '' )
			);
	}, [ enabled, post, succeed, fail, setLoading ] );
}

/**
 * The donor's email in a saved formData (docs/widget-contract.md#34-formdata-sent-to-the-server), for the receipt line.
 * @param formData The JSON formData saved before the redirect.
 */
function emailIn( formData: string ): string {
	try {
		return pickText( JSON.parse( formData ), 'email' );
	} catch {
		return '';
	}
}
