/**
 * Formik's validate function: every rule of docs/widget-contract.md#5-validation-rules over the whole form.
 * Errors show only for touched fields; each step decides what to check
 * before moving on (navigation.ts, the payment step).
 *
 * The details rules (yup) come with the details step's chunk. Until it has
 * arrived no details field is on screen, so none can be touched or show an
 * error, and any later edit or blur validates again with them; the tab
 * navigation waits for the chunk before it checks tab 2
 * (use-step-navigation.ts).
 */
import type { FormikErrors } from 'formik';
import { validateAmount } from './amount';
import type { DetailErrors } from './detail-fields';
import { loadedDetailsStep } from './flow/step-chunks';
import { validateCardPayment } from '../payments/payment-rules';
import type { DonationValues } from '../shared/donation-values';

/**
 * The details step's errors; null while its rules have not arrived.
 * @param values Form values.
 */
export function detailErrors( values: DonationValues ): DetailErrors | null {
	return loadedDetailsStep()?.validateDetails( values ) ?? null;
}

export function validateDonation(
	values: DonationValues
): FormikErrors< DonationValues > {
	const errors: FormikErrors< DonationValues > = {
		...detailErrors( values ),
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

/**
 * Whether tab 2 may go on. Only asked once the details rules have arrived.
 * @param values Form values.
 */
export const areDetailsValid = ( values: DonationValues ) =>
	Object.keys( detailErrors( values ) ?? { rules: 'not loaded' } ).length ===
	0;
