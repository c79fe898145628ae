import { defaultAmountError, presetAmountsError } from '../amount-errors';
import { frequencyChoice } from '../attributes';

const COUNT = 'Enter exactly three amounts, separated by commas.';
const amount = ( text: string ) =>
	`"${ text }" is not an amount from $5 to $999,999.99 with at most two decimals.`;
const DEFAULT =
	'Enter an amount from $5 to $999,999.99 with at most two decimals, or leave this empty.';

describe( 'preset amounts typed in the inspector (SPEC §5.1, §9)', () => {
	it.each( [
		[ '', null ],
		[ '25, 50, 100', null ],
		[ '5,20.5,999999.99', null ],
		[ ' 10 , 20 , 30 ', null ],
		[ '3, abc', amount( '3' ) ],
		[ '10, abc', amount( 'abc' ) ],
		[ '10, 20, -4', amount( '-4' ) ],
		[ '10, 20, 4.99', amount( '4.99' ) ],
		[ '10, 20, 1000000', amount( '1000000' ) ],
		[ '10, 20, 30.001', amount( '30.001' ) ],
		[ '10, 20', COUNT ],
		[ '10, 20,', COUNT ],
		[ '10, , 30', COUNT ],
		[ '10, 20, 30, 40', COUNT ],
	] )( '%p → %p', ( text, expected ) => {
		expect( presetAmountsError( text ) ).toBe( expected );
	} );
} );

describe( 'default amount typed in the inspector', () => {
	it.each( [
		[ '', null ],
		[ '5', null ],
		[ '25.50', null ],
		[ '999999.99', null ],
		[ '-4', DEFAULT ],
		[ '0', DEFAULT ],
		[ '4.99', DEFAULT ],
		[ '1000000', DEFAULT ],
		[ '25.001', DEFAULT ],
		[ 'abc', DEFAULT ],
	] )( '%p → %p', ( text, expected ) => {
		expect( defaultAmountError( text ) ).toBe( expected );
	} );
} );

describe( 'default frequency', () => {
	it( 'shows "4weekly" and "" as the one "Every 4 weeks" choice', () => {
		expect( frequencyChoice( '' ) ).toBe( '' );
		expect( frequencyChoice( '4weekly' ) ).toBe( '' );
		expect( frequencyChoice( 'Oneoff' ) ).toBe( 'Oneoff' );
	} );
} );
