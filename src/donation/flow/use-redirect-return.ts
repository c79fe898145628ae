/**
 * Coming back from an express-checkout wallet that left the page (see
 * payments/stripe/redirect-return.ts): fetch the charge reference, then
 * thank the donor with the donation saved before leaving.
 */
import { useEffect, useRef } from '@wordpress/element';
import { useFormikContext } from 'formik';
import { pageUrlWithoutQuery } from '../../payments/gateway';
import { fetchCharge } from '../../payments/stripe/express/express-checkout';
import {
	readRedirectReturn,
	sessionStore,
	takePendingExpressPayment,
	withoutRedirectParams,
} from '../../payments/stripe/redirect-return';
import { pickText, type AjaxPost } from '../../shared/ajax';
import type { DonationValues } from '../../shared/donation-values';
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
		const redirect = readRedirectReturn( window.location.search );
		if ( ! redirect ) {
			return;
		}
		returnHandled.current = true;
		const pending = takePendingExpressPayment( sessionStore() );
		window.history.replaceState(
			window.history.state,
			'',
			withoutRedirectParams( window.location.href )
		);
		setLoading( true );
		fetchCharge(
			{
				post,
				formData: () =>
					pending?.formData || buildFormData( valuesRef.current ),
				currentUrl: pageUrlWithoutQuery( window.location ),
			},
			redirect.paymentIntentId
		)
			.then( ( { reference, notice } ) => {
				const paid = [ 'succeeded', 'processing' ].includes(
					redirect.redirectStatus
				);
				if ( paid && reference !== null ) {
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
