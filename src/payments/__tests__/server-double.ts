import type { AjaxFields, AjaxResponse } from '../../shared/ajax';
import type { PaymentServer } from '../gateway';

export interface RecordedCall {
	action: string;
	fields: AjaxFields;
}

/**
 * A PaymentServer whose admin-ajax answers are scripted per call.
 * @param answers
 */
export function serverDouble( answers: AjaxResponse[] ) {
	const calls: RecordedCall[] = [];
	let token = 0;
	let attempt = 0;
	const server: PaymentServer = {
		post: jest.fn( async ( action: string, fields: AjaxFields ) => {
			calls.push( { action, fields } );
			const answer = answers.shift();
			if ( ! answer ) {
				throw new Error( `unexpected call ${ action }` );
			}
			return answer;
		} ),
		formData: () => '{"firstName":"Jane"}',
		coverAmount: () => '1.75',
		captchaToken: async () => `token-${ ++token }`,
		currentUrl: 'https://charity.example/give/',
		newAttemptId: () => `attempt-${ ++attempt }`,
		attemptId: () => `attempt-${ ++attempt }`,
	};
	return { server, calls };
}

export const ok = ( body: unknown ): AjaxResponse => ( {
	ok: true,
	status: 200,
	body,
} );
export const httpError = ( status = 500 ): AjaxResponse => ( {
	ok: false,
	status,
	body: null,
} );
