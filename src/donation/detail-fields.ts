/**
 * The details step's field names (docs/widget-contract.md#52-details), apart from its yup rules
 * (details.ts) so the amount step's code can name them without yup.
 */
export const DETAIL_FIELDS = [
	'organisationName',
	'firstName',
	'lastName',
	'email',
	'mobile',
] as const;

export type DetailField = ( typeof DETAIL_FIELDS )[ number ];
export type DetailErrors = Partial< Record< DetailField, string > >;
