/**
 * A step whose chunk cannot be fetched shows the failure screen (docs/widget-contract.md#27-donation-failure-screen)
 * in its panel; the widget never goes blank.
 */
import { DonationWidget } from '../../DonationWidget';
import {
	byText,
	click,
	render,
	settle,
	type Rendered,
} from '../../../shared/__tests__/dom';
import { readPageGlobals } from '../../../shared/config';
import { configFixture, settingsFixture } from '../../__tests__/fixtures';

jest.mock( '../../steps/details-chunk', () => {
	throw new Error( 'Loading chunk step-details failed.' );
} );

let view: Rendered;
afterEach( () => view?.unmount() );

// Each test logs the problem, and React reports the error the boundary caught.
let warn: jest.SpyInstance;
let error: jest.SpyInstance;
function silenceConsole() {
	warn = jest.spyOn( console, 'warn' ).mockImplementation( () => undefined );
	error = jest
		.spyOn( console, 'error' )
		.mockImplementation( () => undefined );
}
function restoreConsole() {
	warn.mockRestore();
	error.mockRestore();
}

async function renderWidget() {
	view = await render(
		<DonationWidget
			config={ configFixture }
			settings={ settingsFixture }
			globals={ readPageGlobals( { settings: settingsFixture } ) }
			widgetIndex={ 0 }
			handlesRedirectReturn={ false }
		/>
	);
	await settle();
	await settle();
	return view.container;
}

const visiblePanel = ( root: HTMLElement ) =>
	root.querySelector( '[role="tabpanel"]:not([hidden])' ) as HTMLElement;

it( 'Donate shows the failure screen on tab 2 when its code cannot load', async () => {
	silenceConsole();
	const root = await renderWidget();
	await click( byText( root, 'button', 'Donate $50 4-weekly >>' ) );
	await settle();
	expect(
		root.querySelector( '[role="tab"][aria-selected="true"]' )?.textContent
	).toBe( '2. Details' );
	const panel = visiblePanel( root );
	expect( panel.textContent ).toContain(
		'Error: An unexpected error occurred.'
	);
	expect( panel.textContent ).toContain( 'Please try again later.' );
	expect( byText( panel, 'button', 'Try Again' ) ).toBeDefined();
	expect( warn ).toHaveBeenCalledWith(
		'[donation-widget] a step of the donation widget could not load',
		expect.anything()
	);
	// The tab bar and tab 1 are still there.
	await click( byText( root, '[role="tab"]', '1. Amount' ) );
	expect( visiblePanel( root ).textContent ).toContain(
		'Please select a donation amount:'
	);
	restoreConsole();
} );

it( 'tab 3 from tab 1 lands on tab 2 and its failure screen', async () => {
	silenceConsole();
	const root = await renderWidget();
	await click( byText( root, '[role="tab"]', '3. Payment' ) );
	await settle();
	expect(
		root.querySelector( '[role="tab"][aria-selected="true"]' )?.textContent
	).toBe( '2. Details' );
	expect( visiblePanel( root ).textContent ).toContain(
		'Error: An unexpected error occurred.'
	);
	expect( error ).toHaveBeenCalled();
	restoreConsole();
} );
