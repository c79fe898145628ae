import { act } from 'react';
import { OpenForm, readOpenForm } from '../OpenForm';
import { byText, render, type Rendered } from '../../shared/__tests__/dom';

const FIELDS = {
	action: 'donation_widget_manage_open',
	page_id: '12',
	token: 'A'.repeat( 43 ),
};

let view: Rendered | undefined;
afterEach( () => {
	view?.unmount();
	view = undefined;
} );

async function submit( form: HTMLFormElement ): Promise< boolean > {
	let notCancelled = true;
	await act( async () => {
		notCancelled = form.dispatchEvent(
			new Event( 'submit', { bubbles: true, cancelable: true } )
		);
	} );
	return notCancelled;
}

describe( '"Show my donations"', () => {
	it( 'is a real POST of the plain form’s fields, so the server sets the cookie', async () => {
		view = await render(
			<OpenForm url="/wp-admin/admin-post.php" fields={ FIELDS } />
		);
		const button = byText( view.container, 'button', 'Show my donations' );
		const form = button?.closest( 'form' );
		expect( form?.getAttribute( 'method' ) ).toBe( 'post' );
		expect( form?.getAttribute( 'action' ) ).toBe(
			'/wp-admin/admin-post.php'
		);
		expect( button?.getAttribute( 'type' ) ).toBe( 'submit' );
		expect(
			Object.fromEntries( new FormData( form as HTMLFormElement ) )
		).toEqual( FIELDS );
	} );

	it( 'says it is opening, and a second press does not send the used link again', async () => {
		view = await render(
			<OpenForm url="/wp-admin/admin-post.php" fields={ FIELDS } />
		);
		const form = view.container.querySelector( 'form' ) as HTMLFormElement;
		expect( await submit( form ) ).toBe( true );
		expect(
			view.container.querySelector( '[role="status"]' )?.textContent
		).toContain( 'Opening your donations…' );
		expect( await submit( form ) ).toBe( false );
	} );

	it( 'reads the page’s attribute, and only posts to this site', () => {
		expect(
			readOpenForm(
				JSON.stringify( {
					url: '/wp-admin/admin-post.php',
					fields: FIELDS,
				} )
			)
		).toEqual( { url: '/wp-admin/admin-post.php', fields: FIELDS } );
		expect(
			readOpenForm(
				JSON.stringify( {
					url: 'https://elsewhere.example/collect',
					fields: FIELDS,
				} )
			)
		).toBeNull();
		expect( readOpenForm( 'not json' ) ).toBeNull();
	} );
} );
