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
		createConfirmationToken: jest.fn( async () => ( {
			confirmationToken: 'ctoken_7',
		} ) ),
		handleNextAction: jest.fn( async () => undefined ),
		...overrides,
	};
}

const payment = { amountCents: 2625, currency: 'AUD' };

const paid = ok( {
	success: true,
	data: {
		client_secret: 'pi_7_secret_z',
		payment_intent_id: 'pi_7',
		reference: 'ch_7',
	},
} );

const declined = ( message: string ) =>
	ok( {
		success: false,
		type: 'card_error',
		data: { message, decline_code: 'generic_decline' },
	} );

describe( 'express checkout (widget contract §4.7), finished on the server', () => {
	it( 'sends the confirmation token with the intent call in cents and lower-case currency, then fetches the reference', async () => {
		const wallet = provider();
		const { server, calls } = serverDouble( [
			paid,
			ok( { success: true, data: { reference: 'ch_7' } } ),
		] );
		expect( await payByExpressCheckout( wallet, server, payment ) ).toEqual(
			{
				kind: 'success',
				reference: 'ch_7',
			}
		);
		expect( wallet.createConfirmationToken ).toHaveBeenCalledTimes( 1 );
		expect( wallet.handleNextAction ).not.toHaveBeenCalled();
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
					confirmationToken: 'ctoken_7',
				},
			},
			{
				action: 'get_charge_id',
				fields: {
					paymentIntentId: 'pi_7',
					formData: '{"firstName":"Jane"}',
					currentUrl: 'https://charity.example/give/',
					// The attempt's, so a lost answer keeps it for Try Again.
					attemptId: 'attempt-1',
					coverAmount: '1.75',
				},
			},
		] );
	} );

	it( 'when the bank asks, runs its check with the client secret, then the server reads (and confirms) the payment', async () => {
		const order: string[] = [];
		const wallet = provider( {
			handleNextAction: jest.fn( async ( secret: string ) => {
				order.push( `authenticate ${ secret }` );
			} ),
		} );
		const { server, calls } = serverDouble( [
			ok( {
				success: false,
				type: 'requires_action',
				data: {
					message: 'Please confirm this payment with your bank.',
					client_secret: 'pi_9_secret_x',
					payment_intent_id: 'pi_9',
				},
			} ),
			ok( { success: true, data: { reference: 'ch_9' } } ),
		] );
		const outcome = await payByExpressCheckout( wallet, server, payment );
		expect( outcome ).toEqual( { kind: 'success', reference: 'ch_9' } );
		expect( order ).toEqual( [ 'authenticate pi_9_secret_x' ] );
		expect( calls.map( ( call ) => call.action ) ).toEqual( [
			'payment_intent',
			'get_charge_id',
		] );
		expect( calls[ 1 ].fields.paymentIntentId ).toBe( 'pi_9' );
	} );

	it( "a failed bank check is the server's to say: its words go under the buttons", async () => {
		const { server } = serverDouble( [
			ok( {
				success: false,
				type: 'requires_action',
				data: {
					client_secret: 'pi_9_secret_x',
					payment_intent_id: 'pi_9',
				},
			} ),
			declined(
				'Your bank could not confirm this payment. Please try again, or use another card.'
			),
		] );
		expect(
			await payByExpressCheckout( provider(), server, payment )
		).toEqual( {
			kind: 'provider-error',
			message:
				'Your bank could not confirm this payment. Please try again, or use another card.',
		} );
	} );

	it( 'a declined wallet card is shown under the buttons, with the bank’s words, and nothing more is asked', async () => {
		const wallet = provider();
		const { server, calls } = serverDouble( [
			declined( 'Your card was declined.' ),
		] );
		expect( await payByExpressCheckout( wallet, server, payment ) ).toEqual(
			{
				kind: 'provider-error',
				message: 'Your card was declined.',
			}
		);
		expect( wallet.handleNextAction ).not.toHaveBeenCalled();
		expect( calls ).toHaveLength( 1 );
	} );

	it( 'a declined answer without words shows the catalogue’s card message', async () => {
		const { server } = serverDouble( [
			ok( { success: false, type: 'card_error', data: {} } ),
		] );
		expect(
			await payByExpressCheckout( provider(), server, payment )
		).toEqual( {
			kind: 'provider-error',
			message: 'Please check your card details and try again!',
		} );
	} );

	it( 'a submit error is shown under the buttons and nothing is made or posted', async () => {
		const wallet = provider( { submit: async () => 'Card declined' } );
		const { server, calls } = serverDouble( [] );
		const outcome = await payByExpressCheckout( wallet, server, payment );
		expect( outcome ).toEqual( {
			kind: 'provider-error',
			message: 'Card declined',
		} );
		expect( wallet.createConfirmationToken ).not.toHaveBeenCalled();
		expect( calls ).toHaveLength( 0 );
	} );

	it( 'a confirmation token the provider will not make is shown under the buttons, and nothing is posted', async () => {
		const { server, calls } = serverDouble( [] );
		const outcome = await payByExpressCheckout(
			provider( {
				createConfirmationToken: async () => ( {
					error: 'Your card number is incorrect.',
				} ),
			} ),
			server,
			payment
		);
		expect( outcome ).toEqual( {
			kind: 'provider-error',
			message: 'Your card number is incorrect.',
		} );
		expect( calls ).toHaveLength( 0 );
	} );

	it( 'a non-OK payment_intent answer is silent', async () => {
		const { server } = serverDouble( [ httpError( 400 ) ] );
		expect(
			await payByExpressCheckout( provider(), server, payment )
		).toEqual( { kind: 'silent' } );
	} );

	it( 'a payment accepted but not final (202) still asks for the reference', async () => {
		const { server, calls } = serverDouble( [
			{
				ok: true,
				status: 202,
				body: {
					success: false,
					type: 'pending',
					data: {
						client_secret: 'pi_5_secret_p',
						payment_intent_id: 'pi_5',
					},
				},
			},
			{
				ok: true,
				status: 202,
				body: { success: false, type: 'pending' },
			},
		] );
		expect(
			await payByExpressCheckout( provider(), server, payment )
		).toEqual( { kind: 'success', reference: '' } );
		expect( calls[ 1 ].action ).toBe( 'get_charge_id' );
	} );

	it( 'an attempt answered again from its record (paid, no client secret) succeeds with its reference', async () => {
		const { server, calls } = serverDouble( [
			ok( { success: true, data: { reference: 'ch_3' } } ),
		] );
		expect(
			await payByExpressCheckout( provider(), server, payment )
		).toEqual( { kind: 'success', reference: 'ch_3' } );
		expect( calls ).toHaveLength( 1 );
	} );

	it( 'a failed charge reference call ends on the failure screen', async () => {
		const { server } = serverDouble( [ paid, httpError( 500 ) ] );
		expect(
			await payByExpressCheckout( provider(), server, payment )
		).toEqual( {
			kind: 'failure',
			errorMessage: '',
		} );
	} );

	it( 'derives the intent id from the secret when the server names none', async () => {
		const { server, calls } = serverDouble( [
			ok( { success: true, data: { client_secret: 'pi_8_secret_q' } } ),
			ok( { data: { reference: 'ch_8' } } ),
		] );
		await payByExpressCheckout( provider(), server, payment );
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

	it( 'fetchCharge gives the decline’s words', async () => {
		const { server } = serverDouble( [
			declined( 'Your card was declined.' ),
		] );
		expect( await fetchCharge( server, 'pi_1' ) ).toEqual( {
			reference: null,
			declined: 'Your card was declined.',
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
