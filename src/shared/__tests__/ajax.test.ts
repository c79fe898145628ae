import { createAjaxClient, pick, pickText } from '../ajax';

function fakeFetch( status: number, body: unknown ) {
	return jest.fn( async () => ( {
		ok: status >= 200 && status < 300,
		status,
		json: async () => {
			if ( body === undefined ) {
				throw new Error( 'not json' );
			}
			return body;
		},
	} ) ) as unknown as jest.MockedFunction< typeof fetch >;
}

describe( 'admin-ajax client (widget contract §7)', () => {
	it( 'POSTs an x-www-form-urlencoded body with the action', async () => {
		const fetchImpl = fakeFetch( 200, { success: true } );
		const post = createAjaxClient( '/wp-admin/admin-ajax.php', fetchImpl );
		const response = await post( 'process_address_search', {
			addressText: '1 Main St & Co',
		} );

		expect( response ).toEqual( {
			ok: true,
			status: 200,
			body: { success: true },
		} );
		const [ url, init ] = fetchImpl.mock.calls[ 0 ] as [
			string,
			RequestInit,
		];
		expect( url ).toBe( '/wp-admin/admin-ajax.php' );
		expect( init.method ).toBe( 'POST' );
		expect(
			( init.headers as Record< string, string > )[ 'Content-Type' ]
		).toMatch( /^application\/x-www-form-urlencoded/ );
		const sent = new URLSearchParams( init.body as string );
		expect( sent.get( 'action' ) ).toBe( 'process_address_search' );
		expect( sent.get( 'addressText' ) ).toBe( '1 Main St & Co' );
	} );

	it( 'logs a non-OK status with a warning, not an error', async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		const post = createAjaxClient( '/ajax', fakeFetch( 500, undefined ) );
		const response = await post( 'payment_intent', {} );
		expect( response ).toEqual( { ok: false, status: 500, body: null } );
		expect( warn ).toHaveBeenCalled();
		warn.mockRestore();
	} );

	it( 'reads nested values safely', () => {
		const body = {
			data: { result: { confidence: 'Verified match', n: 3 } },
		};
		expect( pick( body, 'data', 'result', 'confidence' ) ).toBe(
			'Verified match'
		);
		expect( pickText( body, 'data', 'result', 'n' ) ).toBe( '3' );
		expect( pickText( body, 'data', 'missing', 'x' ) ).toBe( '' );
		expect( pick( null, 'a' ) ).toBeUndefined();
	} );
} );
