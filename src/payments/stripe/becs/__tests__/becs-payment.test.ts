/**
 * The BECS Direct Debit flow against a fake server: what it posts, and how
 * each server answer ends.
 */
import type { AjaxFields, AjaxResponse } from '../../../../shared/ajax';
import type { PaymentServer } from '../../../gateway';
import { payByBecsDebit, type BecsProvider } from '../becs-payment';

const FALLBACK = 'Please check your bank account details and try again!';

function serverAnswering( ...answers: AjaxResponse[] ) {
	const calls: Array< { action: string; fields: AjaxFields } > = [];
	const server: PaymentServer = {
		post: async ( action, fields ) => {
			calls.push( { action, fields } );
			const answer = answers.shift();
			if ( ! answer ) {
				throw new Error( 'no answer' );
			}
			return answer;
		},
		formData: () => '{"firstName":"Jane"}',
		coverAmount: () => '1.75',
		captchaToken: async () => 'captcha-1',
		currentUrl: 'https://example.org/give/',
		newAttemptId: () => 'attempt-1',
		attemptId: () => 'attempt-1',
	};
	return { server, calls };
}

const provider = ( result: { id: string } | { error: string } ) =>
	( {
		createPaymentMethod: jest.fn( async () => result ),
	} ) satisfies BecsProvider;

it( 'posts the payment method, formData, the cover beside it, page, attempt, captcha and the accepted mandate', async () => {
	const { server, calls } = serverAnswering( {
		ok: true,
		status: 202,
		body: {
			success: false,
			type: 'pending',
			data: { message: 'Processing' },
		},
	} );
	const outcome = await payByBecsDebit(
		provider( { id: 'pm_becs' } ),
		server,
		FALLBACK
	);
	expect( calls ).toEqual( [
		{
			action: 'process_becs_debit',
			fields: {
				token: 'pm_becs',
				formData: '{"firstName":"Jane"}',
				coverAmount: '1.75',
				currentUrl: 'https://example.org/give/',
				attemptId: 'attempt-1',
				captchaToken: 'captcha-1',
				mandateAccepted: '1',
			},
		},
	] );
	expect( outcome ).toEqual( { kind: 'processing' } );
} );

it( "shows the provider's message and sends nothing when it refuses the account", async () => {
	const { server, calls } = serverAnswering();
	const outcome = await payByBecsDebit(
		provider( { error: 'Your BSB is invalid.' } ),
		server,
		FALLBACK
	);
	expect( calls ).toEqual( [] );
	expect( outcome ).toEqual( {
		kind: 'bank-error',
		message: 'Your BSB is invalid.',
	} );
} );

it( "a card_error answer shows the server's message on the bank account", async () => {
	const { server } = serverAnswering( {
		ok: true,
		status: 200,
		body: {
			success: false,
			type: 'card_error',
			data: { message: 'The account could not be debited.' },
		},
	} );
	expect(
		await payByBecsDebit( provider( { id: 'pm_1' } ), server, FALLBACK )
	).toEqual( {
		kind: 'bank-error',
		message: 'The account could not be debited.',
	} );
} );

it( 'a refusal without a message falls back to ours', async () => {
	const { server } = serverAnswering( {
		ok: true,
		status: 200,
		body: { success: false, type: 'card_error' },
	} );
	expect(
		await payByBecsDebit( provider( { id: 'pm_1' } ), server, FALLBACK )
	).toEqual( { kind: 'bank-error', message: FALLBACK } );
} );

it.each( [ 400, 403, 409, 429, 500, 503 ] )(
	'HTTP %i ends on the failure screen',
	async ( status ) => {
		const { server } = serverAnswering( {
			ok: false,
			status,
			body: null,
		} );
		expect(
			await payByBecsDebit( provider( { id: 'pm_1' } ), server, FALLBACK )
		).toEqual( { kind: 'failure', errorMessage: '' } );
	}
);

it( 'a refused debit carries what the server said to the failure screen', async () => {
	const { server } = serverAnswering( {
		ok: false,
		status: 403,
		body: {
			success: false,
			type: 'captcha',
			data: {
				message: 'We could not confirm you are not a robot.',
				charged: false,
			},
		},
	} );
	expect(
		await payByBecsDebit( provider( { id: 'pm_1' } ), server, FALLBACK )
	).toEqual( {
		kind: 'failure',
		errorMessage: '',
		notice: {
			message: 'We could not confirm you are not a robot.',
			notCharged: true,
		},
	} );
} );

it( 'a thrown error ends on the failure screen with its message', async () => {
	const { server } = serverAnswering();
	expect(
		await payByBecsDebit( provider( { id: 'pm_1' } ), server, FALLBACK )
	).toEqual( { kind: 'failure', errorMessage: 'no answer' } );
} );
