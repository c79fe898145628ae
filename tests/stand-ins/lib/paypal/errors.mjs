/**
 * PayPal's error bodies (Orders v2, Payments v2 and Webhooks v1 share them): name, message,
 * debug_id, details [ { field, value, location, issue, description } ], links.
 */
import { debugId, HttpAnswer } from '../util.mjs';

/** Where each API documents its errors (the information_link of PayPal's answers). */
export const ERROR_DOCS = {
	orders: 'https://developer.paypal.com/docs/api/orders/v2/',
	payments: 'https://developer.paypal.com/docs/api/payments/v2/',
	webhooks: 'https://developer.paypal.com/docs/api/webhooks/v1/',
};

export const INVALID_REQUEST_MESSAGE =
	'Request is not well-formed, syntactically incorrect, or violates schema.';
const UNPROCESSABLE_MESSAGE =
	'The requested action could not be performed, semantically incorrect, or failed business validation.';

/**
 * PayPal's error body, thrown as an answer.
 *
 * @param {number} status  HTTP status.
 * @param {string} name    Error name.
 * @param {string} message Message.
 * @param {Array}  details Details, if any.
 * @param {string} api     A key of ERROR_DOCS.
 * @return {HttpAnswer} Answer to throw.
 */
export function paypalError(
	status,
	name,
	message,
	details = undefined,
	api = 'orders'
) {
	const body = { name, message, debug_id: debugId() };
	if ( details && details.length ) {
		body.details = details;
	}
	// One information link per distinct issue, as PayPal's answers list them.
	const issues = details
		? [ ...new Set( details.map( ( entry ) => entry.issue ) ) ]
		: [ name ];
	body.links = issues.map( ( issue ) => ( {
		href: `${ ERROR_DOCS[ api ] }#error-${ issue }`,
		rel: 'information_link',
		method: 'GET',
	} ) );
	return new HttpAnswer( status, body );
}

/**
 * 400 INVALID_REQUEST with the schema problems found.
 *
 * @param {Object[]} details Details (see schemas.mjs requestProblems).
 * @param {string}   api     A key of ERROR_DOCS.
 * @return {HttpAnswer} Answer.
 */
export const invalidRequest = ( details, api = 'orders' ) =>
	paypalError(
		400,
		'INVALID_REQUEST',
		INVALID_REQUEST_MESSAGE,
		details,
		api
	);

/**
 * One detail of an invalid request.
 *
 * @param {string} field       JSON pointer.
 * @param {string} issue       Issue.
 * @param {string} description Description.
 * @param {*}      value       Offending value.
 * @return {Object} Detail.
 */
export function requestDetail( field, issue, description, value = undefined ) {
	return {
		field,
		...( value !== undefined && value !== null && typeof value !== 'object'
			? { value: String( value ) }
			: {} ),
		location: 'body',
		issue,
		description,
	};
}

/**
 * 400 for a body that is not JSON (or not the JSON type the call takes).
 *
 * @param {string} api A key of ERROR_DOCS.
 * @return {HttpAnswer} Answer.
 */
export const malformedJson = ( api = 'orders' ) =>
	invalidRequest(
		[
			requestDetail(
				'/',
				'MALFORMED_REQUEST_JSON',
				'The request JSON is not well formed.'
			),
		],
		api
	);

/**
 * 422 UNPROCESSABLE_ENTITY: a business rule refused the request.
 *
 * @param {string} issue       Issue.
 * @param {string} description Description.
 * @param {Object} where       { field, value } when a field is at fault.
 * @param {string} api         A key of ERROR_DOCS.
 * @return {HttpAnswer} Answer.
 */
export function unprocessable(
	issue,
	description,
	where = {},
	api = 'orders'
) {
	const entry = {};
	if ( where.field ) {
		entry.field = where.field;
		if ( where.value !== undefined ) {
			entry.value = String( where.value );
		}
		entry.location = 'body';
	}
	entry.issue = issue;
	entry.description = description;
	return paypalError(
		422,
		'UNPROCESSABLE_ENTITY',
		UNPROCESSABLE_MESSAGE,
		[ entry ],
		api
	);
}

/**
 * 404 RESOURCE_NOT_FOUND / INVALID_RESOURCE_ID.
 *
 * @param {string} api A key of ERROR_DOCS.
 * @return {HttpAnswer} Answer.
 */
export const notFound = ( api = 'orders' ) =>
	paypalError(
		404,
		'RESOURCE_NOT_FOUND',
		'The specified resource does not exist.',
		[
			{
				issue: 'INVALID_RESOURCE_ID',
				description:
					'Specified resource ID does not exist. Please check the resource ID and try again.',
			},
		],
		api
	);
