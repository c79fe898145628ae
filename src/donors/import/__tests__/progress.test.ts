import { isRunning, percent, readState } from '../progress';

describe( 'readState', () => {
	it( 'reads the route’s answer', () => {
		expect(
			readState( {
				id: 4,
				stage: 'importing',
				done: 50,
				total: 200,
				ok: 200,
				refused: 3,
				created: 50,
				error: '',
			} )
		).toEqual( {
			id: 4,
			stage: 'importing',
			done: 50,
			total: 200,
			ok: 200,
			refused: 3,
			created: 50,
			error: '',
		} );
	} );

	it( 'refuses what is not an import', () => {
		expect( readState( null ) ).toBeNull();
		expect( readState( { stage: 'sideways' } ) ).toBeNull();
		expect( readState( { code: 'rest_forbidden' } ) ).toBeNull();
	} );

	it( 'keeps counts whole and never negative', () => {
		expect(
			readState( { stage: 'checking', done: -3, total: 'many' } )
		).toMatchObject( { done: 0, total: 0 } );
	} );
} );

describe( 'percent and isRunning', () => {
	const state = readState( { stage: 'importing', done: 1, total: 3 } );
	it( 'rounds down until the end', () => {
		expect( state && percent( state ) ).toBe( 33 );
		expect( state && percent( { ...state, stage: 'done' } ) ).toBe( 100 );
	} );
	it( 'runs only while checking or importing', () => {
		expect( isRunning( 'checking' ) ).toBe( true );
		expect( isRunning( 'importing' ) ).toBe( true );
		expect( isRunning( 'checked' ) ).toBe( false );
		expect( isRunning( 'done' ) ).toBe( false );
	} );
} );
