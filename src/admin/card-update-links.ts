/**
 * Donation Widget → 4-weekly donations: "Copy card-update link" and "Email card-update link".
 * Posts to the card-update admin-ajax action (nonce and capability are checked there) and
 * reports the outcome in the panel's live region.
 */

interface IssueAnswer {
	success?: boolean;
	data?: { message?: string; url?: string; emailed?: boolean };
}

async function readAnswer( response: Response ): Promise< IssueAnswer | null > {
	try {
		return ( await response.json() ) as IssueAnswer;
	} catch {
		return null;
	}
}

async function showLink(
	panel: HTMLElement,
	field: HTMLInputElement,
	url: string
): Promise< string > {
	field.value = url;
	field.hidden = false;
	if ( navigator.clipboard && window.isSecureContext ) {
		try {
			await navigator.clipboard.writeText( url );
			return panel.dataset.copied ?? '';
		} catch {
			// Fall through: the link is shown, selected, for the admin to copy.
		}
	}
	field.select();
	return panel.dataset.shown ?? '';
}

async function issue(
	panel: HTMLElement,
	delivery: string,
	field: HTMLInputElement
): Promise< string > {
	const failed = panel.dataset.failed ?? '';
	const body = new URLSearchParams( {
		action: panel.dataset.action ?? '',
		subscription_id: panel.dataset.subscription ?? '',
		delivery,
		_ajax_nonce: panel.dataset.nonce ?? '',
	} );
	try {
		const response = await fetch( panel.dataset.ajaxUrl ?? '', {
			method: 'POST',
			credentials: 'same-origin',
			body,
		} );
		const answer = await readAnswer( response );
		const data = answer?.data ?? {};
		if ( ! response.ok || ! answer?.success ) {
			return data.message || failed;
		}
		if ( delivery === 'copy' && data.url ) {
			return showLink( panel, field, String( data.url ) );
		}
		return data.emailed ? ( panel.dataset.emailed ?? '' ) : failed;
	} catch {
		return failed;
	}
}

function setUp( panel: HTMLElement ): void {
	const result = panel.querySelector< HTMLElement >(
		'.donation-widget-card-update-result'
	);
	const field = panel.querySelector< HTMLInputElement >( 'input[readonly]' );
	if ( ! result || ! field ) {
		return;
	}
	const buttons = Array.from(
		panel.querySelectorAll< HTMLButtonElement >( 'button[data-delivery]' )
	);
	buttons.forEach( ( button ) => {
		button.addEventListener( 'click', async () => {
			buttons.forEach( ( each ) => ( each.disabled = true ) );
			result.textContent = panel.dataset.working ?? '';
			result.textContent = await issue(
				panel,
				button.dataset.delivery ?? '',
				field
			);
			buttons.forEach( ( each ) => ( each.disabled = false ) );
		} );
	} );
}

document
	.querySelectorAll< HTMLElement >( '.donation-widget-card-update' )
	.forEach( setUp );
