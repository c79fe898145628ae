/**
 * The settings screen's section menu (WordPress nav tabs: each link works without JavaScript
 * too, by loading the screen on that section) and its "Test connection" buttons: each asks the
 * server to make one harmless call to its provider with the saved keys, and shows the answer as
 * a WordPress admin notice beside the button, after the fields it tested.
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

/**
 * Shows a result as a WordPress admin notice in its place: success and "testing" as a status,
 * a failure as an alert, so a screen reader announces it.
 * @param place   The element after the button.
 * @param kind    "success", "error" or "info".
 * @param message The words.
 */
export function showNotice(
	place: HTMLElement,
	kind: 'success' | 'error' | 'info',
	message: string
): void {
	const notice = document.createElement( 'div' );
	notice.className = `notice notice-${ kind } inline`;
	notice.setAttribute( 'role', kind === 'error' ? 'alert' : 'status' );
	const text = document.createElement( 'p' );
	text.textContent = message;
	notice.append( text );
	place.replaceChildren( notice );
}

function wireButton( button: HTMLButtonElement, globals: AdminGlobals ): void {
	const place = button
		.closest( '.donation-widget-connection-test' )
		?.querySelector< HTMLElement >( '.donation-widget-test-result' );
	button.addEventListener( 'click', async () => {
		const provider = button.dataset.provider ?? '';
		button.disabled = true;
		if ( place ) {
			showNotice(
				place,
				'info',
				place.dataset.testing ?? __( 'Testing…', 'donation-widget' )
			);
		}
		const { ok, message } = await testConnection( globals, provider );
		button.disabled = false;
		button.focus();
		if ( place ) {
			showNotice( place, ok ? 'success' : 'error', message );
		}
	} );
}

/**
 * Shows one section of the settings form and marks its link in the menu as current. The URL
 * and the form's return address name the section, so a reload or a save comes back to it.
 * @param screen  The settings screen.
 * @param section The section id.
 */
export function showSection( screen: ParentNode, section: string ): boolean {
	const panels = Array.from(
		screen.querySelectorAll< HTMLElement >(
			'section.donation-widget-settings-section'
		)
	);
	if ( ! panels.some( ( panel ) => panel.dataset.section === section ) ) {
		return false;
	}
	panels.forEach(
		( panel ) => ( panel.hidden = panel.dataset.section !== section )
	);
	screen
		.querySelectorAll< HTMLAnchorElement >(
			'.donation-widget-settings-sections a[data-section]'
		)
		.forEach( ( link ) => {
			const current = link.dataset.section === section;
			link.classList.toggle( 'nav-tab-active', current );
			if ( current ) {
				link.setAttribute( 'aria-current', 'page' );
			} else {
				link.removeAttribute( 'aria-current' );
			}
		} );
	return true;
}

function wireSections( screen: HTMLElement ): void {
	screen
		.querySelectorAll< HTMLAnchorElement >(
			'.donation-widget-settings-sections a[data-section]'
		)
		.forEach( ( link ) =>
			link.addEventListener( 'click', ( event ) => {
				const section = link.dataset.section ?? '';
				if ( ! showSection( screen, section ) ) {
					return;
				}
				event.preventDefault();
				window.history.replaceState( null, '', link.href );
				const referer = screen.querySelector< HTMLInputElement >(
					'input[name="_wp_http_referer"]'
				);
				if ( referer ) {
					const url = new URL( referer.value, window.location.href );
					url.searchParams.set( 'section', section );
					url.searchParams.delete( 'settings-updated' );
					referer.value = url.pathname + url.search;
				}
				// Keyboard and screen-reader users land on the section they chose.
				const heading = screen.querySelector< HTMLElement >(
					`#donation-widget-section-${ section }-heading`
				);
				heading?.setAttribute( 'tabindex', '-1' );
				heading?.focus();
			} )
		);
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

document
	.querySelectorAll< HTMLElement >( '.donation-widget-settings' )
	.forEach( wireSections );

const globals = window.donationWidgetAdmin;
if ( globals ) {
	document
		.querySelectorAll< HTMLButtonElement >(
			'button.donation-widget-test-connection'
		)
		.forEach( ( button ) => wireButton( button, globals ) );
}
