/**
 * External registration: a gateway outside the bundle pushes its method onto
 * window.donationWidgetPaymentMethods before the widget loads. Tab 3 offers it
 * after the bundle's own methods; a malformed entry or a taken name is left
 * out with a warning, never a crash.
 */
import { lazy } from '@wordpress/element';
import { DonationWidget } from '../../donation/DonationWidget';
import {
	configFixture,
	settingsFixture,
} from '../../shared/__tests__/fixtures';
import {
	byLabel,
	byText,
	click,
	render,
	settle,
	typeInto,
	type Rendered,
} from '../../shared/__tests__/dom';
import { readPageGlobals, toText, type Settings } from '../../shared/config';
import { paymentMethods } from '../methods';
import {
	availableMethods,
	withExternalMethods,
	type PaymentMethodProps,
	type PaymentMethodRegistration,
} from '../registry';

jest.mock( '../stripe/load-stripe', () => ( {
	loadStripeFromPage: () => Promise.resolve( null ),
} ) );

jest.mock( '@stripe/react-stripe-js', () =>
	require( '../../shared/__tests__/stripe-react-double' ).stripeReactDouble()
);

/**
 * A test gateway: its own settings key, its own fields.
 * @param props
 */
function TestPayFields( props: PaymentMethodProps ) {
	return (
		<div id={ props.contentId } hidden={ ! props.selected }>
			<p>
				Test Pay account { toText( props.settings.test_pay_account ) }
			</p>
		</div>
	);
}

const testPay: PaymentMethodRegistration = {
	name: 'test_pay',
	kind: 'form',
	label: () => 'Test Pay',
	canMakePayment: ( { settings } ) =>
		( settings.payment_methods ?? [] ).includes( 'test_pay' ) &&
		toText( settings.test_pay_account ) !== '',
	content: lazy( () => Promise.resolve( { default: TestPayFields } ) ),
	showsDonateButton: true,
};

const ON: Settings = {
	...settingsFixture,
	payment_methods: [ 'test_pay' ],
	test_pay_account: 'acct_1',
};

let warn: jest.SpyInstance;

beforeEach( () => {
	warn = jest.spyOn( console, 'warn' ).mockImplementation( () => {} );
} );

afterEach( () => {
	warn.mockRestore();
	delete window.donationWidgetPaymentMethods;
} );

const names = ( methods: PaymentMethodRegistration[], settings: Settings ) =>
	availableMethods( methods, { settings, frequency: 'Oneoff' } ).map(
		( method ) => method.name
	);

describe( 'the queue', () => {
	it( 'adds well-formed methods after the bundle’s own', () => {
		const methods = withExternalMethods( paymentMethods, [ testPay ] );
		expect( names( methods, ON ) ).toEqual( [
			'express_checkout',
			'card',
			'test_pay',
		] );
		expect( names( methods, settingsFixture ) ).toEqual( [
			'express_checkout',
			'card',
		] );
		expect( warn ).not.toHaveBeenCalled();
	} );

	it( 'leaves out malformed entries and taken names, with a warning each', () => {
		const methods = withExternalMethods( paymentMethods, [
			null,
			'test_pay',
			{ ...testPay, name: '' },
			{ ...testPay, kind: 'popup' },
			{ ...testPay, canMakePayment: true },
			{ ...testPay, content: undefined },
			{ ...testPay, showsDonateButton: 'yes' },
			{ ...testPay, label: undefined },
			{ ...testPay, name: 'card' },
			testPay,
			{ ...testPay, label: () => 'Test Pay again' },
		] );
		expect( methods.map( ( method ) => method.name ) ).toEqual( [
			...paymentMethods.map( ( method ) => method.name ),
			'test_pay',
		] );
		expect( warn ).toHaveBeenCalledTimes( 10 );
	} );

	it( 'ignores a queue that is not a list, and a check that throws', () => {
		expect( withExternalMethods( paymentMethods, {} ) ).toEqual( [
			...paymentMethods,
		] );
		const methods = withExternalMethods( paymentMethods, [
			{
				...testPay,
				canMakePayment: () => {
					throw new Error( 'broken' );
				},
			},
		] );
		expect( names( methods, ON ) ).toEqual( [
			'express_checkout',
			'card',
		] );
		expect( warn ).toHaveBeenCalledTimes( 2 );
	} );
} );

describe( 'in tab 3', () => {
	let view: Rendered;

	afterEach( () => view?.unmount() );

	async function reachPayment( settings: Settings ) {
		window.fetch = jest.fn(
			() => new Promise( () => {} )
		) as unknown as typeof fetch;
		view = await render(
			<DonationWidget
				config={ { ...configFixture, donation_type: 'Oneoff' } }
				settings={ settings }
				globals={ readPageGlobals( { ajaxUrl: '/ajax', settings } ) }
				widgetIndex={ 0 }
				handlesRedirectReturn={ false }
			/>
		);
		const root = view.container;
		await settle();
		await click( byText( root, 'button', 'Donate $50 >>' ) as HTMLElement );
		await typeInto( byLabel( root, 'First name' ), 'Jane' );
		await typeInto( byLabel( root, 'Last name' ), 'Doe' );
		await typeInto( byLabel( root, 'Email' ), 'jane@example.org' );
		await click(
			byText( root, 'button', 'Payment options >>' ) as HTMLElement
		);
		await settle();
		return root;
	}

	it( 'offers a queued method with its own toggle and fields', async () => {
		window.donationWidgetPaymentMethods = [ { bad: true }, testPay ];
		const root = await reachPayment( ON );
		const toggle = byText( root, 'button', 'Test Pay' ) as HTMLElement;
		expect( toggle ).toBeTruthy();
		expect( byText( root, 'button', 'Credit Card' ) ).toBeTruthy();
		await click( toggle );
		await settle();
		const fields = byText( root, 'p', 'Test Pay account acct_1' );
		expect( fields ).toBeTruthy();
		expect( fields?.closest( '[hidden]' ) ).toBeNull();
		expect( warn ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'is not offered when its own check says no', async () => {
		window.donationWidgetPaymentMethods = [ testPay ];
		const root = await reachPayment( settingsFixture );
		expect( byText( root, 'button', 'Test Pay' ) ).toBeUndefined();
	} );
} );
