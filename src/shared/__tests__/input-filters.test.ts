import {
	FILTER_MAX_LENGTH,
	acceptsAmountKeystroke,
	filterMobile,
	filterName,
	filterNameOnCard,
	filterOrganisationName,
	filterPastedAmount,
	filterPostcode,
	filterStreet,
	normaliseAmountInput,
} from '../input-filters';

describe( 'character filters (widget contract §5.2, §5.3)', () => {
	it.each( [
		// Names, city, state, country, in honour of: letters, spaces, ' & -
		[ filterName, "Mary-Jane O'Brien", "Mary-Jane O'Brien" ],
		[ filterName, 'Smith & Sons', 'Smith & Sons' ],
		[ filterName, 'Jo3hn_!@#$%^*()=+Doe', 'JohnDoe' ],
		[ filterName, 'John, Doe.', 'John Doe' ],
		[ filterName, 'José Zoë', 'José Zoë' ],
		[ filterName, 'O’Neil', 'O’Neil' ],
		[ filterName, 'New South Wales 2000', 'New South Wales ' ],
		// Organisation: the above plus digits
		[ filterOrganisationName, 'Club 42 & Co.', 'Club 42 & Co' ],
		[ filterOrganisationName, "St Mary's #1", "St Mary's 1" ],
		// Street: letters, digits, spaces, ' , & - /
		[
			filterStreet,
			'1/23 Smith St, Unit-4 & Co.',
			'1/23 Smith St, Unit-4 & Co',
		],
		[ filterStreet, "12 O'Connell St #5 (rear)", "12 O'Connell St 5 rear" ],
		// Postcode: digits only
		[ filterPostcode, 'NSW 2000', '2000' ],
		[ filterPostcode, '20-00', '2000' ],
		// Name on card: letters, whitespace, ' & -
		[ filterNameOnCard, 'MR J. SMITH-JONES 3', 'MR J SMITH-JONES ' ],
		[ filterNameOnCard, "D'Arcy & Co", "D'Arcy & Co" ],
	] )( '%p(%p) → %p', ( filter, input, expected ) => {
		expect( filter( input ) ).toBe( expected );
	} );

	it.each( [
		filterName,
		filterOrganisationName,
		filterStreet,
		filterPostcode,
		filterNameOnCard,
	] )( '%p cuts to 100 characters', ( filter ) => {
		const long =
			filter === filterPostcode ? '1'.repeat( 150 ) : 'a'.repeat( 150 );
		expect( filter( long ) ).toHaveLength( FILTER_MAX_LENGTH );
		expect( FILTER_MAX_LENGTH ).toBe( 100 );
	} );

	it.each( [
		[ '0412 345 678', '0412345678' ],
		[ '+61 412 345 678', '6141234567' ],
		[ '04123456789999', '0412345678' ],
		[ 'abc', '' ],
	] )( 'mobile %p → %p (digits only, at most 10)', ( input, expected ) => {
		expect( filterMobile( input ) ).toBe( expected );
	} );
} );

describe( 'custom amount keystroke filter (widget contract §5.1)', () => {
	const stroke = (
		key: string,
		value: string,
		selectionStart: number | null = value.length,
		selectionEnd: number | null = selectionStart,
		withShortcutModifier = false
	) =>
		acceptsAmountKeystroke( {
			key,
			value,
			selectionStart,
			selectionEnd,
			withShortcutModifier,
		} );

	it.each( [
		[ '5', '', true ],
		[ '0', '12', true ],
		[ '.', '12', true ],
		[ 'Backspace', '12.5', true ],
		[ 'Delete', '12.5', true ],
		[ 'a', '12', false ],
		[ 'e', '12', false ],
		[ '-', '12', false ],
		[ '+', '12', false ],
		[ '$', '', false ],
		[ ',', '1', false ],
		[ ' ', '1', false ],
		// A second "." is blocked.
		[ '.', '12.5', false ],
		// More than 2 decimal places are blocked.
		[ '9', '12.55', false ],
		[ '9', '12.5', true ],
		// Keyboard navigation stays usable.
		[ 'Tab', '12', true ],
		[ 'ArrowLeft', '12', true ],
		[ 'Enter', '12', true ],
	] )( 'key %p on %p → accepted %p', ( key, value, expected ) => {
		expect( stroke( key, value ) ).toBe( expected );
	} );

	it( 'judges the text the key would produce, not the end of the field', () => {
		// Typing before the "." of "12.55" adds a whole-dollar digit.
		expect( stroke( '3', '12.55', 0 ) ).toBe( true );
		// Replacing a selected "." with another "." is fine.
		expect( stroke( '.', '12.5', 2, 3 ) ).toBe( true );
		// Replacing the selected decimals is fine.
		expect( stroke( '7', '12.55', 3, 5 ) ).toBe( true );
	} );

	it( 'lets shortcuts such as Ctrl+V through', () => {
		expect( stroke( 'v', '12', 2, 2, true ) ).toBe( true );
	} );
} );

describe( 'custom amount paste filter (widget contract §5.1)', () => {
	it.each( [
		[ '$1,234.56', '1234.56' ],
		[ '12.3.4', '12.34' ],
		[ 'abc', '' ],
		[ ' 50 ', '50' ],
		[ '1.234', '1.234' ],
		[ '..5', '.5' ],
	] )( 'pasting %p keeps %p', ( pasted, expected ) => {
		expect( filterPastedAmount( pasted ) ).toBe( expected );
	} );

	it.each( [
		[ '1.234', '1.23' ],
		[ '12.3.4', '12.34' ],
		[ '25', '25' ],
		[ '2x5', '25' ],
	] )( 'the field value %p is normalised to %p', ( typed, expected ) => {
		expect( normaliseAmountInput( typed ) ).toBe( expected );
	} );
} );
