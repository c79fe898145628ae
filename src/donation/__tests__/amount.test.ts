import { coverAmountField } from '../../shared/help-cover';
import {
	amountFromInput,
	helpCoverAmount,
	isPresetSelected,
	parseFrequency,
	totalAmount,
	validateAmount,
} from '../amount';

const LOW = 'Please choose or enter a donation amount greater than $5';
const HIGH = 'Please choose or enter a donation amount less than $999,999.99';
const NAN = 'Please enter a valid number';

describe( 'help cover (widget contract §9: 5%, capped at $20)', () => {
	it.each( [
		[ 25, 1.25 ],
		[ 50, 2.5 ],
		[ 33.33, 1.67 ],
		[ 400, 20 ],
		[ 399.99, 20 ],
		[ 1000, 20 ],
		[ 5, 0.25 ],
		[ 35, 1.75 ],
		// 4.015 and 4.105 exactly: half a cent goes up, as on the server
		// (floating point alone gives 4.01 and 4.10).
		[ 80.3, 4.02 ],
		[ 82.1, 4.11 ],
		[ 0, 0 ],
	] )( 'amount %p → cover %p', ( amount, cover ) => {
		expect( helpCoverAmount( amount ) ).toBe( cover );
	} );

	it( 'uses the given rate', () => {
		expect( helpCoverAmount( 100, 0.1 ) ).toBe( 10 );
	} );

	it.each( [
		[ 999979.99, 20 ],
		[ 999990, 9.99 ],
		[ 999999.98, 0.01 ],
		[ 999999.99, 0 ],
		[ 2000000, 0 ],
	] )(
		'near the $999,999.99 maximum, amount %p → cover %p (only the room left)',
		( amount, cover ) => {
			expect( helpCoverAmount( amount ) ).toBe( cover );
		}
	);

	it( 'never takes the total past the maximum', () => {
		for ( let cents = 99990000; cents <= 99999999; cents += 37 ) {
			const total = totalAmount( {
				amount: cents / 100,
				helpCover: true,
				helpCoverPercent: 0.05,
			} );
			expect( total ).toBeLessThanOrEqual( 999999.99 );
		}
	} );
} );

describe( 'coverAmount, the field sent beside formData', () => {
	const values = ( amount: number, helpCover: boolean ) => ( {
		amount,
		helpCover,
		helpCoverPercent: 0.05,
	} );

	it.each( [
		[ 35, true, '1.75' ],
		[ 80.3, true, '4.02' ],
		[ 1000, true, '20.00' ],
		[ 35, false, '0' ],
	] )( 'amount %p, helpCover %p → %p', ( amount, helpCover, expected ) => {
		expect( coverAmountField( values( amount, helpCover ) ) ).toBe(
			expected
		);
	} );

	it( 'adds up with formData.totalAmount to the cent', () => {
		for ( let cents = 500; cents <= 60000; cents += 7 ) {
			const current = values( cents / 100, true );
			const total = Math.round( totalAmount( current ) * 100 );
			const cover = Math.round(
				Number( coverAmountField( current ) ) * 100
			);
			expect( total - cover ).toBe( cents );
		}
	} );
} );

describe( 'totalAmount (widget contract §4.3)', () => {
	it.each( [
		[ 25, false, 25 ],
		[ 25, true, 26.25 ],
		[ 1000, true, 1020 ],
		[ 19.99, true, 20.99 ],
		[ 0, true, 0 ],
	] )( 'amount %p, helpCover %p → %p', ( amount, helpCover, total ) => {
		expect(
			totalAmount( { amount, helpCover, helpCoverPercent: 0.05 } )
		).toBe( total );
	} );
} );

describe( 'amount validation (widget contract §5.1, §8)', () => {
	it.each( [
		// Presets (no custom amount typed)
		[ 20, '', null ],
		[ 5, '', null ],
		[ 4.99, '', LOW ],
		[ 0, '', LOW ],
		[ Number.NaN, '', LOW ],
		// Custom amounts
		[ 50, '5', null ],
		[ 50, '12.5', null ],
		[ 50, '12.50', null ],
		[ 50, '4.99', LOW ],
		[ 50, '0', LOW ],
		[ 50, '999999.99', null ],
		[ 50, '1000000', HIGH ],
		[ 50, '999999.991', NAN ],
		[ 50, '12.', NAN ],
		[ 50, '.5', NAN ],
		[ 50, 'abc', NAN ],
		[ 50, '1.2.3', NAN ],
	] )( 'amount %p with custom %p → %p', ( amount, inputAmount, expected ) => {
		expect( validateAmount( { amount, inputAmount } ) ).toBe( expected );
	} );
} );

describe( 'custom amount sets amount (widget contract §4.3)', () => {
	it.each( [
		[ '30', 30 ],
		[ '12.5', 12.5 ],
		[ '', 50 ],
		[ '0', 50 ],
		[ '0.00', 50 ],
		[ '.', 50 ],
	] )( '%p → %p (default 50)', ( input, expected ) => {
		expect( amountFromInput( input, 50 ) ).toBe( expected );
	} );
} );

describe( 'preset highlight', () => {
	it.each( [
		[ '50', 50, true ],
		[ '50', 50.0, true ],
		[ '50.00', 50, true ],
		[ '50', 49.99, false ],
		[ 'x', 0, false ],
	] )( 'preset %p, amount %p → %p', ( preset, amount, expected ) => {
		expect( isPresetSelected( preset, amount ) ).toBe( expected );
	} );
} );

describe( 'frequency from configuration', () => {
	it.each( [
		[ 'Oneoff', 'Oneoff' ],
		[ 'oneoff', 'Oneoff' ],
		[ '4weekly', '4weekly' ],
		[ ' 4WEEKLY ', '4weekly' ],
		[ '', null ],
		[ 'monthly', null ],
	] )( '%p → %p', ( value, expected ) => {
		expect( parseFrequency( value ) ).toBe( expected );
	} );
} );
