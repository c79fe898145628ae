import {
	enabledPaymentMethods,
	parseSettings,
	parseWidgetConfig,
	readPageGlobals,
	toAmountList,
	toBoolean,
} from '../config';

describe( 'widget configuration (widget contract §3.1)', () => {
	it( 'converts "true"/"false" strings and splits amount_values', () => {
		const config = parseWidgetConfig(
			JSON.stringify( {
				type: 'donation',
				modal: 'true',
				position: 'right',
				hide_address: 'false',
				hide_mobile: 'true',
				hide_inmemory: 'false',
				amount_values: '10, 25,50',
				default_amount: '25',
				iteration_id: 'IT-2026',
				donation_type: 'Oneoff',
			} )
		);
		expect( config ).toEqual( {
			type: 'donation',
			modal: true,
			position: 'right',
			hide_address: false,
			hide_mobile: true,
			hide_inmemory: false,
			amount_values: [ '10', '25', '50' ],
			default_amount: 25,
			iteration_id: 'IT-2026',
			donation_type: 'Oneoff',
			trigger_text: '',
		} );
	} );

	it( 'fills defaults for missing fields', () => {
		expect( parseWidgetConfig( '{"type":"update"}' ) ).toEqual( {
			type: 'update',
			modal: false,
			position: 'center',
			hide_address: false,
			hide_mobile: false,
			hide_inmemory: false,
			amount_values: [],
			default_amount: 0,
			iteration_id: '',
			donation_type: '',
			trigger_text: '',
		} );
	} );

	it( "keeps a modal's trigger text, and drops it when the widget is no modal", () => {
		expect(
			parseWidgetConfig(
				'{"type":"donation","modal":"true","trigger_text":" Give now "}'
			)?.trigger_text
		).toBe( 'Give now' );
		expect(
			parseWidgetConfig(
				'{"type":"donation","modal":"false","trigger_text":"Give now"}'
			)?.trigger_text
		).toBe( '' );
	} );

	it.each( [ null, '', 'not json', '[1,2]', '"donation"', 'null' ] )(
		'rejects %p',
		( attribute ) => {
			expect( parseWidgetConfig( attribute ) ).toBeNull();
		}
	);

	it.each( [
		[ 'true', true ],
		[ 'TRUE', true ],
		[ '1', true ],
		[ true, true ],
		[ 1, true ],
		[ 'false', false ],
		[ '', false ],
		[ 'yes', false ],
		[ false, false ],
		[ undefined, false ],
		[ null, false ],
	] )( 'toBoolean(%p) → %p', ( value, expected ) => {
		expect( toBoolean( value ) ).toBe( expected );
	} );

	it.each( [
		[ '5,10,20', [ '5', '10', '20' ] ],
		[ ' 5 , 10 ,, 20 ', [ '5', '10', '20' ] ],
		[
			[ 5, '10', 20 ],
			[ '5', '10', '20' ],
		],
		[ '', [] ],
		[ undefined, [] ],
	] )( 'toAmountList(%p) → %p', ( value, expected ) => {
		expect( toAmountList( value ) ).toEqual( expected );
	} );

	it.each( [ 'left', 'center', 'right' ] )(
		'keeps position %p',
		( position ) => {
			expect(
				parseWidgetConfig( JSON.stringify( { position } ) )?.position
			).toBe( position );
		}
	);

	it.each( [
		[ '3, abc', '25' ],
		[ '10, 20', '-4' ],
		[ '10, 20, 30, 40', '4.99' ],
		[ '4, 20, 30', '1000000' ],
		[ '10, 20, 1000000', '5.001' ],
		[ '10,,30', 'abc' ],
	] )(
		'keeps no presets from %p and no default from %p, as the server (widget contract §5.1)',
		( amountValues, defaultAmount ) => {
			const config = parseWidgetConfig(
				JSON.stringify( {
					amount_values: amountValues,
					default_amount: defaultAmount,
				} )
			);
			expect( config?.amount_values ).toEqual( [] );
			expect( config?.default_amount ).toBe(
				defaultAmount === '25' ? 25 : 0
			);
		}
	);

	it( 'keeps three usable presets and a default at the limits', () => {
		const config = parseWidgetConfig(
			JSON.stringify( {
				amount_values: '5, 20.5,999999.99',
				default_amount: '999999.99',
			} )
		);
		expect( config?.amount_values ).toEqual( [ '5', '20.5', '999999.99' ] );
		expect( config?.default_amount ).toBe( 999999.99 );
	} );

	it( 'falls back to center for an unknown position', () => {
		expect( parseWidgetConfig( '{"position":"top"}' )?.position ).toBe(
			'center'
		);
	} );
} );

describe( 'settings (widget contract §3.2)', () => {
	it( 'normalises types', () => {
		const settings = parseSettings( {
			amount_values: [ 10, '25', 50 ],
			default_amount: '25',
			default_iteration_id: 'IT-1',
			stripe_public_key: 'pk_test_1',
			experian_min_search_char: '4',
			paypal_client_id: 'client',
			google_captcha_key: 'site-key',
			organisation_name: 'Good Cause',
			privacy_url: 'https://example.org/privacy',
			contact_url: 'https://example.org/contact',
			get_involved_url: 'https://example.org/involved',
			supporter_phone: '1800 000 000',
			supporter_email: 'care@example.org',
			demo_mode: 'true',
		} );
		expect( settings ).toEqual( {
			amount_values: [ '10', '25', '50' ],
			default_amount: 25,
			default_iteration_id: 'IT-1',
			stripe_public_key: 'pk_test_1',
			experian_min_search_char: 4,
			paypal_client_id: 'client',
			google_captcha_key: 'site-key',
			organisation_name: 'Good Cause',
			privacy_url: 'https://example.org/privacy',
			contact_url: 'https://example.org/contact',
			get_involved_url: 'https://example.org/involved',
			supporter_phone: '1800 000 000',
			supporter_email: 'care@example.org',
			demo_mode: true,
		} );
	} );

	it( 'is null for anything but an object', () => {
		expect( parseSettings( null ) ).toBeNull();
		expect( parseSettings( 'x' ) ).toBeNull();
	} );
} );

describe( 'window.donationWidget', () => {
	it( 'reads what PHP printed', () => {
		const globals = readPageGlobals( {
			ajaxUrl: '/wp-admin/admin-ajax.php',
			settingsUrl: '/wp-json/my-plugin/v1/settings',
			settings: null,
			demoMode: true,
			providerScripts: { stripe: 's', paypal: 'p', recaptcha: 'r' },
		} );
		expect( globals ).toEqual( {
			ajaxUrl: '/wp-admin/admin-ajax.php',
			settingsUrl: '/wp-json/my-plugin/v1/settings',
			settings: null,
			demoMode: true,
			providerScripts: { stripe: 's', paypal: 'p', recaptcha: 'r' },
		} );
	} );

	it( 'has defaults when the global is missing', () => {
		expect( readPageGlobals( undefined ) ).toEqual( {
			ajaxUrl: '/wp-admin/admin-ajax.php',
			settingsUrl: '/wp-json/my-plugin/v1/settings',
			settings: null,
			demoMode: false,
			providerScripts: { stripe: '', paypal: '', recaptcha: '' },
		} );
	} );
} );

describe( 'optional payment methods (settings.payment_methods)', () => {
	it( 'default to none when the server does not send them', () => {
		const settings = parseSettings( { stripe_public_key: 'pk_test_1' } );
		expect( settings && enabledPaymentMethods( settings ) ).toEqual( [] );
	} );

	it( 'keep string ids only, trimmed and once each', () => {
		const settings = parseSettings( {
			payment_methods: [ ' au_becs_debit', 3, null, 'au_becs_debit', '' ],
		} );
		expect( settings?.payment_methods ).toEqual( [ 'au_becs_debit' ] );
		expect( settings && enabledPaymentMethods( settings ) ).toEqual( [
			'au_becs_debit',
		] );
	} );

	it( 'ignore a value that is not a list', () => {
		const settings = parseSettings( { payment_methods: 'au_becs_debit' } );
		expect( settings && enabledPaymentMethods( settings ) ).toEqual( [] );
	} );
} );

describe( 'whether receipts are emailed (settings.receipts_emailed)', () => {
	it( 'is read only as a boolean, and left out when the server says nothing', () => {
		expect(
			parseSettings( { receipts_emailed: true } )?.receipts_emailed
		).toBe( true );
		expect(
			parseSettings( { receipts_emailed: false } )?.receipts_emailed
		).toBe( false );
		expect(
			parseSettings( { receipts_emailed: 'yes' } )
		).not.toHaveProperty( 'receipts_emailed' );
		expect( parseSettings( {} ) ).not.toHaveProperty( 'receipts_emailed' );
	} );
} );
