/**
 * The server access every payment method shares: admin-ajax, the formData
 * of docs/widget-contract.md#34-formdata-sent-to-the-server and the help cover beside it, built from the latest values, the invisible captcha's token,
 * the page URL and the attempt ids (a new one per attempt, or the same
 * form's unknown attempt: attempt-memory.ts). Every call that carries an
 * attemptId tells the memory how it ended.
 */
import { useMemo } from '@wordpress/element';
import type { MutableRefObject } from 'react';
import {
	attemptMemory,
	attemptMemoryKey,
} from '../../../payments/attempt-memory';
import {
	newAttemptId,
	pageUrlWithoutQuery,
	type PaymentServer,
} from '../../../payments/gateway';
import { sessionStore } from '../../../shared/session-store';
import type { AjaxFields, AjaxPost } from '../../../shared/ajax';
import type { DonationValues } from '../../../shared/donation-values';
import { coverAmountField } from '../../../shared/help-cover';
import { buildFormData } from '../../form-data';

export function usePaymentServer(
	post: AjaxPost,
	captchaToken: () => Promise< string >,
	valuesRef: MutableRefObject< DonationValues >,
	widgetIndex: number
): PaymentServer {
	const currentUrl = pageUrlWithoutQuery( window.location );
	return useMemo( () => {
		const formData = () => buildFormData( valuesRef.current );
		const coverAmount = () => coverAmountField( valuesRef.current );
		const formOf = ( fields: AjaxFields ) =>
			`${ fields.formData ?? '' }|${ fields.coverAmount ?? '' }`;
		const memory = attemptMemory(
			attemptMemoryKey( window.location.pathname, widgetIndex ),
			sessionStore(),
			newAttemptId
		);
		const remembered: AjaxPost = async ( action, fields ) => {
			if ( ! fields.attemptId ) {
				return post( action, fields );
			}
			try {
				const response = await post( action, fields );
				memory.answered( fields.attemptId, formOf( fields ), response );
				return response;
			} catch ( error ) {
				memory.answered( fields.attemptId, formOf( fields ), null );
				throw error;
			}
		};
		return {
			post: remembered,
			formData,
			coverAmount,
			captchaToken,
			currentUrl,
			newAttemptId,
			attemptId: () =>
				memory.idFor(
					formOf( {
						formData: formData(),
						coverAmount: coverAmount(),
					} )
				),
		};
	}, [ post, captchaToken, currentUrl, valuesRef, widgetIndex ] );
}
