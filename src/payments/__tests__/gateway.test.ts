import {
	isAcceptedPending,
	newAttemptId,
	pageUrlWithoutQuery,
} from '../gateway';

const UUID =
	/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

describe( 'payment attempt ids', () => {
	it( 'are fresh UUIDs', () => {
		const first = newAttemptId();
		expect( first ).toMatch( UUID );
		expect( newAttemptId() ).not.toBe( first );
	} );

	it( 'are UUIDs without crypto.randomUUID (plain-http pages)', () => {
		const original = crypto.randomUUID;
		Object.defineProperty( crypto, 'randomUUID', {
			value: undefined,
			configurable: true,
		} );
		try {
			expect( newAttemptId() ).toMatch( UUID );
		} finally {
			Object.defineProperty( crypto, 'randomUUID', {
				value: original,
				configurable: true,
			} );
		}
	} );
} );

describe( 'accepted but pending answers', () => {
	it.each( [
		[ 202, 'pending', true ],
		[ 200, 'pending', false ],
		[ 202, 'server', false ],
		[ 200, '', false ],
	] )( 'status %p type %p → %p', ( status, type, expected ) => {
		expect(
			isAcceptedPending( {
				ok: true,
				status,
				body: { success: false, type },
			} )
		).toBe( expected );
	} );
} );

it( 'drops the query and fragment of the page address', () => {
	expect(
		pageUrlWithoutQuery( {
			origin: 'https://charity.example',
			pathname: '/give/',
		} )
	).toBe( 'https://charity.example/give/' );
} );
