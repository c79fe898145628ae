import { act } from 'react';
import { DonationApp } from '../DonationApp';
import {
	byText,
	click,
	render,
	settle,
	type Rendered,
} from '../../shared/__tests__/dom';
import { readPageGlobals } from '../../shared/config';
import { configFixture, settingsFixture } from './fixtures';

jest.mock( '../../payments/stripe/load-stripe', () => ( {
	loadStripeFromPage: () => Promise.resolve( null ),
} ) );

let view: Rendered | undefined;
const activeElement = () => view?.container.ownerDocument.activeElement ?? null;
afterEach( () => {
	view?.unmount();
	view = undefined;
	document.body.innerHTML = '';
	document.body.style.overflow = '';
} );

async function renderApp(
	config = {},
	globals = {},
	trigger: HTMLButtonElement | null = null
) {
	view = await render(
		<DonationApp
			trigger={ trigger }
			config={ { ...configFixture, ...config } }
			globals={ readPageGlobals( {
				settings: settingsFixture,
				...globals,
			} ) }
			widgetIndex={ 0 }
			handlesRedirectReturn={ false }
		/>
	);
	await settle();
	return view.container;
}

describe( 'settings (widget contract §2.2)', () => {
	it( 'uses preloaded settings without a request', async () => {
		const fetchMock = jest.fn();
		window.fetch = fetchMock;
		const root = await renderApp();
		expect( fetchMock ).not.toHaveBeenCalled();
		expect( root.querySelector( '.dw-widget' ) ).not.toBeNull();
	} );

	it( 'fetches the settings when none were printed', async () => {
		window.fetch = jest.fn( async () => ( {
			ok: true,
			status: 200,
			json: async () => settingsFixture,
		} ) ) as never;
		const root = await renderApp(
			{},
			{ settings: null, settingsUrl: '/wp-json/my-plugin/v1/settings' }
		);
		await settle();
		expect( window.fetch ).toHaveBeenCalledWith(
			'/wp-json/my-plugin/v1/settings',
			expect.anything()
		);
		expect( root.querySelector( '.dw-widget' ) ).not.toBeNull();
	} );

	it( 'stays blank and only logs when the settings fail', async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		window.fetch = jest.fn( async () => ( {
			ok: false,
			status: 500,
			json: async () => ( {} ),
		} ) ) as never;
		const root = await renderApp( {}, { settings: null } );
		await settle();
		expect( root.innerHTML ).toBe( '' );
		expect( warn ).toHaveBeenCalled();
		warn.mockRestore();
	} );
} );

describe( 'inline placement', () => {
	it.each( [ 'left', 'center', 'right' ] )(
		'position %p sets the placement class',
		async ( position ) => {
			const root = await renderApp( { position } );
			expect(
				root.querySelector( `.dw-inline--${ position }` )
			).not.toBeNull();
			expect( root.querySelector( '[role="dialog"]' ) ).toBeNull();
		}
	);
} );

describe( 'modal with a trigger button (issue 21)', () => {
	const serverButton = () => {
		// As WidgetRenderer prints it: disabled until the widget takes it over.
		const button = document.createElement( 'button' );
		button.type = 'button';
		button.disabled = true;
		button.textContent = 'Donate';
		document.body.appendChild( button );
		return button;
	};
	const escape = () =>
		act( async () => {
			document.dispatchEvent(
				new KeyboardEvent( 'keydown', { key: 'Escape', bubbles: true } )
			);
		} );

	it( 'opens again from the button, and focus goes back to it on every close', async () => {
		const trigger = serverButton();
		const root = await renderApp(
			{ modal: true, trigger_text: 'Donate' },
			{},
			trigger
		);
		expect( trigger.disabled ).toBe( false );
		expect( root.querySelector( '[role="dialog"]' ) ).not.toBeNull();

		await escape();
		expect( root.querySelector( '[role="dialog"]' ) ).toBeNull();
		expect( activeElement() ).toBe( trigger );

		await click( trigger );
		const dialog = root.querySelector( '[role="dialog"]' ) as HTMLElement;
		expect( dialog ).not.toBeNull();
		expect( dialog.contains( activeElement() ) ).toBe( true );

		await click(
			dialog.querySelector(
				'button[aria-label="Close"]'
			) as HTMLButtonElement
		);
		expect( root.querySelector( '[role="dialog"]' ) ).toBeNull();
		expect( activeElement() ).toBe( trigger );
		await click( trigger );
		expect( root.querySelector( '[role="dialog"]' ) ).not.toBeNull();
	} );

	it( 'stays disabled while there are no settings (the widget stays blank)', async () => {
		const warn = jest
			.spyOn( console, 'warn' )
			.mockImplementation( () => undefined );
		window.fetch = jest.fn( async () => ( {
			ok: false,
			status: 500,
			json: async () => ( {} ),
		} ) ) as never;
		const trigger = serverButton();
		await renderApp(
			{ modal: true, trigger_text: 'Donate' },
			{ settings: null },
			trigger
		);
		await settle();
		expect( trigger.disabled ).toBe( true );
		warn.mockRestore();
	} );
} );

describe( 'modal (widget contract §2.1)', () => {
	it( 'is a labelled modal dialog that takes focus', async () => {
		const opener = document.createElement( 'button' );
		document.body.appendChild( opener );
		opener.focus();
		const root = await renderApp( { modal: true, position: 'right' } );
		const dialog = root.querySelector( '[role="dialog"]' ) as HTMLElement;
		expect( dialog.getAttribute( 'aria-modal' ) ).toBe( 'true' );
		expect( dialog.getAttribute( 'aria-label' ) ).toBe(
			'Donate to Good Cause'
		);
		expect( root.querySelector( '.dw-modal--right' ) ).not.toBeNull();
		expect( dialog.contains( activeElement() ) ).toBe( true );
		expect( document.body.style.overflow ).toBe( 'hidden' );
	} );

	it( 'clicks inside the panel do not close it; the backdrop does, for good', async () => {
		const root = await renderApp( { modal: true } );
		await click( byText( root, 'button', 'Once only' ) );
		expect( root.querySelector( '[role="dialog"]' ) ).not.toBeNull();

		const backdrop = root.querySelector( '.dw-modal' ) as HTMLElement;
		await act( async () => {
			backdrop.dispatchEvent(
				new MouseEvent( 'mousedown', { bubbles: true } )
			);
			backdrop.dispatchEvent(
				new MouseEvent( 'click', { bubbles: true } )
			);
		} );
		expect( root.innerHTML ).toBe( '' );
		expect( document.body.style.overflow ).toBe( '' );
	} );

	it( 'a press that starts inside the panel does not close it', async () => {
		const root = await renderApp( { modal: true } );
		const panel = root.querySelector( '.dw-modal__panel' ) as HTMLElement;
		const backdrop = root.querySelector( '.dw-modal' ) as HTMLElement;
		await act( async () => {
			panel.dispatchEvent(
				new MouseEvent( 'mousedown', { bubbles: true } )
			);
			backdrop.dispatchEvent(
				new MouseEvent( 'click', { bubbles: true } )
			);
		} );
		expect( root.querySelector( '[role="dialog"]' ) ).not.toBeNull();
	} );

	it( 'Escape closes it and focus returns to where it was', async () => {
		const opener = document.createElement( 'button' );
		document.body.appendChild( opener );
		opener.focus();
		const root = await renderApp( { modal: true } );
		expect( activeElement() ).not.toBe( opener );
		await act( async () => {
			document.dispatchEvent(
				new KeyboardEvent( 'keydown', { key: 'Escape', bubbles: true } )
			);
		} );
		expect( root.innerHTML ).toBe( '' );
		expect( activeElement() ).toBe( opener );
	} );

	it( 'the Close button closes it', async () => {
		const root = await renderApp( { modal: true } );
		await click( root.querySelector( 'button[aria-label="Close"]' ) );
		expect( root.innerHTML ).toBe( '' );
	} );

	it( 'focus guards keep Tab inside the panel', async () => {
		const root = await renderApp( { modal: true } );
		const [ before, after ] = Array.from(
			root.querySelectorAll< HTMLElement >( '.dw-focus-guard' )
		);
		const panel = root.querySelector( '.dw-modal__panel' ) as HTMLElement;
		await act( async () => after.focus() );
		expect( activeElement() ).toBe(
			root.querySelector( 'button[aria-label="Close"]' )
		);
		await act( async () => before.focus() );
		expect( panel.contains( activeElement() ) ).toBe( true );
		expect( activeElement() ).not.toBe(
			root.querySelector( 'button[aria-label="Close"]' )
		);
	} );
} );
