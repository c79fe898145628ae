import { valuesFixture } from '../../../shared/__tests__/fixtures';
import { billingDetails, countryCode } from '../billing-details';

describe( 'billing details for the card provider', () => {
	it.each( [
		[ 'Australia', 'AU' ],
		[ 'australia', 'AU' ],
		[ 'AUS', 'AU' ],
		[ 'au', 'AU' ],
		[ 'New Zealand', 'NZ' ],
		[ 'Narnia', undefined ],
		[ '', undefined ],
	] )( 'country %p → %p', ( country, code ) => {
		expect( countryCode( country ) ).toBe( code );
	} );

	it( 'sends the name, email and the address parts that are filled', () => {
		const values = valuesFixture( {
			nameOnCard: ' JANE DOE ',
			email: 'jane@example.org',
			address: {
				addressLine1: '1 Main St',
				addressLine2: '',
				city: 'Sydney',
				state: 'NSW',
				postalCode: '2000',
				country: 'Australia',
			},
		} );
		expect( billingDetails( values ) ).toEqual( {
			name: 'JANE DOE',
			email: 'jane@example.org',
			address: {
				line1: '1 Main St',
				city: 'Sydney',
				state: 'NSW',
				postal_code: '2000',
				country: 'AU',
			},
		} );
	} );

	it( 'sends the name only when nothing else is known', () => {
		expect(
			billingDetails(
				valuesFixture( {
					nameOnCard: 'Jane',
					address: { ...valuesFixture().address, country: '' },
				} )
			)
		).toEqual( { name: 'Jane' } );
	} );
} );
