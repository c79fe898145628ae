import { buildFormData } from '../form-data';
import { valuesFixture } from './fixtures';

describe( 'formData (widget contract §3.4)', () => {
	it( 'holds exactly the listed fields', () => {
		const values = valuesFixture( {
			firstName: ' Jane ',
			lastName: 'Doe',
			email: 'jane@example.org',
			mobile: '0412345678',
			amount: 25,
			helpCover: true,
			frequency: 'Oneoff',
			inMemoryOf: 'Grandma',
			nameOnCard: 'JANE DOE',
			cardNumber: ' ',
			utm_source: 'news',
			iteration_id: 'IT-1',
		} );
		const parsed = JSON.parse( buildFormData( values ) );
		expect( Object.keys( parsed ).sort() ).toEqual(
			[
				'email',
				'firstName',
				'lastName',
				'mobile',
				'address',
				'totalAmount',
				'currency',
				'frequency',
				'utm_campaign',
				'utm_source',
				'utm_medium',
				'utm_content',
				'utm_term',
				'inMemoryOf',
				'organisationName',
				'iteration_id',
			].sort()
		);
		expect( parsed ).toMatchObject( {
			firstName: 'Jane',
			totalAmount: 26.25,
			currency: 'AUD',
			frequency: 'Oneoff',
			utm_source: 'news',
			iteration_id: 'IT-1',
			address: {
				addressLine1: '',
				addressLine2: '',
				city: '',
				state: '',
				postalCode: '',
				country: 'Australia',
			},
		} );
	} );

	it( 'sends the organisation name only for organisations', () => {
		const asPerson = valuesFixture( {
			donateAs: 'individual',
			organisationName: 'Club',
		} );
		const asOrganisation = valuesFixture( {
			donateAs: 'organisation',
			organisationName: 'Club',
		} );
		expect( JSON.parse( buildFormData( asPerson ) ).organisationName ).toBe(
			''
		);
		expect(
			JSON.parse( buildFormData( asOrganisation ) ).organisationName
		).toBe( 'Club' );
	} );
} );
