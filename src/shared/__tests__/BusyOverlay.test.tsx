import { act } from 'react';
import { BusyOverlay, STILL_WORKING_MS } from '../BusyOverlay';
import { render, type Rendered } from './dom';

let view: Rendered | undefined;

beforeEach( () => jest.useFakeTimers() );
afterEach( () => {
	view?.unmount();
	view = undefined;
	jest.useRealTimers();
} );

async function show() {
	view = await render(
		<div className="dw-widget">
			<button type="button">Donate</button>
			<BusyOverlay message="Working…" stillWorking="Still working." />
		</div>
	);
	await act( async () => {
		jest.advanceTimersByTime( 50 );
	} );
	return view.container;
}

describe( 'the busy overlay', () => {
	it( 'says what is happening, then that it is still working', async () => {
		const root = await show();
		const status = root.querySelector( '[role="status"]' );
		expect( status?.textContent ).toBe( 'Working…' );
		await act( async () => {
			jest.advanceTimersByTime( STILL_WORKING_MS - 100 );
		} );
		expect( status?.textContent ).toBe( 'Working…' );
		await act( async () => {
			jest.advanceTimersByTime( 100 );
		} );
		expect( status?.textContent ).toBe( 'Working… Still working.' );
	} );

	it( 'takes focus from the widget or the page', async () => {
		const root = await show();
		expect( root.ownerDocument.activeElement ).toBe(
			root.querySelector( '[role="status"]' )
		);
	} );

	it( 'leaves focus outside the widget alone (a wallet window)', async () => {
		const outside = document.createElement( 'button' );
		document.body.appendChild( outside );
		outside.focus();
		await show();
		expect( outside.ownerDocument.activeElement ).toBe( outside );
		outside.remove();
	} );
} );
