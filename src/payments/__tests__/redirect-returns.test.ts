/**
 * The redirect-return hook: the widget asks each gateway's reader whether
 * the page address is its return, and knows no provider's parameters.
 */
import { readRedirectReturn, type RedirectReturn } from '../redirect-returns';
import { redirectReturnReaders } from '../returns';

const PAGE = 'https://charity.example/give/?utm_source=x';

const found = ( cleanHref: string ): RedirectReturn => ( {
	cleanHref,
	paid: true,
	fetchReference: () => Promise.resolve( { reference: 'ref_1' } ),
} );

it( 'is null when no reader reads the address as its return', () => {
	expect( readRedirectReturn( [], PAGE ) ).toBeNull();
	expect( readRedirectReturn( [ () => null ], PAGE ) ).toBeNull();
} );

it( 'takes the first reader that reads the address as its return', () => {
	const first = found( 'first' );
	expect(
		readRedirectReturn(
			[ () => null, () => first, () => found( 'second' ) ],
			PAGE
		)
	).toBe( first );
} );

it( 'finds the express-checkout return through the readers list', async () => {
	const redirect = readRedirectReturn(
		redirectReturnReaders,
		`${ PAGE }&payment_intent=pi_1&payment_intent_client_secret=s&redirect_status=failed`
	);
	expect( redirect?.cleanHref ).toBe( PAGE );
	expect( redirect?.paid ).toBe( false );
	const post = jest.fn().mockResolvedValue( {
		ok: true,
		status: 200,
		body: { data: { reference: 'ch_1' } },
	} );
	await expect(
		redirect?.fetchReference( {
			post,
			formData: () => '{}',
			currentUrl: PAGE,
		} )
	).resolves.toEqual( { reference: 'ch_1' } );
	expect( post ).toHaveBeenCalledWith( 'get_charge_id', {
		paymentIntentId: 'pi_1',
		formData: '{}',
		currentUrl: PAGE,
	} );
	expect( readRedirectReturn( redirectReturnReaders, PAGE ) ).toBeNull();
} );
