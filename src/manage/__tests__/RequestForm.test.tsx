import type { AjaxPost, AjaxResponse } from '../../shared/ajax';
import { RequestForm } from '../RequestForm';
import {
	byLabel,
	byText,
	click,
	render,
	settle,
	typeInto,
	type Rendered,
} from '../../shared/__tests__/dom';

const SENT =
	"If that address has donations with us, we've emailed a link to it. The link works once, for an hour.";

let view: Rendered | undefined;
afterEach( () => {
	view?.unmount();
	view = undefined;
} );

/** A server whose answer waits until the test releases it. */
function heldServer() {
	const calls: Array< Record< string, string > > = [];
	let release: ( response: AjaxResponse ) => void = () => undefined;
	const post: AjaxPost = ( action, fields ) => {
		calls.push( { action, ...fields } );
		return new Promise( ( resolve ) => {
			release = resolve;
		} );
	};
	return {
		post,
		calls,
		answer: async ( body: unknown, ok = true ) => {
			release( { ok, status: ok ? 200 : 500, body } );
			await settle();
		},
	};
}

const emailButton = () =>
	byText( document.body, 'button', 'Email me a link' ) as
		HTMLButtonElement | undefined;

async function ask( post: AjaxPost, email: string ) {
	view = await render( <RequestForm initialNotice={ null } post={ post } /> );
	await typeInto( byLabel( view.container, 'Email address' ), email );
	await click( emailButton() );
}

describe( 'the React email form', () => {
	it( 'sends the address to the JSON action, is busy meanwhile, then says the server’s answer and moves focus there', async () => {
		const server = heldServer();
		await ask( server.post, 'donor@example.org.au' );
		expect( server.calls ).toEqual( [
			{
				action: 'donation_widget_manage_request_link',
				email: 'donor@example.org.au',
			},
		] );
		// While it waits: the button cannot send twice, and the overlay says what is happening.
		expect( emailButton()?.disabled ).toBe( true );
		expect(
			view?.container.querySelector( '[role="status"]' )?.textContent
		).toContain( 'Sending your request…' );
		await click( emailButton() );
		expect( server.calls ).toHaveLength( 1 );

		await server.answer( {
			outcome: 'sent',
			message: SENT,
			isError: false,
		} );
		const status = view?.container.querySelectorAll( '[role="status"]' );
		expect( status ).toHaveLength( 1 );
		expect( status?.[ 0 ].textContent ).toBe( SENT );
		expect( status?.[ 0 ].ownerDocument.activeElement ).toBe(
			status?.[ 0 ]
		);
		expect( emailButton()?.disabled ).toBe( false );
	} );

	it( 'shows a bad address beside the field and puts focus back in it', async () => {
		const server = heldServer();
		await ask( server.post, 'not-an-address' );
		await server.answer( {
			outcome: 'invalid',
			message: 'Please enter a valid email address.',
			isError: true,
		} );
		const input = byLabel( view!.container, 'Email address' );
		expect( input?.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		const described = document.getElementById(
			input?.getAttribute( 'aria-describedby' ) ?? ''
		);
		expect( described?.textContent ).toBe(
			'Please enter a valid email address.'
		);
		expect( input?.ownerDocument.activeElement ).toBe( input );
		expect( view?.container.querySelector( '[role="alert"]' ) ).toBeNull();
	} );

	it( 'says so in an alert when the answer cannot be read', async () => {
		const server = heldServer();
		await ask( server.post, 'donor@example.org.au' );
		await server.answer( '<html>Bad gateway</html>', false );
		const alert = view?.container.querySelector( '[role="alert"]' );
		expect( alert?.textContent ).toBe(
			'Sorry, we could not reach our server. Please check your connection and try again.'
		);
		expect( alert?.ownerDocument.activeElement ).toBe( alert );
	} );

	it( 'shows the answer the page came with (a used link, signing out)', async () => {
		const server = heldServer();
		view = await render(
			<RequestForm
				initialNotice={ {
					message:
						'That link has expired or has already been used. Enter your email address to get a new one.',
					isError: true,
				} }
				post={ server.post }
			/>
		);
		expect(
			view.container.querySelector( '[role="alert"]' )?.textContent
		).toBe(
			'That link has expired or has already been used. Enter your email address to get a new one.'
		);
		expect( server.calls ).toHaveLength( 0 );
	} );
} );
