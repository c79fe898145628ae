import {
	isAcceptedPending,
	newAttemptId,
	pageUrlWithoutQuery,
	serverNotice,
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

describe( "what a failed payment answer said (the failure screen's extra lines)", () => {
	const answer = ( status: number, body: unknown ) => ( {
		ok: status < 300,
		status,
		body,
	} );

	it( 'reads the plugin\'s message and its "nothing was charged"', () => {
		expect(
			serverNotice(
				answer( 429, {
					success: false,
					type: 'rate_limited',
					data: {
						message: ' Too many payment attempts. ',
						charged: false,
					},
				} )
			)
		).toEqual( {
			message: 'Too many payment attempts.',
			notCharged: true,
		} );
	} );

	it( 'says the charge is unknown only when the server said so (data.outcome "unknown")', () => {
		expect(
			serverNotice(
				answer( 504, {
					success: false,
					type: 'server',
					data: {
						message: 'The payment service is not answering.',
						outcome: 'unknown',
					},
				} )
			)
		).toEqual( {
			message: 'The payment service is not answering.',
			notCharged: false,
			charge: 'unknown',
		} );
		// "Not charged" is the server's firmer word and wins.
		expect(
			serverNotice(
				answer( 502, {
					success: false,
					data: { charged: false, outcome: 'unknown' },
				} )
			)
		).toEqual( { message: '', notCharged: true } );
	} );

	it( 'never reads "not charged" from a missing or other charged field', () => {
		for ( const charged of [ undefined, true, 'false', 0, null ] ) {
			expect(
				serverNotice(
					answer( 502, {
						success: false,
						data: { message: 'No answer.', charged },
					} )
				)
			).toEqual( { message: 'No answer.', notCharged: false } );
		}
	} );

	it.each( [
		[ 'an HTML page or empty body (not JSON)', null ],
		[ "admin-ajax's bare 0", 0 ],
		[ "a proxy's own JSON", { error: 'Bad gateway', message: 'x' } ],
		[ 'a success', { success: true, data: { message: 'ok' } } ],
		[ 'a failure that says nothing', { success: false, data: {} } ],
		[
			'a message that is no text',
			{ success: false, data: { message: [ 'a' ] } },
		],
	] )( 'is nothing for %s', ( _name, body ) => {
		expect( serverNotice( answer( 500, body ) ) ).toBeUndefined();
	} );

	it( 'drops a message too long to be meant for a donor, keeping "not charged"', () => {
		expect(
			serverNotice(
				answer( 429, {
					success: false,
					data: { message: 'x'.repeat( 301 ), charged: false },
				} )
			)
		).toEqual( { message: '', notCharged: true } );
	} );
} );
