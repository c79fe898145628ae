/**
 * Details rules (docs/widget-contract.md#52-details) checked on "Payment options >>": the required
 * names and email, the email pattern, and the mobile length. yup comes with
 * the details step's chunk (steps/details-chunk.ts), not before tab 1.
 */
import * as yup from 'yup';
import { messages } from '../shared/messages';
import type { DonationValues } from '../shared/donation-values';
import type { DetailErrors, DetailField } from './detail-fields';

export {
	DETAIL_FIELDS,
	type DetailErrors,
	type DetailField,
} from './detail-fields';

/** A standard address with a top-level part of 2 to 4 letters, any case. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i;

export const MOBILE_LENGTH = 10;

type DetailValues = Pick< DonationValues, 'donateAs' | DetailField >;

function detailsSchema() {
	const required = () => yup.string().trim().required( messages.required() );
	return yup.object( {
		organisationName: yup
			.string()
			.when( 'donateAs', ( [ donateAs ], schema ) =>
				donateAs === 'organisation'
					? schema.trim().required( messages.required() )
					: schema
			),
		firstName: required(),
		lastName: required(),
		email: required().matches( EMAIL_PATTERN, {
			message: messages.invalidEmail(),
			excludeEmptyString: true,
		} ),
		mobile: yup
			.string()
			.test(
				'mobile-length',
				messages.mobileLength(),
				( value ) => ! value || value.length === MOBILE_LENGTH
			),
	} );
}

/**
 * One message per invalid field; an empty object when all are valid.
 * @param values Form values.
 */
export function validateDetails( values: DetailValues ): DetailErrors {
	try {
		detailsSchema().validateSync( values, { abortEarly: false } );
		return {};
	} catch ( error ) {
		if ( ! ( error instanceof yup.ValidationError ) ) {
			throw error;
		}
		const errors: DetailErrors = {};
		for ( const issue of error.inner ) {
			const field = issue.path as DetailField | undefined;
			if ( field && ! errors[ field ] ) {
				errors[ field ] = issue.message;
			}
		}
		return errors;
	}
}
