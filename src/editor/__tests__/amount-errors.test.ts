import {
	defaultAmountError,
	inspectorProblems,
	presetAmountsError,
	presetAmountsErrors,
} from '../amount-errors';
import {
	frequencyChoice,
	toWidgetConfig,
	type BlockAttributes,
} from '../attributes';
import { publishLockMessage } from '../publish-lock';

const COUNT = 'Enter exactly three amounts, separated by commas.';
const amount = ( text: string ) =>
	`"${ text }" is not an amount from $5 to $999,999.99 with at most two decimals.`;
const DEFAULT =
	'Enter an amount from $5 to $999,999.99 with at most two decimals, or leave this empty.';

describe( 'preset amounts typed in the inspector (widget contract §5.1, §9)', () => {
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

describe( 'every problem named (issue 21: only the first was)', () => {
	it.each( [
		[ '', [] ],
		[ '25, 50, 100', [] ],
		[ '3, abc', [ amount( '3' ), amount( 'abc' ), COUNT ] ],
		[ '3, abc, 4', [ amount( '3' ), amount( 'abc' ), amount( '4' ) ] ],
		[ 'abc, 20, abc', [ amount( 'abc' ) ] ],
		[ '10, 20', [ COUNT ] ],
	] )( 'presets %p → %p', ( text, expected ) => {
		expect( presetAmountsErrors( text ) ).toEqual( expected );
	} );

	it( 'names each bad value with its field, for the publish notice', () => {
		expect(
			inspectorProblems( {
				amountValues: '3, abc, 30',
				defaultAmount: '-4',
			} )
		).toEqual( [
			`Preset amounts: ${ amount( '3' ) }`,
			`Preset amounts: ${ amount( 'abc' ) }`,
			'Default amount: "-4" is not an amount from $5 to $999,999.99 with at most two decimals.',
		] );
		expect(
			inspectorProblems( {
				amountValues: '10, 20, 30',
				defaultAmount: '',
			} )
		).toEqual( [] );
		expect( inspectorProblems( {} ) ).toEqual( [] );
		expect( publishLockMessage( [ 'A.', 'B.' ] ) ).toBe(
			'This page cannot be published while the Donation Widget block holds values it cannot use. A. B.'
		);
	} );
} );

describe( 'trigger button', () => {
	const attributes: BlockAttributes = {
		widgetType: 'donation',
		modal: true,
		position: 'center',
		hideAddress: false,
		hideMobile: false,
		hideInMemory: false,
		amountValues: '',
		defaultAmount: '',
		iterationId: '',
		donationType: '',
		trigger: true,
		triggerText: 'Give now',
	};

	it( "carries the editor's text only for a modal with the button on", () => {
		expect( toWidgetConfig( attributes ).trigger_text ).toBe( 'Give now' );
		expect(
			toWidgetConfig( { ...attributes, triggerText: '  ' } ).trigger_text
		).toBe( 'Donate' );
		expect(
			toWidgetConfig( { ...attributes, trigger: false } ).trigger_text
		).toBe( '' );
		expect(
			toWidgetConfig( { ...attributes, modal: false } ).trigger_text
		).toBe( '' );
	} );
} );
