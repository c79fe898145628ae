import { httpError, ok, serverDouble } from '../../__tests__/server-double';
import {
	captureIdOf,
	completePayPalPayment,
	openPayPalOrder,
	OrderRefused,
} from '../paypal-payment';
import type { WalletOrder } from '../order';

const captured = {
	purchase_units: [ { payments: { captures: [ { id: 'CAPTURE-1' } ] } } ],
};

describe( 'wallet approval (widget contract §4.8)', () => {
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
			).toEqual( {
				kind: 'declined',
			} );
		}
	);

	it( 'a refused capture report keeps the server\'s words, and never says "not charged" unless told', async () => {
		const { server } = serverDouble( [
			{
				ok: false,
				status: 400,
				body: {
					success: false,
					type: 'validation',
					data: {
						message:
							'This PayPal payment does not match the donation.',
					},
				},
			},
		] );
		expect(
			await completePayPalPayment( async () => captured, server )
		).toEqual( {
			kind: 'declined',
			notice: {
				message: 'This PayPal payment does not match the donation.',
				notCharged: false,
			},
		} );
	} );

	it( 'a capture the site has yet to confirm (202 pending) is done: the money moved', async () => {
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

	it.each( [
		[ 'no answer at all', null ],
		[ 'an answer that is not JSON', httpError( 502 ) ],
		[
			'"we cannot tell yet"',
			{
				ok: false,
				status: 504,
				body: {
					success: false,
					type: 'server',
					data: { outcome: 'unknown' },
				},
			},
		],
	] )(
		'after the capture of an opened attempt, %s is done: the money moved and the site records it, so the donor is never sent to pay again',
		async ( _name, answer ) => {
			const { server, calls } = serverDouble( answer ? [ answer ] : [] );
			expect(
				await completePayPalPayment(
					async () => captured,
					server,
					'opened-attempt'
				)
			).toEqual( { kind: 'success', captureId: 'CAPTURE-1' } );
			expect( calls ).toHaveLength( 1 );
		}
	);

	it( 'after the capture of an opened attempt, a refusal the site is sure of is still declined', async () => {
		const { server } = serverDouble( [
			{
				ok: false,
				status: 409,
				body: {
					success: false,
					type: 'conflict',
					data: {
						message:
							'This payment does not belong to this donation.',
					},
				},
			},
		] );
		expect(
			await completePayPalPayment(
				async () => captured,
				server,
				'opened-attempt'
			)
		).toMatchObject( { kind: 'declined' } );
	} );

	it( 'without an opened attempt, a lost report is a failure: no record holds the order', async () => {
		const { server } = serverDouble( [] );
		expect(
			await completePayPalPayment( async () => captured, server )
		).toMatchObject( { kind: 'failure' } );
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

describe( 'opening the order before the donor pays', () => {
	const order: WalletOrder = {
		intent: 'CAPTURE',
		purchase_units: [
			{
				custom_id: 'n-jane,d-Oneoff',
				amount: { value: '52.50', currency_code: 'AUD' },
			},
		],
	};

	it( 'creates the order with the attempt as invoice_id, then opens it, before returning its id', async () => {
		const { server, calls } = serverDouble( [ ok( { success: true } ) ] );
		const events: string[] = [];
		const create = jest.fn( async ( body: WalletOrder ) => {
			events.push( `create ${ body.purchase_units[ 0 ].invoice_id }` );
			return 'ORDER-1';
		} );
		( server.post as jest.Mock ).mockImplementationOnce(
			async ( action: string, fields: Record< string, string > ) => {
				events.push( `post ${ action }` );
				calls.push( { action, fields } );
				return ok( { success: true } );
			}
		);

		const opened = await openPayPalOrder( create, order, server );

		expect( opened ).toEqual( {
			orderId: 'ORDER-1',
			attemptId: 'attempt-1',
		} );
		expect( events ).toEqual( [
			'create attempt-1',
			'post open_paypal_order',
		] );
		expect( create.mock.calls[ 0 ][ 0 ].purchase_units[ 0 ] ).toEqual( {
			...order.purchase_units[ 0 ],
			invoice_id: 'attempt-1',
		} );
		expect( calls ).toEqual( [
			{
				action: 'open_paypal_order',
				fields: {
					formData: '{"firstName":"Jane"}',
					coverAmount: '1.75',
					attemptId: 'attempt-1',
					orderId: 'ORDER-1',
					captchaToken: 'token-1',
				},
			},
		] );
	} );

	it.each( [
		[ 'success false', ok( { success: false, type: 'validation' } ) ],
		[ 'rate limited', httpError( 429 ) ],
	] )(
		'%s → throws, so the button stops before the donor can pay',
		async ( _name, answer ) => {
			const { server } = serverDouble( [ answer ] );
			await expect(
				openPayPalOrder( async () => 'ORDER-1', order, server )
			).rejects.toThrow( 'The PayPal payment could not be started.' );
		}
	);

	it( 'a refused opening carries what the server said', async () => {
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
		const refused = await openPayPalOrder(
			async () => 'ORDER-1',
			order,
			server
		).catch( ( error: unknown ) => error );
		expect( refused ).toBeInstanceOf( OrderRefused );
		expect( ( refused as OrderRefused ).notice ).toEqual( {
			message: 'Too many payment attempts.',
			notCharged: true,
		} );
	} );

	it( 'a failed order creation opens nothing', async () => {
		const { server, calls } = serverDouble( [] );
		await expect(
			openPayPalOrder(
				async () => {
					throw new Error( 'UNPROCESSABLE_ENTITY' );
				},
				order,
				server
			)
		).rejects.toThrow( 'UNPROCESSABLE_ENTITY' );
		expect( calls ).toHaveLength( 0 );
	} );

	it( 'the paying call reuses the opened attempt, whose captcha was checked when it opened', async () => {
		const { server, calls } = serverDouble( [ ok( { success: true } ) ] );
		await completePayPalPayment(
			async () => captured,
			server,
			'attempt-opened'
		);
		expect( calls[ 0 ].fields.attemptId ).toBe( 'attempt-opened' );
		expect( calls[ 0 ].fields ).not.toHaveProperty( 'captchaToken' );
	} );
} );
