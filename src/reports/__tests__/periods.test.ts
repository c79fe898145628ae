import { checkRange, choiceLabels, formatDate, presetRange } from '../periods';
import { formatCents } from '../money';

describe( 'the period picker', () => {
	it( 'runs the financial year from 1 July, to today', () => {
		expect( presetRange( 'this_fy', '2026-11-26' ) ).toEqual( {
			from: '2026-07-01',
			to: '2026-11-26',
		} );
		// Before July, the year under way began last calendar year.
		expect( presetRange( 'this_fy', '2026-06-30' ) ).toEqual( {
			from: '2025-07-01',
			to: '2026-06-30',
		} );
		expect( presetRange( 'this_fy', '2026-07-01' ).from ).toBe(
			'2026-07-01'
		);
	} );

	it( 'gives last financial year whole, 1 July to 30 June', () => {
		expect( presetRange( 'last_fy', '2026-11-26' ) ).toEqual( {
			from: '2025-07-01',
			to: '2026-06-30',
		} );
		expect( presetRange( 'last_fy', '2026-03-01' ) ).toEqual( {
			from: '2024-07-01',
			to: '2025-06-30',
		} );
	} );

	it( 'gives this month to today and last month whole, across the new year and leap days', () => {
		expect( presetRange( 'this_month', '2026-11-26' ) ).toEqual( {
			from: '2026-11-01',
			to: '2026-11-26',
		} );
		expect( presetRange( 'last_month', '2027-01-05' ) ).toEqual( {
			from: '2026-12-01',
			to: '2026-12-31',
		} );
		expect( presetRange( 'last_month', '2028-03-10' ) ).toEqual( {
			from: '2028-02-01',
			to: '2028-02-29',
		} );
	} );

	it( 'names the financial years', () => {
		const labels = choiceLabels( '2026-11-26' );
		expect( labels.this_fy ).toBe( 'This financial year (2026–27)' );
		expect( labels.last_fy ).toBe( 'Last financial year (2025–26)' );
	} );

	it( 'says what is wrong with custom dates', () => {
		const today = '2026-11-26';
		expect( checkRange( { from: '', to: '' }, today ) ).toEqual( {
			from: 'Enter a start date.',
			to: 'Enter an end date.',
		} );
		expect(
			checkRange( { from: '2026-02-30', to: '2026-03-01' }, today ).from
		).toBe(
			'The start date is not a real date: check its day, month and year.'
		);
		expect(
			checkRange( { from: '2026-10-02', to: '2026-10-01' }, today ).to
		).toBe( 'The end date must be on or after the start date.' );
		expect(
			checkRange( { from: '2026-12-01', to: '2026-12-31' }, today ).from
		).toBe(
			'The start date is in the future: there are no donations yet.'
		);
		expect(
			checkRange( { from: '2016-07-01', to: '2026-06-30' }, today )
		).toEqual( {} );
		expect(
			checkRange( { from: '2016-06-01', to: '2026-06-30' }, today ).from
		).toBe(
			'A report covers at most 3660 days (about 10 years): pick a later start date.'
		);
		expect(
			checkRange( { from: '2026-10-01', to: '2026-10-01' }, today )
		).toEqual( {} );
	} );

	it( 'writes dates out in full', () => {
		expect( formatDate( '2026-11-03' ) ).toBe( '3 November 2026' );
	} );
} );

describe( 'money', () => {
	it( 'shows whole cents as dollars with separators, as the PHP screens do', () => {
		expect( formatCents( 123456 ) ).toBe( '$1,234.56' );
		expect( formatCents( 0 ) ).toBe( '$0.00' );
		expect( formatCents( 5 ) ).toBe( '$0.05' );
		expect( formatCents( 100000000 ) ).toBe( '$1,000,000.00' );
		expect( formatCents( -2500 ) ).toBe( '-$25.00' );
	} );
} );
