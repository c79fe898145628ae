import { httpError, ok, serverDouble } from '../../../__tests__/server-double';
import { payByCard, type CardProvider } from '../card-payment';

function provider( overrides: Partial< CardProvider > = {} ): CardProvider {
	return {
		createPaymentMethod: jest.fn( async () => ( { id: 'pm_1' } ) ),
		handleNextAction: jest.fn( async () => true ),
		...overrides,
	};
}

describe( 'card donation (widget contract §4.6, §7 call 4)', () => {
	it( 'posts process_payment_method and succeeds with the reference', async () => {
		const { server, calls } = serverDouble( [
			ok( { success: true, data: { reference: 'ch_1' } } ),
		] );
		expect( await payByCard( provider(), server ) ).toEqual( {
			kind: 'success',
			reference: 'ch_1',
		} );
		expect( calls ).toEqual( [
			{
				action: 'process_payment_method',
				fields: {
					token: 'pm_1',
					cardId: 'pm_1',
					formData: '{"firstName":"Jane"}',
					coverAmount: '1.75',
					currentUrl: 'https://charity.example/give/',
					attemptId: 'attempt-1',
					captchaToken: 'token-1',
				},
			},
		] );
	} );

	it( 'tokenisation failure shows the card error without calling the server', async () => {
		const { server, calls } = serverDouble( [] );
		const outcome = await payByCard(
			provider( { createPaymentMethod: async () => null } ),
			server
		);
		expect( outcome ).toEqual( { kind: 'card-error' } );
		expect( calls ).toHaveLength( 0 );
	} );

	it.each( [
		[
			'success false',
			ok( { success: false, type: 'card_error' } ),
			{ kind: 'card-error' },
		],
		[
			'non-OK status',
			httpError( 500 ),
			{ kind: 'failure', errorMessage: '' },
		],
	] )( '%s', async ( _name, answer, expected ) => {
		const { server } = serverDouble( [ answer ] );
		expect( await payByCard( provider(), server ) ).toEqual( expected );
	} );

	it( "a decline carries the bank's code (data.decline_code) for the reason line", async () => {
		const { server } = serverDouble( [
			ok( {
				success: false,
				type: 'card_error',
				data: {
					message: 'Your card has insufficient funds.',
					decline_code: 'insufficient_funds',
				},
			} ),
		] );
		expect( await payByCard( provider(), server ) ).toEqual( {
			kind: 'card-error',
			reason: 'insufficient_funds',
		} );
	} );

	it( 'a refused call carries what the server said to the failure screen', async () => {
		const { server } = serverDouble( [
			{
				ok: false,
				status: 429,
				body: {
					success: false,
					type: 'rate_limited',
					data: {
						message: 'Too many payment attempts.',
						charged: false,
					},
				},
			},
		] );
		expect( await payByCard( provider(), server ) ).toEqual( {
			kind: 'failure',
			errorMessage: '',
			notice: { message: 'Too many payment attempts.', notCharged: true },
		} );
	} );

	it( 'a refused 3-D Secure follow-up carries its message, without "not charged"', async () => {
		const { server } = serverDouble( [
			ok( {
				success: false,
				type: 'requires_action',
				data: {
					client_secret: 'pi_3_secret_x',
					payment_intent_id: 'pi_3',
				},
			} ),
			{
				ok: false,
				status: 429,
				body: {
					success: false,
					type: 'rate_limited',
					data: {
						message:
							'If your payment went through, it will still be recorded.',
					},
				},
			},
		] );
		expect( await payByCard( provider(), server ) ).toEqual( {
			kind: 'failure',
			errorMessage: '',
			notice: {
				message:
					'If your payment went through, it will still be recorded.',
				notCharged: false,
			},
		} );
	} );

	it( 'a payment accepted but not final (202 pending) is done, not a card error', async () => {
		const { server } = serverDouble( [
			{
				ok: true,
				status: 202,
				body: {
					success: false,
					type: 'pending',
					data: { message: 'Processing' },
				},
			},
		] );
		expect( await payByCard( provider(), server ) ).toEqual( {
			kind: 'success',
			reference: '',
		} );
	} );

	it( 'a thrown error keeps its message for errorMessage', async () => {
		const { server } = serverDouble( [] );
		( server.post as jest.Mock ).mockRejectedValueOnce(
			new Error( 'Network down' )
		);
		expect( await payByCard( provider(), server ) ).toEqual( {
			kind: 'failure',
			errorMessage: 'Network down',
		} );
	} );

	describe( '3-D Secure (requires_action)', () => {
		const requiresAction = ok( {
			success: false,
			type: 'requires_action',
			data: { client_secret: 'pi_9_secret_x', payment_intent_id: 'pi_9' },
		} );

		it( 'authenticates, then posts again with the same attempt and the intent id', async () => {
			const card = provider();
			const { server, calls } = serverDouble( [
				requiresAction,
				ok( { success: true, data: { reference: 'ch_9' } } ),
			] );
			expect( await payByCard( card, server ) ).toEqual( {
				kind: 'success',
				reference: 'ch_9',
			} );
			expect( card.handleNextAction ).toHaveBeenCalledWith(
				'pi_9_secret_x'
			);
			expect( calls[ 1 ] ).toEqual( {
				action: 'process_payment_method',
				fields: {
					token: 'pm_1',
					cardId: 'pm_1',
					formData: '{"firstName":"Jane"}',
					coverAmount: '1.75',
					currentUrl: 'https://charity.example/give/',
					attemptId: 'attempt-1',
					paymentIntentId: 'pi_9',
					captchaToken: 'token-2',
				},
			} );
		} );

		it( 'a failed challenge is reported to the server, whose refusal shows the card error', async () => {
			const { server, calls } = serverDouble( [
				requiresAction,
				ok( {
					success: false,
					type: 'card_error',
					data: {
						decline_code: 'payment_intent_authentication_failure',
					},
				} ),
			] );
			const outcome = await payByCard(
				provider( { handleNextAction: async () => false } ),
				server
			);
			// SPEC's card error, plus the bank's reason for the second line.
			expect( outcome ).toEqual( {
				kind: 'card-error',
				reason: 'payment_intent_authentication_failure',
			} );
			// The site records the failed check now, not "awaiting bank check".
			expect( calls ).toHaveLength( 2 );
			expect( calls[ 1 ].fields.paymentIntentId ).toBe( 'pi_9' );
			expect( calls[ 1 ].fields.attemptId ).toBe(
				calls[ 0 ].fields.attemptId
			);
		} );

		it( 'the second answer is handled like the first', async () => {
			const { server } = serverDouble( [
				requiresAction,
				ok( { success: false } ),
			] );
			expect( await payByCard( provider(), server ) ).toEqual( {
				kind: 'card-error',
			} );
		} );
	} );
} );
