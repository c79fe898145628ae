/**
 * The registration list: docs/widget-contract.md#25-tab-3-payment's methods, in its order, offered by
 * frequency and settings exactly as before the registry.
 */
import { settingsFixture } from '../../shared/__tests__/fixtures';
import { paymentMethods } from '../methods';
import { availableMethods } from '../registry';

const names = ( settings: typeof settingsFixture, oneOff: boolean ) =>
	availableMethods( paymentMethods, {
		settings,
		frequency: oneOff ? 'Oneoff' : '4weekly',
	} ).map( ( method ) => method.name );

it( 'recurring offers the card only', () => {
	expect(
		names( { ...settingsFixture, paypal_client_id: 'client' }, false )
	).toEqual( [ 'card' ] );
} );

it( 'one-off offers the wallet provider, express checkout, then the card', () => {
	expect(
		names( { ...settingsFixture, paypal_client_id: 'client' }, true )
	).toEqual( [ 'paypal', 'express_checkout', 'card' ] );
} );

it( 'one-off without a PayPal client id leaves the wallet provider out', () => {
	expect( names( settingsFixture, true ) ).toEqual( [
		'express_checkout',
		'card',
	] );
} );

it( 'only form methods have a toggle label and the Donate button', () => {
	for ( const method of paymentMethods ) {
		expect( method.showsDonateButton ).toBe( method.kind === 'form' );
		expect( Boolean( method.label ) ).toBe( method.kind === 'form' );
	}
} );
