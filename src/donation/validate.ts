/**
 * Formik's validate function: every rule of SPEC §5 over the whole form.
 * Errors show only for touched fields; each step decides what to check
 * before moving on (navigation.ts, the payment step).
 */
import type { FormikErrors } from 'formik';
import { validateAmount } from './amount';
import { validateDetails } from './details';
import { validateCardPayment } from '../payments/payment-rules';
import type { DonationValues } from '../shared/donation-values';

export function validateDonation(
	values: DonationValues
): FormikErrors< DonationValues > {
	const errors: FormikErrors< DonationValues > = {
		...validateDetails( values ),
		...validateCardPayment( values ),
	};
	const amountError = validateAmount( values );
	if ( amountError ) {
		errors.inputAmount = amountError;
	}
	return errors;
}

export const isAmountValid = ( values: DonationValues ) =>
	validateAmount( values ) === null;

export const areDetailsValid = ( values: DonationValues ) =>
	Object.keys( validateDetails( values ) ).length === 0;
