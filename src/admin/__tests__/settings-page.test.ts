import {
	removalQuestion,
	showNotice,
	showSection,
	testConnection,
} from '../settings-page';

const globals = { ajaxUrl: '/wp-admin/admin-ajax.php', nonce: 'abc123' };

function answer( body: unknown ): Response {
	return { json: async () => body } as unknown as Response;
}

describe( 'testConnection', () => {
	afterEach( () => {
		jest.restoreAllMocks();
	} );

	it( "posts the provider and nonce, and reports the server's words", async () => {
		const fetchMock = jest.fn().mockResolvedValue(
			answer( {
				success: true,
				data: { message: 'Connected to Stripe in test mode.' },
			} )
		);
		global.fetch = fetchMock as unknown as typeof fetch;

		await expect( testConnection( globals, 'stripe' ) ).resolves.toEqual( {
			ok: true,
			message: 'Connected to Stripe in test mode.',
		} );
		const [ url, init ] = fetchMock.mock.calls[ 0 ];
		expect( url ).toBe( '/wp-admin/admin-ajax.php' );
		expect( Object.fromEntries( init.body as URLSearchParams ) ).toEqual( {
			action: 'donation_widget_test_connection',
			provider: 'stripe',
			_ajax_nonce: 'abc123',
		} );
	} );

	it.each( [
		[
			'a refusal',
			answer( {
				success: false,
				data: {
					message:
						'Stripe refused the test secret key: Invalid API Key provided',
				},
			} ),
			false,
			'Stripe refused the test secret key: Invalid API Key provided',
		],
		[
			'an answer without words',
			answer( { success: false } ),
			false,
			'The server gave no answer.',
		],
	] )( 'reports %s', async ( _label, response, ok, message ) => {
		global.fetch = jest
			.fn()
			.mockResolvedValue( response ) as unknown as typeof fetch;
		await expect( testConnection( globals, 'stripe' ) ).resolves.toEqual( {
			ok,
			message,
		} );
	} );

	it( 'says so when the site cannot be reached', async () => {
		global.fetch = jest
			.fn()
			.mockRejectedValue(
				new TypeError( 'Failed to fetch' )
			) as unknown as typeof fetch;
		await expect( testConnection( globals, 'paypal' ) ).resolves.toEqual( {
			ok: false,
			message:
				'The test could not reach this site. Check your connection and try again.',
		} );
	} );
} );

describe( 'removalQuestion', () => {
	it( 'asks nothing when no removal box is ticked, and names the ticked keys', () => {
		const form = document.createElement( 'form' );
		form.innerHTML = `
			<input type="checkbox" class="donation-widget-remove-secret" value="stripe_test_secret_key" data-label="Test secret key" />
			<input type="checkbox" class="donation-widget-remove-secret" value="paypal_live_secret" data-label="Live secret" />`;
		expect( removalQuestion( form ) ).toBe( '' );

		const boxes = form.querySelectorAll< HTMLInputElement >( 'input' );
		boxes[ 1 ].checked = true;
		expect( removalQuestion( form ) ).toBe(
			'Remove these stored keys: Live secret? Payments or lookups that need them stop until new ones are saved.'
		);
	} );
} );

describe( 'showNotice', () => {
	it( 'shows a success as a status notice and a failure as an alert, replacing the last one', () => {
		const place = document.createElement( 'div' );
		showNotice( place, 'success', 'Connected.' );
		expect( place.innerHTML ).toBe(
			'<div class="notice notice-success inline" role="status"><p>Connected.</p></div>'
		);
		showNotice( place, 'error', '<b>Refused</b>' );
		expect( place.children ).toHaveLength( 1 );
		expect( place.firstElementChild?.getAttribute( 'role' ) ).toBe(
			'alert'
		);
		expect( place.textContent ).toBe( '<b>Refused</b>' );
	} );
} );

describe( 'showSection', () => {
	it( 'shows the chosen section only and marks its link as current', () => {
		const screen = document.createElement( 'div' );
		screen.innerHTML = `
			<nav class="donation-widget-settings-sections">
				<a href="#" data-section="stripe" class="nav-tab nav-tab-active" aria-current="page">Stripe</a>
				<a href="#" data-section="receipts" class="nav-tab">Receipts</a>
			</nav>
			<section class="donation-widget-settings-section" data-section="stripe"></section>
			<section class="donation-widget-settings-section" data-section="receipts" hidden></section>`;
		expect( showSection( screen, 'receipts' ) ).toBe( true );
		const [ stripe, receipts ] = Array.from(
			screen.querySelectorAll< HTMLElement >( 'section' )
		);
		expect( [ stripe.hidden, receipts.hidden ] ).toEqual( [ true, false ] );
		const links = screen.querySelectorAll( 'a' );
		expect( links[ 0 ].hasAttribute( 'aria-current' ) ).toBe( false );
		expect( links[ 1 ].getAttribute( 'aria-current' ) ).toBe( 'page' );
		expect( links[ 1 ].classList.contains( 'nav-tab-active' ) ).toBe(
			true
		);

		expect( showSection( screen, 'nowhere' ) ).toBe( false );
		expect( receipts.hidden ).toBe( false );
	} );
} );
