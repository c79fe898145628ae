import { httpError, ok, serverDouble } from '../../../__tests__/server-double';
import {
	fetchCharge,
	payByExpressCheckout,
	paymentIntentIdFromSecret,
	type ExpressProvider,
} from '../express-checkout';

function provider(
	overrides: Partial< ExpressProvider > = {}
): ExpressProvider {
	return {
		submit: jest.fn( async () => null ),
		confirm: jest.fn( async () => ( { paymentIntentId: 'pi_7' } ) ),
		...overrides,
	};
}

const payment = { amountCents: 2625, currency: 'AUD' };

describe( 'express checkout (widget contract §4.7)', () => {
	it( 'creates the intent in cents and lower-case currency, confirms, then fetches the reference', async () => {
		const wallet = provider();
		const { server, calls } = serverDouble( [
			ok( { success: true, data: { client_secret: 'pi_7_secret_z' } } ),
			ok( { success: true, data: { reference: 'ch_7' } } ),
		] );
		expect( await payByExpressCheckout( wallet, server, payment ) ).toEqual(
			{
				kind: 'success',
				reference: 'ch_7',
			}
		);
		expect( wallet.confirm ).toHaveBeenCalledWith( 'pi_7_secret_z' );
		expect( calls ).toEqual( [
			{
				action: 'payment_intent',
				fields: {
					amount: '2625',
					formData: '{"firstName":"Jane"}',
					coverAmount: '1.75',
					currency: 'aud',
					attemptId: 'attempt-1',
					captchaToken: 'token-1',
				},
			},
			{
				action: 'get_charge_id',
				fields: {
					paymentIntentId: 'pi_7',
					formData: '{"firstName":"Jane"}',
					currentUrl: 'https://charity.example/give/',
				},
			},
		] );
	} );

	it( 'a submit error is shown under the buttons and nothing is posted', async () => {
		const { server, calls } = serverDouble( [] );
		const outcome = await payByExpressCheckout(
			provider( { submit: async () => 'Card declined' } ),
			server,
			payment
		);
		expect( outcome ).toEqual( {
			kind: 'provider-error',
			message: 'Card declined',
		} );
		expect( calls ).toHaveLength( 0 );
	} );

	it( 'a non-OK payment_intent answer is silent', async () => {
		const { server } = serverDouble( [ httpError( 400 ) ] );
		expect(
			await payByExpressCheckout( provider(), server, payment )
		).toEqual( { kind: 'silent' } );
	} );

	it( 'a confirm error is shown under the buttons', async () => {
		const { server } = serverDouble( [
			ok( { data: { client_secret: 'pi_7_secret_z' } } ),
		] );
		const outcome = await payByExpressCheckout(
			provider( {
				confirm: async () => ( { error: 'Authentication failed' } ),
			} ),
			server,
			payment
		);
		expect( outcome ).toEqual( {
			kind: 'provider-error',
			message: 'Authentication failed',
		} );
	} );

	it( 'a failed charge reference call ends on the failure screen', async () => {
		const { server } = serverDouble( [
			ok( { data: { client_secret: 'pi_7_secret_z' } } ),
			httpError( 500 ),
		] );
		expect(
			await payByExpressCheckout( provider(), server, payment )
		).toEqual( {
			kind: 'failure',
			errorMessage: '',
		} );
	} );

	it( 'derives the intent id from the secret when the provider gives none', async () => {
		const { server, calls } = serverDouble( [
			ok( { data: { client_secret: 'pi_8_secret_q' } } ),
			ok( { data: { reference: 'ch_8' } } ),
		] );
		await payByExpressCheckout(
			provider( { confirm: async () => ( { paymentIntentId: '' } ) } ),
			server,
			payment
		);
		expect( calls[ 1 ].fields.paymentIntentId ).toBe( 'pi_8' );
	} );

	it.each( [
		[ 'pi_123_secret_abc', 'pi_123' ],
		[ 'nonsense', '' ],
	] )( 'paymentIntentIdFromSecret(%p) → %p', ( secret, id ) => {
		expect( paymentIntentIdFromSecret( secret ) ).toBe( id );
	} );

	it( 'fetchCharge gives "" for a payment accepted but not final', async () => {
		const { server } = serverDouble( [
			{
				ok: true,
				status: 202,
				body: { success: false, type: 'pending' },
			},
		] );
		expect( await fetchCharge( server, 'pi_1' ) ).toEqual( {
			reference: '',
		} );
	} );

	it( 'fetchCharge gives null without a reference', async () => {
		const { server } = serverDouble( [
			ok( { success: true, data: {} } ),
		] );
		expect( await fetchCharge( server, 'pi_1' ) ).toEqual( {
			reference: null,
			notice: undefined,
		} );
	} );

	it( 'a refused get_charge_id keeps the server message, never "not charged" unless said', async () => {
		const { server } = serverDouble( [
			{
				ok: false,
				status: 429,
				body: {
					success: false,
					type: 'rate_limited',
					data: {
						message:
							'Too many payment attempts. If your payment went through, it will still be recorded and your receipt emailed, so please do not pay again.',
					},
				},
			},
		] );
		expect( await fetchCharge( server, 'pi_1' ) ).toEqual( {
			reference: null,
			notice: {
				message:
					'Too many payment attempts. If your payment went through, it will still be recorded and your receipt emailed, so please do not pay again.',
				notCharged: false,
			},
		} );
	} );
} );
