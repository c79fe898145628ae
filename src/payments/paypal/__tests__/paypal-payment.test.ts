import { httpError, ok, serverDouble } from '../../__tests__/server-double';
import { captureIdOf, completePayPalPayment } from '../paypal-payment';

const captured = {
	purchase_units: [ { payments: { captures: [ { id: 'CAPTURE-1' } ] } } ],
};

describe( 'wallet approval (SPEC §4.8)', () => {
	it.each( [
		[ captured, 'CAPTURE-1' ],
		[ { purchase_units: [] }, '' ],
		[ null, '' ],
	] )( 'capture id of %p is %p', ( order, expected ) => {
		expect( captureIdOf( order ) ).toBe( expected );
	} );

	it( 'captures, then posts process_paypal_payment', async () => {
		const { server, calls } = serverDouble( [ ok( { success: true } ) ] );
		const outcome = await completePayPalPayment(
			async () => captured,
			server
		);
		expect( outcome ).toEqual( {
			kind: 'success',
			captureId: 'CAPTURE-1',
		} );
		expect( calls ).toEqual( [
			{
				action: 'process_paypal_payment',
				fields: {
					transaction_id: 'CAPTURE-1',
					formData: '{"firstName":"Jane"}',
					coverAmount: '1.75',
					attemptId: 'attempt-1',
					captchaToken: 'token-1',
				},
			},
		] );
	} );

	it.each( [
		[ 'success false', ok( { success: false, type: 'error' } ) ],
		[ 'non-OK status', httpError() ],
	] )(
		'%s → declined (card error and failure screen)',
		async ( _name, answer ) => {
			const { server } = serverDouble( [ answer ] );
			expect(
				await completePayPalPayment( async () => captured, server )
			).toEqual( { kind: 'declined' } );
		}
	);

	it( 'a capture under review (202 pending) is done', async () => {
		const { server } = serverDouble( [
			{
				ok: true,
				status: 202,
				body: { success: false, type: 'pending' },
			},
		] );
		expect(
			await completePayPalPayment( async () => captured, server )
		).toEqual( {
			kind: 'success',
			captureId: 'CAPTURE-1',
		} );
	} );

	it( 'a failed capture is a failure', async () => {
		const { server, calls } = serverDouble( [] );
		const outcome = await completePayPalPayment( async () => {
			throw new Error( 'INSTRUMENT_DECLINED' );
		}, server );
		expect( outcome ).toEqual( {
			kind: 'failure',
			errorMessage: 'INSTRUMENT_DECLINED',
		} );
		expect( calls ).toHaveLength( 0 );
	} );
} );
