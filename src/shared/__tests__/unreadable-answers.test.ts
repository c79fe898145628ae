/**
 * An answer the widget cannot read (a host's or security plugin's HTML error
 * page, a PHP fatal, an empty body) is classified once, in the ajax layer,
 * and every call of both widgets then takes SPEC's "unexpected exception"
 * path (docs/widget-contract.md#46-card-payment-donation, docs/widget-contract.md#49-update-card-flow, docs/widget-contract.md#7-the-calls-it-makes, docs/widget-contract.md#8-the-error-catalogue).
 */
import {
	searchAddresses,
	verifyAddress,
} from '../../address-lookup/address-service';
import { flowReducer, initialFlow } from '../../card-update/flow';
import { checkLink, updateCard } from '../../card-update/server';
import type { PaymentServer } from '../../payments/gateway';
import {
	completePayPalPayment,
	openPayPalOrder,
} from '../../payments/paypal/paypal-payment';
import { payByBecsDebit } from '../../payments/stripe/becs/becs-payment';
import { payByCard } from '../../payments/stripe/card/card-payment';
import {
	fetchCharge,
	payByExpressCheckout,
} from '../../payments/stripe/express/express-checkout';
import { fetchSettings } from '../use-settings';
import {
	createAjaxClient,
	isReadableAnswer,
	readableAnswersOnly,
	UnreadableAnswer,
	type AjaxPost,
} from '../ajax';

interface RawAnswer {
	status: number;
	text: string;
}

const UNREADABLE: Record< string, RawAnswer > = {
	"a host's HTML error page": {
		status: 500,
		text: '<!DOCTYPE html><html><body><h1>500 Internal Server Error</h1></body></html>',
	},
	"a security plugin's HTML block page, sent as 200": {
		status: 200,
		text: '<html><body>Request blocked by the firewall</body></html>',
	},
	'a PHP fatal': {
		status: 500,
		text: '<p>There has been a critical error on this website.</p>',
	},
	'an empty body': { status: 200, text: '' },
	'admin-ajax\'s bare "0" (no handler)': { status: 400, text: '0' },
	"a proxy's own JSON": { status: 403, text: '{"error":"forbidden"}' },
};

/**
 * The widgets' client over a fetch that always gives one raw answer.
 * @param answer Status and body text.
 */
function clientAnswering( answer: RawAnswer ): AjaxPost {
	const fetchImpl = jest.fn( async () => ( {
		ok: answer.status >= 200 && answer.status < 300,
		status: answer.status,
		json: async () => JSON.parse( answer.text ),
	} ) ) as unknown as typeof fetch;
	return readableAnswersOnly( createAjaxClient( '/ajax', fetchImpl ) );
}

function serverWith( post: AjaxPost ): PaymentServer {
	return {
		post,
		formData: () => '{"firstName":"Jane"}',
		coverAmount: () => '0',
		captchaToken: async () => '',
		currentUrl: 'https://charity.example/give/',
		newAttemptId: () => 'attempt-1',
		attemptId: () => 'attempt-1',
	};
}

const DONOR_WORDS =
	"We could not read the server's answer. Please try again later.";

let warn: jest.SpyInstance;
beforeEach( () => {
	warn = jest.spyOn( console, 'warn' ).mockImplementation( () => undefined );
} );
afterEach( () => warn.mockRestore() );

describe( 'classifying answers (once, in the ajax layer)', () => {
	it( "reads only the plugin's own answers: a JSON object with a boolean success", () => {
		expect( isReadableAnswer( { success: true, data: {} } ) ).toBe( true );
		expect(
			isReadableAnswer( { success: false, type: 'rate_limited' } )
		).toBe( true );
		expect( isReadableAnswer( null ) ).toBe( false );
		expect( isReadableAnswer( 0 ) ).toBe( false );
		expect( isReadableAnswer( [ { success: true } ] ) ).toBe( false );
		expect( isReadableAnswer( { success: 'true' } ) ).toBe( false );
		expect( isReadableAnswer( { error: 'forbidden' } ) ).toBe( false );
	} );

	it.each( Object.entries( UNREADABLE ) )(
		"throws UnreadableAnswer, in the donor's words, for %s",
		async ( _name, answer ) => {
			const post = clientAnswering( answer );
			const call = post( 'process_payment_method', {} );
			await expect( call ).rejects.toBeInstanceOf( UnreadableAnswer );
			await expect( call ).rejects.toThrow( DONOR_WORDS );
			expect( warn ).toHaveBeenCalledWith(
				expect.stringContaining(
					`process_payment_method answered HTTP ${ answer.status }`
				),
				''
			);
		}
	);

	it( "passes a readable failure through, so the server's own words reach the failure screen", async () => {
		const post = clientAnswering( {
			status: 429,
			text: JSON.stringify( {
				success: false,
				type: 'rate_limited',
				data: {
					message: 'Too many payment attempts.',
					charged: false,
				},
			} ),
		} );
		const response = await post( 'process_payment_method', {} );
		expect( response.ok ).toBe( false );
		expect( response.status ).toBe( 429 );
		expect( response.body ).toMatchObject( {
			data: { message: 'Too many payment attempts.' },
		} );
	} );
} );

describe.each( Object.entries( UNREADABLE ) )(
	"every call's exception outcome, for %s",
	( _name, answer ) => {
		const server = () => serverWith( clientAnswering( answer ) );

		it( 'card donation (call 4): the failure screen, with errorMessage set', async () => {
			const outcome = await payByCard(
				{
					createPaymentMethod: async () => ( { id: 'pm_1' } ),
					handleNextAction: async () => true,
				},
				server()
			);
			expect( outcome ).toEqual( {
				kind: 'failure',
				errorMessage: DONOR_WORDS,
			} );
		} );

		it( "express checkout payment_intent (call 5): widget contract §8's silent stop when non-OK, else the failure screen", async () => {
			const outcome = await payByExpressCheckout(
				{
					submit: async () => null,
					createConfirmationToken: async () => ( {
						confirmationToken: 'ctoken_1',
					} ),
					handleNextAction: async () => undefined,
				},
				server(),
				{ amountCents: 2500, currency: 'AUD' }
			);
			expect( outcome ).toEqual(
				answer.status === 200
					? { kind: 'failure', errorMessage: DONOR_WORDS }
					: { kind: 'silent' }
			);
		} );

		it( 'get_charge_id (call 6): thrown, so the redirect return and express flow fail', async () => {
			await expect( fetchCharge( server(), 'pi_1' ) ).rejects.toThrow(
				DONOR_WORDS
			);
		} );

		it( 'PayPal (call 7): opening the order is refused; after a capture, the report of an opened attempt is done (the money moved), of an unopened one a failure', async () => {
			await expect(
				openPayPalOrder(
					async () => 'ORDER-1',
					{
						intent: 'CAPTURE',
						purchase_units: [
							{
								custom_id: 'n-jane',
								amount: { value: '25', currency_code: 'AUD' },
							},
						],
					} as unknown as Parameters< typeof openPayPalOrder >[ 1 ],
					server()
				)
			).rejects.toThrow( DONOR_WORDS );
			const captured = async () => ( {
				purchase_units: [
					{ payments: { captures: [ { id: 'CAP-1' } ] } },
				],
			} );
			expect(
				await completePayPalPayment( captured, server(), 'attempt-1' )
			).toEqual( { kind: 'success', captureId: 'CAP-1' } );
			expect( await completePayPalPayment( captured, server() ) ).toEqual(
				{
					kind: 'failure',
					errorMessage: DONOR_WORDS,
				}
			);
		} );

		it( 'BECS debit: the failure screen', async () => {
			const outcome = await payByBecsDebit(
				{ createPaymentMethod: async () => ( { id: 'pm_becs' } ) },
				server(),
				'Please check your bank details.'
			);
			expect( outcome ).toMatchObject( {
				kind: 'failure',
				errorMessage: DONOR_WORDS,
			} );
		} );

		it( 'address search and verification (calls 2, 3): thrown, for the lookup to log', async () => {
			await expect(
				searchAddresses( server().post, '1 Main' )
			).rejects.toThrow( UnreadableAnswer );
			await expect(
				verifyAddress( server().post, 'key' )
			).rejects.toThrow( UnreadableAnswer );
		} );

		it( 'update-card link check (call 8): an exception, not "link expired"', async () => {
			const failed = await checkLink(
				server().post,
				'A'.repeat( 43 )
			).then(
				() => null,
				( error: Error ) => error
			);
			expect( failed ).toBeInstanceOf( UnreadableAnswer );
			// The flow's exception path: "Page not found" with the message.
			expect(
				flowReducer( initialFlow, {
					type: 'failed',
					errorMessage: ( failed as Error ).message,
				} )
			).toMatchObject( {
				phase: 'unavailable',
				errorMessage: DONOR_WORDS,
			} );
		} );

		it( 'card replacement (call 9): an exception, not "check your card details"', async () => {
			const outcome = await updateCard(
				{
					createPaymentMethod: async () => ( { id: 'pm_new' } ),
					handleNextAction: async () => true,
				},
				server().post,
				'A'.repeat( 43 ),
				'Jane Citizen'
			);
			expect( outcome ).toEqual( {
				kind: 'failure',
				errorMessage: DONOR_WORDS,
			} );
		} );
	}
);

describe.each( Object.entries( UNREADABLE ) )(
	'the settings call (call 1), for %s',
	( _name, answer ) => {
		it( 'throws, so the widget logs it and stays blank (widget contract §2.2, §8)', async () => {
			const fetchImpl = jest.fn( async () => ( {
				ok: answer.status >= 200 && answer.status < 300,
				status: answer.status,
				json: async () => JSON.parse( answer.text ),
			} ) ) as unknown as typeof fetch;
			await expect(
				fetchSettings( '/wp-json/my-plugin/v1/settings', fetchImpl )
			).rejects.toThrow();
		} );
	}
);
