import { guardUploadSize } from '../uploadGuard';

function page(): { input: HTMLInputElement; form: HTMLFormElement } {
	document.body.innerHTML = `<form>
		<input type="file" id="csv" data-max-bytes="1000" data-too-large="This file is too large: files up to 1 KB can be imported." aria-describedby="csv-help" />
		<p id="csv-help">Up to 1 KB.</p>
	</form>`;
	const form = document.querySelector( 'form' ) as HTMLFormElement;
	const input = document.querySelector( 'input' ) as HTMLInputElement;
	return { input, form };
}

function choose( input: HTMLInputElement, bytes: number ): void {
	const file = new File( [ 'x'.repeat( bytes ) ], 'gifts.csv', {
		type: 'text/csv',
	} );
	Object.defineProperty( input, 'files', {
		value: [ file ],
		configurable: true,
	} );
	input.dispatchEvent( new Event( 'change' ) );
}

describe( 'guardUploadSize', () => {
	it( 'keeps a file over the limit from being sent, with the message beside the field', () => {
		const { input, form } = page();
		guardUploadSize();
		choose( input, 2000 );
		const submit = new Event( 'submit', { cancelable: true } );
		form.dispatchEvent( submit );
		expect( submit.defaultPrevented ).toBe( true );
		expect( input.getAttribute( 'aria-invalid' ) ).toBe( 'true' );
		expect( input.getAttribute( 'aria-describedby' ) ).toBe(
			'csv-error csv-help'
		);
		expect( document.getElementById( 'csv-error' )?.textContent ).toBe(
			'This file is too large: files up to 1 KB can be imported.'
		);
	} );

	it( 'lets a file within the limit go', () => {
		const { input, form } = page();
		guardUploadSize();
		choose( input, 500 );
		const submit = new Event( 'submit', { cancelable: true } );
		form.dispatchEvent( submit );
		expect( submit.defaultPrevented ).toBe( false );
		expect( input.hasAttribute( 'aria-invalid' ) ).toBe( false );
	} );
} );
