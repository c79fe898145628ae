/**
 * The bank account holder's name and email, from the donor's details: the
 * organisation's name when giving as an organisation, else "First Last".
 */
import type { DonationValues } from '../../../shared/donation-values';

export function accountHolder(
	values: Pick<
		DonationValues,
		'donateAs' | 'organisationName' | 'firstName' | 'lastName' | 'email'
	>
): { name: string; email: string } {
	const organisation =
		values.donateAs === 'organisation'
			? values.organisationName.trim()
			: '';
	const person = [ values.firstName.trim(), values.lastName.trim() ]
		.filter( Boolean )
		.join( ' ' );
	return { name: organisation || person, email: values.email.trim() };
}
