import {
	chooseReturnHandler,
	peekPendingWidgetIndex,
	savePendingRedirectPayment as savePendingExpressPayment,
	takePendingRedirectPayment as takePendingExpressPayment,
} from '../../redirect-returns';
import { readRedirectReturn, withoutRedirectParams } from '../redirect-return';

describe( 'express-checkout redirect return', () => {
	it.each( [
		[
			'?payment_intent=pi_1&payment_intent_client_secret=s&redirect_status=succeeded',
			{ paymentIntentId: 'pi_1', redirectStatus: 'succeeded' },
		],
		[
			'?payment_intent=pi_1&redirect_status=failed',
			{ paymentIntentId: 'pi_1', redirectStatus: 'failed' },
		],
		[ '?payment_intent=pi_1', null ],
		[ '?redirect_status=succeeded', null ],
		[ '', null ],
	] )( 'reads %p', ( search, expected ) => {
		expect( readRedirectReturn( search ) ).toEqual( expected );
	} );

	it( 'removes only the provider parameters', () => {
		expect(
			withoutRedirectParams(
				'https://charity.example/give/?utm_source=x&payment_intent=pi_1&payment_intent_client_secret=s&redirect_status=succeeded#top'
			)
		).toBe( 'https://charity.example/give/?utm_source=x#top' );
	} );

	it( 'saves and takes the pending payment once', () => {
		const pending = {
			widgetIndex: 2,
			formData: '{}',
			firstName: 'Jane',
			frequency: 'Oneoff',
			total: 26.25,
			iterationId: 'IT',
			paymentMethod: 'google_pay',
		};
		savePendingExpressPayment( window.sessionStorage, pending );
		expect( peekPendingWidgetIndex( window.sessionStorage ) ).toBe( 2 );
		expect( takePendingExpressPayment( window.sessionStorage ) ).toEqual(
			pending
		);
		expect( takePendingExpressPayment( window.sessionStorage ) ).toBeNull();
		expect( peekPendingWidgetIndex( window.sessionStorage ) ).toBeNull();
	} );

	it( 'copes without storage', () => {
		expect( takePendingExpressPayment( null ) ).toBeNull();
		expect( () =>
			savePendingExpressPayment( null, {} as never )
		).not.toThrow();
	} );

	it.each( [
		[ [ 0, 2 ], 2, 2 ],
		[ [ 0, 2 ], 1, 0 ],
		[ [ 0, 2 ], null, 0 ],
		[ [ 3 ], null, 3 ],
		[ [], null, null ],
	] )(
		'widgets %p, pending %p → handler %p',
		( indexes, pending, expected ) => {
			expect( chooseReturnHandler( indexes, pending ) ).toBe( expected );
		}
	);
} );
