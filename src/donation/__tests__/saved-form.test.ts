import {
	clearSavedForm,
	pickSavedForm,
	restoreSavedForm,
	saveForm,
	savedFormKey,
} from '../saved-form';
import { valuesFixture } from './fixtures';

describe( 'the saved form', () => {
	const key = savedFormKey( '/donate/', 1 );

	it( 'is kept per page and per widget', () => {
		expect( key ).toBe( 'donation-widget:form:/donate/#1' );
		expect( savedFormKey( '/donate/', 0 ) ).not.toBe( key );
		expect( savedFormKey( '/other/', 1 ) ).not.toBe( key );
	} );

	it( 'keeps what the donor typed, never the card', () => {
		const saved = pickSavedForm(
			valuesFixture( {
				firstName: 'Ada',
				nameOnCard: 'A Lovelace',
				cardNumber: ' ',
				cardExpiry: ' ',
				cardCvv: ' ',
				address: {
					addressLine1: '1 Main St',
					addressLine2: '',
					city: 'Perth',
					state: 'WA',
					postalCode: '6000',
					country: 'Australia',
				},
			} )
		);
		expect( saved ).toMatchObject( {
			firstName: 'Ada',
			address: { city: 'Perth' },
		} );
		expect( Object.keys( saved ).sort() ).toEqual(
			[
				'address',
				'addressText',
				'amount',
				'donateAs',
				'email',
				'firstName',
				'frequency',
				'helpCover',
				'inMemoryOf',
				'inputAmount',
				'lastName',
				'mobile',
				'organisationName',
				'privacyTerms',
				'showCC',
			].sort()
		);
	} );

	it( 'lays saved values over the loaded ones and forgets them on clear', () => {
		saveForm(
			valuesFixture( {
				firstName: 'Ada',
				frequency: 'Oneoff',
				helpCover: true,
				inputAmount: '12.5',
				amount: 12.5,
			} ),
			key
		);
		const loaded = valuesFixture( { utm_source: 'mail' } );
		const restored = restoreSavedForm( loaded, key );
		expect( restored ).toMatchObject( {
			firstName: 'Ada',
			frequency: 'Oneoff',
			helpCover: true,
			amount: 12.5,
			inputAmount: '12.5',
			// Not saved: from this page load.
			utm_source: 'mail',
			amountValues: loaded.amountValues,
		} );
		clearSavedForm( key );
		expect( restoreSavedForm( loaded, key ) ).toEqual( loaded );
	} );

	it( 'ignores what is malformed, field by field', () => {
		const loaded = valuesFixture();
		window.sessionStorage.setItem( key, '{not json' );
		expect( restoreSavedForm( loaded, key ) ).toEqual( loaded );
		window.sessionStorage.setItem(
			key,
			JSON.stringify( {
				frequency: 'weekly',
				donateAs: 'robot',
				amount: -4,
				firstName: 7,
				email: 'ok@example.org',
				address: { city: 'Hobart', state: 3 },
				nameOnCard: 'Injected',
			} )
		);
		const restored = restoreSavedForm( loaded, key );
		expect( restored ).toEqual( {
			...loaded,
			email: 'ok@example.org',
			address: { ...loaded.address, city: 'Hobart' },
		} );
	} );

	it( 'works without storage', () => {
		const loaded = valuesFixture();
		expect( restoreSavedForm( loaded, key, null ) ).toBe( loaded );
		expect( () => saveForm( loaded, key, null ) ).not.toThrow();
	} );
} );
