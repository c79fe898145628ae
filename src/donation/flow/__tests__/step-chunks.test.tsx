/**
 * The details step arrives as its own chunk: not before tab 1 has rendered,
 * but before the donor needs it, so "Donate" shows tab 2 at once.
 */
import { act } from 'react';
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

// The browser's idle moments, run by the test when it chooses.
const idleCallbacks: Array< () => void > = [];
window.requestIdleCallback = ( callback ) => {
	idleCallbacks.push( () => callback( {} as IdleDeadline ) );
	return idleCallbacks.length;
};
window.cancelIdleCallback = () => undefined;
async function becomeIdle() {
	await act( async () => {
		idleCallbacks.splice( 0 ).forEach( ( callback ) => callback() );
	} );
	await settle();
}

let view: Rendered;
afterEach( () => view?.unmount() );

it( 'fetches the details step after tab 1 has rendered, before Donate is clicked', async () => {
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
	expect( byText( root, 'button', 'Donate $50 4-weekly >>' ) ).toBeDefined();
	expect( mockChunk.requests ).toBe( 0 );

	await settle();
	expect( mockChunk.requests ).toBe( 0 );
	await becomeIdle();
	expect( mockChunk.requests ).toBe( 1 );
	const detailsPanel =
		root.querySelectorAll< HTMLElement >( '[role="tabpanel"]' )[ 1 ];
	expect( detailsPanel.hidden ).toBe( true );
	expect( detailsPanel.textContent ).toContain( 'Donate as:' );

	// Donate shows the details form straight away: no loading indicator.
	await click( byText( root, 'button', 'Donate $50 4-weekly >>' ) );
	expect( detailsPanel.hidden ).toBe( false );
	expect( detailsPanel.querySelector( '[role="status"]' ) ).toBeNull();
	expect( detailsPanel.textContent ).toContain( 'Donate as:' );
	expect( mockChunk.requests ).toBe( 1 );
} );
