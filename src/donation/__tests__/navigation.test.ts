import {
	navigate,
	previousTab,
	type NavigationState,
	type Tab,
} from '../navigation';

const state = (
	activeTab: Tab,
	amountIsValid = false,
	detailIsValid = false
): NavigationState => ( {
	activeTab,
	amountIsValid,
	detailIsValid,
} );

describe( 'step navigation (widget contract §4.2)', () => {
	it.each( [
		// [ from, target, amount ok, details ok, expected state, failed ]
		[ state( 3, true, true ), 1, true, true, state( 1, true, true ), null ],
		[ state( 2, true ), 1, false, false, state( 1, true ), null ],
		[ state( 1 ), 2, true, false, state( 2, true ), null ],
		[ state( 1 ), 2, false, false, state( 1, false ), 'amount' ],
		[ state( 1 ), 3, false, true, state( 1, false ), 'amount' ],
		[ state( 1 ), 3, true, false, state( 2, true, false ), 'details' ],
		[ state( 1 ), 3, true, true, state( 3, true, true ), null ],
		[ state( 2, true ), 3, false, true, state( 3, true, true ), null ],
		[
			state( 2, true ),
			3,
			true,
			false,
			state( 2, true, false ),
			'details',
		],
		// Already valid flags skip the checks.
		[
			state( 1, true, true ),
			3,
			false,
			false,
			state( 3, true, true ),
			null,
		],
		[
			state( 1, false, true ),
			3,
			true,
			false,
			state( 3, true, true ),
			null,
		],
	] )(
		'%p → tab %p (amount %p, details %p)',
		( from, target, amountOk, detailsOk, expected, failed ) => {
			const amountValid = jest.fn( () => amountOk );
			const detailsValid = jest.fn( () => detailsOk );
			expect(
				navigate( from, target as Tab, { amountValid, detailsValid } )
			).toEqual( {
				...expected,
				failed,
			} );
		}
	);

	it( 'does not check details when the amount fails', () => {
		const detailsValid = jest.fn( () => true );
		navigate( state( 1 ), 3, { amountValid: () => false, detailsValid } );
		expect( detailsValid ).not.toHaveBeenCalled();
	} );

	it.each( [
		[ 3, 2 ],
		[ 2, 1 ],
		[ 1, 1 ],
	] )( 'Back from tab %p goes to tab %p', ( from, to ) => {
		expect( previousTab( from as Tab ) ).toBe( to );
	} );
} );
