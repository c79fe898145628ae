import { act } from 'react';
import { Formik } from 'formik';
import {
	AddressLookup,
	SEARCH_DEBOUNCE_MS,
	hasAddressParts,
} from '../AddressLookup';
import { valuesFixture } from '../../shared/__tests__/fixtures';
import { EMPTY_ADDRESS } from '../../shared/donation-values';
import {
	byLabel,
	byText,
	click,
	keyDown,
	render,
	settle,
	typeInto,
	type Rendered,
} from '../../shared/__tests__/dom';
import type { AjaxFields, AjaxResponse } from '../../shared/ajax';

const ok = ( body: unknown ): AjaxResponse => ( {
	ok: true,
	status: 200,
	body,
} );

const suggestions = ok( {
	data: {
		result: {
			confidence: 'Multiple matches',
			suggestions: [
				{
					text: '1 Main St, Sydney NSW 2000',
					global_address_key: 'key-1',
				},
				{
					text: '1 Main Rd, Perth WA 6000',
					global_address_key: 'key-2',
				},
			],
		},
	},
} );

const verified = ok( {
	data: {
		result: {
			confidence: 'Verified match',
			address: {
				address_line_1: '1 Main St',
				address_line_2: '',
				locality: 'Sydney',
				region: 'NSW',
				postal_code: '2000',
				country: 'Australia',
			},
		},
	},
} );

let view: Rendered;
let post: jest.Mock< Promise< AjaxResponse >, [ string, AjaxFields ] >;

async function renderLookup() {
	view = await render(
		<Formik initialValues={ valuesFixture() } onSubmit={ () => undefined }>
			<AddressLookup minSearchChars={ 4 } post={ post } />
		</Formik>
	);
	return view.container;
}

async function typeAndWait( input: Element | null, text: string ) {
	await typeInto( input, text );
	await act( async () => {
		jest.advanceTimersByTime( SEARCH_DEBOUNCE_MS );
	} );
	await settle();
}

beforeEach( () => {
	jest.useFakeTimers( {
		doNotFake: [ 'setImmediate', 'queueMicrotask', 'nextTick' ],
	} );
	post = jest.fn();
} );

afterEach( () => {
	view?.unmount();
	jest.useRealTimers();
} );

const combobox = ( root: HTMLElement ) =>
	root.querySelector< HTMLInputElement >(
		'[role="combobox"]'
	) as HTMLInputElement;
const options = ( root: HTMLElement ) =>
	Array.from( root.querySelectorAll( '[role="option"]' ) );
const addressError = ( root: HTMLElement ) =>
	root.querySelector(
		`[id="${ combobox( root ).getAttribute( 'aria-describedby' ) }"]`
	)?.textContent;

describe( 'address lookup (widget contract §2.4, §4.5)', () => {
	it( 'is a labelled combobox tied to its listbox', async () => {
		const root = await renderLookup();
		const input = combobox( root );
		expect( byLabel( root, 'Address' ) ).toBe( input );
		expect( input.getAttribute( 'aria-expanded' ) ).toBe( 'false' );
		const list = root.querySelector(
			`[id="${ input.getAttribute( 'aria-controls' ) }"]`
		);
		expect( list?.getAttribute( 'role' ) ).toBe( 'listbox' );
		expect( root.textContent ).toContain( "Can't find your address?" );
	} );

	it( 'searches only from the minimum length, after a pause, and shows suggestions', async () => {
		const root = await renderLookup();
		await typeAndWait( combobox( root ), '1 M' );
		expect( post ).not.toHaveBeenCalled();

		post.mockResolvedValueOnce( suggestions );
		await typeInto( combobox( root ), '1 Ma' );
		await typeInto( combobox( root ), '1 Mai' );
		await act( async () => {
			jest.advanceTimersByTime( SEARCH_DEBOUNCE_MS );
		} );
		await settle();
		expect( post ).toHaveBeenCalledTimes( 1 );
		expect( post ).toHaveBeenCalledWith( 'process_address_search', {
			addressText: '1 Mai',
		} );
		expect(
			options( root ).map( ( option ) => option.textContent )
		).toEqual( [
			'1 Main St, Sydney NSW 2000',
			'1 Main Rd, Perth WA 6000',
		] );
		expect( combobox( root ).getAttribute( 'aria-expanded' ) ).toBe(
			'true'
		);
	} );

	it( 'ignores an answer that arrives after a newer search', async () => {
		const root = await renderLookup();
		let answerFirst: ( value: AjaxResponse ) => void = () => undefined;
		post.mockImplementationOnce(
			() => new Promise( ( resolve ) => ( answerFirst = resolve ) )
		);
		post.mockResolvedValueOnce(
			ok( {
				data: { result: { confidence: 'No matches', suggestions: [] } },
			} )
		);
		await typeAndWait( combobox( root ), '1 Main' );
		await typeAndWait( combobox( root ), '1 Main Zzz' );
		await act( async () => answerFirst( suggestions ) );
		await settle();
		expect( options( root ) ).toHaveLength( 0 );
		expect( addressError( root ) ).toBe( 'No matches' );
	} );

	it( 'arrow keys move, Enter chooses and a verified match fills and locks', async () => {
		const root = await renderLookup();
		post.mockResolvedValueOnce( suggestions ).mockResolvedValueOnce(
			verified
		);
		await typeAndWait( combobox( root ), '1 Main' );
		await keyDown( combobox( root ), 'ArrowDown' );
		await keyDown( combobox( root ), 'ArrowDown' );
		await keyDown( combobox( root ), 'ArrowUp' );
		const active = combobox( root ).getAttribute( 'aria-activedescendant' );
		expect( root.querySelector( `[id="${ active }"]` )?.textContent ).toBe(
			'1 Main St, Sydney NSW 2000'
		);
		expect(
			root
				.querySelector( `[id="${ active }"]` )
				?.getAttribute( 'aria-selected' )
		).toBe( 'true' );

		expect( await keyDown( combobox( root ), 'Enter' ) ).toBe( false );
		expect( post ).toHaveBeenLastCalledWith( 'process_validate_address', {
			global_address_key: 'key-1',
		} );
		expect( combobox( root ).disabled ).toBe( true );
		expect( combobox( root ).value ).toBe( '1 Main St, Sydney NSW 2000' );
		expect( combobox( root ).getAttribute( 'aria-expanded' ) ).toBe(
			'false'
		);
		expect( ( byLabel( root, 'Street' ) as HTMLInputElement ).value ).toBe(
			'1 Main St'
		);
		expect( ( byLabel( root, 'City' ) as HTMLInputElement ).value ).toBe(
			'Sydney'
		);
		expect( ( byLabel( root, 'State' ) as HTMLInputElement ).value ).toBe(
			'NSW'
		);
		expect(
			( byLabel( root, 'Postcode' ) as HTMLInputElement ).value
		).toBe( '2000' );
		expect( ( byLabel( root, 'Country' ) as HTMLInputElement ).value ).toBe(
			'Australia'
		);
		// The manual panel opened by itself.
		expect(
			root.querySelector( '.dw-manual' )?.hasAttribute( 'hidden' )
		).toBe( false );
		expect(
			byText( root, 'button', 'Enter manually' )?.getAttribute(
				'aria-expanded'
			)
		).toBe( 'true' );

		await click( byText( root, 'button', 'Clear' ) );
		expect( combobox( root ).disabled ).toBe( false );
		expect( combobox( root ).value ).toBe( '' );
		expect( ( byLabel( root, 'Street' ) as HTMLInputElement ).value ).toBe(
			''
		);
		expect( ( byLabel( root, 'Country' ) as HTMLInputElement ).value ).toBe(
			'Australia'
		);
	} );

	it( 'a suggestion that is not a verified match shows "Invalid address format"', async () => {
		const root = await renderLookup();
		post.mockResolvedValueOnce( suggestions ).mockResolvedValueOnce(
			ok( {
				data: { result: { confidence: 'Partial match', address: {} } },
			} )
		);
		await typeAndWait( combobox( root ), '1 Main' );
		await click( options( root )[ 1 ] );
		expect( post ).toHaveBeenLastCalledWith( 'process_validate_address', {
			global_address_key: 'key-2',
		} );
		expect( addressError( root ) ).toBe( 'Invalid address format' );
		expect( combobox( root ).getAttribute( 'aria-invalid' ) ).toBe(
			'true'
		);
		expect( combobox( root ).disabled ).toBe( false );
	} );

	it( 'Escape and a click outside close the list', async () => {
		const root = await renderLookup();
		post.mockResolvedValue( suggestions );
		await typeAndWait( combobox( root ), '1 Main' );
		expect( await keyDown( combobox( root ), 'Escape' ) ).toBe( false );
		expect( combobox( root ).getAttribute( 'aria-expanded' ) ).toBe(
			'false'
		);

		await typeAndWait( combobox( root ), '1 Main S' );
		expect( combobox( root ).getAttribute( 'aria-expanded' ) ).toBe(
			'true'
		);
		await act( async () => {
			document.body.dispatchEvent(
				new MouseEvent( 'mousedown', { bubbles: true } )
			);
		} );
		expect( combobox( root ).getAttribute( 'aria-expanded' ) ).toBe(
			'false'
		);
	} );

	it( 'a failed search is only logged', async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		const root = await renderLookup();
		post.mockRejectedValueOnce( new Error( 'offline' ) );
		await typeAndWait( combobox( root ), '1 Main' );
		expect( warn ).toHaveBeenCalledWith(
			'[donation-widget] address search failed',
			expect.any( Error )
		);
		warn.mockRestore();
		expect( options( root ) ).toHaveLength( 0 );
		expect( addressError( root ) ).toBe( '' );
	} );

	it( '"Enter manually" toggles the manual fields with their filters and lengths', async () => {
		const root = await renderLookup();
		const toggle = byText(
			root,
			'button',
			'Enter manually'
		) as HTMLButtonElement;
		expect(
			root.querySelector( '.dw-manual' )?.hasAttribute( 'hidden' )
		).toBe( true );
		await click( toggle );
		expect(
			root.querySelector( '.dw-manual' )?.hasAttribute( 'hidden' )
		).toBe( false );
		const cases: Array< [ string, string, string, number ] > = [
			[ 'Street', '1/23 Main St. #4', '1/23 Main St 4', 100 ],
			[ 'City', 'Sydney 2000', 'Sydney ', 80 ],
			[ 'State', 'N.S.W.', 'NSW', 50 ],
			[ 'Postcode', 'NSW 2000', '2000', 20 ],
			[ 'Country', 'Australia!', 'Australia', 80 ],
		];
		for ( const [ label, typed, kept, maxLength ] of cases ) {
			const input = byLabel( root, label ) as HTMLInputElement;
			await typeInto( input, typed );
			expect( [ label, input.value, input.maxLength ] ).toEqual( [
				label,
				kept,
				maxLength,
			] );
		}
		await click( toggle );
		expect(
			root.querySelector( '.dw-manual' )?.hasAttribute( 'hidden' )
		).toBe( true );
	} );
} );

describe( 'hasAddressParts', () => {
	it.each( [
		[ {}, false ],
		[ { country: 'New Zealand' }, false ],
		[ { addressLine1: '1 Main St' }, true ],
		[ { addressLine2: 'Unit 4' }, true ],
		[ { postalCode: '2000' }, true ],
	] )( '%p → %p', ( parts, expected ) => {
		expect( hasAddressParts( { ...EMPTY_ADDRESS, ...parts } ) ).toBe(
			expected
		);
	} );
} );
