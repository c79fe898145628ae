import { validateDetails } from '../details';
import { valuesFixture } from './fixtures';

const REQUIRED = 'This field is required';
const EMAIL = 'Invalid email address';
const MOBILE = 'Mobile number must be exactly 10 digits!';

const valid = valuesFixture( {
	firstName: 'Jane',
	lastName: 'Doe',
	email: 'jane@example.org',
} );

describe( 'details validation (widget contract §5.2, §8)', () => {
	it( 'accepts complete details', () => {
		expect( validateDetails( valid ) ).toEqual( {} );
	} );

	it.each( [
		[ { firstName: '' }, { firstName: REQUIRED } ],
		[ { firstName: '   ' }, { firstName: REQUIRED } ],
		[ { lastName: '' }, { lastName: REQUIRED } ],
		[ { email: '' }, { email: REQUIRED } ],
		[
			{ firstName: '', lastName: '', email: '' },
			{ firstName: REQUIRED, lastName: REQUIRED, email: REQUIRED },
		],
		[
			{ donateAs: 'organisation' as const, organisationName: '' },
			{ organisationName: REQUIRED },
		],
		[
			{ donateAs: 'organisation' as const, organisationName: 'Club 42' },
			{},
		],
		[ { donateAs: 'individual' as const, organisationName: '' }, {} ],
		[ { mobile: '' }, {} ],
		[ { mobile: '0412345678' }, {} ],
		[ { mobile: '041234567' }, { mobile: MOBILE } ],
		[ { mobile: '04' }, { mobile: MOBILE } ],
	] )( '%p → %p', ( overrides, expected ) => {
		expect( validateDetails( { ...valid, ...overrides } ) ).toEqual(
			expected
		);
	} );

	it.each( [
		[ 'jane@example.org', true ],
		[ 'JANE@EXAMPLE.ORG', true ],
		[ 'jane.doe+gifts@mail.example.com.au', true ],
		[ 'j_d%1@x-y.info', true ],
		[ 'jane@example', false ],
		[ 'jane@example.c', false ],
		[ 'jane@example.museum', false ],
		[ 'jane example@x.org', false ],
		[ '@example.org', false ],
		[ 'jane@@example.org', false ],
	] )( 'email %p valid: %p', ( email, isValid ) => {
		expect( validateDetails( { ...valid, email } ) ).toEqual(
			isValid ? {} : { email: EMAIL }
		);
	} );
} );
