/**
 * The upload form's size check in the browser: a file over the limit never leaves the machine,
 * so PHP never receives a post larger than it takes (which it would empty, and log a warning
 * about before any code runs). The server checks again and says the same; this only spares the
 * wait and the warning. The message goes beside the field, tied to it as the server ties its own.
 * @param root
 */
export function guardUploadSize( root: ParentNode = document ): void {
	const input = root.querySelector< HTMLInputElement >(
		'input[type="file"][data-max-bytes]'
	);
	const form = input?.form;
	if ( ! input || ! form ) {
		return;
	}
	const maxBytes = Number( input.dataset.maxBytes );
	const message = input.dataset.tooLarge ?? '';
	if ( ! Number.isFinite( maxBytes ) || maxBytes <= 0 || message === '' ) {
		return;
	}
	const errorId = `${ input.id }-error`;
	const tooLarge = (): boolean =>
		Array.from( input.files ?? [] ).some(
			( file ) => file.size > maxBytes
		);
	const show = (): void => {
		let error = document.getElementById( errorId );
		if ( ! error ) {
			error = document.createElement( 'p' );
			error.id = errorId;
			error.className = 'donation-widget-field-error';
			error.style.color = '#b32d2e';
			input.insertAdjacentElement( 'afterend', error );
		}
		const strong = document.createElement( 'strong' );
		strong.textContent = message;
		error.replaceChildren( strong );
		input.setAttribute( 'aria-invalid', 'true' );
		const described = ( input.getAttribute( 'aria-describedby' ) ?? '' )
			.split( ' ' )
			.filter( ( id ) => id !== '' && id !== errorId );
		input.setAttribute(
			'aria-describedby',
			[ errorId, ...described ].join( ' ' )
		);
	};
	input.addEventListener( 'change', () => {
		if ( tooLarge() ) {
			show();
		}
	} );
	form.addEventListener( 'submit', ( event ) => {
		if ( tooLarge() ) {
			event.preventDefault();
			show();
			input.focus();
		}
	} );
}
