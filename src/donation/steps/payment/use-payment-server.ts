/**
 * The server access every payment method shares: admin-ajax, the formData
 * of SPEC §3.4 and the help cover beside it, built from the latest values, the invisible captcha's token,
 * the page URL and a new id per attempt.
 */
import { useMemo } from '@wordpress/element';
import type { MutableRefObject } from 'react';
import {
	newAttemptId,
	pageUrlWithoutQuery,
	type PaymentServer,
} from '../../../payments/gateway';
import type { AjaxPost } from '../../../shared/ajax';
import type { DonationValues } from '../../../shared/donation-values';
import { coverAmountField } from '../../../shared/help-cover';
import { buildFormData } from '../../form-data';

export function usePaymentServer(
	post: AjaxPost,
	captchaToken: () => Promise< string >,
	valuesRef: MutableRefObject< DonationValues >
): PaymentServer {
	const currentUrl = pageUrlWithoutQuery( window.location );
	return useMemo(
		() => ( {
			post,
			formData: () => buildFormData( valuesRef.current ),
			coverAmount: () => coverAmountField( valuesRef.current ),
			captchaToken,
			currentUrl,
			newAttemptId,
		} ),
		[ post, captchaToken, currentUrl, valuesRef ]
	);
}
