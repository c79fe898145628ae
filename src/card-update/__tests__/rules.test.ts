/**
 * The update-card form's rules (docs/widget-contract.md#53-payment-donation-and-update-card-form): required fields, the name's
 * length and characters, and the accepted brands.
 */
import { ValidationError } from 'yup';
import { filterNameOnCard } from '../../shared/input-filters';
import {
	buildFormData,
	cardBrandError,
	cardUpdateSchema,
	initialValues,
	type CardUpdateValues,
} from '../rules';

const complete: CardUpdateValues = {
	nameOnCard: "Jane O'Brien",
	cardNumber: ' ',
	cardExpiry: ' ',
	cardCvv: ' ',
};

async function errorsOf(
	values: CardUpdateValues
): Promise< Record< string, string > > {
	try {
		await cardUpdateSchema().validate( values, { abortEarly: false } );
		return {};
	} catch ( error ) {
		if ( ! ( error instanceof ValidationError ) ) {
			throw error;
		}
		return Object.fromEntries(
			error.inner.map( ( inner ) => [ inner.path ?? '', inner.message ] )
		);
	}
}

describe( 'update-card rules', () => {
	it( 'requires every field, with the SPEC message', async () => {
		expect( await errorsOf( initialValues ) ).toEqual( {
			nameOnCard: 'This field is required',
			cardNumber: 'This field is required',
			cardExpiry: 'This field is required',
			cardCvv: 'This field is required',
		} );
	} );

	it( 'accepts a complete card (the provider markers are a space)', async () => {
		expect( await errorsOf( complete ) ).toEqual( {} );
	} );

	it( 'treats a name of spaces as missing', async () => {
		expect( await errorsOf( { ...complete, nameOnCard: '   ' } ) ).toEqual(
			{ nameOnCard: 'This field is required' }
		);
	} );

	it( 'allows 100 characters of name at most', async () => {
		expect(
			await errorsOf( { ...complete, nameOnCard: 'a'.repeat( 100 ) } )
		).toEqual( {} );
		expect(
			await errorsOf( { ...complete, nameOnCard: 'a'.repeat( 101 ) } )
		).toHaveProperty( 'nameOnCard' );
	} );

	it( 'filters the name while typing: letters, whitespace, apostrophe, & and -', () => {
		expect( filterNameOnCard( "Zoë d'Arcy-Smith & Jo 2 <b>" ) ).toBe(
			"Zoë d'Arcy-Smith & Jo  b"
		);
		expect( filterNameOnCard( 'x'.repeat( 120 ) ) ).toHaveLength( 100 );
	} );

	it( 'accepts Visa, Mastercard and Amex only', () => {
		expect( cardBrandError( 'visa' ) ).toBeNull();
		expect( cardBrandError( 'mastercard' ) ).toBeNull();
		expect( cardBrandError( 'amex' ) ).toBeNull();
		for ( const brand of [ 'discover', 'jcb', 'diners', 'unionpay' ] ) {
			expect( cardBrandError( brand ) ).toBe(
				'Only Visa, MasterCard, Amex are accepted.'
			);
		}
	} );

	it( 'does not refuse a brand the provider cannot tell yet', () => {
		expect( cardBrandError( 'unknown' ) ).toBeNull();
		expect( cardBrandError( undefined ) ).toBeNull();
	} );

	it( 'sends only the trimmed name as formData', () => {
		expect( JSON.parse( buildFormData( '  Jane Citizen ' ) ) ).toEqual( {
			nameOnCard: 'Jane Citizen',
		} );
	} );
} );
