import { valuesFixture } from '../../../shared/__tests__/fixtures';
import {
	CUSTOM_ID_MAX_LENGTH,
	buildCustomId,
	buildOrder,
	customIdValue,
	hasShippingAddress,
} from '../order';

const donor = valuesFixture( {
	firstName: 'Jane',
	lastName: 'Doe',
	email: 'Jane@Example.org',
	mobile: '0412345678',
	frequency: 'Oneoff',
	amount: 25,
	inMemoryOf: 'Grand Ma',
} );

describe( 'custom_id (widget contract §3.7)', () => {
	it.each( [
		[ 'Jane Doe', 'jane_doe' ],
		[ '  Mixed   Case ', 'mixed___case' ],
		[ 'TAB\tHERE', 'tab_here' ],
		[ '', '' ],
	] )( 'value %p → %p', ( value, expected ) => {
		expect( customIdValue( value ) ).toBe( expected );
	} );

	it( 'joins the prefixed parts with commas', () => {
		expect( buildCustomId( donor ) ).toBe(
			'o-,n-jane_doe,e-jane@example.org,m-0412345678,d-oneoff,a-australia,i-grand_ma'
		);
	} );

	it.each( [
		[ '4weekly' as const, 'd-evergiving' ],
		[ 'Oneoff' as const, 'd-oneoff' ],
	] )( 'donation type for %p is %p', ( frequency, part ) => {
		expect( buildCustomId( { ...donor, frequency } ) ).toContain( part );
	} );

	it( 'includes the organisation and the joined address', () => {
		const id = buildCustomId( {
			...donor,
			donateAs: 'organisation',
			organisationName: 'Club 42',
			address: {
				addressLine1: '1 Main St',
				addressLine2: '',
				city: 'Sydney',
				state: 'NSW',
				postalCode: '2000',
				country: 'Australia',
			},
		} );
		expect( id.startsWith( 'o-club_42,' ) ).toBe( true );
		expect( id ).toContain( 'a-1_main_st_sydney_nsw_2000_australia' );
	} );

	it( 'is cut to 127 characters', () => {
		const id = buildCustomId( { ...donor, inMemoryOf: 'x'.repeat( 200 ) } );
		expect( CUSTOM_ID_MAX_LENGTH ).toBe( 127 );
		expect( id ).toHaveLength( 127 );
		expect( id.startsWith( 'o-,n-jane_doe,' ) ).toBe( true );
	} );
} );

describe( 'order (widget contract §3.7)', () => {
	it( 'has the total in AUD and no shipping without an address', () => {
		expect( buildOrder( { ...donor, helpCover: true } ) ).toEqual( {
			intent: 'CAPTURE',
			purchase_units: [
				{
					custom_id: buildCustomId( donor ),
					amount: { value: '26.25', currency_code: 'AUD' },
				},
			],
		} );
	} );

	it.each( [
		[ { addressLine1: '1 Main St' }, true ],
		[ { city: 'Sydney' }, true ],
		[ { state: 'NSW' }, true ],
		[ { postalCode: '2000' }, true ],
		[ { addressLine2: 'Unit 4' }, false ],
		[ { country: 'Australia' }, false ],
		[ {}, false ],
	] )( 'address %p → shipping %p', ( parts, expected ) => {
		const address = { ...donor.address, ...parts };
		expect( hasShippingAddress( address ) ).toBe( expected );
		expect(
			'shipping' in
				buildOrder( { ...donor, address } ).purchase_units[ 0 ]
		).toBe( expected );
	} );

	it( 'builds shipping with name, mobile and address', () => {
		const order = buildOrder( {
			...donor,
			address: {
				addressLine1: '1 Main St',
				addressLine2: 'Unit 4',
				city: 'Sydney',
				state: 'NSW',
				postalCode: '2000',
				country: 'Australia',
			},
		} );
		expect( order.purchase_units[ 0 ].shipping ).toEqual( {
			name: { full_name: 'Jane Doe' },
			phone_number: { country_code: '61', national_number: '412345678' },
			address: {
				address_line_1: '1 Main St',
				address_line_2: 'Unit 4',
				admin_area_2: 'Sydney',
				admin_area_1: 'NSW',
				postal_code: '2000',
				country_code: 'AU',
			},
		} );
	} );

	it( 'leaves out an address PayPal would refuse (no city or postcode), keeping the name and phone', () => {
		const order = buildOrder( {
			...donor,
			address: {
				addressLine1: '1 Main St',
				addressLine2: '',
				city: '',
				state: '',
				postalCode: '',
				country: 'Australia',
			},
		} );
		expect( order.purchase_units[ 0 ].shipping ).toEqual( {
			name: { full_name: 'Jane Doe' },
			phone_number: { country_code: '61', national_number: '412345678' },
		} );
	} );

	it( 'sends no empty address parts', () => {
		const address = buildOrder( {
			...donor,
			address: {
				addressLine1: '1 Main St',
				addressLine2: ' ',
				city: 'Sydney',
				state: '',
				postalCode: '2000',
				country: 'Australia',
			},
		} ).purchase_units[ 0 ].shipping?.address;
		expect( address ).toEqual( {
			address_line_1: '1 Main St',
			admin_area_2: 'Sydney',
			postal_code: '2000',
			country_code: 'AU',
		} );
	} );

	it( 'leaves the phone out when no mobile was given', () => {
		const order = buildOrder( {
			...donor,
			mobile: '',
			address: { ...donor.address, city: 'Perth' },
		} );
		expect(
			order.purchase_units[ 0 ].shipping?.phone_number
		).toBeUndefined();
	} );
} );
