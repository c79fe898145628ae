/**
 * formik's lodash functions, ours against lodash's own, on what a form holds.
 */
import lodashClone from 'lodash/clone';
import lodashCloneDeep from 'lodash/cloneDeep';
import lodashIsPlainObject from 'lodash/isPlainObject';
import lodashToPath from 'lodash/toPath';
import { clone, cloneDeep, isPlainObject, toPath } from '..';

class Donor {
	constructor( public name: string ) {}
	greeting() {
		return `Hello ${ this.name }`;
	}
}

const formValues = () => ( {
	amount: 25,
	inputAmount: '',
	frequency: '4weekly',
	amountValues: [ '25', '50', '100' ],
	address: { street: '1 Main St', suburb: 'Carlton', postcode: '3053' },
	privacyTerms: false,
	nested: [ { email: 'a@example.org' }, { email: '' } ],
	created: new Date( '2025-01-02T03:04:05Z' ),
	missing: null,
	unset: undefined,
} );

describe( 'toPath', () => {
	it.each( [
		'amount',
		'address.street',
		'nested[0].email',
		'nested.1.email',
		'a["b.c"].d',
		"a['b\\'c']",
		'.leading',
		'trailing.',
		'a..b',
		'a[].b',
		'a[-1]',
		'a[1.5]',
		'',
	] )( 'reads %p as lodash does', ( path ) => {
		expect( toPath( path ) ).toEqual( lodashToPath( path ) );
	} );

	it.each( [
		[ [ 'a', 0, 'b' ] ],
		[ [ 'a', null, undefined, -0 ] ],
		[ 12 ],
		[ -0 ],
		[ null ],
		[ undefined ],
	] )( 'reads %p as lodash does', ( path ) => {
		expect( toPath( path ) ).toEqual( lodashToPath( path ) );
	} );

	it( 'returns a new list each time, so a caller may change it', () => {
		const first = toPath( 'address.street' );
		first.push( 'changed' );
		expect( toPath( 'address.street' ) ).toEqual( [ 'address', 'street' ] );
	} );
} );

describe( 'isPlainObject', () => {
	it.each( [
		[ {} ],
		[ Object.create( null ) ],
		[ { a: 1 } ],
		[ [] ],
		[ new Donor( 'Ann' ) ],
		[ new Date() ],
		[ null ],
		[ 'text' ],
		[ 3 ],
		[ () => undefined ],
		[ new Map() ],
		[ Object.create( { inherited: true } ) ],
	] )( 'judges %p as lodash does', ( value ) => {
		expect( isPlainObject( value ) ).toBe( lodashIsPlainObject( value ) );
	} );
} );

describe( 'clone', () => {
	it( 'copies one level, as lodash does', () => {
		const values = formValues();
		const copy = clone( values );
		expect( copy ).toEqual( lodashClone( values ) );
		expect( copy ).not.toBe( values );
		expect( copy.address ).toBe( values.address );
	} );

	it( 'keeps a class instance’s prototype', () => {
		const copy = clone( new Donor( 'Ann' ) );
		expect( copy ).toBeInstanceOf( Donor );
		expect( copy.greeting() ).toBe( 'Hello Ann' );
	} );

	it( 'copies arrays and dates, and returns primitives as they are', () => {
		const list = [ 1, 2 ];
		expect( clone( list ) ).toEqual( [ 1, 2 ] );
		expect( clone( list ) ).not.toBe( list );
		const date = new Date( 5 );
		expect( clone( date ).getTime() ).toBe( 5 );
		expect( clone( date ) ).not.toBe( date );
		expect( clone( 'text' ) ).toBe( 'text' );
		expect( clone( null ) ).toBeNull();
	} );
} );

describe( 'cloneDeep', () => {
	it( 'copies every level, as lodash does', () => {
		const values = formValues();
		const copy = cloneDeep( values );
		expect( copy ).toEqual( lodashCloneDeep( values ) );
		expect( copy.address ).not.toBe( values.address );
		expect( copy.nested[ 0 ] ).not.toBe( values.nested[ 0 ] );
		expect( copy.created ).not.toBe( values.created );
		copy.address.street = 'changed';
		expect( values.address.street ).toBe( '1 Main St' );
	} );

	it( 'copies a shared object once and follows a cycle', () => {
		const shared = { email: 'a@example.org' };
		const root: Record< string, unknown > = {
			first: shared,
			second: shared,
		};
		root.self = root;
		const copy = cloneDeep( root );
		expect( copy.first ).toBe( copy.second );
		expect( copy.first ).not.toBe( shared );
		expect( copy.self ).toBe( copy );
	} );

	it( 'copies maps and sets', () => {
		const value = {
			map: new Map( [ [ 'a', { b: 1 } ] ] ),
			set: new Set( [ 1, 2 ] ),
		};
		const copy = cloneDeep( value );
		expect( copy ).toEqual( lodashCloneDeep( value ) );
		expect( copy.map.get( 'a' ) ).not.toBe( value.map.get( 'a' ) );
	} );
} );
