/**
 * formData (docs/widget-contract.md#34-formdata-sent-to-the-server): the JSON string sent with every payment call,
 * holding exactly these fields of the form state and nothing else.
 */
import { totalAmount } from './amount';
import type {
	Address,
	DonationValues,
	Frequency,
} from '../shared/donation-values';

export interface FormDataPayload {
	email: string;
	firstName: string;
	lastName: string;
	mobile: string;
	address: Address;
	totalAmount: number;
	currency: string;
	frequency: Frequency;
	utm_campaign: string;
	utm_source: string;
	utm_medium: string;
	utm_content: string;
	utm_term: string;
	inMemoryOf: string;
	organisationName: string;
	iteration_id: string;
}

export function buildFormDataPayload(
	values: DonationValues
): FormDataPayload {
	return {
		email: values.email.trim(),
		firstName: values.firstName.trim(),
		lastName: values.lastName.trim(),
		mobile: values.mobile,
		address: { ...values.address },
		totalAmount: totalAmount( values ),
		currency: values.currency,
		frequency: values.frequency,
		utm_campaign: values.utm_campaign,
		utm_source: values.utm_source,
		utm_medium: values.utm_medium,
		utm_content: values.utm_content,
		utm_term: values.utm_term,
		inMemoryOf: values.inMemoryOf.trim(),
		organisationName:
			values.donateAs === 'organisation'
				? values.organisationName.trim()
				: '',
		iteration_id: values.iteration_id,
	};
}

export function buildFormData( values: DonationValues ): string {
	return JSON.stringify( buildFormDataPayload( values ) );
}
