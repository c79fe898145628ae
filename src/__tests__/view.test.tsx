import { act } from 'react';
import { settle } from '../shared/__tests__/dom';
import { settingsFixture } from '../donation/__tests__/fixtures';

jest.mock( '../payments/stripe/load-stripe', () => ( {
	loadStripeFromPage: () => Promise.resolve( null ),
} ) );

// Importing the entry mounts what is already on the page (nothing yet).

import { mountWidgets } from '../view';

function host( config: Record< string, string > | string ) {
	const element = document.createElement( 'div' );
	element.setAttribute(
		'data-donation-widget',
		typeof config === 'string' ? config : JSON.stringify( config )
	);
	document.body.appendChild( element );
	return element;
}

afterEach( () => {
	document.body.innerHTML = '';
	delete window.donationWidget;
} );

describe( 'entry (view.tsx)', () => {
	it( 'mounts one independent widget per host, without duplicate ids', async () => {
		window.donationWidget = { settings: settingsFixture, ajaxUrl: '/ajax' };
		const first = host( {
			type: 'donation',
			amount_values: '5,10,15',
			modal: 'false',
		} );
		const second = host( { type: 'donation', donation_type: 'Oneoff' } );
		await act( async () => mountWidgets() );
		await settle();

		expect( first.querySelector( '.dw-preset' )?.textContent ).toBe(
			'$ 5'
		);
		expect( second.querySelector( '.dw-preset' )?.textContent ).toBe(
			'$ 20'
		);
		expect(
			second.querySelector( '.dw-step--amount button[type="submit"]' )
				?.textContent
		).toBe( 'Donate $50 >>' );

		const ids = Array.from( document.querySelectorAll( '[id]' ) ).map(
			( element ) => element.id
		);
		expect( new Set( ids ).size ).toBe( ids.length );

		// Mounting again does not mount twice.
		await act( async () => mountWidgets() );
		expect( first.querySelectorAll( '.dw-widget' ) ).toHaveLength( 1 );
	} );

	it( 'mounts the (empty) update-card widget for other types and skips broken configuration', async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		window.donationWidget = { settings: settingsFixture };
		const update = host( { type: 'update' } );
		const broken = host( '{not json' );
		await act( async () => mountWidgets() );
		expect( update.innerHTML ).toBe( '' );
		expect( update.dataset.donationWidgetMounted ).toBe( 'true' );
		expect( broken.dataset.donationWidgetMounted ).toBeUndefined();
		expect( warn ).toHaveBeenCalled();
		warn.mockRestore();
	} );

	it( 'does not load any provider script on first paint', async () => {
		window.donationWidget = {
			settings: {
				...settingsFixture,
				google_captcha_key: 'site',
				paypal_client_id: 'client',
			},
			providerScripts: {
				stripe: 'https://js.stripe.com/v3/',
				paypal: 'https://www.paypal.com/sdk/js',
				recaptcha: 'https://www.google.com/recaptcha/api.js',
			},
		};
		host( { type: 'donation', donation_type: 'Oneoff' } );
		await act( async () => mountWidgets() );
		await settle();
		expect( document.querySelectorAll( 'script' ) ).toHaveLength( 0 );
	} );
} );
