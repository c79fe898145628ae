import { valuesFixture } from '../../../../shared/__tests__/fixtures';
import { accountHolder } from '../account-holder';

it( 'is the donor, "First Last", with their email', () => {
	expect(
		accountHolder(
			valuesFixture( {
				firstName: ' Jane ',
				lastName: 'Doe',
				email: 'jane@example.org ',
				organisationName: 'Ignored Pty Ltd',
			} )
		)
	).toEqual( { name: 'Jane Doe', email: 'jane@example.org' } );
} );

it( 'is the organisation when donating as one', () => {
	expect(
		accountHolder(
			valuesFixture( {
				donateAs: 'organisation',
				organisationName: 'Acme Pty Ltd',
				firstName: 'Jane',
				lastName: 'Doe',
				email: 'accounts@acme.example',
			} )
		)
	).toEqual( { name: 'Acme Pty Ltd', email: 'accounts@acme.example' } );
} );
