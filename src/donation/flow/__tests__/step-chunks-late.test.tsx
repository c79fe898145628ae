/**
 * Tab 3 chosen on the tab bar before the details rules have arrived: the
 * decision waits for them, then is the same as ever (docs/widget-contract.md#42-step-navigation).
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

const mockChunk = { requests: 0 };
jest.mock( '../../steps/details-chunk', () => {
	mockChunk.requests++;
	return jest.requireActual( '../../steps/details-chunk' );
} );
jest.mock( '../../../payments/stripe/load-stripe', () => ( {
	loadStripeFromPage: () => Promise.resolve( null ),
} ) );

// The browser never becomes idle here: tab 3 is chosen before the prefetch.
window.requestIdleCallback = () => 1;
window.cancelIdleCallback = () => undefined;

let view: Rendered;
afterEach( () => view?.unmount() );

it( 'tab 3 from tab 1 waits for the details rules, then asks for the details', async () => {
	view = await render(
		<DonationWidget
			config={ configFixture }
			settings={ settingsFixture }
			globals={ readPageGlobals( { settings: settingsFixture } ) }
			widgetIndex={ 0 }
			handlesRedirectReturn={ false }
		/>
	);
	const root = view.container;
	expect( mockChunk.requests ).toBe( 0 );

	await click( byText( root, '[role="tab"]', '3. Payment' ) );
	await settle();
	expect( mockChunk.requests ).toBe( 1 );
	expect(
		root.querySelector( '[role="tab"][aria-selected="true"]' )?.textContent
	).toBe( '2. Details' );
	const panel = root.querySelector(
		'[role="tabpanel"]:not([hidden])'
	) as HTMLElement;
	expect(
		Array.from( panel.querySelectorAll( '.dw-field-error' ) )
			.map( ( element ) => element.textContent )
			.filter( Boolean )
	).toEqual( [
		'This field is required',
		'This field is required',
		'This field is required',
	] );
} );
