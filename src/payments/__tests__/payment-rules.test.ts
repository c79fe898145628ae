import { validateCardPayment, validatePrivacy } from '../payment-rules';
import { cardBrandError } from '../stripe/card-fields/card-rules';

const BRAND = 'Only Visa, MasterCard, Amex are accepted.';
const REQUIRED = 'This field is required';
const PRIVACY = 'You must accept the privacy terms';

describe( 'card brands (widget contract §5.3)', () => {
	it.each( [
		[ 'visa', null ],
		[ 'mastercard', null ],
		[ 'amex', null ],
		[ 'unknown', null ],
		[ undefined, null ],
		[ 'discover', BRAND ],
		[ 'diners', BRAND ],
		[ 'jcb', BRAND ],
		[ 'unionpay', BRAND ],
		[ 'eftpos_au', BRAND ],
	] )( '%p → %p', ( brand, expected ) => {
		expect( cardBrandError( brand ) ).toBe( expected );
	} );
} );

describe( 'card form (widget contract §5.3)', () => {
	const complete = {
		nameOnCard: 'Jane Doe',
		cardNumber: ' ' as const,
		cardExpiry: ' ' as const,
		cardCvv: ' ' as const,
		privacyTerms: true,
	};

	it( 'accepts a complete card with the privacy terms ticked', () => {
		expect( validateCardPayment( complete ) ).toEqual( {} );
	} );

	it.each( [
		[ { nameOnCard: '' }, { nameOnCard: REQUIRED } ],
		[ { nameOnCard: '  ' }, { nameOnCard: REQUIRED } ],
		[ { cardNumber: '' as const }, { cardNumber: REQUIRED } ],
		[ { cardExpiry: '' as const }, { cardExpiry: REQUIRED } ],
		[ { cardCvv: '' as const }, { cardCvv: REQUIRED } ],
		[ { privacyTerms: false }, { privacyTerms: PRIVACY } ],
	] )( '%p → %p', ( overrides, expected ) => {
		expect( validateCardPayment( { ...complete, ...overrides } ) ).toEqual(
			expected
		);
	} );

	it( 'checks the privacy terms alone for wallet payments', () => {
		expect( validatePrivacy( { privacyTerms: true } ) ).toEqual( {} );
		expect( validatePrivacy( { privacyTerms: false } ) ).toEqual( {
			privacyTerms: PRIVACY,
		} );
	} );
} );
