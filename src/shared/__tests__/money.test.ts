import { formatMoney, roundToCents, toCents, toDecimalString } from '../money';

describe( 'formatMoney (widget contract §9: 2 decimals, trailing ".00" dropped, en-AU separators)', () => {
	it.each( [
		[ 25, '25' ],
		[ 25.5, '25.50' ],
		[ 1.25, '1.25' ],
		[ 0, '0' ],
		[ 1000000, '1,000,000' ],
		[ 999999.99, '999,999.99' ],
		[ 1000019.99, '1,000,019.99' ],
		[ 1000, '1,000' ],
		[ 999.5, '999.50' ],
		[ 12345.6, '12,345.60' ],
		[ '1000000.5', '1,000,000.50' ],
		[ 26.25, '26.25' ],
		[ 1.005, '1.01' ],
		[ 0.1 + 0.2, '0.30' ],
		[ '40', '40' ],
		[ '12.5', '12.50' ],
		[ 'abc', '0' ],
		[ Number.NaN, '0' ],
	] )( '%p → %p', ( input, expected ) => {
		expect( formatMoney( input ) ).toBe( expected );
	} );
} );

describe( 'cents and decimal strings', () => {
	it.each( [
		[ 25, 2500, '25.00' ],
		[ 26.25, 2625, '26.25' ],
		[ 19.99, 1999, '19.99' ],
		[ 0.1 + 0.2, 30, '0.30' ],
		[ 999999.99, 99999999, '999999.99' ],
	] )( '%p → %p cents, %p', ( dollars, cents, text ) => {
		expect( toCents( dollars ) ).toBe( cents );
		expect( toDecimalString( dollars ) ).toBe( text );
	} );

	it( 'rounds to cents', () => {
		expect( roundToCents( 1.666 ) ).toBe( 1.67 );
		expect( roundToCents( Number.POSITIVE_INFINITY ) ).toBe( 0 );
	} );
} );
