/**
 * The settings screen's "Test connection" buttons: each asks the server to make one harmless
 * call to its provider with the saved keys, and shows the answer in words next to the button.
 * Saving with a "Remove the stored key" box ticked asks for confirmation first.
 */
import { __, sprintf } from '@wordpress/i18n';

interface AdminGlobals {
	ajaxUrl: string;
	nonce: string;
}

interface TestAnswer {
	success: boolean;
	data?: { message?: string };
}

declare global {
	interface Window {
		donationWidgetAdmin?: AdminGlobals;
	}
}

export async function testConnection(
	globals: AdminGlobals,
	provider: string
): Promise< { ok: boolean; message: string } > {
	const body = new URLSearchParams( {
		action: 'donation_widget_test_connection',
		provider,
		_ajax_nonce: globals.nonce,
	} );
	try {
		const response = await fetch( globals.ajaxUrl, {
			method: 'POST',
			body,
			credentials: 'same-origin',
		} );
		const answer = ( await response.json() ) as TestAnswer;
		const message =
			answer.data?.message ??
			__( 'The server gave no answer.', 'donation-widget' );
		return { ok: answer.success === true, message };
	} catch {
		return {
			ok: false,
			message: __(
				'The test could not reach this site. Check your connection and try again.',
				'donation-widget'
			),
		};
	}
}

function wireButton( button: HTMLButtonElement, globals: AdminGlobals ): void {
	const resultId = button.getAttribute( 'aria-describedby' );
	const result = resultId ? document.getElementById( resultId ) : null;
	button.addEventListener( 'click', async () => {
		const provider = button.dataset.provider ?? '';
		button.disabled = true;
		if ( result ) {
			result.textContent = __( 'Testing…', 'donation-widget' );
			result.className = 'donation-widget-test-result';
		}
		const { ok, message } = await testConnection( globals, provider );
		button.disabled = false;
		if ( result ) {
			result.textContent = message;
			result.className = `donation-widget-test-result ${ ok ? 'is-success' : 'is-error' }`;
		}
	} );
}

/**
 * The confirmation asked before stored secrets are removed, or '' when none is ticked.
 * @param form The settings form.
 */
export function removalQuestion( form: ParentNode ): string {
	const labels = Array.from(
		form.querySelectorAll< HTMLInputElement >(
			'input.donation-widget-remove-secret:checked'
		)
	).map( ( box ) => box.dataset.label ?? box.value );
	if ( labels.length === 0 ) {
		return '';
	}
	return sprintf(
		/* translators: %s: the names of the keys, comma-separated. */
		__(
			'Remove these stored keys: %s? Payments or lookups that need them stop until new ones are saved.',
			'donation-widget'
		),
		labels.join( ', ' )
	);
}

document
	.querySelectorAll< HTMLFormElement >( '.donation-widget-settings form' )
	.forEach( ( form ) =>
		form.addEventListener( 'submit', ( event ) => {
			const question = removalQuestion( form );
			// eslint-disable-next-line no-alert -- a plain confirmation before deleting a key.
			if ( question && ! window.confirm( question ) ) {
				event.preventDefault();
			}
		} )
	);

const globals = window.donationWidgetAdmin;
if ( globals ) {
	document
		.querySelectorAll< HTMLButtonElement >(
			'button.donation-widget-test-connection'
		)
		.forEach( ( button ) => wireButton( button, globals ) );
}
