import {
	attemptMemory,
	attemptMemoryKey,
	outcomeUnknown,
} from '../attempt-memory';

const unknownAnswer = {
	ok: false,
	status: 504,
	body: {
		success: false,
		type: 'server',
		data: { outcome: 'unknown' },
	},
};
const declined = {
	ok: true,
	status: 200,
	body: { success: false, type: 'card_error' },
};
const refused = {
	ok: false,
	status: 429,
	body: { success: false, type: 'rate_limited', data: { charged: false } },
};

function memoryWith( storage: Storage ) {
	let next = 0;
	return attemptMemory( 'key', storage, () => `new-${ ++next }` );
}

describe( 'which answers leave an attempt unknown', () => {
	it.each( [
		[ 'no answer (the call threw)', null, true ],
		[
			'an unreadable answer',
			{ ok: false, status: 500, body: null },
			true,
		],
		[ 'the provider did not answer', unknownAnswer, true ],
		[ 'a decline', declined, false ],
		[ 'a refusal before any provider', refused, false ],
		[
			'a payment',
			{ ok: true, status: 200, body: { success: true } },
			false,
		],
	] )( '%s', ( _name, response, expected ) => {
		expect( outcomeUnknown( response ) ).toBe( expected );
	} );
} );

describe( 'an attempt whose outcome is unknown', () => {
	it( 'is carried on by the next payment of the same form, after a reload', () => {
		const storage = window.sessionStorage;
		storage.clear();
		const before = memoryWith( storage );
		const id = before.idFor( 'form-a' );
		before.answered( id, 'form-a', unknownAnswer );

		const afterReload = memoryWith( storage );
		expect( afterReload.idFor( 'form-a' ) ).toBe( id );
	} );

	it( 'is not reused for another form', () => {
		const storage = window.sessionStorage;
		storage.clear();
		const memory = memoryWith( storage );
		const id = memory.idFor( 'form-a' );
		memory.answered( id, 'form-a', null );
		expect( memory.idFor( 'form-b' ) ).not.toBe( id );
	} );

	it( 'ends with any answer that says what happened', () => {
		const storage = window.sessionStorage;
		storage.clear();
		const memory = memoryWith( storage );
		const id = memory.idFor( 'form-a' );
		memory.answered( id, 'form-a', null );
		memory.answered( id, 'form-a', declined );
		expect( memory.idFor( 'form-a' ) ).not.toBe( id );
	} );

	it( 'never comes from an id it did not hand out (a PayPal order attempt)', () => {
		const storage = window.sessionStorage;
		storage.clear();
		const memory = memoryWith( storage );
		memory.answered( 'paypal-attempt', 'form-a', null );
		expect( memory.idFor( 'form-a' ) ).not.toBe( 'paypal-attempt' );
	} );

	it( 'has one key per page and widget', () => {
		expect( attemptMemoryKey( '/give/', 1 ) ).toBe(
			'donation-widget:attempt:/give/#1'
		);
	} );
} );
